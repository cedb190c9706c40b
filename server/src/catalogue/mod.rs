//! The catalogue as shoppers see it (the spec's product data), served from memory. The list
//! changes rarely and is read constantly, so each process keeps it serialised, without asking
//! the database, and knows when to read it again by one number, the catalogue version, which
//! every change to products, sizes or stock bumps in its own transaction:
//! - a change this process makes is served at once: the bump notes the version it wrote
//!   ([`bump_version`]), and the snapshot is read again once that version is committed;
//! - a change another process makes (on the same SQLite file or PostgreSQL database) is served
//!   within [`FRESH_FOR`]: the version is checked at most that often.
//!
//! Stock shown in the list may lag by that bound; the cart and the checkout decide stock in
//! the database, so nothing is oversold.

pub mod products;
pub mod shelves;

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, LazyLock, Mutex, OnceLock, RwLock};
use std::time::{Duration, Instant};

use bytes::Bytes;
use poem_openapi::Object;
use posy_core::{Money, catalogue, media};
use sea_orm::sea_query::Query;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter,
    QueryOrder, Statement,
};
use serde::Serialize;

use crate::media::uploads::srcset;
use crate::store::entities::{category, product, variation};

/// A product as the shop's API shows it.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename = "Product")]
pub struct ProductView {
    /// Used in the product's address, `/shop/{id}`.
    pub id: i32,
    /// e.g. `Peony Posy`.
    pub name: String,
    /// URL of its picture; null when it has none (the page shows a placeholder).
    pub image: Option<String>,
    /// For `<img srcset>`: its picture's sizes, e.g. `/media/products/x-480.jpg 480w,
    /// /media/products/x-960.jpg 960w`; null for a picture kept in one size.
    pub image_srcset: Option<String>,
    /// The same sizes as lossy WebP, for `<source type="image/webp" srcset>`; null for a
    /// picture kept only as JPEG.
    pub image_webp_srcset: Option<String>,
    /// What is in it and how long it lasts.
    pub description: String,
    /// The shelf it is on, e.g. `Bouquets`.
    pub category_name: String,
    /// Price in pounds with two places, e.g. `"45.00"`; with sizes, the lowest.
    pub price: String,
    /// How many can be bought; with sizes, the sum of the sizes' stock.
    pub stock: i64,
    /// True when the shopper must choose a size.
    pub has_variations: bool,
    /// Cheapest to dearest; equal ends without sizes.
    pub price_range: PriceRangeView,
    /// The sizes, in the order the selector shows them; empty without sizes.
    pub variations: Vec<VariationView>,
    /// Days of notice it needs (a funeral tribute, say): the earliest delivery or collection
    /// is that many days ahead. 0 for most.
    pub lead_days: u32,
}

/// A size of a product.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename = "Variation")]
pub struct VariationView {
    /// Sent as `variation_id` when adding to the cart.
    pub id: i32,
    /// e.g. `Large`.
    pub size: String,
    /// e.g. `"60.00"`.
    pub price: String,
    /// How many of this size can be bought.
    pub stock: i64,
}

/// The lowest and highest price of a product, e.g. `{"min": "35.00", "max": "60.00"}`.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename = "PriceRange")]
pub struct PriceRangeView {
    /// Lowest price.
    pub min: String,
    /// Highest price.
    pub max: String,
}

/// The catalogue serialised at one version.
pub struct Snapshot {
    version: i64,
    /// `GET /api/products/`'s body.
    pub list: Bytes,
    by_id: HashMap<i32, Bytes>,
}

impl Snapshot {
    /// `GET /api/products/{id}/`'s body, if there is such a product on sale.
    pub fn product(&self, id: i32) -> Option<Bytes> {
        self.by_id.get(&id).cloned()
    }
}

/// Why a product could not be shown.
#[derive(Debug)]
pub enum ProductError {
    /// No product on sale has that id.
    Gone,
    Db(DbErr),
}

impl From<DbErr> for ProductError {
    fn from(err: DbErr) -> Self {
        ProductError::Db(err)
    }
}

/// How long a snapshot is served without asking the database for the version: the bound on
/// how late another process's change is seen.
pub const FRESH_FOR: Duration = Duration::from_millis(250);

/// The highest catalogue version this process has written in each database (by its
/// `instance`), in a transaction that may not have committed yet: the snapshot is read again
/// once the database has it. A version that never arrives (its transaction rolled back) is
/// forgotten after [`FRESH_FOR`].
static WRITTEN_HERE: LazyLock<Mutex<HashMap<String, Arc<AtomicI64>>>> =
    LazyLock::new(Default::default);

/// This process's watermark for the database named `instance`.
fn written_here(instance: &str) -> Arc<AtomicI64> {
    let mut all = WRITTEN_HERE.lock().unwrap_or_else(|e| e.into_inner());
    all.entry(instance.to_owned()).or_default().clone()
}

/// When the database's version was last looked at.
#[derive(Clone, Copy, Debug, Default)]
struct Checks {
    /// The last look that found every version written here committed.
    good_at: Option<Instant>,
    /// Since when a version written here has been awaited.
    awaiting_since: Option<Instant>,
}

/// The in-memory catalogue of one process.
pub struct Catalogue {
    db: DatabaseConnection,
    media_base: String,
    current: RwLock<Option<Arc<Snapshot>>>,
    checks: Mutex<Checks>,
    /// The versions this process wrote in this catalogue's database, known from its first read.
    written: OnceLock<Arc<AtomicI64>>,
    // Only one task rebuilds at a time; the others wait and take its result.
    rebuilding: tokio::sync::Mutex<()>,
}

impl Catalogue {
    /// A catalogue over a database; media URLs are made absolute with `media_base` ("" = same origin).
    pub fn new(db: DatabaseConnection, media_base: String) -> Catalogue {
        Catalogue {
            db,
            media_base,
            current: RwLock::new(None),
            checks: Mutex::new(Checks::default()),
            written: OnceLock::new(),
            rebuilding: tokio::sync::Mutex::new(()),
        }
    }

    /// `GET /api/products/{id}/`'s body as the database has it now.
    pub async fn product(&self, id: i32) -> Result<Bytes, ProductError> {
        self.snapshot().await?.product(id).ok_or(ProductError::Gone)
    }

    /// The catalogue: from memory while it is fresh (checked within [`FRESH_FOR`], and no
    /// newer version written here), else as the database has it now.
    pub async fn snapshot(&self) -> Result<Arc<Snapshot>, DbErr> {
        if let Some(snapshot) = self.fresh() {
            return Ok(snapshot);
        }
        let checked_at = Instant::now();
        let (version, instance) = version_row(&self.db).await?;
        self.written.get_or_init(|| written_here(&instance));
        self.note_check(checked_at, version);
        if let Some(snapshot) = self.cached(version) {
            return Ok(snapshot);
        }
        let _only_one = self.rebuilding.lock().await;
        if let Some(snapshot) = self.cached(version) {
            return Ok(snapshot);
        }
        // The version is read before the rows: rows newer than it are merely rebuilt once more.
        let version = current_version(&self.db).await?;
        let products = load_products(&self.db, &self.media_base).await?;
        let snapshot = Arc::new(serialise(version, &products));
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = Some(snapshot.clone());
        Ok(snapshot)
    }

    /// The snapshot, when it needs no look at the database.
    fn fresh(&self) -> Option<Arc<Snapshot>> {
        let checks = *self.checks.lock().unwrap_or_else(|e| e.into_inner());
        let recent = checks.good_at.is_some_and(|at| at.elapsed() < FRESH_FOR);
        let current = self.current.read().unwrap_or_else(|e| e.into_inner());
        current
            .as_ref()
            .filter(|s| recent && s.version >= self.written_version())
            .cloned()
    }

    /// Notes that the database's version read at `at` was `version`.
    fn note_check(&self, at: Instant, version: i64) {
        let mut checks = self.checks.lock().unwrap_or_else(|e| e.into_inner());
        let written = self.written_version();
        if version >= written {
            checks.good_at = Some(at);
            checks.awaiting_since = None;
            return;
        }
        // A version written here is not committed yet: look again on the next request, unless
        // it has been awaited a whole bound, when its transaction must have rolled back.
        match checks.awaiting_since {
            Some(since) if since.elapsed() >= FRESH_FOR => {
                let _ = self.written.get().map(|w| {
                    w.compare_exchange(written, version, Ordering::AcqRel, Ordering::Acquire)
                });
                checks.good_at = Some(at);
                checks.awaiting_since = None;
            }
            Some(_) => {}
            None => checks.awaiting_since = Some(at),
        }
    }

    /// The highest version this process wrote in this catalogue's database (0 before the
    /// first look at it).
    fn written_version(&self) -> i64 {
        self.written
            .get()
            .map_or(0, |written| written.load(Ordering::Acquire))
    }

    fn cached(&self, version: i64) -> Option<Arc<Snapshot>> {
        let current = self.current.read().unwrap_or_else(|e| e.into_inner());
        current.as_ref().filter(|s| s.version >= version).cloned()
    }
}

fn serialise(version: i64, products: &[ProductView]) -> Snapshot {
    Snapshot {
        version,
        list: to_bytes(&products),
        by_id: products.iter().map(|p| (p.id, to_bytes(p))).collect(),
    }
}

fn to_bytes<T: Serialize>(value: &T) -> Bytes {
    Bytes::from(serde_json::to_vec(value).expect("catalogue views always serialise"))
}

/// The catalogue version now in the database, with the database's name.
async fn version_row(db: &impl ConnectionTrait) -> Result<(i64, String), DbErr> {
    let stmt = Statement::from_string(
        db.get_database_backend(),
        "SELECT version, instance FROM catalogue_version WHERE id = 1",
    );
    let row = db
        .query_one_raw(stmt)
        .await?
        .ok_or_else(|| DbErr::RecordNotFound("catalogue_version".into()))?;
    Ok((
        row.try_get_by_index::<i64>(0)?,
        row.try_get_by_index::<String>(1)?,
    ))
}

/// The catalogue version now in the database.
pub async fn current_version(db: &impl ConnectionTrait) -> Result<i64, DbErr> {
    let stmt = Statement::from_string(
        db.get_database_backend(),
        "SELECT version FROM catalogue_version WHERE id = 1",
    );
    let row = db
        .query_one_raw(stmt)
        .await?
        .ok_or_else(|| DbErr::RecordNotFound("catalogue_version".into()))?;
    row.try_get_by_index::<i64>(0)
}

/// Marks the catalogue as changed; call it in the same transaction as the change. This
/// process serves the change as soon as it is committed (see the module's notes).
pub async fn bump_version(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let stmt = Statement::from_string(
        db.get_database_backend(),
        "UPDATE catalogue_version SET version = version + 1 WHERE id = 1 \
         RETURNING version, instance",
    );
    let row = db
        .query_one_raw(stmt)
        .await?
        .ok_or_else(|| DbErr::RecordNotFound("catalogue_version".into()))?;
    let written = row.try_get_by_index::<i64>(0)?;
    let instance = row.try_get_by_index::<String>(1)?;
    written_here(&instance).fetch_max(written, Ordering::AcqRel);
    Ok(())
}

/// Which products shoppers may see and buy: visible, not archived, on a shelf that is not
/// hidden. /shop's list and the cart both ask this, so a hidden shelf's products cannot be
/// added to a cart either.
pub fn on_sale() -> Condition {
    Condition::all()
        .add(product::Column::Active.eq(true))
        .add(product::Column::Archived.eq(false))
        .add(
            product::Column::CategoryId.in_subquery(
                Query::select()
                    .column(category::Column::Id)
                    .from(category::Entity)
                    .and_where(category::Column::Hidden.eq(false))
                    .to_owned(),
            ),
        )
}

/// [`on_sale`] for a product in hand, its shelf hidden or not: a cart line already holding it
/// is withdrawn once it is not.
pub fn is_on_sale(product: &product::Model, shelf_hidden: bool) -> bool {
    product.active && !product.archived && !shelf_hidden
}

/// Which products [`shelved`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Showing {
    /// Those on sale ([`on_sale`]): what shoppers see.
    OnSale,
    /// Every product, hidden ones too: what the back office sees.
    All,
}

/// A product's row with its shelf and its sizes (in the selector's order).
pub struct Shelved {
    pub product: product::Model,
    pub shelf: Option<category::Model>,
    pub sizes: Vec<variation::Model>,
}

/// Products in shop order (shelves in theirs, products in theirs within a shelf), each with
/// its shelf and sizes: three queries, whatever the number of products.
pub async fn shelved(db: &impl ConnectionTrait, showing: Showing) -> Result<Vec<Shelved>, DbErr> {
    let categories: HashMap<i32, category::Model> = category::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|c| (c.id, c))
        .collect();
    let mut products = product::Entity::find();
    if showing == Showing::OnSale {
        products = products.filter(on_sale());
    }
    let products = products
        .order_by_asc(product::Column::Position)
        .order_by_asc(product::Column::Id)
        .all(db)
        .await?;
    let mut sizes: HashMap<i32, Vec<variation::Model>> = HashMap::new();
    for size in variation::Entity::find()
        .order_by_asc(variation::Column::Position)
        .order_by_asc(variation::Column::Id)
        .all(db)
        .await?
    {
        sizes.entry(size.product_id).or_default().push(size);
    }
    let mut rows: Vec<Shelved> = products
        .into_iter()
        .map(|product| Shelved {
            sizes: sizes.remove(&product.id).unwrap_or_default(),
            shelf: categories.get(&product.category_id).cloned(),
            product,
        })
        .collect();
    // A stable sort: products keep their own order within a shelf; shelves keep theirs.
    rows.sort_by_key(|row| row.shelf.as_ref().map_or(i32::MAX, |c| c.position));
    Ok(rows)
}

/// Every product on sale, in shop order, with its category and sizes.
pub async fn load_products(
    db: &impl ConnectionTrait,
    media_base: &str,
) -> Result<Vec<ProductView>, DbErr> {
    Ok(shelved(db, Showing::OnSale)
        .await?
        .into_iter()
        .map(|row| view(row.product, row.shelf.as_ref(), row.sizes, media_base))
        .collect())
}

/// A product as the shop's API shows it, from its row, shelf and sizes.
pub(crate) fn view(
    product: product::Model,
    category: Option<&category::Model>,
    sizes: Vec<variation::Model>,
    media_base: &str,
) -> ProductView {
    let own_price = Money::from_pence(product.price_pence);
    let size_prices: Vec<Money> = sizes
        .iter()
        .map(|s| Money::from_pence(s.price_pence))
        .collect();
    let size_stocks: Vec<i64> = sizes.iter().map(|s| s.stock).collect();
    let range = catalogue::price_range(own_price, &size_prices);
    ProductView {
        id: product.id,
        name: product.name,
        image: product
            .image
            .as_deref()
            .map(|path| media::media_url(Some(path), media_base)),
        image_srcset: srcset(&product.image_variants, media_base, false),
        image_webp_srcset: srcset(&product.image_variants, media_base, true),
        description: product.description,
        category_name: category.map(|c| c.name.clone()).unwrap_or_default(),
        price: (if sizes.is_empty() {
            own_price
        } else {
            range.min
        })
        .to_wire(),
        stock: catalogue::product_stock(product.stock, &size_stocks),
        has_variations: !sizes.is_empty(),
        price_range: PriceRangeView {
            min: range.min.to_wire(),
            max: range.max.to_wire(),
        },
        variations: sizes
            .into_iter()
            .map(|s| VariationView {
                id: s.id,
                size: s.size,
                price: Money::from_pence(s.price_pence).to_wire(),
                stock: s.stock,
            })
            .collect(),
        lead_days: u32::try_from(product.lead_days).unwrap_or(0),
    }
}
