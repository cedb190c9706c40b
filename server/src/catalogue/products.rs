//! The studio's products in the back office: every product, on sale, hidden or archived, with
//! its stock at a glance; a product made or changed (name, description, shelf, price, stock,
//! notice, visibility, and its sizes added, changed or removed) as core's product form allows
//! (`posy_core::product_form`); the quick stock change of the list; and a product taken out of
//! the shop: deleted when it was never ordered, else archived (its orders keep their
//! snapshots), and restored from the archive. Each change bumps the catalogue's version in its
//! transaction, so /shop shows it at once in every process, and is written in the record of who
//! did what in the same transaction (prices and stock apart from the rest, old → new).
//!
//! A product's picture is uploaded through the gallery's picture pipeline
//! ([`crate::media::uploads::store_picture`]): decided by its content, turned upright,
//! re-encoded without its EXIF as `products/{stem}-{480,960,1600}.jpg`. A new picture's files
//! are all written before the product points at them, and the old picture's files are removed
//! only after that change is committed, so the shop never shows a missing picture.

use std::collections::{HashMap, HashSet};

use poem_openapi::Object;
use posy_core::money::Money;
use posy_core::product_form::{ProductForm, ProductProblems, SizeChange, check_stock};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};

use crate::catalogue::{self, Showing, VariationView};
use crate::media::receiving::Incoming;
use crate::media::store::MediaStore;
use crate::media::uploads::{PictureError, kept_files, put_picture};
use crate::store::audit::{self, Kind, from_to};
use crate::store::db::{Writer, Writing};
use crate::store::entities::{category, order_item, product, variation};

/// A product as the back office shows it.
#[derive(Debug, Object)]
pub struct AdminProductView {
    pub id: i32,
    pub name: String,
    pub description: String,
    /// The shelf it is on.
    pub category_id: i32,
    /// The shelf's name, e.g. `Bouquets`.
    pub category_name: String,
    /// URL of its picture; null without one.
    pub image: Option<String>,
    /// For `<img srcset>`; null for a picture kept in one size.
    pub image_srcset: Option<String>,
    /// e.g. `"45.00"`; with sizes, the cheapest.
    pub price: String,
    /// In stock; with sizes, their sum.
    pub stock: i64,
    /// Days of notice it needs.
    pub lead_days: u32,
    /// On sale in the shop; false: hidden from shoppers.
    pub visible: bool,
    /// Taken out of the shop because it was ordered; listed under Archived, can be restored.
    pub archived: bool,
    /// Some order has it: it can be archived but never deleted.
    pub ordered: bool,
    /// Its sizes, in the selector's order; empty without sizes.
    pub sizes: Vec<VariationView>,
    /// What the product form edits was last saved at this version: a save sends it back, and
    /// is refused when someone else saved meanwhile.
    pub version: i64,
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
    /// The stock was changed by the studio, but it is no longer what her page showed (a sale, a
    /// restock, another person): the stock now, and the size's name when it was a size's.
    StockMoved {
        now: i64,
        size: Option<String>,
    },
    /// Someone else saved the product since the form was loaded.
    EditedMeanwhile,
    /// A change that does not say what it was made from (the version, or the stock shown).
    Unseen(&'static str),
    /// No shelf has the chosen id.
    NoSuchCategory,
    /// It was ordered, so it may only be archived.
    Ordered,
    /// Its picture was not put on it (refused, unreadable, or not stored).
    Picture(PictureError),
    Db(DbErr),
}

impl From<PictureError> for ProductAdminError {
    fn from(err: PictureError) -> Self {
        ProductAdminError::Picture(err)
    }
}

impl From<DbErr> for ProductAdminError {
    fn from(err: DbErr) -> Self {
        ProductAdminError::Db(err)
    }
}

/// What the product form showed when the studio began an edit, which a save is checked against.
#[derive(Debug)]
pub struct Seen {
    /// The product's version.
    pub version: i64,
    /// The stock shown for a product without sizes.
    pub stock: i64,
    /// The stock shown for each of its sizes, by the size's id.
    pub sizes: HashMap<i32, i64>,
}

/// Every product, on sale, hidden or archived, in the shop's order (shelves, then their
/// products).
pub async fn list(
    db: &DatabaseConnection,
    media_base: &str,
) -> Result<Vec<AdminProductView>, DbErr> {
    let ordered: HashSet<i32> = order_item::Entity::find()
        .select_only()
        .column(order_item::Column::ProductId)
        .distinct()
        .into_tuple::<Option<i32>>()
        .all(db)
        .await?
        .into_iter()
        .flatten()
        .collect();
    Ok(catalogue::shelved(db, Showing::All)
        .await?
        .into_iter()
        .map(|row| {
            let was_ordered = ordered.contains(&row.product.id);
            admin_view(
                row.product,
                row.shelf.as_ref(),
                row.sizes,
                was_ordered,
                media_base,
            )
        })
        .collect())
}

fn admin_view(
    row: product::Model,
    shelf: Option<&category::Model>,
    sizes: Vec<variation::Model>,
    ordered: bool,
    media_base: &str,
) -> AdminProductView {
    let (visible, archived, category_id, version) =
        (row.active, row.archived, row.category_id, row.version);
    let shop = catalogue::view(row, shelf, sizes, media_base);
    AdminProductView {
        id: shop.id,
        name: shop.name,
        description: shop.description,
        category_id,
        category_name: shop.category_name,
        image: shop.image,
        image_srcset: shop.image_srcset,
        price: shop.price,
        stock: shop.stock,
        lead_days: shop.lead_days,
        visible,
        archived,
        ordered,
        sizes: shop.variations,
        version,
    }
}

/// Whether any order has the product.
async fn was_ordered(db: &impl ConnectionTrait, id: i32) -> Result<bool, DbErr> {
    Ok(order_item::Entity::find()
        .filter(order_item::Column::ProductId.eq(id))
        .count(db)
        .await?
        > 0)
}

pub(crate) async fn one(
    db: &impl ConnectionTrait,
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
    let ordered = was_ordered(db, id).await?;
    Ok(admin_view(row, shelf.as_ref(), sizes, ordered, media_base))
}

/// Ends a change to product `id` by `who`: the shop's version moved on in its transaction,
/// and what `said` says of the product as it now is (each kind's change, none when nothing
/// changed) written in the record, then committed; answers the product as it is now.
async fn commit(
    txn: Writing,
    id: i32,
    media_base: &str,
    who: &str,
    said: impl FnOnce(&AdminProductView) -> Vec<(Kind, String)>,
) -> Result<AdminProductView, ProductAdminError> {
    catalogue::bump_version(&txn).await?;
    let view = one(&txn, id, media_base).await?;
    for (kind, change) in said(&view) {
        if !change.is_empty() {
            audit::record(&txn, who, kind, &subject(&view.name, id), &change).await?;
        }
    }
    txn.commit().await?;
    Ok(view)
}

/// A product as the record names it: `Peony posy (#12)`.
fn subject(name: &str, id: i32) -> String {
    format!("{name} (#{id})")
}

/// Pence as the record writes them: `£45.00`.
fn money(pence: i64) -> String {
    Money::from_pence(pence).display()
}

/// The shelf `id`, when it is there.
async fn find_shelf(
    db: &impl ConnectionTrait,
    id: i32,
) -> Result<category::Model, ProductAdminError> {
    category::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or(ProductAdminError::NoSuchCategory)
}

/// Makes a product as the form says, at the end of the shop's order, all or nothing; `who`
/// made it.
pub async fn create(
    writer: &Writer,
    who: &str,
    form: &ProductForm,
    media_base: &str,
) -> Result<AdminProductView, ProductAdminError> {
    let change = form.parse().map_err(ProductAdminError::Form)?;
    if change.sizes.iter().any(|size| size.id.is_some()) {
        return Err(ProductAdminError::NotItsSizes);
    }
    let txn = writer.begin().await?;
    find_shelf(&txn, change.category_id).await?;
    let last: Option<Option<i32>> = product::Entity::find()
        .select_only()
        .column_as(product::Column::Position.max(), "last")
        .into_tuple()
        .one(&txn)
        .await?;
    let row = product::ActiveModel {
        category_id: Set(change.category_id),
        name: Set(change.name.clone()),
        description: Set(change.description.clone()),
        image: Set(None),
        price_pence: Set(change.price.pence()),
        stock: Set(if change.sizes.is_empty() {
            change.stock
        } else {
            0
        }),
        position: Set(last.flatten().map_or(0, |last| last + 1)),
        active: Set(change.visible),
        lead_days: Set(i32::try_from(change.lead_days).unwrap_or(0)),
        archived: Set(false),
        image_variants: Set(String::new()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    for (position, size) in change.sizes.iter().enumerate() {
        add_size(&txn, row.id, position, size).await?;
    }
    let made = if change.sizes.is_empty() {
        format!("made at {}, {} in stock", money(row.price_pence), row.stock)
    } else {
        let sizes: Vec<String> = change
            .sizes
            .iter()
            .map(|size| {
                format!(
                    "{} at {}, {} in stock",
                    size.size,
                    size.price.display(),
                    size.stock
                )
            })
            .collect();
        format!("made in sizes: {}", sizes.join("; "))
    };
    let shown = if change.visible { "on sale" } else { "hidden" };
    commit(txn, row.id, media_base, who, |_| {
        vec![(Kind::Product, format!("{made}, {shown}"))]
    })
    .await
}

async fn add_size(
    db: &impl ConnectionTrait,
    product_id: i32,
    position: usize,
    size: &SizeChange,
) -> Result<(), DbErr> {
    variation::ActiveModel {
        product_id: Set(product_id),
        size: Set(size.size.clone()),
        price_pence: Set(size.price.pence()),
        stock: Set(size.stock),
        position: Set(i32::try_from(position).unwrap_or(i32::MAX)),
        ..Default::default()
    }
    .insert(db)
    .await
    .map(|_| ())
}

/// Changes a product as the form says, all or nothing: sizes sent with an id are changed,
/// those without are added, and the product's sizes left out are removed (an order that had
/// one keeps its snapshot). An archived product stays hidden until it is restored.
///
/// The form says what it was made from (`seen`): a product someone else saved meanwhile is
/// refused, and a stock count is written only when the studio changed it, and then only if it
/// is still what her page showed, so a sale made while she was editing is never undone.
///
/// What changed is written in the record as `who`'s: prices and stock each as their own kind,
/// the rest as the product's.
pub async fn update(
    writer: &Writer,
    who: &str,
    id: i32,
    form: &ProductForm,
    seen: &Seen,
    media_base: &str,
) -> Result<AdminProductView, ProductAdminError> {
    let change = form.parse().map_err(ProductAdminError::Form)?;
    let txn = writer.begin().await?;
    // Its stock rows are locked first, in the shop's one order (sizes, then the product): a
    // hold or an order on the same rows waits for the save, or the save for it, never both.
    lock_with_sizes(&txn, id).await?;
    // The version moves on the condition that it is still the one seen: two saves cannot both
    // pass the check.
    let moved = product::Entity::update_many()
        .col_expr(
            product::Column::Version,
            Expr::col(product::Column::Version).add(1),
        )
        .filter(product::Column::Id.eq(id))
        .filter(product::Column::Version.eq(seen.version))
        .exec(&txn)
        .await?;
    let found = product::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or(ProductAdminError::Gone)?;
    if moved.rows_affected == 0 {
        return Err(ProductAdminError::EditedMeanwhile);
    }
    let shelf = find_shelf(&txn, change.category_id).await?;
    let before: Vec<variation::Model> = variation::Entity::find()
        .filter(variation::Column::ProductId.eq(id))
        .all(&txn)
        .await?;
    let own: HashSet<i32> = before.iter().map(|size| size.id).collect();
    let kept: Vec<i32> = change.sizes.iter().filter_map(|size| size.id).collect();
    let kept_once: HashSet<i32> = kept.iter().copied().collect();
    if kept_once.len() != kept.len() || !kept_once.is_subset(&own) {
        return Err(ProductAdminError::NotItsSizes);
    }
    let gone: Vec<i32> = own.difference(&kept_once).copied().collect();
    if !gone.is_empty() {
        variation::Entity::delete_many()
            .filter(variation::Column::Id.is_in(gone))
            .exec(&txn)
            .await?;
    }
    product::Entity::update_many()
        .col_expr(product::Column::Name, Expr::value(change.name.clone()))
        .col_expr(
            product::Column::Description,
            Expr::value(change.description.clone()),
        )
        .col_expr(product::Column::CategoryId, Expr::value(change.category_id))
        .col_expr(
            product::Column::LeadDays,
            Expr::value(i32::try_from(change.lead_days).unwrap_or(0)),
        )
        .col_expr(
            product::Column::Active,
            Expr::value(change.visible && !found.archived),
        )
        // With sizes, the cheapest (the list's "from" price).
        .col_expr(
            product::Column::PricePence,
            Expr::value(change.price.pence()),
        )
        .filter(product::Column::Id.eq(id))
        .exec(&txn)
        .await?;
    // A product with sizes is stocked by them.
    if change.sizes.is_empty() {
        restock(&txn, id, None, seen.stock, change.stock).await?;
    }
    for (position, size) in change.sizes.iter().enumerate() {
        let Some(size_id) = size.id else {
            add_size(&txn, id, position, size).await?;
            continue;
        };
        variation::Entity::update_many()
            .col_expr(variation::Column::Size, Expr::value(size.size.clone()))
            .col_expr(
                variation::Column::PricePence,
                Expr::value(size.price.pence()),
            )
            .col_expr(
                variation::Column::Position,
                Expr::value(i32::try_from(position).unwrap_or(i32::MAX)),
            )
            .filter(variation::Column::Id.eq(size_id))
            .filter(variation::Column::ProductId.eq(id))
            .exec(&txn)
            .await?;
        let shown = *seen
            .sizes
            .get(&size_id)
            .ok_or(ProductAdminError::Unseen("sizes"))?;
        restock(&txn, id, Some(size_id), shown, size.stock).await?;
    }
    let old_shelf = if found.category_id == shelf.id {
        None
    } else {
        category::Entity::find_by_id(found.category_id)
            .one(&txn)
            .await?
    };
    let said = changes(&found, &before, old_shelf, &shelf, &change, seen);
    commit(txn, id, media_base, who, |_| said).await
}

/// What a save of the product form changed, in words, old → new: the product's own fields,
/// its prices, and its stock (from what the form showed), each kind's joined by `; `.
fn changes(
    found: &product::Model,
    before: &[variation::Model],
    old_shelf: Option<category::Model>,
    shelf: &category::Model,
    change: &posy_core::product_form::ProductChange,
    seen: &Seen,
) -> Vec<(Kind, String)> {
    let (mut product, mut prices, mut stock) = (Vec::new(), Vec::new(), Vec::new());
    if found.name != change.name {
        product.push(from_to("name", &found.name, &change.name));
    }
    if found.description != change.description {
        product.push("description changed".to_owned());
    }
    if let Some(old) = old_shelf {
        product.push(from_to("shelf", &old.name, &shelf.name));
    }
    let lead_days = i64::from(change.lead_days);
    if i64::from(found.lead_days) != lead_days {
        product.push(from_to("days of notice", found.lead_days, lead_days));
    }
    let on_sale = change.visible && !found.archived;
    if found.active != on_sale {
        let said = |on: bool| if on { "on sale" } else { "hidden" };
        product.push(from_to("shown", said(found.active), said(on_sale)));
    }
    if change.sizes.is_empty() {
        if found.price_pence != change.price.pence() {
            prices.push(from_to(
                "price",
                money(found.price_pence),
                change.price.display(),
            ));
        }
        if seen.stock != change.stock {
            stock.push(from_to("stock", seen.stock, change.stock));
        }
    }
    for old in before {
        if !change.sizes.iter().any(|size| size.id == Some(old.id)) {
            product.push(format!("size {} removed", old.size));
        }
    }
    for size in &change.sizes {
        let Some(old) = size
            .id
            .and_then(|id| before.iter().find(|old| old.id == id))
        else {
            product.push(format!(
                "size {} added at {}, {} in stock",
                size.size,
                size.price.display(),
                size.stock
            ));
            continue;
        };
        if old.size != size.size {
            product.push(from_to("size", &old.size, &size.size));
        }
        if old.price_pence != size.price.pence() {
            prices.push(from_to(
                &format!("{} price", size.size),
                money(old.price_pence),
                size.price.display(),
            ));
        }
        let shown = seen.sizes.get(&old.id).copied().unwrap_or(old.stock);
        if shown != size.stock {
            stock.push(from_to(&format!("{} stock", size.size), shown, size.stock));
        }
    }
    vec![
        (Kind::Product, product.join("; ")),
        (Kind::Price, prices.join("; ")),
        (Kind::Stock, stock.join("; ")),
    ]
}

/// Locks product `id` and its sizes until the transaction ends, in the shop's one order for
/// stock rows ([`crate::store::stock`]), and answers the product as locked.
async fn lock_with_sizes(txn: &Writing, id: i32) -> Result<Option<product::Model>, DbErr> {
    let sizes: Vec<i32> = variation::Entity::find()
        .select_only()
        .column(variation::Column::Id)
        .filter(variation::Column::ProductId.eq(id))
        .into_tuple()
        .all(txn)
        .await?;
    let (_, product) = crate::store::stock::lock(txn, sizes, [id]).await?;
    Ok(product.into_iter().next())
}

/// Sets the stock of product `id` (or of its size `size`) to `stock` when the studio changed
/// it from the `shown` count, and only if the stock is still `shown`: a conditional update, so
/// a sale or restock that came between is refused with the count as it is now, never
/// overwritten. A count she left as shown is not written at all.
async fn restock(
    txn: &Writing,
    id: i32,
    size: Option<i32>,
    shown: i64,
    stock: i64,
) -> Result<(), ProductAdminError> {
    if stock == shown {
        return Ok(());
    }
    let changed = match size {
        Some(size) => {
            variation::Entity::update_many()
                .col_expr(variation::Column::Stock, Expr::value(stock))
                .filter(variation::Column::Id.eq(size))
                .filter(variation::Column::ProductId.eq(id))
                .filter(variation::Column::Stock.eq(shown))
                .exec(txn)
                .await?
        }
        None => {
            product::Entity::update_many()
                .col_expr(product::Column::Stock, Expr::value(stock))
                .filter(product::Column::Id.eq(id))
                .filter(product::Column::Stock.eq(shown))
                .exec(txn)
                .await?
        }
    };
    if changed.rows_affected == 1 {
        return Ok(());
    }
    let moved = match size {
        Some(size) => variation::Entity::find_by_id(size)
            .filter(variation::Column::ProductId.eq(id))
            .one(txn)
            .await?
            .map(|row| ProductAdminError::StockMoved {
                now: row.stock,
                size: Some(row.size),
            }),
        None => product::Entity::find_by_id(id).one(txn).await?.map(|row| {
            ProductAdminError::StockMoved {
                now: row.stock,
                size: None,
            }
        }),
    };
    Err(moved.unwrap_or(ProductAdminError::Gone))
}

/// The list's quick stock change: the product's count, or one size's, from the count the list
/// showed (`shown`), under the same rule as the form's; `who` changed it.
pub async fn set_stock(
    writer: &Writer,
    who: &str,
    id: i32,
    size: Option<i32>,
    shown: i64,
    stock: i64,
    media_base: &str,
) -> Result<AdminProductView, ProductAdminError> {
    let stock = check_stock(stock).map_err(ProductAdminError::Stock)?;
    let txn = writer.begin().await?;
    if stock == shown {
        // Nothing to write, but a product or size that is not there is still said.
        let there = match size {
            Some(size) => {
                variation::Entity::find_by_id(size)
                    .filter(variation::Column::ProductId.eq(id))
                    .count(&txn)
                    .await?
            }
            None => product::Entity::find_by_id(id).count(&txn).await?,
        };
        if there == 0 {
            return Err(ProductAdminError::Gone);
        }
    }
    restock(&txn, id, size, shown, stock).await?;
    commit(txn, id, media_base, who, |view| {
        let what = match size.and_then(|size| view.sizes.iter().find(|s| s.id == size)) {
            Some(size) => format!("{} stock", size.size),
            None => "stock".to_owned(),
        };
        let change = if stock == shown {
            String::new()
        } else {
            from_to(&what, shown, stock)
        };
        vec![(Kind::Stock, change)]
    })
    .await
}

/// Takes a product out of the shop for good (it leaves /shop and carts can no longer take it)
/// while its orders keep their snapshots; it stays listed under Archived.
pub async fn archive(
    writer: &Writer,
    who: &str,
    id: i32,
    media_base: &str,
) -> Result<AdminProductView, ProductAdminError> {
    set_archived(writer, who, id, true, media_base).await
}

/// Brings an archived product back to the list, hidden: the studio puts it on sale when ready.
pub async fn restore(
    writer: &Writer,
    who: &str,
    id: i32,
    media_base: &str,
) -> Result<AdminProductView, ProductAdminError> {
    set_archived(writer, who, id, false, media_base).await
}

async fn set_archived(
    writer: &Writer,
    who: &str,
    id: i32,
    archived: bool,
    media_base: &str,
) -> Result<AdminProductView, ProductAdminError> {
    let txn = writer.begin().await?;
    let changed = product::Entity::update_many()
        .col_expr(product::Column::Archived, Expr::value(archived))
        // Archived or just restored, it is hidden: a form loaded before says otherwise.
        .col_expr(product::Column::Active, Expr::value(false))
        .col_expr(
            product::Column::Version,
            Expr::col(product::Column::Version).add(1),
        )
        .filter(product::Column::Id.eq(id))
        .exec(&txn)
        .await?;
    if changed.rows_affected == 0 {
        return Err(ProductAdminError::Gone);
    }
    let said = if archived {
        "archived: out of the shop"
    } else {
        "restored from the archive, hidden"
    };
    commit(txn, id, media_base, who, |_| {
        vec![(Kind::Product, said.to_owned())]
    })
    .await
}

/// Deletes a product no order ever had, with its sizes and picture; one that was ordered can
/// only be archived; `who` deleted it.
pub async fn delete(
    writer: &Writer,
    who: &str,
    media: &dyn MediaStore,
    id: i32,
) -> Result<(), ProductAdminError> {
    let txn = writer.begin().await?;
    let found = lock_with_sizes(&txn, id)
        .await?
        .ok_or(ProductAdminError::Gone)?;
    if was_ordered(&txn, id).await? {
        return Err(ProductAdminError::Ordered);
    }
    // Its sizes and the cart lines that held it go with it (the tables cascade).
    product::Entity::delete_by_id(id).exec(&txn).await?;
    catalogue::bump_version(&txn).await?;
    audit::record(
        &txn,
        who,
        Kind::Product,
        &subject(&found.name, id),
        "deleted",
    )
    .await?;
    txn.commit().await?;
    remove_picture_files(media, &found).await;
    Ok(())
}

/// The folder uploaded product pictures are kept in (the demo's are there too).
const PICTURES: &str = "products";

/// Answers whether product `id` is there to take a picture.
pub async fn exists(db: &DatabaseConnection, id: i32) -> Result<(), ProductAdminError> {
    match product::Entity::find_by_id(id).one(db).await? {
        Some(_) => Ok(()),
        None => Err(ProductAdminError::Gone),
    }
}

/// Makes `incoming` product `id`'s picture, in place of any it had; `who` sent it.
pub async fn replace_picture(
    writer: &Writer,
    who: &str,
    media: &dyn MediaStore,
    id: i32,
    incoming: Incoming,
    media_base: &str,
) -> Result<AdminProductView, ProductAdminError> {
    let (before, view) = put_picture(media, PICTURES, incoming, async |stored| {
        let txn = writer.begin().await?;
        let before = product::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .ok_or(ProductAdminError::Gone)?;
        product::Entity::update_many()
            .col_expr(
                product::Column::Image,
                Expr::value(Some(stored.largest().to_owned())),
            )
            .col_expr(
                product::Column::ImageVariants,
                Expr::value(stored.variants()),
            )
            .filter(product::Column::Id.eq(id))
            .exec(&txn)
            .await?;
        let said = if before.image.is_some() {
            "picture replaced"
        } else {
            "picture added"
        };
        let view = commit(txn, id, media_base, who, |_| {
            vec![(Kind::Product, said.to_owned())]
        })
        .await?;
        Ok::<_, ProductAdminError>((before, view))
    })
    .await?;
    remove_picture_files(media, &before).await;
    Ok(view)
}

/// Removes a product's uploaded picture files, JPEGs and WebPs. A demo picture stays: the seed
/// owns it, and albums and the workshop show it too.
pub async fn remove_picture_files(media: &dyn MediaStore, product: &product::Model) {
    for (_, path) in kept_files(&product.image_variants) {
        if uploaded(path)
            && let Err(err) = media.delete(path).await
        {
            tracing::warn!(%path, %err, "could not remove a product picture");
        }
    }
}

/// Whether `path` is a file this module stored: `products/{stem}-{width}.{jpg,webp}`, the stem
/// a UUID's 32 hex digits (the demo's are named after the product).
pub fn uploaded(path: &str) -> bool {
    crate::media::uploads::is_uploaded(PICTURES, path)
}
