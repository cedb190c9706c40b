//! The studio's products in the back office: every product, on sale or hidden, with its stock
//! at a glance; a product's name, description, price, stock, notice and visibility, and its
//! sizes' prices and stock, changed as core's product form allows (`posy_core::product_form`);
//! and the quick stock change of the list. Each change bumps the catalogue's version in its
//! transaction, so /shop shows it at once in every process.

use std::collections::HashSet;

use poem_openapi::Object;
use posy_core::product_form::{ProductForm, ProductProblems, check_stock};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QueryOrder, TransactionTrait,
};

use crate::catalogue::{self, Showing, VariationView};
use crate::entities::{category, product, variation};

/// A product as the back office shows it.
#[derive(Debug, Object)]
pub struct AdminProductView {
    pub id: i32,
    pub name: String,
    pub description: String,
    /// The shelf it is on, e.g. `Bouquets`.
    pub category_name: String,
    /// URL of its picture; null without one.
    pub image: Option<String>,
    /// e.g. `"45.00"`; with sizes, the cheapest.
    pub price: String,
    /// In stock; with sizes, their sum.
    pub stock: i64,
    /// Days of notice it needs.
    pub lead_days: u32,
    /// On sale in the shop; false: hidden from shoppers.
    pub visible: bool,
    /// Its sizes, in the selector's order; empty without sizes.
    pub sizes: Vec<VariationView>,
}

/// Why a change was not made.
#[derive(Debug)]
pub enum ProductAdminError {
    /// No product has that id.
    Gone,
    /// The form's fields at fault (core's sentences).
    Form(ProductProblems),
    /// The sizes sent are not the product's own, each once.
    NotItsSizes,
    /// A stock count out of range: core's sentence.
    Stock(String),
    Db(DbErr),
}

impl From<DbErr> for ProductAdminError {
    fn from(err: DbErr) -> Self {
        ProductAdminError::Db(err)
    }
}

/// Every product, on sale or hidden, in the shop's order (shelves, then their products).
pub async fn list(
    db: &DatabaseConnection,
    media_base: &str,
) -> Result<Vec<AdminProductView>, DbErr> {
    Ok(catalogue::shelved(db, Showing::All)
        .await?
        .into_iter()
        .map(|row| admin_view(row.product, row.shelf.as_ref(), row.sizes, media_base))
        .collect())
}

fn admin_view(
    row: product::Model,
    shelf: Option<&category::Model>,
    sizes: Vec<variation::Model>,
    media_base: &str,
) -> AdminProductView {
    let visible = row.active;
    let shop = catalogue::view(row, shelf, sizes, media_base);
    AdminProductView {
        id: shop.id,
        name: shop.name,
        description: shop.description,
        category_name: shop.category_name,
        image: shop.image,
        price: shop.price,
        stock: shop.stock,
        lead_days: shop.lead_days,
        visible,
        sizes: shop.variations,
    }
}

async fn one(
    db: &impl sea_orm::ConnectionTrait,
    id: i32,
    media_base: &str,
) -> Result<AdminProductView, ProductAdminError> {
    let row = product::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or(ProductAdminError::Gone)?;
    let shelf = category::Entity::find_by_id(row.category_id)
        .one(db)
        .await?;
    let sizes = variation::Entity::find()
        .filter(variation::Column::ProductId.eq(id))
        .order_by_asc(variation::Column::Position)
        .order_by_asc(variation::Column::Id)
        .all(db)
        .await?;
    Ok(admin_view(row, shelf.as_ref(), sizes, media_base))
}

/// Changes a product as the form says, all or nothing.
pub async fn update(
    db: &DatabaseConnection,
    id: i32,
    form: &ProductForm,
    media_base: &str,
) -> Result<AdminProductView, ProductAdminError> {
    let change = form.parse().map_err(ProductAdminError::Form)?;
    let txn = db.begin().await?;
    product::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or(ProductAdminError::Gone)?;
    let own: HashSet<i32> = variation::Entity::find()
        .filter(variation::Column::ProductId.eq(id))
        .all(&txn)
        .await?
        .into_iter()
        .map(|size| size.id)
        .collect();
    let sent: HashSet<i32> = change.sizes.iter().map(|size| size.id).collect();
    if sent != own || sent.len() != change.sizes.len() {
        return Err(ProductAdminError::NotItsSizes);
    }
    let mut update = product::Entity::update_many()
        .col_expr(product::Column::Name, Expr::value(change.name.clone()))
        .col_expr(
            product::Column::Description,
            Expr::value(change.description.clone()),
        )
        .col_expr(
            product::Column::LeadDays,
            Expr::value(i32::try_from(change.lead_days).unwrap_or(0)),
        )
        .col_expr(product::Column::Active, Expr::value(change.visible));
    // A product with sizes is priced and stocked by them.
    if change.sizes.is_empty() {
        update = update
            .col_expr(
                product::Column::PricePence,
                Expr::value(change.price.pence()),
            )
            .col_expr(product::Column::Stock, Expr::value(change.stock));
    }
    update.filter(product::Column::Id.eq(id)).exec(&txn).await?;
    for size in &change.sizes {
        variation::Entity::update_many()
            .col_expr(
                variation::Column::PricePence,
                Expr::value(size.price.pence()),
            )
            .col_expr(variation::Column::Stock, Expr::value(size.stock))
            .filter(variation::Column::Id.eq(size.id))
            .filter(variation::Column::ProductId.eq(id))
            .exec(&txn)
            .await?;
    }
    catalogue::bump_version(&txn).await?;
    let changed = one(&txn, id, media_base).await?;
    txn.commit().await?;
    Ok(changed)
}

/// The list's quick stock change: the product's count, or one size's.
pub async fn set_stock(
    db: &DatabaseConnection,
    id: i32,
    size: Option<i32>,
    stock: i64,
    media_base: &str,
) -> Result<AdminProductView, ProductAdminError> {
    let stock = check_stock(stock).map_err(ProductAdminError::Stock)?;
    let txn = db.begin().await?;
    let changed = match size {
        Some(size) => {
            variation::Entity::update_many()
                .col_expr(variation::Column::Stock, Expr::value(stock))
                .filter(variation::Column::Id.eq(size))
                .filter(variation::Column::ProductId.eq(id))
                .exec(&txn)
                .await?
        }
        None => {
            product::Entity::update_many()
                .col_expr(product::Column::Stock, Expr::value(stock))
                .filter(product::Column::Id.eq(id))
                .exec(&txn)
                .await?
        }
    };
    if changed.rows_affected == 0 {
        return Err(ProductAdminError::Gone);
    }
    catalogue::bump_version(&txn).await?;
    let view = one(&txn, id, media_base).await?;
    txn.commit().await?;
    Ok(view)
}
