//! Shoppers' carts, as the spec's shop pages use them: kept in the database under a random id,
//! checked against core's quantity rules and current stock on every change, totalled by core at
//! current prices.
//!
//! A visitor without a cart gets a fresh id that is not stored: part of its random bits are an
//! HMAC under the shop's `cart` key ([`CartKey`]), so the server knows it made that id without
//! remembering it. Such a cart is empty until the first add writes its row, so looking at the
//! shop never writes to the database. Each row so made counts against its address's new carts
//! ([`new_carts_limit`]), so a script cannot fill the database with carts from one place.
//!
//! Every change runs in one transaction (on SQLite, a savepoint in a group of cart writes
//! committed together: [`Writer::write`]) that first touches the cart's row. That write takes
//! the cart's lock (a row lock on PostgreSQL, the write lock on SQLite), so changes to one cart
//! run one after another and a line can never be raised past the stock by two adds at once.
//! A change to a cart's lines also releases any stock the cart held for its payment
//! ([`crate::cart::holds`]). Adds, the busiest change, are written in batches ([`Adds`]).

mod adds;
pub mod fulfilment;
pub mod holds;
pub mod places;

pub use adds::Adds;

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use hmac::{KeyInit, Mac};
use poem_openapi::{Enum, Object};
use posy_core::cart::{CartId, CartLine, cart_total};
use posy_core::catalogue::{Unavailable, check_size, item_name, line_availability};
use posy_core::quantity::{self, QuantityProblem};
use posy_core::{Money, media};
use sea_orm::sea_query::{Expr, ExprTrait as _, Query, SelectStatement, UnionType};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait,
    FromQueryResult, IdenStatic, Iterable, QueryFilter, QueryOrder, UpdateMany,
};
use serde::Serialize;

use crate::store::clock::{Clock, now};
use crate::store::db::Writer;
use crate::store::entities::{cart, cart_item, category, product, variation};

/// A cart as the API shows it.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename = "Cart")]
pub struct CartView {
    /// Keep it (the web app stores it under `cartId`) and send it with every cart call.
    pub id: String,
    /// The lines, oldest first.
    pub items: Vec<CartItemView>,
    /// The sum of the lines at current prices, e.g. `"87.50"`; `"0.00"` when empty.
    pub total: String,
    /// The days of notice the cart needs: the most any of its pieces needs (0 for most), for
    /// the earliest delivery or collection day.
    pub lead_days: u32,
}

/// One line of a cart.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename = "CartItem")]
pub struct CartItemView {
    /// Sent as `item_id` to change or remove the line.
    pub id: i32,
    /// The product, for a link to its page.
    pub product_id: i32,
    /// The chosen size; null for a product without sizes.
    pub variation_id: Option<i32>,
    /// 1 to 10.
    pub quantity: i32,
    /// Name, picture and the price of one.
    pub product_details: ProductDetails,
    /// The chosen size and its price; null for a product without sizes.
    pub variation_details: Option<VariationDetails>,
    /// The price of one times the quantity, e.g. `"90.00"`.
    pub line_total: String,
    /// Whether the line can be paid for now; a line that cannot is left out of the total.
    pub available: Availability,
}

/// Whether a cart line can still be paid for, and if not why, in a sentence.
#[derive(Debug, Clone, Object, Serialize)]
pub struct Availability {
    pub status: AvailabilityStatus,
    /// Why not, naming the item, e.g. `Sorry, Peony Posy (Large) has sold out; please remove
    /// it from your cart.`; null when it is on sale.
    pub message: Option<String>,
}

/// Whether a cart line can still be paid for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum, Serialize)]
#[oai(rename_all = "snake_case")]
#[serde(rename_all = "snake_case")]
pub enum AvailabilityStatus {
    /// On sale with enough in stock.
    OnSale,
    /// The studio hid or archived the product since it was put in the cart.
    Withdrawn,
    /// None left.
    SoldOut,
    /// Fewer left than the line holds.
    TooFew,
}

/// The product on a cart line.
#[derive(Debug, Clone, Object, Serialize)]
pub struct ProductDetails {
    /// e.g. `Peony Posy`.
    pub name: String,
    /// URL of its picture; null when it has none.
    pub image: Option<String>,
    /// The price of one as charged: the size's price when the line has a size.
    pub price: String,
}

/// The size on a cart line.
#[derive(Debug, Clone, Object, Serialize)]
pub struct VariationDetails {
    /// e.g. `Large`.
    pub size: String,
    /// The size's price, e.g. `"60.00"`.
    pub price: String,
}

/// Carts idle this long are removed.
pub const IDLE_LIMIT: Duration = Duration::from_secs(30 * 24 * 60 * 60);
/// Carts never given an item are removed sooner: they are mostly one-page visits.
pub const EMPTY_IDLE_LIMIT: Duration = Duration::from_secs(24 * 60 * 60);

type HmacSha256 = hmac::Hmac<sha2::Sha256>;

/// The key that signs fresh cart ids (from `secrets`, under the name `cart`).
#[derive(Clone)]
pub struct CartKey([u8; 32]);

impl CartKey {
    pub fn new(key: [u8; 32]) -> CartKey {
        CartKey(key)
    }

    /// A new cart id, not stored: a version-4 UUID whose first 8 bytes are random and whose
    /// last 8 carry their HMAC (less the UUID's version and variant bits).
    pub fn fresh(&self) -> CartId {
        let mut bytes = *uuid::Uuid::new_v4().as_bytes();
        let mac = self.mac(&bytes[..8]);
        bytes[8..].copy_from_slice(&mac[..8]);
        CartId::from(uuid::Builder::from_random_bytes(bytes).into_uuid())
    }

    /// Whether this shop made the id with [`CartKey::fresh`].
    pub fn made(&self, id: CartId) -> bool {
        let given = *id.uuid().as_bytes();
        let mut expected = given;
        expected[8..].copy_from_slice(&self.mac(&given[..8])[..8]);
        let expected = *uuid::Builder::from_random_bytes(expected)
            .into_uuid()
            .as_bytes();
        // Compared without an early exit, so timing tells nothing about the signature.
        given
            .iter()
            .zip(expected)
            .fold(0u8, |diff, (a, b)| diff | (a ^ b))
            == 0
    }

    fn mac(&self, random: &[u8]) -> [u8; 32] {
        let mut mac = <HmacSha256 as KeyInit>::new_from_slice(&self.0).expect("any key length");
        mac.update(b"posy cart id ");
        mac.update(random);
        mac.finalize().into_bytes().into()
    }
}

/// Why a cart or one of its lines could not be had.
#[derive(Debug)]
pub enum CartError {
    /// No open cart has that id: unknown, malformed, or already ordered.
    CartGone,
    /// The cart has no such line.
    LineGone,
    Db(sea_orm::DbErr),
}

impl From<sea_orm::DbErr> for CartError {
    fn from(err: sea_orm::DbErr) -> Self {
        CartError::Db(err)
    }
}

/// Why a line could not be added or changed.
#[derive(Debug)]
pub enum LineError {
    Cart(CartError),
    /// No product on sale has that id.
    ProductGone,
    /// The size does not fit the product: a sentence, and why for the `variation_id` field.
    Size {
        message: String,
        why: &'static str,
    },
    /// The line would fall below 1 or pass 10 (a sentence naming the item).
    Quantity(String),
    /// Not that many left (a sentence naming the item).
    Stock(String),
    /// The address has started as many carts as it may lately; try again after this many
    /// minutes.
    TooManyCarts {
        minutes: u32,
    },
}

/// The limit on new carts: `per_hour` from one address (as per-address limits count it) in an
/// hour.
pub fn new_carts_limit(per_hour: u32) -> crate::store::rate_limit::Limit {
    crate::store::rate_limit::Limit::new("new-cart", per_hour, 60)
}

impl From<CartError> for LineError {
    fn from(err: CartError) -> Self {
        LineError::Cart(err)
    }
}

impl From<sea_orm::DbErr> for LineError {
    fn from(err: sea_orm::DbErr) -> Self {
        LineError::Cart(CartError::Db(err))
    }
}

/// The open cart with this id; an empty one when the id is one this shop made but nobody has
/// added to yet; else a fresh empty one (missing, malformed, unknown or already ordered id).
/// Asking for a cart never fails for the shopper's sake and never writes.
pub async fn open_or_fresh(
    db: &DatabaseConnection,
    key: &CartKey,
    id: Option<CartId>,
    media_base: &str,
) -> Result<CartView, sea_orm::DbErr> {
    if let Some(id) = id {
        match cart::Entity::find_by_id(id.to_string()).one(db).await? {
            Some(row) if row.ordered_at.is_none() => return view(db, id, media_base).await,
            None if key.made(id) => return Ok(empty(id)),
            _ => {}
        }
    }
    Ok(empty(key.fresh()))
}

fn empty(id: CartId) -> CartView {
    CartView {
        id: id.to_string(),
        items: Vec::new(),
        total: Money::ZERO.to_wire(),
        lead_days: 0,
    }
}

/// Sets a line's quantity (1 to 10, within stock).
pub async fn update_quantity(
    writer: &Writer,
    cart_id: CartId,
    item_id: i32,
    quantity: i64,
    media_base: &str,
) -> Result<CartView, LineError> {
    let media_base = media_base.to_owned();
    writer
        .write(move |txn| {
            Box::pin(async move {
                change_open_cart(txn, cart_id).await?;
                // The line, its item's stock and the answer's other lines: one read.
                let mut lines = priced_lines(txn, cart_id).await?;
                let line = lines
                    .iter_mut()
                    .find(|line| line.id == item_id)
                    .ok_or(CartError::LineGone)?;
                if !line.on_sale {
                    return Err(LineError::ProductGone);
                }
                let quantity = quantity::check_line(quantity, line.stock())
                    .map_err(|p| refusal(p, p.message(&line.label())))?;
                set_quantity(txn, item_id, quantity).await?;
                line.quantity = quantity;
                Ok::<_, LineError>(view_of(cart_id, lines, &media_base))
            })
        })
        .await
}

/// Removes a line from a cart.
pub async fn remove(
    writer: &Writer,
    cart_id: CartId,
    item_id: i32,
    media_base: &str,
) -> Result<CartView, CartError> {
    let media_base = media_base.to_owned();
    writer
        .write(move |txn| {
            Box::pin(async move {
                change_open_cart(txn, cart_id).await?;
                let removed = cart_item::Entity::delete_many()
                    .filter(cart_item::Column::Id.eq(item_id))
                    .filter(cart_item::Column::CartId.eq(cart_id.to_string()))
                    .exec(txn)
                    .await?;
                if removed.rows_affected == 0 {
                    return Err(CartError::LineGone);
                }
                Ok(view(txn, cart_id, &media_base).await?)
            })
        })
        .await
}

/// Removes carts nobody has touched for [`IDLE_LIMIT`], and empty ones after
/// [`EMPTY_IDLE_LIMIT`]; ordered carts stay with their orders. Returns how many went.
pub async fn remove_idle(db: &impl ConnectionTrait, now: i64) -> Result<u64, sea_orm::DbErr> {
    let idle_since = now - IDLE_LIMIT.as_secs() as i64;
    let empty_idle_since = now - EMPTY_IDLE_LIMIT.as_secs() as i64;
    let carts_with_items = Query::select()
        .column(cart_item::Column::CartId)
        .from(cart_item::Entity)
        .to_owned();
    let removed = cart::Entity::delete_many()
        .filter(cart::Column::OrderedAt.is_null())
        .filter(
            Condition::any()
                .add(cart::Column::UpdatedAt.lt(idle_since))
                .add(
                    Condition::all()
                        .add(cart::Column::UpdatedAt.lt(empty_idle_since))
                        .add(cart::Column::Id.not_in_subquery(carts_with_items)),
                ),
        )
        .exec(db)
        .await?;
    Ok(removed.rows_affected)
}

/// Runs [`remove_idle`] every hour for as long as the server runs, and forgets lapsed holds
/// (with the addresses that asked for them) on the clock holds are kept by.
pub async fn sweep_idle_carts(db: DatabaseConnection, clock: Clock) {
    let mut every_hour = tokio::time::interval(Duration::from_secs(60 * 60));
    loop {
        every_hour.tick().await;
        match remove_idle(&db, now()).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(removed = n, "removed idle carts"),
            Err(err) => tracing::warn!(%err, "could not remove idle carts"),
        }
        if let Err(err) = holds::forget_expired(&db, clock.now()).await {
            tracing::warn!(%err, "could not forget lapsed holds");
        }
    }
}

/// Marks the cart as changed, which also locks it until the transaction ends; a missing or
/// ordered cart is [`CartError::CartGone`]. Its hold, if any, stays (the order placed from it
/// takes the stock).
pub async fn lock_open_cart(db: &impl ConnectionTrait, id: CartId) -> Result<(), CartError> {
    touch_open_cart(db, id, cart::Entity::update_many()).await
}

/// As [`lock_open_cart`], for a change to the cart's lines: the stock its payment held is
/// released in the same transaction, so a live hold always holds exactly the cart's lines.
async fn change_open_cart(db: &impl ConnectionTrait, id: CartId) -> Result<(), CartError> {
    touch_open_cart(db, id, holds::release(cart::Entity::update_many())).await
}

async fn touch_open_cart(
    db: &impl ConnectionTrait,
    id: CartId,
    update: UpdateMany<cart::Entity>,
) -> Result<(), CartError> {
    let touched = update
        .col_expr(cart::Column::UpdatedAt, Expr::value(now()))
        .filter(cart::Column::Id.eq(id.to_string()))
        .filter(cart::Column::OrderedAt.is_null())
        .exec(db)
        .await?;
    if touched.rows_affected == 0 {
        return Err(CartError::CartGone);
    }
    Ok(())
}

/// A line's quantity, once the rules have allowed it.
async fn set_quantity(db: &impl ConnectionTrait, line: i32, quantity: u32) -> Result<(), DbErr> {
    cart_item::Entity::update_many()
        .col_expr(cart_item::Column::Quantity, Expr::value(quantity as i32))
        .filter(cart_item::Column::Id.eq(line))
        .exec(db)
        .await?;
    Ok(())
}

/// The product an add asks for, as the database has it in the writer's turn: on sale, with
/// its chosen size (one of its own) when it has sizes.
struct Adding {
    product: product::Model,
    size: Option<variation::Model>,
    shelf_hidden: bool,
}

impl Adding {
    /// The product and size asked for, as [`lines_and_items`] read them; refused when the
    /// product is not on sale, or the size does not fit it.
    fn checked(offered: Offered, variation_id: Option<i32>) -> Result<Adding, LineError> {
        let Offered {
            product,
            size,
            shelf_hidden,
            sizes,
        } = offered;
        if !crate::catalogue::is_on_sale(&product, shelf_hidden) {
            return Err(LineError::ProductGone);
        }
        let asked = variation_id.map(|_| size.is_some());
        if let Err(problem) = check_size(sizes > 0, asked) {
            return Err(LineError::Size {
                message: problem.message(&product.name),
                why: problem.why(),
            });
        }
        Ok(Adding {
            product,
            size,
            shelf_hidden,
        })
    }

    fn label(&self) -> String {
        label_of(&self.product, self.size.as_ref())
    }

    fn stock(&self) -> i64 {
        stock_of(&self.product, self.size.as_ref())
    }
}

/// A product's name, with the size when it has one: `Peony Posy (Large)`.
fn label_of(product: &product::Model, size: Option<&variation::Model>) -> String {
    item_name(&product.name, size.map(|s| s.size.as_str()))
}

/// The stock a line of a product draws on: its size's, or the product's when it has no sizes.
fn stock_of(product: &product::Model, size: Option<&variation::Model>) -> i64 {
    size.map_or(product.stock, |s| s.stock)
}

/// A stock problem is about the shop's state; anything else about the quantity asked for.
fn refusal(problem: QuantityProblem, message: String) -> LineError {
    if problem.is_about_stock() {
        LineError::Stock(message)
    } else {
        LineError::Quantity(message)
    }
}

/// A cart line with what it costs now: what checkout and the cart view are built from.
#[derive(Clone)]
pub struct PricedLine {
    pub id: i32,
    pub product: product::Model,
    pub size: Option<variation::Model>,
    pub quantity: u32,
    pub unit_price: Money,
    /// Still on sale ([`crate::catalogue::on_sale`]): visible, not archived, on a shelf that
    /// is not hidden.
    pub on_sale: bool,
}

impl PricedLine {
    /// The product's name, with the size when it has one: `Peony Posy (Large)`.
    pub fn label(&self) -> String {
        label_of(&self.product, self.size.as_ref())
    }

    /// The price of one times the quantity.
    pub fn total(&self) -> Money {
        self.priced().total()
    }

    /// The stock the line draws on: its size's, or the product's when it has no sizes.
    pub fn stock(&self) -> i64 {
        stock_of(&self.product, self.size.as_ref())
    }

    /// Why the line cannot be paid for now; `None` when it can.
    pub fn unavailable(&self) -> Option<Unavailable> {
        line_availability(self.on_sale, self.stock(), self.quantity)
    }

    fn priced(&self) -> CartLine {
        CartLine {
            unit_price: self.unit_price,
            quantity: self.quantity,
        }
    }
}

/// A cart's lines, oldest first, at current prices.
pub async fn priced_lines(
    db: &impl ConnectionTrait,
    cart_id: CartId,
) -> Result<Vec<PricedLine>, sea_orm::DbErr> {
    read_lines(db, cart_id, false).await
}

/// As [`priced_lines`], with the rows of the lines' sizes and products locked until the
/// transaction ends, in the shop's one order ([`crate::store::stock`]): the stock read stays
/// the stock until then.
pub async fn priced_lines_locked(
    txn: &impl ConnectionTrait,
    cart_id: CartId,
) -> Result<Vec<PricedLine>, sea_orm::DbErr> {
    read_lines(txn, cart_id, true).await
}

async fn read_lines(
    db: &impl ConnectionTrait,
    cart_id: CartId,
    lock: bool,
) -> Result<Vec<PricedLine>, sea_orm::DbErr> {
    if !lock {
        let mut read = lines_and_items(db, &[cart_id], &[]).await?;
        return Ok(read.lines.remove(&cart_id).unwrap_or_default());
    }
    let lines = cart_item::Entity::find()
        .filter(cart_item::Column::CartId.eq(cart_id.to_string()))
        .order_by_asc(cart_item::Column::CreatedAt)
        .order_by_asc(cart_item::Column::Id)
        .all(db)
        .await?;
    let (sizes, products) = crate::store::stock::lock(
        db,
        lines.iter().filter_map(|l| l.variation_id),
        lines.iter().map(|l| l.product_id),
    )
    .await?;
    let sizes: HashMap<i32, variation::Model> = sizes.into_iter().map(|s| (s.id, s)).collect();
    let products: HashMap<i32, product::Model> = products.into_iter().map(|p| (p.id, p)).collect();
    let hidden = hidden_shelves(db, lines.is_empty()).await?;
    Ok(lines
        .into_iter()
        .filter_map(|line| {
            let product = products.get(&line.product_id).cloned()?;
            let size = line.variation_id.and_then(|id| sizes.get(&id).cloned());
            let shelf_hidden = hidden.contains(&product.category_id);
            Some(priced(line, product, size, shelf_hidden))
        })
        .collect())
}

/// The prefixes of the columns [`lines_and_items`] reads: a line's, its product's, its size's
/// and its shelf's.
const LINE: &str = "l_";
const PRODUCT: &str = "p_";
const SIZE: &str = "v_";
const SHELF: &str = "s_";

/// What [`lines_and_items`] read: each cart's lines, oldest first, at current prices; and the
/// products asked for, with the sizes asked for.
#[derive(Default)]
struct Read {
    lines: HashMap<CartId, Vec<PricedLine>>,
    offered: Vec<Offered>,
}

/// A product an add asks for as it is now, with one of its sizes that an add asks for.
#[derive(Clone)]
struct Offered {
    product: product::Model,
    size: Option<variation::Model>,
    shelf_hidden: bool,
    /// How many sizes the product has.
    sizes: i64,
}

impl Read {
    /// The product and size asked for, with no size when the product has no such size; `None`
    /// when there is no such product.
    fn offered(&self, product_id: i32, variation_id: Option<i32>) -> Option<Offered> {
        let mut rows = self.offered.iter().filter(|o| o.product.id == product_id);
        let first = rows.clone().next()?;
        let chosen =
            rows.find(|o| o.size.as_ref().map(|s| s.id) == variation_id && variation_id.is_some());
        Some(chosen.cloned().unwrap_or_else(|| Offered {
            size: None,
            ..first.clone()
        }))
    }
}

/// Some carts' lines with their products, sizes and shelves, and, for adds, the items asked
/// for (each product with the sizes asked for, its shelf, how many sizes it has): one
/// statement, the lines' select and the items' joined by `UNION ALL`. An add decides on what
/// it reads here and answers with it, so the answer needs no read of its own.
///
/// The lists are sent padded to a power of two (the last cart, product or size again), so
/// that the statement has a few shapes rather than one for every number of carts and items:
/// each shape is prepared once a connection.
async fn lines_and_items(
    db: &impl ConnectionTrait,
    carts: &[CartId],
    items: &[(i32, Option<i32>)],
) -> Result<Read, DbErr> {
    let mut query = Query::select();
    every_column::<cart_item::Entity>(&mut query, LINE, true);
    every_column::<product::Entity>(&mut query, PRODUCT, true);
    every_column::<variation::Entity>(&mut query, SIZE, true);
    every_column::<category::Entity>(&mut query, SHELF, true)
        .expr_as(Expr::cust("NULL"), "sizes")
        .from(cart_item::Entity)
        .inner_join(
            product::Entity,
            Expr::col((product::Entity, product::Column::Id))
                .equals((cart_item::Entity, cart_item::Column::ProductId)),
        )
        .left_join(
            variation::Entity,
            Expr::col((variation::Entity, variation::Column::Id))
                .equals((cart_item::Entity, cart_item::Column::VariationId)),
        )
        .inner_join(
            category::Entity,
            Expr::col((category::Entity, category::Column::Id))
                .equals((product::Entity, product::Column::CategoryId)),
        )
        .and_where(
            Expr::col((cart_item::Entity, cart_item::Column::CartId))
                .is_in(padded(carts).map(|id| id.to_string())),
        );
    if !items.is_empty() {
        query.union(UnionType::All, item_query(items));
    }
    let rows = db.query_all(&query).await?;
    let mut read = Read::default();
    let mut lines: HashMap<CartId, Vec<(i64, i32, PricedLine)>> = HashMap::new();
    for row in rows {
        let Some(line) = cart_item::Model::from_query_result_optional(&row, LINE)? else {
            read.offered.push(Offered {
                product: product::Model::from_query_result(&row, PRODUCT)?,
                size: variation::Model::from_query_result_optional(&row, SIZE)?,
                shelf_hidden: row.try_get(SHELF, "hidden")?,
                sizes: row.try_get("", "sizes")?,
            });
            continue;
        };
        let Some(cart_id) = CartId::parse(&line.cart_id) else {
            continue;
        };
        // Foreign keys remove lines with their product or size, so both are there.
        let product = product::Model::from_query_result(&row, PRODUCT)?;
        let size = variation::Model::from_query_result_optional(&row, SIZE)?;
        let hidden: bool = row.try_get(SHELF, "hidden")?;
        lines.entry(cart_id).or_default().push((
            line.created_at,
            line.id,
            priced(line, product, size, hidden),
        ));
    }
    for (cart_id, mut cart_lines) in lines {
        cart_lines.sort_by_key(|(created_at, id, _)| (*created_at, *id));
        let cart_lines = cart_lines.into_iter().map(|(_, _, line)| line).collect();
        read.lines.insert(cart_id, cart_lines);
    }
    Ok(read)
}

/// `list`, then its last element again up to the next power of two.
fn padded<T>(list: &[T]) -> impl Iterator<Item = &T> {
    let padding = list.len().next_power_of_two() - list.len();
    list.iter()
        .chain(list.last().into_iter().cycle().take(padding))
}

/// The products asked for, each with its shelf, how many sizes it has, and, in a row each, the
/// sizes of its own asked for (a row without a size when none is), in the columns of
/// [`lines_and_items`]'s lines (the line's left empty).
fn item_query(items: &[(i32, Option<i32>)]) -> SelectStatement {
    let products: Vec<i32> = items.iter().map(|(product, _)| *product).collect();
    let chosen: Vec<i32> = items.iter().filter_map(|(_, size)| *size).collect();
    let sizes = Query::select()
        .expr(Expr::col((variation::Entity, variation::Column::Id)).count())
        .from(variation::Entity)
        .and_where(
            Expr::col((variation::Entity, variation::Column::ProductId))
                .equals((product::Entity, product::Column::Id)),
        )
        .to_owned();
    let mut query = Query::select();
    every_column::<cart_item::Entity>(&mut query, LINE, false);
    every_column::<product::Entity>(&mut query, PRODUCT, true);
    every_column::<variation::Entity>(&mut query, SIZE, !chosen.is_empty());
    every_column::<category::Entity>(&mut query, SHELF, true)
        .expr_as(sizes, "sizes")
        .from(product::Entity)
        .inner_join(
            category::Entity,
            Expr::col((category::Entity, category::Column::Id))
                .equals((product::Entity, product::Column::CategoryId)),
        )
        .and_where(
            Expr::col((product::Entity, product::Column::Id)).is_in(padded(&products).copied()),
        );
    if !chosen.is_empty() {
        query.left_join(
            variation::Entity,
            Condition::all()
                .add(
                    Expr::col((variation::Entity, variation::Column::Id))
                        .is_in(padded(&chosen).copied()),
                )
                .add(
                    Expr::col((variation::Entity, variation::Column::ProductId))
                        .equals((product::Entity, product::Column::Id)),
                ),
        );
    }
    query
}

/// Selects every column of `E` under `prefix` (`l_id`, `l_cart_id`, …), or as many NULLs
/// under the same names when `E` is not read, so the two halves of a `UNION` line up.
fn every_column<'q, E: EntityTrait>(
    query: &'q mut SelectStatement,
    prefix: &str,
    read: bool,
) -> &'q mut SelectStatement {
    for column in E::Column::iter() {
        let name = format!("{prefix}{}", column.as_str());
        if read {
            query.expr_as(Expr::col((E::default(), column)), name);
        } else {
            query.expr_as(Expr::cust("NULL"), name);
        }
    }
    query
}

/// The hidden shelves' ids (none asked for an empty cart): their products are not on sale.
async fn hidden_shelves(
    db: &impl ConnectionTrait,
    empty: bool,
) -> Result<HashSet<i32>, sea_orm::DbErr> {
    if empty {
        return Ok(HashSet::new());
    }
    Ok(category::Entity::find()
        .filter(category::Column::Hidden.eq(true))
        .all(db)
        .await?
        .into_iter()
        .map(|shelf| shelf.id)
        .collect())
}

/// A line with its product and size, at the size's price (or the product's).
fn priced(
    line: cart_item::Model,
    product: product::Model,
    size: Option<variation::Model>,
    shelf_hidden: bool,
) -> PricedLine {
    let unit_price =
        Money::from_pence(size.as_ref().map_or(product.price_pence, |s| s.price_pence));
    PricedLine {
        id: line.id,
        on_sale: crate::catalogue::is_on_sale(&product, shelf_hidden),
        product,
        size,
        quantity: u32::try_from(line.quantity).unwrap_or(0),
        unit_price,
    }
}

/// The total of some lines.
pub fn total_of(lines: &[PricedLine]) -> Money {
    cart_total(&lines.iter().map(PricedLine::priced).collect::<Vec<_>>())
}

/// The total of the lines that can be paid for now: what the cart shows.
pub fn payable_total(lines: &[PricedLine]) -> Money {
    let payable: Vec<_> = lines
        .iter()
        .filter(|line| line.unavailable().is_none())
        .map(PricedLine::priced)
        .collect();
    cart_total(&payable)
}

fn availability(line: &PricedLine) -> Availability {
    let unavailable = line.unavailable();
    Availability {
        status: match unavailable {
            None => AvailabilityStatus::OnSale,
            Some(Unavailable::Withdrawn) => AvailabilityStatus::Withdrawn,
            Some(Unavailable::SoldOut) => AvailabilityStatus::SoldOut,
            Some(Unavailable::TooFew(_)) => AvailabilityStatus::TooFew,
        },
        message: unavailable.map(|why| why.message(&line.label())),
    }
}

/// The cart as the API shows it, at current prices. A removal reads it at the end of its own
/// turn, on the connection that wrote it (an add or a quantity change answers with the read it
/// decided on, changed): the answer is exactly the change (the group's commit still decides
/// whether it is sent, see [`Writer::write`]), and on SQLite the writer's connection has the
/// pages at hand, where a pooled connection would start a read of its own and, after each
/// commit, drop its cache.
async fn view(
    db: &impl ConnectionTrait,
    cart_id: CartId,
    media_base: &str,
) -> Result<CartView, sea_orm::DbErr> {
    Ok(view_of(
        cart_id,
        priced_lines(db, cart_id).await?,
        media_base,
    ))
}

/// The cart as the API shows it, from its lines.
fn view_of(cart_id: CartId, lines: Vec<PricedLine>, media_base: &str) -> CartView {
    let total = payable_total(&lines).to_wire();
    let lead_days = crate::cart::fulfilment::lead_days(&lines);
    let items = lines
        .into_iter()
        .map(|line| CartItemView {
            available: availability(&line),
            id: line.id,
            product_id: line.product.id,
            variation_id: line.size.as_ref().map(|s| s.id),
            quantity: line.quantity as i32,
            line_total: line.total().to_wire(),
            product_details: ProductDetails {
                image: line
                    .product
                    .image
                    .as_deref()
                    .map(|path| media::media_url(Some(path), media_base)),
                price: line.unit_price.to_wire(),
                name: line.product.name,
            },
            variation_details: line.size.map(|s| VariationDetails {
                size: s.size,
                price: line.unit_price.to_wire(),
            }),
        })
        .collect();
    CartView {
        id: cart_id.to_string(),
        items,
        total,
        lead_days,
    }
}

/// Takes each line's quantity from its stock, only where that much is left; the first line
/// that cannot be had is returned (the caller rolls back). Rows are taken in one fixed order,
/// sizes by id and then products by id, whatever the cart's order: two checkouts holding the
/// same items never wait on each other in a circle.
pub async fn take_stock<'a>(
    txn: &impl ConnectionTrait,
    lines: &'a [PricedLine],
) -> Result<Option<&'a PricedLine>, DbErr> {
    let mut in_order: Vec<&PricedLine> = lines.iter().collect();
    in_order.sort_by_key(|line| match &line.size {
        Some(size) => (0, size.id),
        None => (1, line.product.id),
    });
    for line in in_order {
        let quantity = i64::from(line.quantity);
        let taken = match &line.size {
            Some(size) => {
                variation::Entity::update_many()
                    .col_expr(
                        variation::Column::Stock,
                        Expr::col(variation::Column::Stock).sub(quantity),
                    )
                    .filter(variation::Column::Id.eq(size.id))
                    .filter(variation::Column::Stock.gte(quantity))
                    .exec(txn)
                    .await?
            }
            None => {
                product::Entity::update_many()
                    .col_expr(
                        product::Column::Stock,
                        Expr::col(product::Column::Stock).sub(quantity),
                    )
                    .filter(product::Column::Id.eq(line.product.id))
                    .filter(product::Column::Stock.gte(quantity))
                    .exec(txn)
                    .await?
            }
        };
        if taken.rows_affected == 0 {
            return Ok(Some(line));
        }
    }
    Ok(None)
}
