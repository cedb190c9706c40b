//! Offer codes as the shop keeps them, and their uses counted as stock is: a use is `held` for a
//! cart at `check_intent` (counting only while the cart's hold lives, like a voucher's hold in
//! [`super::vouchers`]) and becomes `used` with the order, in its transaction. The terms and every
//! sentence are core's ([`posy_core::offer`]).

use posy_core::Money;
use posy_core::calendar::{Date, Weekday};
use posy_core::offer::{AppliedOffer, Offer, OfferCart, OfferCode, OfferKind, OfferRefusal};
use sea_orm::sea_query::{Expr, LockType};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
};

use crate::store::clock::now;
use crate::store::entities::{cart as carts, offer_code, offer_use};

/// A use held for a cart paying.
pub const HELD: &str = "held";
/// A use by an order.
pub const USED: &str = "used";

/// The weekday's word as kept: `tuesday`.
pub fn weekday_word(day: Weekday) -> String {
    day.name().to_ascii_lowercase()
}

/// The weekday a word names.
pub fn parse_weekday(word: &str) -> Option<Weekday> {
    Weekday::ALL
        .into_iter()
        .find(|day| day.name().eq_ignore_ascii_case(word.trim()))
}

/// The kind's word as kept: `percent_off`, `amount_off`, `free_delivery`.
pub fn kind_word(kind: &OfferKind) -> &'static str {
    match kind {
        OfferKind::PercentOff { .. } => "percent_off",
        OfferKind::AmountOff { .. } => "amount_off",
        OfferKind::FreeDelivery => "free_delivery",
    }
}

/// Core's terms from the kept row.
pub fn terms(row: &offer_code::Model) -> Offer {
    let kind = match row.kind.as_str() {
        "percent_off" => OfferKind::PercentOff {
            percent: row.percent.unwrap_or(0).clamp(0, 100) as u8,
        },
        "amount_off" => OfferKind::AmountOff {
            amount: Money::from_pence(row.amount_pence.unwrap_or(0)),
        },
        _ => OfferKind::FreeDelivery,
    };
    let list = |json: &str| serde_json::from_str::<Vec<i32>>(json).unwrap_or_default();
    Offer {
        kind,
        minimum_spend: row.minimum_spend_pence.map(Money::from_pence),
        valid_from: row.valid_from.as_deref().and_then(Date::parse),
        valid_until: row.valid_until.as_deref().and_then(Date::parse),
        weekdays: row.weekdays.split(',').filter_map(parse_weekday).collect(),
        slots: serde_json::from_str(&row.slots).unwrap_or_default(),
        products: list(&row.products),
        shelves: list(&row.shelves),
        total_uses: row.total_uses.map(|n| n.max(0) as u32),
        once_per_email: row.once_per_email,
    }
}

/// The code's row, ended or not; `None` for a code the shop never made.
pub async fn find(
    db: &impl ConnectionTrait,
    code: &OfferCode,
) -> Result<Option<offer_code::Model>, DbErr> {
    offer_code::Entity::find()
        .filter(offer_code::Column::Code.eq(code.as_str()))
        .one(db)
        .await
}

/// Uses that count against the code's total: orders' uses, and live holds of carts other than
/// `except_cart` (`now` on the shop's clock).
pub async fn uses(
    db: &impl ConnectionTrait,
    offer_id: i32,
    now: i64,
    except_cart: Option<&str>,
) -> Result<u32, DbErr> {
    let used = offer_use::Entity::find()
        .filter(offer_use::Column::OfferId.eq(offer_id))
        .filter(offer_use::Column::Kind.eq(USED))
        .count(db)
        .await?;
    let held: Vec<String> = offer_use::Entity::find()
        .filter(offer_use::Column::OfferId.eq(offer_id))
        .filter(offer_use::Column::Kind.eq(HELD))
        .all(db)
        .await?
        .into_iter()
        .filter_map(|row| row.cart_id)
        .filter(|cart| Some(cart.as_str()) != except_cart)
        .collect();
    let live = if held.is_empty() {
        0
    } else {
        carts::Entity::find()
            .filter(carts::Column::Id.is_in(held))
            .filter(carts::Column::HeldUntil.gt(now))
            .filter(carts::Column::OrderedAt.is_null())
            .count(db)
            .await?
    };
    Ok(u32::try_from(used + live).unwrap_or(u32::MAX))
}

/// Whether an order from this e-mail address (any case) has used the code.
pub async fn used_by(db: &impl ConnectionTrait, offer_id: i32, email: &str) -> Result<bool, DbErr> {
    Ok(offer_use::Entity::find()
        .filter(offer_use::Column::OfferId.eq(offer_id))
        .filter(offer_use::Column::Kind.eq(USED))
        .filter(offer_use::Column::Email.eq(email.trim().to_lowercase()))
        .count(db)
        .await?
        > 0)
}

/// Forgets the cart's held uses (a new hold replaces them).
pub async fn forget_holds(txn: &impl ConnectionTrait, cart_id: &str) -> Result<(), DbErr> {
    offer_use::Entity::delete_many()
        .filter(offer_use::Column::CartId.eq(cart_id))
        .filter(offer_use::Column::Kind.eq(HELD))
        .exec(txn)
        .await?;
    Ok(())
}

/// Why a code did not apply.
#[derive(Debug)]
pub enum NotApplied {
    /// No such code.
    Unknown,
    /// Core's refusal.
    Refused(OfferRefusal),
    Db(DbErr),
}

impl From<DbErr> for NotApplied {
    fn from(err: DbErr) -> Self {
        NotApplied::Db(err)
    }
}

/// The code as a cart applies it: its terms, whether the studio ended it, and whether its uses
/// are all taken (orders', and live holds of carts other than `cart_id`, at `now`).
pub async fn applied(
    db: &impl ConnectionTrait,
    row: &offer_code::Model,
    cart_id: Option<&str>,
    now: i64,
) -> Result<AppliedOffer, DbErr> {
    Ok(AppliedOffer::counted(
        terms(row),
        row.ended_at.is_some(),
        uses(db, row.id, now, cart_id).await?,
    ))
}

/// Judges the code on the cart (uses counted now, holds of other carts included): what it
/// takes off, or why not. `cart` is given with `uses` and `used_by_email` left at nothing;
/// they are filled in here.
pub async fn judge(
    db: &impl ConnectionTrait,
    row: &offer_code::Model,
    cart_id: Option<&str>,
    cart: OfferCart<'_>,
    email: Option<&str>,
    now: i64,
) -> Result<posy_core::offer::Discount, NotApplied> {
    let applied = applied(db, row, cart_id, now).await?;
    let used_by_email = match email {
        Some(email) if applied.terms.once_per_email && !applied.withdrawn => {
            used_by(db, row.id, email).await?
        }
        _ => false,
    };
    applied
        .apply(&OfferCart {
            used_by_email,
            ..cart
        })
        .map_err(NotApplied::Refused)
}

/// Holds a use of the code for the cart, in the caller's transaction (the cart's hold), after
/// locking the code's row so two carts taking its last use run one after the other. Answers
/// what it takes off.
pub async fn hold(
    txn: &impl ConnectionTrait,
    cart_id: &str,
    code: &OfferCode,
    cart: OfferCart<'_>,
    email: Option<&str>,
    now: i64,
) -> Result<(posy_core::offer::Discount, i32), NotApplied> {
    forget_holds(txn, cart_id).await?;
    let row = locked(txn, code).await?;
    let discount = judge(txn, &row, Some(cart_id), cart, email, now).await?;
    offer_use::ActiveModel {
        offer_id: Set(row.id),
        kind: Set(HELD.to_owned()),
        cart_id: Set(Some(cart_id.to_owned())),
        email: Set(email.map(|e| e.trim().to_lowercase())),
        discount_pence: Set(discount.total().pence()),
        at: Set(self::now()),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    Ok((discount, row.id))
}

/// The code's row, locked to the end of the transaction (PostgreSQL; a no-op on SQLite, whose
/// write transactions run one at a time), so that its uses are counted as they stand.
async fn locked(
    txn: &impl ConnectionTrait,
    code: &OfferCode,
) -> Result<offer_code::Model, NotApplied> {
    let found = find(txn, code).await?.ok_or(NotApplied::Unknown)?;
    offer_code::Entity::find_by_id(found.id)
        .lock(LockType::Update)
        .one(txn)
        .await?
        .ok_or(NotApplied::Unknown)
}

/// Turns the cart's held use into the order's, in the order's transaction; refused when the
/// code can no longer be used (its hold lapsed and the last use went elsewhere, or the e-mail
/// address has used it).
pub async fn use_for_order(
    txn: &impl ConnectionTrait,
    cart_id: &str,
    code: &OfferCode,
    order_id: i32,
    email: &str,
    now: i64,
) -> Result<(), NotApplied> {
    let row = locked(txn, code).await?;
    let terms = terms(&row);
    let counted = uses(txn, row.id, now, Some(cart_id)).await?;
    if terms.total_uses.is_some_and(|most| counted >= most) {
        return Err(NotApplied::Refused(OfferRefusal::UsedUp));
    }
    if terms.once_per_email && used_by(txn, row.id, email).await? {
        return Err(NotApplied::Refused(OfferRefusal::UsedByEmail));
    }
    let discount = offer_use::Entity::find()
        .filter(offer_use::Column::CartId.eq(cart_id))
        .filter(offer_use::Column::Kind.eq(HELD))
        .one(txn)
        .await?
        .map_or(0, |held| held.discount_pence);
    forget_holds(txn, cart_id).await?;
    offer_use::ActiveModel {
        offer_id: Set(row.id),
        kind: Set(USED.to_owned()),
        cart_id: Set(Some(cart_id.to_owned())),
        order_id: Set(Some(order_id)),
        email: Set(Some(email.trim().to_lowercase())),
        discount_pence: Set(discount),
        at: Set(self::now()),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    Ok(())
}

/// Every code, newest first.
pub async fn all(db: &impl ConnectionTrait) -> Result<Vec<offer_code::Model>, DbErr> {
    offer_code::Entity::find()
        .order_by_desc(offer_code::Column::Id)
        .all(db)
        .await
}

/// Ends the code from the version the page saw; `Ok(false)` when it changed meanwhile.
pub async fn end(txn: &impl ConnectionTrait, id: i32, seen: i32) -> Result<bool, DbErr> {
    // A version never stored (the largest number) is stale, not an overflow.
    let Some(next) = seen.checked_add(1) else {
        return Ok(false);
    };
    let moved = offer_code::Entity::update_many()
        .col_expr(offer_code::Column::Version, Expr::value(next))
        .col_expr(offer_code::Column::EndedAt, Expr::value(now()))
        .col_expr(offer_code::Column::UpdatedAt, Expr::value(now()))
        .filter(offer_code::Column::Id.eq(id))
        .filter(offer_code::Column::Version.eq(seen))
        .exec(txn)
        .await?;
    Ok(moved.rows_affected == 1)
}

/// How many orders used the code.
pub async fn used_count(db: &impl ConnectionTrait, offer_id: i32) -> Result<u32, DbErr> {
    let used = offer_use::Entity::find()
        .filter(offer_use::Column::OfferId.eq(offer_id))
        .filter(offer_use::Column::Kind.eq(USED))
        .count(db)
        .await?;
    Ok(u32::try_from(used).unwrap_or(u32::MAX))
}
