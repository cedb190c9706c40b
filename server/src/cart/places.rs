//! Places taken in the studio's diary, for the capacities of its delivery slots and of
//! collection on a day (core's `Slot.capacity` and `collection_capacity`). Core decides from
//! the counts whether a slot or day is "Fully booked" ([`posy_core::schedule::Taken`]); this
//! module counts:
//!
//! - placed orders, by their `fulfil_method`, `fulfil_date` and `fulfil_slot` (written with the
//!   order from the cart's choice; an index over them makes this one grouped query over the
//!   days from today), but not cancelled ones: a cancelled order gives its place back, or every
//!   cancellation would take a place from the diary for good;
//! - carts whose stock is held while they pay ([`crate::cart::holds`]) and that have a choice, from
//!   their second `check_intent` (the one the checkout makes just before paying: the page's
//!   first, made when it is shown, takes no place, so shoppers looking at the checkout do not
//!   fill the diary): a held cart counts while held. Its `fulfil_*` columns are written with its choice, and a new
//!   choice ends its hold, so a live hold always books the place its payment was priced for;
//!   it stops counting when the hold lapses or the cart changes, and its order counts instead
//!   once placed;
//! - never the asking cart itself: it is taking its place, not competing for it.
//!
//! Nothing is counted while no slot or day has a limit (the demo settings): [`has_limits`].
//! On PostgreSQL, when the place a paying cart books has a limit, [`lock_place`] makes two
//! checkouts of the same slot on the same day take turns, so both cannot take its last place
//! (SQLite's one writer does that by itself).

use posy_core::calendar::{Date, Instant};
use posy_core::delivery::DeliverySettings;
use posy_core::fulfilment::{Fulfilment, FulfilmentForm, Handover};
use posy_core::order::OrderStatus;
use posy_core::schedule::{Method, Taken, TakenDay, TakenSlot, today};
use sea_orm::sea_query::{Expr, ExprTrait, Query, UnionType};
use sea_orm::{ConnectionTrait, DatabaseBackend, DbErr, Statement};

use crate::store::entities::{cart as carts, order};

/// The place a choice books, as the `fulfil_*` columns keep it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Booking {
    /// `delivery` or `collection`.
    pub method: Option<String>,
    /// `2026-12-15`.
    pub date: Option<String>,
    /// The delivery slot's name.
    pub slot: Option<String>,
    /// The slot's hours when it was chosen, `09:00–13:00`, kept for the mails and pages.
    pub slot_hours: Option<String>,
}

impl Booking {
    /// The place of a choice core accepted.
    pub fn of(chosen: &Fulfilment) -> Booking {
        Booking {
            method: Some(chosen.method().as_str().to_owned()),
            date: Some(chosen.date.to_wire()),
            slot: match &chosen.handover {
                Handover::Delivery(delivery) => Some(delivery.slot.clone()),
                Handover::Collection { .. } => None,
            },
            slot_hours: match &chosen.handover {
                Handover::Delivery(delivery) => Some(delivery.hours()),
                Handover::Collection { .. } => None,
            },
        }
    }

    /// The place a cart's choice books (none without a choice).
    pub fn of_cart(cart: &carts::Model) -> Booking {
        Booking {
            method: cart.fulfil_method.clone(),
            date: cart.fulfil_date.clone(),
            slot: cart.fulfil_slot.clone(),
            slot_hours: cart.slot_hours.clone(),
        }
    }
}

/// Whether any slot or collection day has a limit, so that places are worth counting.
pub fn has_limits(settings: &DeliverySettings) -> bool {
    settings.collection_capacity.is_some() || settings.slots.iter().any(|s| s.capacity.is_some())
}

/// The places taken from today (on the shop's clock, `now`) on: every placed order's but the
/// cancelled ones', and every live held cart's that is paying (see the module's notes) but the
/// cart `except`'s. Nothing when nothing
/// has a limit.
pub async fn taken(
    db: &impl ConnectionTrait,
    settings: &DeliverySettings,
    now: Instant,
    except: Option<&str>,
) -> Result<Taken, DbErr> {
    if !has_limits(settings) {
        return Ok(Taken::none());
    }
    let today = today(now).to_wire();
    let mut booked = Query::select()
        .columns([
            order::Column::FulfilMethod,
            order::Column::FulfilDate,
            order::Column::FulfilSlot,
        ])
        .from(order::Entity)
        .and_where(Expr::col(order::Column::FulfilDate).gte(today.as_str()))
        .and_where(Expr::col(order::Column::Status).ne(OrderStatus::Cancelled.as_str()))
        .to_owned();
    let mut held = Query::select()
        .columns([
            carts::Column::FulfilMethod,
            carts::Column::FulfilDate,
            carts::Column::FulfilSlot,
        ])
        .from(carts::Entity)
        .and_where(Expr::col(carts::Column::HeldUntil).gt(now))
        .and_where(Expr::col(carts::Column::HoldChecks).gte(2))
        .and_where(Expr::col(carts::Column::OrderedAt).is_null())
        .and_where(Expr::col(carts::Column::FulfilDate).gte(today.as_str()))
        .to_owned();
    if let Some(cart) = except {
        held.and_where(Expr::col(carts::Column::Id).ne(cart));
    }
    booked.union(UnionType::All, held);
    let counted = Query::select()
        .columns(["fulfil_method", "fulfil_date", "fulfil_slot"])
        .expr_as(Expr::cust("COUNT(*)"), "places")
        .from_subquery(booked, "booked")
        .group_by_columns(["fulfil_method", "fulfil_date", "fulfil_slot"])
        .to_owned();
    let mut taken = Taken::none();
    for row in db.query_all(&counted).await? {
        let method: Option<String> = row.try_get("", "fulfil_method")?;
        let date: Option<String> = row.try_get("", "fulfil_date")?;
        let slot: Option<String> = row.try_get("", "fulfil_slot")?;
        let count: i64 = row.try_get("", "places")?;
        let count = u32::try_from(count).unwrap_or(u32::MAX);
        let date = date.as_deref().and_then(Date::parse);
        match (method.as_deref().and_then(Method::parse), date, slot) {
            (Some(Method::Delivery), Some(date), Some(slot)) => {
                taken.slots.push(TakenSlot { date, slot, count });
            }
            (Some(Method::Collection), Some(date), _) => {
                taken.collections.push(TakenDay { date, count });
            }
            _ => {}
        }
    }
    Ok(taken)
}

/// On PostgreSQL, when the place a kept choice books has a limit, holds it until the
/// transaction ends (an advisory lock on the method, day and slot), so that counting its
/// places and holding one are a single step for each checkout in turn.
pub async fn lock_place(
    txn: &impl ConnectionTrait,
    settings: &DeliverySettings,
    form: &FulfilmentForm,
) -> Result<(), DbErr> {
    if txn.get_database_backend() != DatabaseBackend::Postgres {
        return Ok(());
    }
    let (method, date, slot) = (form.method.trim(), form.date.trim(), form.slot.trim());
    let limited = match Method::parse(method) {
        Some(Method::Delivery) => settings
            .slots
            .iter()
            .any(|s| s.name == slot && s.capacity.is_some()),
        Some(Method::Collection) => settings.collection_capacity.is_some(),
        None => false,
    };
    if !limited {
        return Ok(());
    }
    let place = match Method::parse(method) {
        Some(Method::Delivery) => format!("{method} {date} {slot}"),
        _ => format!("{method} {date}"),
    };
    txn.execute_raw(Statement::from_sql_and_values(
        DatabaseBackend::Postgres,
        "SELECT pg_advisory_xact_lock($1, hashtext($2))",
        [PLACE_LOCKS.into(), place.into()],
    ))
    .await?;
    Ok(())
}

/// The first key of the places' advisory locks (any number of the shop's own, not the holds').
const PLACE_LOCKS: i32 = 0x506f_7370;
