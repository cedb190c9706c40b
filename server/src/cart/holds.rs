//! Stock held while paying: from the moment `check_intent` hands out a client secret until the
//! order is placed or the hold runs out (`--hold-minutes`, 10), the cart's lines are set aside
//! for it, so that a shopper who would need stock other shoppers are paying for is told before
//! paying ([`HeldElsewhere`]'s sentence) instead of being refunded afterwards.
//!
//! **What a hold is.** A cart holds its own lines while `carts.held_until` is ahead of the
//! shop's clock and the cart is open; there is no counter of held stock anywhere. What other
//! carts hold of an item is one grouped sum over the lines of the carts whose hold is live.
//! So a hold ends by itself when its time passes (nothing has to run to give the stock back,
//! and nothing can be left counted by a process that died), and it ends at once when the cart
//! changes: every cart write ([`crate::cart`]'s add, update and remove, and a new florist's
//! choice in [`crate::cart::fulfilment::choose`]) clears `held_until` in the transaction that
//! changes the lines, so what a live hold holds is always exactly its lines. Placing the order
//! (which takes the stock itself) and refunding its payment clear it too. A counter of held
//! stock on each product, raised and lowered with conditional updates, was the other way: it
//! needs every expiry and every cart change to give back exactly what was taken, across
//! processes and crashes, and a lost decrement would hide stock until someone repaired it.
//!
//! **Why it is atomic.** Taking a hold is one transaction that first writes the cart's row (its
//! new `held_until`: the cart's lock, and on SQLite the database's one write lock, taken before
//! anything is read), then reads the cart's lines with the stock rows they draw on locked (in
//! the shop's one order, [`crate::store::stock`], so a hold, an order, an edit and a refund
//! never wait on each other in a circle), and only then sums what other live holds take of
//! them. On PostgreSQL two holds on
//! the same item therefore run one after the other, and the second's sum (a new snapshot at
//! READ COMMITTED) sees the first's committed hold; an order placed meanwhile has either
//! lowered the stock read or waits for the hold to commit. On SQLite every write transaction
//! runs one at a time anyway (the row locks are left out there, and not needed). Releasing needs
//! no lock: it only ever frees stock.
//!
//! **Caps.** A cart holds at most its lines, which core already caps (10 a line); asking again
//! while its hold lives keeps the hold's end, and a hold may be started again (renewed) at most
//! `--max-hold-renewals` (3) times in an hour, so a cart cannot keep stock for ever by asking
//! every ten minutes (a shopper who took eleven minutes to find her card renews once and pays).
//! One address (as per-address limits count it: an IPv6 address by its /64) may have at most
//! `--max-holds-per-address` (3) carts held at once, holding at most
//! `--max-held-units-per-address` (20) pieces in all and at most a third of any stock row
//! ([`shopper_share`], at least 1), so that one shopper or script cannot set a day's shelf
//! aside. On PostgreSQL an advisory lock on the address makes those counts exact under
//! parallel requests from it (SQLite's single writer does the same). The address is kept only
//! with a live hold and forgotten with it ([`forget_expired`] clears lapsed ones every hour).
//!
//! **Places.** A held cart's place in a delivery slot or collection day counts
//! ([`crate::cart::places`]) only from its second `check_intent` in the hour (`hold_checks`):
//! the checkout page asks once when it is shown and again just before paying (the spec), so a
//! shopper only looking at the checkout takes no place from anybody.
//!
//! **What it does not change.** The shop page shows stock on hand; the order still takes its
//! stock with conditional updates and refunds a payment whose stock went after all (a hold that
//! lapsed while the card was confirmed, say).

use std::collections::HashMap;

use posy_core::cart::CartId;
use posy_core::catalogue::line_hold;
use sea_orm::sea_query::{Expr, ExprTrait, IntoCondition, LockType};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseBackend, DbErr, EntityTrait, JoinType, PaginatorTrait,
    QueryFilter, QuerySelect, QueryTrait, RelationTrait, Statement, UpdateMany,
};

use crate::cart::{self, PricedLine};
use crate::store::entities::{cart as carts, cart_item, workshop, workshop_booking};
use crate::studio::workshops;

/// How long a hold lasts, how often it may be renewed and how much an address may hold.
#[derive(Clone, Copy, Debug)]
pub struct HoldRules {
    /// From the first `check_intent` of a hold to its end.
    pub seconds: i64,
    /// Carts one address may have held at once.
    pub per_address: u32,
    /// Pieces one address may have held at once, over all its carts.
    pub units_per_address: u32,
    /// How many times in an hour a cart may start a hold again after its first.
    pub renewals: u32,
}

impl HoldRules {
    /// `minutes` a hold, `per_address` held carts an address, the shop's defaults for the rest
    /// (20 pieces an address, 3 renewals an hour).
    pub fn new(minutes: u32, per_address: u32) -> HoldRules {
        HoldRules {
            seconds: i64::from(minutes) * 60,
            per_address,
            units_per_address: 20,
            renewals: 3,
        }
    }

    /// At most `units` pieces held by an address at once.
    pub fn units_per_address(self, units: u32) -> HoldRules {
        HoldRules {
            units_per_address: units,
            ..self
        }
    }

    /// At most `renewals` holds started again in an hour after a cart's first.
    pub fn renewals(self, renewals: u32) -> HoldRules {
        HoldRules { renewals, ..self }
    }
}

/// The hour a cart's renewals and `check_intent` calls are counted in.
const HOUR: i64 = 60 * 60;

/// How much of a stock row one address may hold while paying: a third of what is on hand, at
/// least 1 (so a one-off arrangement can still be bought).
pub fn shopper_share(stock: i64) -> i64 {
    std::cmp::max(stock / 3, 1)
}

/// Why a cart's lines were not held.
#[derive(Debug)]
pub enum NotHeld {
    /// No open cart has that id.
    CartGone,
    /// Nothing in it.
    EmptyCart,
    /// A line cannot be paid for at all (withdrawn, sold out, too few on hand): the sentence.
    Unavailable(String),
    /// A line needs stock that other carts hold while they pay: the sentence.
    HeldElsewhere(String),
    /// The address already has its share of held carts.
    AddressFull,
    /// The address's carts would hold more pieces than one address may (the most it may).
    AddressUnits(u32),
    /// A line asks for more of its stock than one address may hold while paying: the
    /// sentence.
    OverShare(String),
    /// The cart has renewed its hold as often as it may this hour.
    RenewalsSpent,
    Db(DbErr),
}

impl From<DbErr> for NotHeld {
    fn from(err: DbErr) -> Self {
        NotHeld::Db(err)
    }
}

/// A cart whose lines are held, as read under its lock.
pub struct Held {
    pub cart: carts::Model,
    pub lines: Vec<PricedLine>,
}

/// Adds to a cart update the columns that end its hold (see the module's notes): every write
/// to a cart's lines or choice goes through it.
pub fn release(update: UpdateMany<carts::Entity>) -> UpdateMany<carts::Entity> {
    update
        .col_expr(carts::Column::HeldUntil, Expr::value(None::<i64>))
        .col_expr(carts::Column::HoldAddress, Expr::value(None::<String>))
}

/// Holds the cart's lines for its payment, or says why not. Runs in the caller's transaction,
/// as its first statement (see the module's notes); the caller rolls back on a refusal and
/// commits once the rest of the payment's preparation (the charge) is written too.
pub async fn take(
    txn: &impl ConnectionTrait,
    now: i64,
    cart_id: CartId,
    address: &str,
    rules: HoldRules,
) -> Result<Held, NotHeld> {
    let cart = lock_and_hold(txn, now, cart_id, address, rules).await?;
    if i64::from(cart.holds_started) > 1 + i64::from(rules.renewals) {
        return Err(NotHeld::RenewalsSpent);
    }
    let lines = cart::priced_lines_locked(txn, cart_id).await?;
    if lines.is_empty() {
        return Err(NotHeld::EmptyCart);
    }
    if let Some((line, why)) = lines
        .iter()
        .find_map(|line| line.unavailable().map(|why| (line, why)))
    {
        return Err(NotHeld::Unavailable(why.message(&line.label())));
    }
    if !address_has_room(txn, now, cart_id, address, rules).await? {
        return Err(NotHeld::AddressFull);
    }
    within_address_share(txn, now, cart_id, address, rules, &lines).await?;
    let products = cart_item::Column::ProductId.is_in(lines.iter().map(|l| l.product.id));
    let held = held_by_others(txn, now, cart_id, products).await?;
    for line in &lines {
        let others = held.get(&stock_row(line)).copied().unwrap_or(0);
        if let Some(why) = line_hold(line.stock(), others, line.quantity) {
            return Err(NotHeld::HeldElsewhere(why.message(&line.label())));
        }
    }
    Ok(Held { cart, lines })
}

/// Writes the hold's end on the open cart (the cart's lock) and answers the cart as it now is.
/// A live hold keeps its end; a lapsed or released one starts again from now, and counts as a
/// renewal unless it is the cart's first in the hour. Every call counts in `hold_checks`.
async fn lock_and_hold(
    txn: &impl ConnectionTrait,
    now: i64,
    cart_id: CartId,
    address: &str,
    rules: HoldRules,
) -> Result<carts::Model, NotHeld> {
    let live = || Expr::col(carts::Column::HeldUntil).gt(now);
    // Every right-hand side reads the row as it was before this update.
    let new_hour = || {
        Expr::col(carts::Column::HeldUntil)
            .is_null()
            .or(Expr::col(carts::Column::HeldUntil).lte(now))
            .and(
                Expr::col(carts::Column::HoldHourFrom)
                    .is_null()
                    .or(Expr::col(carts::Column::HoldHourFrom).lte(now - HOUR)),
            )
    };
    let mut update = carts::Entity::update_many()
        .col_expr(
            carts::Column::HeldUntil,
            Expr::case(live(), Expr::col(carts::Column::HeldUntil))
                .finally(now + rules.seconds)
                .into(),
        )
        .col_expr(
            carts::Column::HoldHourFrom,
            Expr::case(new_hour(), now)
                .finally(Expr::col(carts::Column::HoldHourFrom))
                .into(),
        )
        .col_expr(
            carts::Column::HoldsStarted,
            Expr::case(live(), Expr::col(carts::Column::HoldsStarted))
                .case(new_hour(), 1)
                .finally(Expr::col(carts::Column::HoldsStarted).add(1))
                .into(),
        )
        .col_expr(
            carts::Column::HoldChecks,
            Expr::case(new_hour(), 1)
                .finally(Expr::col(carts::Column::HoldChecks).add(1))
                .into(),
        )
        .col_expr(carts::Column::HoldAddress, Expr::value(address))
        .filter(carts::Column::Id.eq(cart_id.to_string()))
        .filter(carts::Column::OrderedAt.is_null())
        .into_query();
    // RETURNING, written by sea-query for both databases (sea-orm's own helper wants a
    // feature that would change every insert on SQLite).
    update.returning_all();
    let statement = txn.get_database_backend().build(&update);
    carts::Entity::find()
        .from_raw_sql(statement)
        .one(txn)
        .await?
        .ok_or(NotHeld::CartGone)
}

/// Whether the address may hold one more cart (this one aside). On PostgreSQL an advisory lock
/// on the address, held to the end of the transaction, makes parallel requests from it count
/// one after another.
async fn address_has_room(
    txn: &impl ConnectionTrait,
    now: i64,
    cart_id: CartId,
    address: &str,
    rules: HoldRules,
) -> Result<bool, DbErr> {
    if txn.get_database_backend() == DatabaseBackend::Postgres {
        // Two-key advisory locks are a space of their own; the first key says "holds".
        txn.execute_raw(Statement::from_sql_and_values(
            DatabaseBackend::Postgres,
            "SELECT pg_advisory_xact_lock($1, hashtext($2))",
            [ADDRESS_LOCKS.into(), address.into()],
        ))
        .await?;
    }
    let others = carts::Entity::find()
        .filter(carts::Column::HoldAddress.eq(address))
        .filter(carts::Column::HeldUntil.gt(now))
        .filter(carts::Column::OrderedAt.is_null())
        .filter(carts::Column::Id.ne(cart_id.to_string()))
        .count(txn)
        .await?;
    Ok(others < u64::from(rules.per_address))
}

/// Refuses a hold that would take the address (its other live holds with this cart's lines)
/// past its pieces in all, or past [`shopper_share`] of a stock row. Runs under the address's
/// lock taken by [`address_has_room`].
async fn within_address_share(
    txn: &impl ConnectionTrait,
    now: i64,
    cart_id: CartId,
    address: &str,
    rules: HoldRules,
    lines: &[PricedLine],
) -> Result<(), NotHeld> {
    let held = held_by_others(txn, now, cart_id, carts::Column::HoldAddress.eq(address)).await?;
    let elsewhere: i64 = held.values().sum();
    let here: i64 = lines.iter().map(|line| i64::from(line.quantity)).sum();
    if elsewhere + here > i64::from(rules.units_per_address) {
        return Err(NotHeld::AddressUnits(rules.units_per_address));
    }
    for line in lines {
        let share = shopper_share(line.stock());
        let others = held.get(&stock_row(line)).copied().unwrap_or(0);
        if others + i64::from(line.quantity) > share {
            return Err(NotHeld::OverShare(over_share(&line.label(), share, others)));
        }
    }
    Ok(())
}

/// Why a line asks for more than one shopper may hold of it while paying.
fn over_share(label: &str, share: i64, elsewhere: i64) -> String {
    let most = format!(
        "We can keep at most {share} of {label} for one shopper while paying, so that others \
         can buy some too."
    );
    match share - elsewhere {
        room if room > 0 => format!("{most} Please lower the quantity to {room}."),
        _ => format!(
            "{most} Your other basket already holds {elsewhere}: please finish paying for it \
             first, or wait a few minutes."
        ),
    }
}

/// The first key of the per-address advisory locks ("Posz": any number of the shop's own).
const ADDRESS_LOCKS: i32 = 0x506f_737a;

/// Which stock a line draws on: its size's, or the product's when it has no sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum StockRow {
    Size(i32),
    Product(i32),
}

fn stock_row(line: &PricedLine) -> StockRow {
    match &line.size {
        Some(size) => StockRow::Size(size.id),
        None => StockRow::Product(line.product.id),
    }
}

/// How much of each stock row the live holds of other carts take, of the lines `which` picks
/// (an address's holds, or the products of this cart's lines): one grouped sum.
async fn held_by_others(
    txn: &impl ConnectionTrait,
    now: i64,
    cart_id: CartId,
    which: impl IntoCondition,
) -> Result<HashMap<StockRow, i64>, DbErr> {
    let held: Vec<(i32, Option<i32>, i64)> = cart_item::Entity::find()
        .select_only()
        .column(cart_item::Column::ProductId)
        .column(cart_item::Column::VariationId)
        .column_as(
            Expr::col((cart_item::Entity, cart_item::Column::Quantity)).sum(),
            "held",
        )
        .join(JoinType::InnerJoin, cart_item::Relation::Cart.def())
        .filter(carts::Column::HeldUntil.gt(now))
        .filter(carts::Column::OrderedAt.is_null())
        .filter(carts::Column::Id.ne(cart_id.to_string()))
        .filter(which)
        .group_by(cart_item::Column::ProductId)
        .group_by(cart_item::Column::VariationId)
        .into_tuple()
        .all(txn)
        .await?;
    Ok(held
        .into_iter()
        .map(|(product, size, quantity)| {
            let row = size.map_or(StockRow::Product(product), StockRow::Size);
            (row, quantity)
        })
        .collect())
}

/// Forgets lapsed holds (and so the addresses that asked for them); answers how many.
pub async fn forget_expired(db: &impl ConnectionTrait, now: i64) -> Result<u64, DbErr> {
    let forgotten = release(carts::Entity::update_many())
        .filter(carts::Column::HeldUntil.lte(now))
        .exec(db)
        .await?;
    Ok(forgotten.rows_affected)
}

/// A booking's seats held for its payment: the cart, and the booking it carries.
pub struct HeldSeats {
    pub cart: carts::Model,
    pub booking: workshop_booking::Model,
    pub workshop: workshop::Model,
}

/// Holds a workshop booking's seats for its payment, or says why not: as [`take`], with the
/// cart's booking for its lines. The cart's row is written first (its lock, the renewals and
/// the address's cap, exactly as for stock), then the workshop's row is locked, and only then
/// are the seats other live holds take summed ([`crate::studio::workshops::held_seats`]); so
/// two holds on the same workshop run one after the other on PostgreSQL, and the second sees
/// the first. A booking asks for at most 6 seats (core), which is its share.
pub async fn take_seats(
    txn: &impl ConnectionTrait,
    now: i64,
    cart_id: CartId,
    address: &str,
    rules: HoldRules,
) -> Result<HeldSeats, NotHeld> {
    let cart = lock_and_hold(txn, now, cart_id, address, rules).await?;
    if i64::from(cart.holds_started) > 1 + i64::from(rules.renewals) {
        return Err(NotHeld::RenewalsSpent);
    }
    let booking = workshop_booking::Entity::find()
        .filter(workshop_booking::Column::CartId.eq(cart_id.to_string()))
        .filter(workshop_booking::Column::OrderId.is_null())
        .one(txn)
        .await?
        .ok_or(NotHeld::EmptyCart)?;
    if !address_has_room(txn, now, cart_id, address, rules).await? {
        return Err(NotHeld::AddressFull);
    }
    let workshop = workshop::Entity::find_by_id(booking.workshop_id)
        .lock(LockType::NoKeyUpdate)
        .one(txn)
        .await?
        .filter(|w| !w.hidden && w.cancelled_at.is_none())
        .ok_or_else(|| NotHeld::Unavailable(posy_core::workshop::GONE_FROM_SITE.to_owned()))?;
    let held: i64 = workshops::held_seats(txn, now, &[workshop.id], Some(&cart_id.to_string()))
        .await?
        .into_iter()
        .map(|(_, seats)| seats)
        .sum();
    let left = std::cmp::max(i64::from(workshop.spots_left) - held, 0);
    if i64::from(booking.seats) > left {
        let left = u32::try_from(left).unwrap_or(0);
        return Err(NotHeld::HeldElsewhere(posy_core::workshop::only_left(
            &workshop.title,
            left,
        )));
    }
    Ok(HeldSeats {
        cart,
        booking,
        workshop,
    })
}
