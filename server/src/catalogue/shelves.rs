//! The shop's shelves (categories) in the back office: made, renamed (names checked by core's
//! `category_form`), put in order and hidden. A hidden shelf and its products leave /shop and
//! carts at once (see [`crate::catalogue::on_sale`]); each change bumps the catalogue's version
//! in its transaction, so every process shows it at once.

use std::collections::HashMap;

use poem_openapi::Object;
use posy_core::category_form;
use sea_orm::sea_query::{Expr, ExprTrait, LockType};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use crate::catalogue;
use crate::store::db::{Writer, Writing};
use crate::store::entities::{category, product};

/// A shelf as the back office shows it.
#[derive(Debug, Object)]
pub struct CategoryView {
    pub id: i32,
    /// e.g. `Bouquets`.
    pub name: String,
    /// Its place on /shop, first 0.
    pub position: i32,
    /// Hidden from /shop with all its products.
    pub hidden: bool,
    /// How many products it holds, archived ones included.
    pub products: u64,
    /// Its name and hiding were last saved at this version: a change sends it back, and is
    /// refused when someone else changed the shelf meanwhile.
    pub version: i64,
}

/// Why a shelf was not changed.
#[derive(Debug)]
pub enum CategoryError {
    /// No shelf has that id.
    Gone,
    /// Core's sentence about the name.
    Name(String),
    /// A new order that is not every shelf once.
    NotEveryCategory,
    /// Someone else renamed or hid the shelf since the page loaded it.
    EditedMeanwhile,
    /// Someone else put the shelves in another order since the page showed them.
    OrderMoved,
    Db(DbErr),
}

impl From<DbErr> for CategoryError {
    fn from(err: DbErr) -> Self {
        CategoryError::Db(err)
    }
}

/// Every shelf in the shop's order, with how many products each holds.
pub async fn list(db: &impl ConnectionTrait) -> Result<Vec<CategoryView>, DbErr> {
    let counts: HashMap<i32, u64> = product::Entity::find()
        .select_only()
        .column(product::Column::CategoryId)
        .column_as(product::Column::Id.count(), "products")
        .group_by(product::Column::CategoryId)
        .into_tuple::<(i32, i64)>()
        .all(db)
        .await?
        .into_iter()
        .map(|(id, count)| (id, u64::try_from(count).unwrap_or(0)))
        .collect();
    Ok(category::Entity::find()
        .order_by_asc(category::Column::Position)
        .order_by_asc(category::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|shelf| CategoryView {
            products: counts.get(&shelf.id).copied().unwrap_or(0),
            id: shelf.id,
            name: shelf.name,
            position: shelf.position,
            hidden: shelf.hidden,
            version: shelf.version,
        })
        .collect())
}

/// `typed` checked by core against every other shelf's name.
async fn checked_name(
    db: &impl ConnectionTrait,
    typed: &str,
    except: Option<i32>,
) -> Result<String, CategoryError> {
    let others = category::Entity::find().all(db).await?;
    category_form::category_name(
        typed,
        others
            .iter()
            .filter(|shelf| Some(shelf.id) != except)
            .map(|shelf| shelf.name.as_str()),
    )
    .map_err(CategoryError::Name)
}

/// Makes a shelf, last on /shop; answers every shelf.
pub async fn create(writer: &Writer, name: &str) -> Result<Vec<CategoryView>, CategoryError> {
    let txn = writer.begin().await?;
    let name = checked_name(&txn, name, None).await?;
    let last: Option<Option<i32>> = category::Entity::find()
        .select_only()
        .column_as(category::Column::Position.max(), "last")
        .into_tuple()
        .one(&txn)
        .await?;
    category::ActiveModel {
        name: Set(name),
        position: Set(last.flatten().map_or(0, |last| last + 1)),
        hidden: Set(false),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    commit(txn).await
}

/// Renames a shelf and shows or hides it, if it is still at the `version` the page loaded;
/// answers every shelf.
pub async fn update(
    writer: &Writer,
    id: i32,
    name: &str,
    hidden: bool,
    version: i64,
) -> Result<Vec<CategoryView>, CategoryError> {
    let txn = writer.begin().await?;
    category::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or(CategoryError::Gone)?;
    let name = checked_name(&txn, name, Some(id)).await?;
    // On the condition that the version is still the one seen (on PostgreSQL, the row is
    // locked by this update until the end, so two changes cannot both pass).
    let changed = category::Entity::update_many()
        .col_expr(category::Column::Name, Expr::value(name))
        .col_expr(category::Column::Hidden, Expr::value(hidden))
        .col_expr(
            category::Column::Version,
            Expr::col(category::Column::Version).add(1),
        )
        .filter(category::Column::Id.eq(id))
        .filter(category::Column::Version.eq(version))
        .exec(&txn)
        .await?;
    if changed.rows_affected == 0 {
        return Err(CategoryError::EditedMeanwhile);
    }
    commit(txn).await
}

/// Puts the shelves in the given order (every shelf, once), if they are still in the order
/// the page showed (`shown`); answers every shelf.
pub async fn reorder(
    writer: &Writer,
    ids: &[i32],
    shown: &[i32],
) -> Result<Vec<CategoryView>, CategoryError> {
    let txn = writer.begin().await?;
    // Locked on PostgreSQL until the end, so two new orders cannot both start from this one
    // (SQLite's writer takes its turn instead). `NO KEY UPDATE`: a product saved meanwhile
    // checks its shelf with a key-share lock, which this need not block.
    let now: Vec<i32> = category::Entity::find()
        .order_by_asc(category::Column::Position)
        .order_by_asc(category::Column::Id)
        .lock(LockType::NoKeyUpdate)
        .all(&txn)
        .await?
        .into_iter()
        .map(|shelf| shelf.id)
        .collect();
    let (mut own, mut asked) = (now.clone(), ids.to_vec());
    own.sort_unstable();
    asked.sort_unstable();
    if own != asked {
        return Err(CategoryError::NotEveryCategory);
    }
    if now != shown {
        return Err(CategoryError::OrderMoved);
    }
    for (position, id) in ids.iter().enumerate() {
        category::Entity::update_many()
            .col_expr(
                category::Column::Position,
                Expr::value(i32::try_from(position).unwrap_or(i32::MAX)),
            )
            .filter(category::Column::Id.eq(*id))
            .exec(&txn)
            .await?;
    }
    commit(txn).await
}

/// Ends a change to the shelves: the shop's version moved on in its transaction, which is
/// committed; answers every shelf as they are now.
async fn commit(txn: Writing) -> Result<Vec<CategoryView>, CategoryError> {
    catalogue::bump_version(&txn).await?;
    let shelves = list(&txn).await?;
    txn.commit().await?;
    Ok(shelves)
}
