//! Workshop bookings as orders: each paid booking is an order of the `workshop` channel
//! (written by [`super::writer::write_booking`]), so refunds, the CSV export and the day's
//! work apply to it as to any order. Here: a booking read with its workshop.

use std::collections::HashMap;

use posy_core::Money;
use posy_core::calendar::Date;
use posy_core::order::{OrderStatus, PaidBy, RefundState};
use posy_core::workshop::CancellationRule;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    Set,
};
use uuid::Uuid;

use super::admin::{OrderError, status_of, studio_today};
use super::refunds::{self, RefundAsk};
use super::{OrderDesk, letters};
use crate::mail;
use crate::store::audit::{self, Kind};
use crate::store::entities::{order, order_refund, workshop, workshop_booking};

/// The booking an order is, with its workshop; `None` for an order of the shop.
pub async fn of_order(
    db: &impl ConnectionTrait,
    order_id: i32,
) -> Result<Option<(workshop_booking::Model, workshop::Model)>, DbErr> {
    let Some(booking) = workshop_booking::Entity::find()
        .filter(workshop_booking::Column::OrderId.eq(order_id))
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    let workshop = workshop::Entity::find_by_id(booking.workshop_id)
        .one(db)
        .await?
        .ok_or_else(|| DbErr::RecordNotFound("a booking's workshop".into()))?;
    Ok(Some((booking, workshop)))
}

/// A booking's balance as it counts in its order's money. The balance is paid apart from the
/// order's own payment (on an intent of its own, or in the studio) and given back on its own
/// payment, so the order's columns never hold it: every figure of what an order took and gave
/// back adds this, read here once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BalanceMoney {
    /// The balance received, by card or in the studio.
    pub paid: Money,
    /// Given back on the balance's own payment (the order's refunds that name a payment).
    pub refunded: Money,
}

/// [`BalanceMoney`] of each of orders `ids` that has any (an order of the shop has none).
pub async fn balance_money(
    db: &impl ConnectionTrait,
    ids: &[i32],
) -> Result<HashMap<i32, BalanceMoney>, DbErr> {
    let mut out: HashMap<i32, BalanceMoney> = HashMap::new();
    if ids.is_empty() {
        return Ok(out);
    }
    let received = workshop_booking::Entity::find()
        .filter(workshop_booking::Column::OrderId.is_in(ids.iter().copied()))
        .filter(workshop_booking::Column::BalancePaidAt.is_not_null())
        .all(db)
        .await?;
    for booking in received {
        let Some(order_id) = booking.order_id else {
            continue;
        };
        let sums = out.entry(order_id).or_default();
        sums.paid = sums
            .paid
            .saturating_add(Money::from_pence(booking.balance_pence));
    }
    let given = order_refund::Entity::find()
        .filter(order_refund::Column::OrderId.is_in(ids.iter().copied()))
        .filter(order_refund::Column::PaymentIntentId.is_not_null())
        .all(db)
        .await?;
    for refund in given {
        let sums = out.entry(refund.order_id).or_default();
        sums.refunded = sums
            .refunded
            .saturating_add(Money::from_pence(refund.amount_pence));
    }
    Ok(out)
}

/// [`BalanceMoney`] of order `id`.
pub async fn balance_money_of(db: &impl ConnectionTrait, id: i32) -> Result<BalanceMoney, DbErr> {
    Ok(balance_money(db, &[id])
        .await?
        .remove(&id)
        .unwrap_or_default())
}

/// One line of a workshop's attendee list.
#[derive(Clone, Debug)]
pub struct Attendee {
    pub order_id: i32,
    pub names: Vec<String>,
    pub email: String,
    pub phone: String,
    pub seats: i32,
    /// Paid so far: at booking, and the balance once received.
    pub paid: Money,
    /// What a gift voucher paid of it at booking.
    pub paid_by_voucher: Money,
    /// Still owed (zero once the balance is received).
    pub owed: Money,
    pub balance_due: Option<String>,
    /// `card` or `studio` once received.
    pub balance_paid_how: Option<String>,
    /// Allergies or access needs; empty once deleted after the workshop.
    pub note: String,
}

/// The bookings standing on a workshop (paid, not cancelled), in the order they came.
pub async fn attendees(
    db: &impl ConnectionTrait,
    workshop_id: i32,
) -> Result<Vec<Attendee>, DbErr> {
    let rows = workshop_booking::Entity::find()
        .filter(workshop_booking::Column::WorkshopId.eq(workshop_id))
        .filter(workshop_booking::Column::OrderId.is_not_null())
        .filter(workshop_booking::Column::CancelledAt.is_null())
        .order_by_asc(workshop_booking::Column::CreatedAt)
        .order_by_asc(workshop_booking::Column::Id)
        .all(db)
        .await?;
    // What a gift voucher paid is the booking's order's, as for any order.
    let by_voucher: HashMap<i32, i64> = order::Entity::find()
        .filter(order::Column::Id.is_in(rows.iter().filter_map(|b| b.order_id)))
        .all(db)
        .await?
        .into_iter()
        .map(|o| (o.id, o.voucher_pence))
        .collect();
    Ok(rows
        .into_iter()
        .map(|b| {
            let paid_by_voucher = b
                .order_id
                .and_then(|id| by_voucher.get(&id).copied())
                .unwrap_or(0);
            let received = b.balance_paid_at.is_some();
            let (paid, owed) = if received {
                (b.paid_pence + b.balance_pence, 0)
            } else {
                (b.paid_pence, b.balance_pence)
            };
            Attendee {
                order_id: b.order_id.unwrap_or_default(),
                names: letters::booking_names(&b),
                email: b.email,
                phone: b.phone,
                seats: b.seats,
                paid: Money::from_pence(paid),
                paid_by_voucher: Money::from_pence(paid_by_voucher),
                owed: Money::from_pence(owed),
                balance_due: b.balance_due,
                balance_paid_how: b.balance_paid_how,
                note: b.note,
            }
        })
        .collect())
}

/// Why a booking could not be changed.
#[derive(Debug)]
pub enum BookingError {
    /// No standing booking is that order.
    Gone,
    /// The balance was received already (or nothing is owed).
    NothingOwed,
    /// The order's refund or cancellation was refused (its sentence).
    Order(OrderError),
    Db(DbErr),
}

impl From<DbErr> for BookingError {
    fn from(err: DbErr) -> Self {
        BookingError::Db(err)
    }
}

impl From<OrderError> for BookingError {
    fn from(err: OrderError) -> Self {
        match err {
            OrderError::Db(err) => BookingError::Db(err),
            other => BookingError::Order(other),
        }
    }
}

/// Marks the balance of the booking that is order `order_id` as paid in the studio (cash, a
/// card on the studio's own machine), once: a second mark, or one for a booking that owes
/// nothing, is refused. The booker is mailed that it was received.
pub async fn balance_paid_in_studio(
    desk: &OrderDesk,
    order_id: i32,
    admin: &str,
) -> Result<Attendee, BookingError> {
    let (booking, workshop) = of_order(&desk.db, order_id)
        .await?
        .filter(|(b, _)| b.cancelled_at.is_none())
        .ok_or(BookingError::Gone)?;
    let txn = desk.ledger.begin().await?;
    let marked = workshop_booking::Entity::update_many()
        .col_expr(
            workshop_booking::Column::BalancePaidAt,
            Expr::value(desk.clock.now()),
        )
        .col_expr(
            workshop_booking::Column::BalancePaidHow,
            Expr::value("studio"),
        )
        .filter(workshop_booking::Column::Id.eq(booking.id))
        .filter(workshop_booking::Column::BalancePaidAt.is_null())
        .filter(workshop_booking::Column::CancelledAt.is_null())
        .filter(workshop_booking::Column::BalancePence.gt(0))
        .exec(&txn)
        .await?;
    if marked.rows_affected == 0 {
        return Err(BookingError::NothingOwed);
    }
    let studio = desk.facts.get(&txn).await?;
    mail::post(
        &txn,
        &booking.email,
        letters::balance_received(&super::reference(order_id), &workshop, &booking, &studio),
    )
    .await?;
    audit::record(
        &txn,
        admin,
        Kind::Workshop,
        &format!("{} ({})", workshop.title, super::reference(order_id)),
        &format!(
            "balance of {} received in the studio",
            Money::from_pence(booking.balance_pence).display()
        ),
    )
    .await?;
    txn.commit().await?;
    attendees(&desk.db, workshop.id)
        .await?
        .into_iter()
        .find(|a| a.order_id == order_id)
        .ok_or(BookingError::Gone)
}

/// How a booking's cancellation treats its money, as the studio chose within the rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GiveBackAs {
    /// Refunded to the card (what the rule gives back).
    Refund,
    /// Kept as credit for another workshop (the studio notes it; nothing goes back now).
    Credit,
}

/// What the booker has paid on a booking: at booking, and the balance once received (by card
/// or in the studio).
fn paid_so_far(booking: &workshop_booking::Model) -> Money {
    let balance = if booking.balance_paid_at.is_some() {
        booking.balance_pence
    } else {
        0
    };
    Money::from_pence(booking.paid_pence.saturating_add(balance))
}

/// The balance's card payment, when the booker paid it online: its intent and amount.
fn balance_by_card(booking: &workshop_booking::Model) -> Option<(&str, Money)> {
    let paid =
        booking.balance_paid_at.is_some() && booking.balance_paid_how.as_deref() == Some("card");
    booking
        .balance_intent_id
        .as_deref()
        .filter(|_| paid && booking.balance_pence > 0)
        .map(|intent| (intent, Money::from_pence(booking.balance_pence)))
}

/// The payment a balance paid in the studio is, as its refund row names it: no provider ever
/// held it, so the provider is never asked for it (its refund starts and stays `by_hand`).
pub const PAID_IN_STUDIO: &str = "studio";

/// The balance received in the studio (cash, the studio's own card machine), when it was: the
/// provider never took it, so a cancellation that gives it back leaves it to the studio.
fn balance_in_studio(booking: &workshop_booking::Model) -> Option<Money> {
    (booking.balance_paid_at.is_some()
        && booking.balance_paid_how.as_deref() == Some("studio")
        && booking.balance_pence > 0)
        .then(|| Money::from_pence(booking.balance_pence))
}

/// The one refund row a booking's studio-paid balance can have: keyed by the booking, so no
/// second page or retry can write it twice.
fn by_hand_key(booking: &workshop_booking::Model) -> String {
    format!("posy-studio-balance-{}", booking.id)
}

/// What the studio is to give back by hand on a cancelled booking (its balance paid in the
/// studio), as recorded when it was cancelled; zero when nothing is.
pub async fn given_back_by_hand(
    db: &impl ConnectionTrait,
    booking: &workshop_booking::Model,
) -> Result<Money, DbErr> {
    Ok(order_refund::Entity::find()
        .filter(order_refund::Column::IdempotencyKey.eq(by_hand_key(booking)))
        .one(db)
        .await?
        .map_or(Money::ZERO, |r| Money::from_pence(r.amount_pence)))
}

/// A booking cancelled with money the provider cannot give back: the studio hands it back.
#[derive(Clone, Debug)]
pub struct ByHand {
    pub order_id: i32,
    pub names: Vec<String>,
    pub amount: Money,
}

/// Cancels the booking that is order `order_id` by its workshop's rule: until its balance is
/// due what was paid is refunded (or kept as credit, as the studio chooses), after it nothing
/// is; the seats go back on the workshop. The refund goes through [`refunds::give_back`] under
/// the page's `key`, so a retry gives back once; the booker is mailed. A balance paid in the
/// studio is not the provider's to give back: it is recorded as a refund to give back by hand,
/// and answered, so the page says how much the studio hands over (a retry answers the same).
pub async fn cancel_booking(
    desk: &OrderDesk,
    order_id: i32,
    how: GiveBackAs,
    key: Uuid,
    admin: &str,
) -> Result<Money, BookingError> {
    let (booking, workshop) = of_order(&desk.db, order_id)
        .await?
        .ok_or(BookingError::Gone)?;
    if booking.cancelled_at.is_some() {
        // Done by this ask or another: nothing more to do but say what it left by hand.
        return Ok(given_back_by_hand(&desk.db, &booking).await?);
    }
    let today = studio_today(desk.clock.now());
    let rule = CancellationRule::parse(&workshop.cancellation).unwrap_or(CancellationRule::Default);
    let due = booking
        .balance_due
        .as_deref()
        .and_then(Date::parse)
        .or_else(|| Date::parse(&workshop.balance_due))
        .unwrap_or(today);
    let back = rule.gives_back(paid_so_far(&booking), today, due);
    let refund = how == GiveBackAs::Refund && back.pence() > 0;
    let reason = if refund {
        "Booking cancelled: refunded by the workshop's rule".to_owned()
    } else if back.pence() > 0 {
        "Booking cancelled: kept as credit for another workshop".to_owned()
    } else {
        "Booking cancelled after the balance was due: nothing refunded".to_owned()
    };
    end_booking(desk, &booking, &workshop, refund, &reason, key, admin, true).await?;
    Ok(given_back_by_hand(&desk.db, &booking).await?)
}

/// Cancels workshop `id`: every standing booking is refunded in full through
/// [`refunds::give_back`] (each under a key made from the page's `key` and its order, so a
/// retry gives back once) and mailed; the workshop leaves the site. Answers how many bookings
/// were refunded, and the balances paid in the studio that the studio hands back by hand.
pub async fn cancel_workshop(
    desk: &OrderDesk,
    id: i32,
    version: i32,
    key: Uuid,
    admin: &str,
) -> Result<(usize, Vec<ByHand>), BookingError> {
    let txn = desk.ledger.begin().await?;
    let marked = workshop::Entity::update_many()
        .col_expr(workshop::Column::CancelledAt, Expr::value(desk.clock.now()))
        .col_expr(
            workshop::Column::Version,
            Expr::value(version.saturating_add(1)),
        )
        .filter(workshop::Column::Id.eq(id))
        .filter(workshop::Column::Version.eq(version))
        .filter(workshop::Column::CancelledAt.is_null())
        .exec(&txn)
        .await?;
    let workshop = workshop::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or(BookingError::Gone)?;
    if marked.rows_affected == 1 {
        audit::record(
            &txn,
            admin,
            Kind::Workshop,
            &format!("{} (#{id})", workshop.title),
            "cancelled: every booking refunded",
        )
        .await?;
        txn.commit().await?;
    } else if workshop.cancelled_at.is_none() {
        return Err(BookingError::Order(OrderError::Changed));
    } else {
        // Cancelled before (a retry): the refunds below are finished under the same keys.
        drop(txn);
    }
    let standing = workshop_booking::Entity::find()
        .filter(workshop_booking::Column::WorkshopId.eq(id))
        .filter(workshop_booking::Column::OrderId.is_not_null())
        .filter(workshop_booking::Column::CancelledAt.is_null())
        .all(&desk.db)
        .await?;
    let count = standing.len();
    for booking in standing {
        let order = booking.order_id.unwrap_or_default();
        // One key a booking, made from the page's: the same ask again finds the same refunds.
        let each = Uuid::from_u128(key.as_u128() ^ u128::from(order.unsigned_abs()));
        end_booking(
            desk,
            &booking,
            &workshop,
            true,
            "The studio cancelled the workshop: refunded in full",
            each,
            admin,
            false,
        )
        .await?;
    }
    // Read from the record rather than from this pass, so a retry (which finds every booking
    // ended already) answers the same: each booking the workshop's cancellation ended, not one
    // cancelled on its own before it.
    let since = workshop.cancelled_at.unwrap_or(i64::MAX);
    let ended = workshop_booking::Entity::find()
        .filter(workshop_booking::Column::WorkshopId.eq(id))
        .filter(workshop_booking::Column::OrderId.is_not_null())
        .filter(workshop_booking::Column::CancelledAt.gte(since))
        .order_by_asc(workshop_booking::Column::Id)
        .all(&desk.db)
        .await?;
    let mut by_hand = Vec::new();
    for booking in ended {
        let amount = given_back_by_hand(&desk.db, &booking).await?;
        if amount > Money::ZERO {
            by_hand.push(ByHand {
                order_id: booking.order_id.unwrap_or_default(),
                names: letters::booking_names(&booking),
                amount,
            });
        }
    }
    Ok((count, by_hand))
}

/// Ends a booking: the order refunded (its whole line) or only cancelled, through the
/// order's refunds; then the booking marked cancelled, its seats back on the workshop when
/// `seats_back`, and the booker mailed, in one transaction.
#[allow(clippy::too_many_arguments)]
async fn end_booking(
    desk: &OrderDesk,
    booking: &workshop_booking::Model,
    workshop: &workshop::Model,
    refund: bool,
    reason: &str,
    key: Uuid,
    admin: &str,
    seats_back: bool,
) -> Result<(), BookingError> {
    let order_id = booking.order_id.ok_or(BookingError::Gone)?;
    let order = order::Entity::find_by_id(order_id)
        .one(&desk.db)
        .await?
        .ok_or(BookingError::Gone)?;
    let status = status_of(&order);
    // What a gift voucher paid goes back on it first (as the refund below splits it): read
    // from what it paid, so a retry after the refund says the same.
    let to_voucher = if refund {
        Money::from_pence(std::cmp::max(
            std::cmp::min(order.voucher_pence, booking.paid_pence),
            0,
        ))
    } else {
        Money::ZERO
    };
    if status != OrderStatus::Cancelled {
        let ask = RefundAsk {
            quantities: vec![if refund { booking.seats as u32 } else { 0 }],
            restock: vec![false],
            delivery: false,
            cancel: true,
            reason: reason.to_owned(),
            // As the order's page reads it: with the balance given back on its own payment.
            refunded: Money::from_pence(order.refunded_pence)
                .saturating_add(balance_money_of(&desk.db, order_id).await?.refunded),
            status,
            key,
            // A gift voucher that paid part of it is given back first, as for any order.
            card_first: false,
        };
        refunds::give_back(desk, order_id, &ask, admin).await?;
    }
    // The balance paid online is a payment of its own: given back on itself, under its own key
    // (a retry of the same ask finds it and gives nothing twice).
    let balance = balance_by_card(booking).filter(|_| refund);
    if let Some((intent, amount)) = balance {
        refunds::give_back_payment(
            desk,
            order_id,
            intent,
            amount,
            "the balance of your booking",
            reason,
            key,
            admin,
        )
        .await?;
    }
    let txn = desk.ledger.begin().await?;
    let ended = workshop_booking::Entity::update_many()
        .col_expr(
            workshop_booking::Column::CancelledAt,
            Expr::value(desk.clock.now()),
        )
        .filter(workshop_booking::Column::Id.eq(booking.id))
        .filter(workshop_booking::Column::CancelledAt.is_null())
        .exec(&txn)
        .await?;
    if ended.rows_affected == 0 {
        return Ok(());
    }
    // The balance paid in the studio went into no card: the provider cannot give it back, so
    // it is recorded with the cancellation as the studio's to hand back (never asked of the
    // provider, counted in the order's money given back), once a booking.
    let in_studio = balance_in_studio(booking).filter(|_| refund);
    if let Some(amount) = in_studio {
        give_back_by_hand(
            &txn,
            order_id,
            booking,
            amount,
            reason,
            admin,
            desk.clock.now(),
        )
        .await?;
    }
    if seats_back {
        workshop::Entity::update_many()
            .col_expr(
                workshop::Column::SpotsLeft,
                Expr::col(workshop::Column::SpotsLeft).add(booking.seats),
            )
            .filter(workshop::Column::Id.eq(workshop.id))
            .exec(&txn)
            .await?;
    }
    let studio = desk.facts.get(&txn).await?;
    mail::post(
        &txn,
        &booking.email,
        letters::booking_cancelled(
            &super::reference(order_id),
            workshop,
            booking,
            refund.then(|| {
                Money::from_pence(booking.paid_pence)
                    .saturating_add(balance.map_or(Money::ZERO, |(_, amount)| amount))
                    .checked_sub(to_voucher)
                    .unwrap_or(Money::ZERO)
            }),
            to_voucher,
            &studio,
        ),
    )
    .await?;
    txn.commit().await?;
    Ok(())
}

/// Records the studio's balance `amount` on booking `booking` (order `order_id`) as a refund
/// to give back by hand, on the caller's transaction, with its record.
async fn give_back_by_hand(
    txn: &impl ConnectionTrait,
    order_id: i32,
    booking: &workshop_booking::Model,
    amount: Money,
    reason: &str,
    admin: &str,
    at: i64,
) -> Result<(), DbErr> {
    order_refund::ActiveModel {
        order_id: Set(order_id),
        amount_pence: Set(amount.pence()),
        what: Set("the balance of your booking, paid in the studio".to_owned()),
        reason: Set(reason.to_owned()),
        idempotency_key: Set(by_hand_key(booking)),
        state: Set(RefundState::first(PaidBy::Studio).as_str().to_owned()),
        attempts: Set(0),
        last_error: Set(None),
        next_attempt_at: Set(None),
        created_by: Set(admin.to_owned()),
        created_at: Set(at),
        settled_at: Set(None),
        cancelled: Set(false),
        payment_intent_id: Set(Some(PAID_IN_STUDIO.to_owned())),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    audit::record(
        txn,
        admin,
        Kind::Refund,
        &format!("order {}", super::reference(order_id)),
        &format!(
            "{} to give back by hand (the balance paid in the studio). Reason: {reason}",
            amount.display()
        ),
    )
    .await?;
    Ok(())
}

/// Days before the balance is due that the first reminder goes.
pub const REMIND_DAYS_BEFORE: i64 = 7;

/// Mails every booking still owing its balance: once a week before it is due, and once more
/// on the day (or later) if it is still unpaid, each with a link to pay it (the order's link
/// token, so no saved card is needed). Answers how many were mailed. `now` is the real clock.
pub async fn remind_balances(desk: &OrderDesk, now: i64) -> Result<usize, DbErr> {
    let today = studio_today(now);
    let week_ahead = today.add_days(REMIND_DAYS_BEFORE).to_wire();
    let owing = workshop_booking::Entity::find()
        .filter(workshop_booking::Column::OrderId.is_not_null())
        .filter(workshop_booking::Column::CancelledAt.is_null())
        .filter(workshop_booking::Column::BalancePaidAt.is_null())
        .filter(workshop_booking::Column::BalancePence.gt(0))
        .filter(workshop_booking::Column::BalanceDue.lte(week_ahead))
        .all(&desk.db)
        .await?;
    let mut sent = 0;
    for booking in owing {
        let Some(due) = booking.balance_due.as_deref().and_then(Date::parse) else {
            continue;
        };
        let which = if due <= today { "day" } else { "week" };
        if booking.reminded.as_deref() == Some(which) || booking.reminded.as_deref() == Some("day")
        {
            continue;
        }
        let Some((_, workshop)) = of_order(&desk.db, booking.order_id.unwrap_or_default()).await?
        else {
            continue;
        };
        if workshop.cancelled_at.is_some() {
            continue;
        }
        let order_id = booking.order_id.unwrap_or_default();
        let txn = desk.ledger.begin().await?;
        let marked = workshop_booking::Entity::update_many()
            .col_expr(workshop_booking::Column::Reminded, Expr::value(which))
            .filter(workshop_booking::Column::Id.eq(booking.id))
            .filter(workshop_booking::Column::BalancePaidAt.is_null())
            .filter(
                sea_orm::Condition::any()
                    .add(workshop_booking::Column::Reminded.is_null())
                    .add(workshop_booking::Column::Reminded.ne(which)),
            )
            .exec(&txn)
            .await?;
        if marked.rows_affected == 0 {
            continue;
        }
        let token = super::mint_token(&txn, order_id, desk.link_ttl_seconds).await?;
        let link = format!(
            "{}/workshops/balance/{order_id}?token={token}",
            desk.public_url.trim_end_matches('/')
        );
        let studio = desk.facts.get(&txn).await?;
        mail::post(
            &txn,
            &booking.email,
            letters::balance_reminder(
                &super::reference(order_id),
                &workshop,
                &booking,
                due,
                which == "day",
                &link,
                &studio,
            ),
        )
        .await?;
        txn.commit().await?;
        sent += 1;
    }
    Ok(sent)
}

/// Runs [`remind_balances`] at once and then every six hours, on `clock` (the real one: the
/// shop's `--fake-now` must not send a reminder).
pub async fn remind_forever(desk: OrderDesk, clock: crate::store::clock::Clock) {
    let mut every = tokio::time::interval(std::time::Duration::from_secs(6 * 60 * 60));
    loop {
        every.tick().await;
        match remind_balances(&desk, clock.now()).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(sent = n, "balance reminders sent"),
            Err(err) => tracing::warn!(%err, "could not send balance reminders"),
        }
    }
}

/// A workshop booking as a customer's copy of her data gives it (her export), note included:
/// allergies are health data, and hers to see.
#[derive(Debug, Clone, poem_openapi::Object, serde::Serialize)]
#[oai(rename = "HeldBooking")]
pub struct HeldBooking {
    /// The order it is, `FS-000123`; null while it was only being paid.
    pub reference: Option<String>,
    pub workshop: String,
    /// `YYYY-MM-DD`.
    pub date: String,
    pub seats: i32,
    pub names: Vec<String>,
    pub email: String,
    pub phone: String,
    /// Allergies or access needs; empty once deleted (30 days after the workshop).
    pub note: String,
    /// Paid, e.g. `"20.00"`.
    pub paid: String,
    pub balance: String,
    pub cancelled: bool,
}

/// Her bookings, by the address she gave.
pub async fn held(db: &impl ConnectionTrait, email: &str) -> Result<Vec<HeldBooking>, DbErr> {
    let rows = workshop_booking::Entity::find()
        .filter(workshop_booking::Column::Email.eq(email))
        .order_by_asc(workshop_booking::Column::CreatedAt)
        .all(db)
        .await?;
    let mut held = Vec::with_capacity(rows.len());
    for b in rows {
        let workshop = workshop::Entity::find_by_id(b.workshop_id).one(db).await?;
        held.push(HeldBooking {
            reference: b.order_id.map(super::reference),
            workshop: workshop
                .as_ref()
                .map_or_else(String::new, |w| w.title.clone()),
            date: workshop.map_or_else(String::new, |w| w.date),
            seats: b.seats,
            names: letters::booking_names(&b),
            note: b.note.clone(),
            email: b.email,
            phone: b.phone,
            paid: Money::from_pence(b.paid_pence).to_wire(),
            balance: Money::from_pence(b.balance_pence).to_wire(),
            cancelled: b.cancelled_at.is_some(),
        });
    }
    Ok(held)
}

/// Erases her bookings' personal data (names, address, phone, note); the seats and the money
/// stay with the order, which `privacy` anonymises. Answers how many.
pub async fn forget(txn: &impl ConnectionTrait, email: &str, now: i64) -> Result<u64, DbErr> {
    let forgotten = workshop_booking::Entity::update_many()
        .col_expr(workshop_booking::Column::Names, Expr::value("[]"))
        .col_expr(workshop_booking::Column::Email, Expr::value(""))
        .col_expr(workshop_booking::Column::Phone, Expr::value(""))
        .col_expr(workshop_booking::Column::Note, Expr::value(""))
        .col_expr(workshop_booking::Column::NotesClearedAt, Expr::value(now))
        .filter(workshop_booking::Column::Email.eq(email))
        .exec(txn)
        .await?;
    Ok(forgotten.rows_affected)
}

/// Deletes the notes (allergies: health data) of workshops held more than
/// [`posy_core::workshop::NOTES_KEPT_DAYS`] days before `today`. Answers how many.
pub async fn clear_old_notes(
    txn: &impl ConnectionTrait,
    today: Date,
    now: i64,
) -> Result<u64, DbErr> {
    let held_before = today
        .add_days(-posy_core::workshop::NOTES_KEPT_DAYS)
        .to_wire();
    let past: Vec<i32> = workshop::Entity::find()
        .filter(workshop::Column::Date.lt(held_before))
        .all(txn)
        .await?
        .into_iter()
        .map(|w| w.id)
        .collect();
    if past.is_empty() {
        return Ok(0);
    }
    let cleared = workshop_booking::Entity::update_many()
        .col_expr(workshop_booking::Column::Note, Expr::value(""))
        .col_expr(workshop_booking::Column::NotesClearedAt, Expr::value(now))
        .filter(workshop_booking::Column::WorkshopId.is_in(past))
        .filter(workshop_booking::Column::Note.ne(""))
        .exec(txn)
        .await?;
    Ok(cleared.rows_affected)
}
