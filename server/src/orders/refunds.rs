//! Money the studio gives back on an order, and its cancellation. The refund is written first,
//! with the lines it covers, what goes back on the shelf and the cancellation, in one
//! transaction; only then is the provider asked, with the refund's own amount and idempotency
//! key. The customer's letter goes with the write that marks a card's refund given back (at
//! once for money given back by hand, or a cancellation that gives nothing back), so no one is
//! told of money the provider then refuses. A refund made in the provider's own dashboard is
//! recorded when its event comes ([`refunded_by_provider`]), and no refund gives back more
//! than is left of the payment. A refund the provider refuses (or never answers) stays on the order as
//! failed and a background task asks again, with the same key: never lost, never given twice.
//! After [`FAILING_AFTER`] refusals it is `failing`: the studio is mailed once, it is still
//! asked for at the slow pace, and the studio may say it gave the money back another way.
//!
//! Each ask says what its page saw: the amount already given back on the order, the status
//! (when cancelling), and a key the page made for this one submission. A retry with the same
//! key (a double click, a slow answer sent again) finds the first refund and answers the order
//! as it stands; a page out of date is refused with what changed, so two people at the studio
//! never give the same money back twice.

use std::time::Duration;

use posy_core::Money;
use posy_core::order::{
    self as rules, OrderStatus, PaidBy, RefundChoice, RefundState, RefundableLine,
};
use posy_core::validation::is_email;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set, SqlErr, UpdateMany,
};
use uuid::Uuid;

use super::letters;
use crate::catalogue::bump_version;
use crate::mail;
use crate::orders;
use crate::orders::OrderDesk;
use crate::orders::admin::{self, OrderDetail, OrderError, paid_by_of, record_event, status_of};
use crate::store::audit::{self, Kind, from_to};
use crate::store::clock::now;
use crate::store::entities::{
    order, order_event, order_item, order_refund, product, refund, variation,
};

/// What the studio asked to give back.
#[derive(Debug, Clone)]
pub struct RefundAsk {
    /// How many of each line, in the order's line order.
    pub quantities: Vec<u32>,
    /// Put the refunded quantity of each line back in stock (not for flowers already made).
    pub restock: Vec<bool>,
    /// The delivery charge too.
    pub delivery: bool,
    /// Cancel the order as well.
    pub cancel: bool,
    /// Why, for the order's record.
    pub reason: String,
    /// What the page showed as already given back on the order when it was read.
    pub refunded: Money,
    /// Where the page saw the order: a cancellation from a page out of date is refused.
    pub status: OrderStatus,
    /// Made by the page for this submission and sent again with each retry of it.
    pub key: Uuid,
    /// For an order paid partly by gift voucher: give back to the card first (the studio's
    /// choice); by default the voucher is given back first.
    pub card_first: bool,
}

/// How a refund of `amount` on `order` splits between the gift voucher that paid part of it
/// and the card: the voucher first (what it paid and has not had back), or the card first when
/// the studio chooses; answers (to the voucher, to the card).
pub fn voucher_split(order: &order::Model, amount: Money, card_first: bool) -> (Money, Money) {
    let voucher_left = std::cmp::max(order.voucher_pence - order.voucher_refunded_pence, 0);
    if order.voucher_id.is_none() || voucher_left == 0 {
        return (Money::ZERO, amount);
    }
    let card_paid = order.total_pence - order.voucher_pence;
    let card_refunded = order.refunded_pence - order.voucher_refunded_pence;
    let card_left = std::cmp::max(card_paid - card_refunded, 0);
    let amount = std::cmp::max(amount.pence(), 0);
    let to_voucher = if card_first {
        std::cmp::min(amount - std::cmp::min(card_left, amount), voucher_left)
    } else {
        std::cmp::min(amount, voucher_left)
    };
    (
        Money::from_pence(to_voucher),
        Money::from_pence(amount - to_voucher),
    )
}

/// The longest a refund waits between tries, and the pace of a failing one.
pub const MAX_PAUSE_SECONDS: i64 = 60 * 60;
/// A pending refund younger than this is still being asked by the call that made it.
const PENDING_GRACE_SECONDS: i64 = 60;
/// How often the retrier looks for refunds due.
const POLL: Duration = Duration::from_secs(2);
/// The longest a reason may be.
pub const REASON_MAX_CHARS: usize = 500;
/// Refusals before a refund is `failing` and the studio is told. With the pauses of
/// [`pause_after`] (30 s, 1, 2 and 4 minutes) the fifth refusal comes about eight minutes
/// after the first: long enough to ride out a provider's blip or a dropped connection, which
/// clear in seconds or minutes, and short enough that the studio hears of a refusal that will
/// not clear (a disputed or already refunded payment, a closed account) the same morning,
/// before the customer rings to ask where their money is.
pub const FAILING_AFTER: i32 = 5;

/// The pause before the try after `attempts` failed ones: 30 s, doubling, at most an hour.
pub fn pause_after(attempts: i32) -> i64 {
    let doubled = 30i64.saturating_mul(1i64 << attempts.clamp(0, 20));
    Ord::min(doubled, MAX_PAUSE_SECONDS)
}

/// The idempotency key of the refund made by the page's `key` on order `id`: kept (unique) on
/// the refund's row and sent to the provider with every try, so however often the page, the
/// shop or the retrier asks, the customer is given it back once. The order's id is part of it
/// so a key sent for one order can never find another's refund.
fn refund_key(id: i32, key: Uuid) -> String {
    format!("posy-order-{id}-{}", key.simple())
}

/// Whether the page's `key` already gave back on (or cancelled) order `id`.
async fn already_done(db: &impl ConnectionTrait, id: i32, key: &str) -> Result<bool, DbErr> {
    let refunds = order_refund::Entity::find()
        .filter(order_refund::Column::OrderId.eq(id))
        .filter(order_refund::Column::IdempotencyKey.eq(key))
        .count(db)
        .await?;
    if refunds > 0 {
        return Ok(true);
    }
    let cancels = order_event::Entity::find()
        .filter(order_event::Column::OrderId.eq(id))
        .filter(order_event::Column::RequestKey.eq(key))
        .count(db)
        .await?;
    Ok(cancels > 0)
}

/// Why an ask that lost a race was refused, read after the winner committed: the same key
/// having won means the ask was done (`None`); otherwise what changed since the page read it.
async fn lost_to(
    db: &impl ConnectionTrait,
    id: i32,
    key: &str,
    ask: &RefundAsk,
) -> Result<Option<OrderError>, DbErr> {
    if already_done(db, id, key).await? {
        return Ok(None);
    }
    let Some(order) = order::Entity::find_by_id(id).one(db).await? else {
        return Ok(Some(OrderError::Gone));
    };
    Ok(Some(
        stale(db, &order, ask).await?.unwrap_or(OrderError::Changed),
    ))
}

/// What the page did not know, when it read the order before a change it did not see: money
/// given back meanwhile (the page sees a booking's balance given back too), or (for a
/// cancellation, or an order cancelled meanwhile) a new status.
async fn stale(
    db: &impl ConnectionTrait,
    order: &order::Model,
    ask: &RefundAsk,
) -> Result<Option<OrderError>, DbErr> {
    let balance = super::bookings::balance_money_of(db, order.id).await?;
    let refunded = Money::from_pence(order.refunded_pence).saturating_add(balance.refunded);
    if refunded != ask.refunded {
        return Ok(Some(OrderError::RefundedMeanwhile {
            seen: ask.refunded,
            now: refunded,
        }));
    }
    let status = status_of(order);
    if status != ask.status && (ask.cancel || status == OrderStatus::Cancelled) {
        return Ok(Some(OrderError::Moved(status)));
    }
    Ok(None)
}

/// Gives back what the studio chose on order `id` and, when asked, cancels it; then asks the
/// provider (a card order) and answers the order as it then stands. A retry of the same ask
/// (the same `key`) gives nothing more and answers the order as it stands.
pub async fn give_back(
    desk: &OrderDesk,
    id: i32,
    ask: &RefundAsk,
    admin: &str,
) -> Result<OrderDetail, OrderError> {
    let reason = ask.reason.trim();
    if reason.chars().count() > REASON_MAX_CHARS {
        return Err(OrderError::Refused(format!(
            "Please keep the reason to {REASON_MAX_CHARS} characters."
        )));
    }
    let key = refund_key(id, ask.key);
    // Another ask may commit between this one's read and its write: on PostgreSQL the
    // conditional update waits for it and then finds nothing to change, and a retry of this
    // very ask running at the same moment breaks the key's unique index. Either way, what the
    // other did is read once it is visible.
    let refund_id = match write_refund(desk, id, ask, &key, reason, admin).await {
        Ok(Written::Done(refund_id)) => refund_id,
        Ok(Written::AlreadyDone) => None,
        Ok(Written::Lost) => after_losing(desk, id, &key, ask).await?,
        Err(OrderError::Db(err))
            if matches!(err.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) =>
        {
            after_losing(desk, id, &key, ask).await?
        }
        Err(err) => return Err(err),
    };
    if let Some(refund_id) = refund_id {
        // Its outcome is written on the refund; a failure is retried in the background.
        ask_provider(desk, refund_id).await?;
    }
    admin::detail(&desk.db, desk.clock.now(), id).await
}

/// Gives back `amount` of a payment made on order `id` apart from the order's own (a workshop
/// booking's balance, paid later on an intent of its own): written as one of the order's
/// refunds under its own idempotency key (made from the page's `key` and the payment, so a
/// retry gives back once), then asked of the provider like any other, and retried the same
/// way. The order's own amounts are not touched: the payment was never part of its total. The
/// customer is mailed when the provider has given it back. Answers whether it was written now.
#[allow(clippy::too_many_arguments)]
pub async fn give_back_payment(
    desk: &OrderDesk,
    id: i32,
    payment: &str,
    amount: Money,
    what: &str,
    reason: &str,
    key: Uuid,
    admin: &str,
) -> Result<bool, DbErr> {
    let key = format!("posy-payment-{payment}-{}", key.simple());
    let txn = desk.ledger.begin().await?;
    if already_done(&txn, id, &key).await? || amount <= Money::ZERO {
        return Ok(false);
    }
    let at = now();
    let inserted = order_refund::ActiveModel {
        order_id: Set(id),
        amount_pence: Set(amount.pence()),
        what: Set(what.to_owned()),
        reason: Set(reason.to_owned()),
        idempotency_key: Set(key),
        state: Set(RefundState::first(PaidBy::Card).as_str().to_owned()),
        attempts: Set(0),
        last_error: Set(None),
        next_attempt_at: Set(Some(at + PENDING_GRACE_SECONDS)),
        created_by: Set(admin.to_owned()),
        created_at: Set(at),
        settled_at: Set(None),
        cancelled: Set(false),
        payment_intent_id: Set(Some(payment.to_owned())),
        ..Default::default()
    }
    .insert(&txn)
    .await;
    let row = match inserted {
        Ok(row) => row,
        // The same ask at the same moment wrote it first.
        Err(err) if matches!(err.sql_err(), Some(SqlErr::UniqueConstraintViolation(_))) => {
            return Ok(false);
        }
        Err(err) => return Err(err),
    };
    audit::record(
        &txn,
        admin,
        Kind::Refund,
        &format!("order {}", orders::reference(id)),
        &format!("{} refunded ({what}). Reason: {reason}", amount.display()),
    )
    .await?;
    txn.commit().await?;
    ask_provider(desk, row.id).await?;
    Ok(true)
}

/// An ask that lost a race: done by its own earlier try (nothing more to do), or refused with
/// what the winner changed.
async fn after_losing(
    desk: &OrderDesk,
    id: i32,
    key: &str,
    ask: &RefundAsk,
) -> Result<Option<i32>, OrderError> {
    match lost_to(&desk.db, id, key, ask).await? {
        None => Ok(None),
        Some(why) => Err(why),
    }
}

/// What [`write_refund`] did.
enum Written {
    /// Written and committed: the refund to ask the provider for, if any.
    Done(Option<i32>),
    /// The same ask was done before: nothing written.
    AlreadyDone,
    /// A conditional update found the order changed by a write this one did not see: nothing
    /// written.
    Lost,
}

/// The refund's transaction: the order's amounts, the lines, the shelf, the refund's row, the
/// cancellation and the customer's mail, or none of them.
async fn write_refund(
    desk: &OrderDesk,
    id: i32,
    ask: &RefundAsk,
    key: &str,
    reason: &str,
    admin: &str,
) -> Result<Written, OrderError> {
    let txn = desk.ledger.begin().await?;
    if already_done(&txn, id, key).await? {
        return Ok(Written::AlreadyDone);
    }
    let order = order::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or(OrderError::Gone)?;
    if let Some(why) = stale(&txn, &order, ask).await? {
        // A retry of this very ask may have committed between the key's check above and the
        // order's read (on PostgreSQL each statement sees what committed before it began):
        // then it is done, not stale.
        if already_done(&txn, id, key).await? {
            return Ok(Written::AlreadyDone);
        }
        return Err(why);
    }
    let status = status_of(&order);
    if status == OrderStatus::Cancelled {
        return Err(OrderError::Refused(
            "This order is already cancelled.".into(),
        ));
    }
    // A finished order stays as it ended; money can still be given back on it.
    if ask.cancel && status.finished() {
        return Err(OrderError::Refused(format!(
            "This order is {}, so it can no longer be cancelled; give money back with a refund \
             instead.",
            status.label().to_lowercase()
        )));
    }
    let items = orders::items_of_order(&txn, id).await?;
    let lines: Vec<RefundableLine> = items
        .iter()
        .map(|item| RefundableLine {
            name: item.product_name.clone(),
            unit_price: Money::from_pence(item.unit_price_pence),
            remaining: u32::try_from(item.quantity - item.refunded_quantity).unwrap_or(0),
        })
        .collect();
    let choice = RefundChoice {
        quantities: ask.quantities.clone(),
        delivery: ask.delivery,
    };
    let nothing_chosen = !ask.delivery && ask.quantities.iter().all(|q| *q == 0);
    // Cancelling may give nothing back (a no-show, or flowers already made and kept).
    let refund = if ask.cancel && nothing_chosen {
        None
    } else {
        let fee_left = admin::delivery_left(&order);
        let checked = rules::check_refund(
            &lines,
            fee_left,
            &choice,
            Money::from_pence(order.total_pence),
            Money::from_pence(order.refunded_pence),
        )
        .map_err(OrderError::Refused)?;
        Some(checked)
    };
    if ask.restock.len() != items.len() && !ask.restock.is_empty() {
        return Err(OrderError::Refused(
            "The order's items have changed; please open the order again.".into(),
        ));
    }
    let at = now();
    let paid_by = paid_by_of(&order);
    let by_card = paid_by == PaidBy::Card;
    let mut refund_id = None;
    // Lines asked to go back on the shelf that have no shelf left, said in the history.
    let mut not_restocked = Vec::new();
    let (to_voucher, to_card) = refund.as_ref().map_or((Money::ZERO, Money::ZERO), |r| {
        voucher_split(&order, r.amount, ask.card_first)
    });
    if let Some(refund) = &refund {
        // Only if no one else gave back meanwhile: the amounts were checked against this read.
        let updated = order::Entity::update_many()
            .col_expr(
                order::Column::RefundedPence,
                Expr::value(
                    Money::from_pence(order.refunded_pence)
                        .saturating_add(refund.amount)
                        .pence(),
                ),
            )
            .col_expr(
                order::Column::FeeRefunded,
                Expr::value(order.fee_refunded || ask.delivery),
            )
            .filter(order::Column::Id.eq(id))
            .filter(order::Column::RefundedPence.eq(order.refunded_pence))
            .exec(&txn)
            .await?;
        if updated.rows_affected == 0 {
            return Ok(Written::Lost);
        }
        // The shelves it puts back on are locked first, in the shop's one order for stock rows,
        // whatever the order's lines' order: a hold or an order on them never waits in a circle.
        let shelves = items
            .iter()
            .zip(&ask.quantities)
            .zip(ask.restock.iter().chain(std::iter::repeat(&false)))
            .filter(|((_, quantity), restock)| **quantity > 0 && **restock)
            .map(|((item, _), _)| item);
        let (sizes, products): (Vec<_>, Vec<_>) =
            shelves.partition(|item| item.variation_id.is_some());
        crate::store::stock::lock(
            &txn,
            sizes.iter().filter_map(|item| item.variation_id),
            products.iter().filter_map(|item| item.product_id),
        )
        .await?;
        let mut restocked = false;
        for ((item, &quantity), restock) in items
            .iter()
            .zip(&ask.quantities)
            .zip(ask.restock.iter().chain(std::iter::repeat(&false)))
        {
            if quantity == 0 {
                continue;
            }
            order_item::Entity::update_many()
                .col_expr(
                    order_item::Column::RefundedQuantity,
                    Expr::col(order_item::Column::RefundedQuantity).add(quantity as i32),
                )
                .filter(order_item::Column::Id.eq(item.id))
                .exec(&txn)
                .await?;
            if *restock {
                match put_back(&txn, item, quantity).await? {
                    Shelf::Restocked => restocked = true,
                    Shelf::Gone(why) => not_restocked.push(format!(
                        "{quantity} × {} could not go back on the shelf: {why}",
                        item.product_name
                    )),
                }
            }
        }
        if restocked {
            bump_version(&txn).await?;
        }
        // The gift voucher's part goes back on it now, in this transaction: a movement of its
        // ledger under the refund's key, so a retry gives it back once.
        if let (true, Some(voucher_id)) = (to_voucher > Money::ZERO, order.voucher_id) {
            super::vouchers::give_back(&txn, voucher_id, id, to_voucher, key, admin).await?;
            order::Entity::update_many()
                .col_expr(
                    order::Column::VoucherRefundedPence,
                    Expr::col(order::Column::VoucherRefundedPence).add(to_voucher.pence()),
                )
                .filter(order::Column::Id.eq(id))
                .exec(&txn)
                .await?;
        }
        // Only the card's part is asked of the provider; a refund wholly to the voucher is
        // settled as it is written.
        let on_voucher_only = to_voucher > Money::ZERO && to_card == Money::ZERO;
        let what = if to_voucher > Money::ZERO {
            format!(
                "{}; {} back on the gift voucher",
                refund.what,
                to_voucher.display()
            )
        } else {
            refund.what.clone()
        };
        let row = order_refund::ActiveModel {
            order_id: Set(id),
            amount_pence: Set(if to_voucher > Money::ZERO {
                to_card.pence()
            } else {
                refund.amount.pence()
            }),
            what: Set(what),
            reason: Set(reason.to_owned()),
            idempotency_key: Set(key.to_owned()),
            state: Set(if on_voucher_only {
                RefundState::Succeeded.as_str().to_owned()
            } else {
                RefundState::first(paid_by).as_str().to_owned()
            }),
            attempts: Set(0),
            last_error: Set(None),
            next_attempt_at: Set(
                (by_card && !on_voucher_only).then_some(at + PENDING_GRACE_SECONDS)
            ),
            created_by: Set(admin.to_owned()),
            created_at: Set(at),
            settled_at: Set(on_voucher_only.then_some(at)),
            cancelled: Set(ask.cancel),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        if !on_voucher_only {
            refund_id = Some(row.id);
        }
    }
    if !not_restocked.is_empty() {
        admin::record_change(&txn, id, not_restocked.join(". ") + ".", admin, at).await?;
    }
    if ask.cancel {
        // Only from the status this read: a move committed meanwhile is not undone unseen.
        let cancelled = order::Entity::update_many()
            .col_expr(
                order::Column::Status,
                Expr::value(OrderStatus::Cancelled.as_str()),
            )
            .filter(order::Column::Id.eq(id))
            .filter(order::Column::Status.eq(order.status.clone()))
            .exec(&txn)
            .await?;
        if cancelled.rows_affected == 0 {
            return Ok(Written::Lost);
        }
        let note = match &refund {
            Some(r) => format!("Refunded {} ({})", r.amount.display(), r.what),
            None => "Nothing refunded".to_owned(),
        };
        let note = if reason.is_empty() {
            note
        } else {
            format!("{note}. {reason}")
        };
        // A cancellation that gave nothing back keeps the page's key here instead.
        let request_key = refund.is_none().then(|| key.to_owned());
        record_event(
            &txn,
            id,
            OrderStatus::Cancelled,
            admin,
            Some(note),
            request_key,
        )
        .await?;
    }
    let done = match (&refund, ask.cancel) {
        (Some(r), cancel) => {
            let total = Money::from_pence(order.refunded_pence).saturating_add(r.amount);
            format!(
                "{}{} refunded ({}); {}",
                if cancel { "cancelled, " } else { "" },
                r.amount.display(),
                r.what,
                from_to(
                    "refunded in all",
                    Money::from_pence(order.refunded_pence).display(),
                    total.display()
                )
            )
        }
        (None, _) => "cancelled, nothing refunded".to_owned(),
    };
    let done = if reason.is_empty() {
        done
    } else {
        format!("{done}. Reason: {reason}")
    };
    audit::record(
        &txn,
        admin,
        Kind::Refund,
        &format!("order {}", orders::reference(id)),
        &done,
    )
    .await?;
    // A card's refund is told of once the provider has given it back (`ask_provider`), so a
    // customer never reads of money that a refusal then keeps from them.
    if to_voucher > Money::ZERO && is_email(&order.email) {
        let studio = desk.facts.get(&txn).await?;
        let hint = match order.voucher_id {
            Some(vid) => crate::store::entities::voucher::Entity::find_by_id(vid)
                .one(&txn)
                .await?
                .and_then(|v| posy_core::voucher::VoucherCode::parse(&v.code))
                .map(|code| code.hint())
                .unwrap_or_default(),
            None => String::new(),
        };
        mail::post(
            &txn,
            &order.email,
            super::voucher_letters::voucher_refunded(
                &studio,
                &order.first_name,
                &orders::reference(id),
                to_voucher,
                &hint,
                ask.cancel,
            ),
        )
        .await?;
    }
    let told_later = by_card && refund.is_some() && to_card > Money::ZERO;
    let told_of_voucher = to_voucher > Money::ZERO && to_card == Money::ZERO;
    if !told_later && !told_of_voucher {
        tell_customer(
            desk,
            &txn,
            &order,
            refund.as_ref().map(|r| (r.amount, r.what.as_str())),
            ask.cancel,
            by_card,
        )
        .await?;
    }
    txn.commit().await?;
    Ok(Written::Done(refund_id.filter(|_| by_card)))
}

/// The customer's letter about a refund (`money`: how much, and what for) and/or the order's
/// cancellation, inside the caller's transaction; none for an order with no address.
async fn tell_customer(
    desk: &OrderDesk,
    txn: &impl ConnectionTrait,
    order: &order::Model,
    money: Option<(Money, &str)>,
    cancelled: bool,
    by_card: bool,
) -> Result<(), DbErr> {
    if !is_email(&order.email) {
        return Ok(());
    }
    let studio = desk.facts.get(txn).await?;
    mail::post(
        txn,
        &order.email,
        letters::order_refunded(
            &studio,
            &order.first_name,
            &orders::reference(order.id),
            money.map(|(amount, _)| amount),
            money.map_or("", |(_, what)| what),
            cancelled,
            by_card,
        ),
    )
    .await
}

/// Where a line's refunded quantity went.
enum Shelf {
    Restocked,
    /// Not on any shelf, and why: the product or its size is no longer in the shop.
    Gone(&'static str),
}

/// Puts `quantity` of a line back on the shelf it was sold from: its size's stock, or the
/// product's own when it was sold without one. A line sold in a size that has since been
/// deleted has no shelf: its stock never was the product's own, which a product with sizes
/// does not sell from.
async fn put_back(
    db: &impl ConnectionTrait,
    item: &order_item::Model,
    quantity: u32,
) -> Result<Shelf, DbErr> {
    let quantity = i64::from(quantity);
    let changed = match (item.variation_id, item.sized, item.product_id) {
        (Some(size), _, _) => {
            variation::Entity::update_many()
                .col_expr(
                    variation::Column::Stock,
                    Expr::col(variation::Column::Stock).add(quantity),
                )
                .filter(variation::Column::Id.eq(size))
                .exec(db)
                .await?
        }
        (None, true, Some(_)) => return Ok(Shelf::Gone("its size is no longer in the shop")),
        (None, false, Some(product)) => {
            product::Entity::update_many()
                .col_expr(
                    product::Column::Stock,
                    Expr::col(product::Column::Stock).add(quantity),
                )
                .filter(product::Column::Id.eq(product))
                .exec(db)
                .await?
        }
        (None, _, None) => return Ok(Shelf::Gone("it is no longer in the shop")),
    };
    Ok(if changed.rows_affected > 0 {
        Shelf::Restocked
    } else {
        Shelf::Gone("it is no longer in the shop")
    })
}

/// `update` marking its refunds given back by the provider at `at`, to be asked for no more.
fn given_back_at(
    update: UpdateMany<order_refund::Entity>,
    at: i64,
) -> UpdateMany<order_refund::Entity> {
    update
        .col_expr(
            order_refund::Column::State,
            Expr::value(RefundState::Succeeded.as_str()),
        )
        .col_expr(order_refund::Column::SettledAt, Expr::value(at))
        .col_expr(
            order_refund::Column::NextAttemptAt,
            Expr::value(None::<i64>),
        )
        .col_expr(order_refund::Column::LastError, Expr::value(None::<String>))
}

/// Asks the provider for refund `id` (with its own amount and key) and writes the outcome: done,
/// or failed with the provider's words and when to try again. The refusal that makes it
/// failing mails the studio, once.
async fn ask_provider(desk: &OrderDesk, id: i32) -> Result<(), DbErr> {
    let db = &desk.ledger;
    let Some(row) = order_refund::Entity::find_by_id(id).one(db).await? else {
        return Ok(());
    };
    let Some(state) = RefundState::parse(&row.state).filter(|s| s.unsettled()) else {
        return Ok(());
    };
    let Some(order) = order::Entity::find_by_id(row.order_id).one(db).await? else {
        return Ok(());
    };
    // A booking's balance is given back on its own payment; every other refund on the order's.
    let payment = row
        .payment_intent_id
        .as_ref()
        .unwrap_or(&order.payment_intent_id);
    // A refused refund may have been given back meanwhile in the provider's dashboard, whose
    // news may be late or lost: the provider's own total is read first, so such money settles
    // this refund instead of going out twice.
    let read_first = if state.refused() {
        match desk.refunds.given_back(payment).await {
            Ok(total) => {
                refunded_by_provider(desk, payment, Money::from_pence(total)).await?;
                let now_state = order_refund::Entity::find_by_id(id)
                    .one(db)
                    .await?
                    .and_then(|r| RefundState::parse(&r.state));
                if now_state != Some(state) {
                    return Ok(());
                }
                Ok(())
            }
            Err(err) => Err(err),
        }
    } else {
        Ok(())
    };
    let asked = match read_first {
        Ok(()) => {
            desk.refunds
                .give_back(payment, row.amount_pence, &row.idempotency_key)
                .await
        }
        Err(err) => Err(err),
    };
    let at = now();
    let attempts = row.attempts + 1;
    // Only from the state read: the studio may have settled it elsewhere meanwhile.
    let update = order_refund::Entity::update_many()
        .filter(order_refund::Column::Id.eq(id))
        .filter(order_refund::Column::State.eq(state.as_str()))
        .col_expr(order_refund::Column::Attempts, Expr::value(attempts));
    match asked {
        Ok(()) => {
            let txn = db.begin().await?;
            let written = given_back_at(update, at).exec(&txn).await?;
            // Told once: by the write that marked it given back.
            if written.rows_affected == 1 {
                let money = Some((Money::from_pence(row.amount_pence), row.what.as_str()));
                tell_customer(desk, &txn, &order, money, row.cancelled, true).await?;
            }
            txn.commit().await?;
            if written.rows_affected == 0 {
                // Settled elsewhere while the provider was being asked: the customer has been
                // given it twice, and only a person can ask for one back.
                tracing::error!(
                    refund = id,
                    order = row.order_id,
                    "the payment provider gave back a refund the studio had just settled another way"
                );
            }
        }
        Err(err) => {
            let failing = state == RefundState::Failing || attempts >= FAILING_AFTER;
            tracing::warn!(refund = id, order = row.order_id, attempts, failing, %err, "refund failed; will retry");
            let (next, pause) = if failing {
                (RefundState::Failing, MAX_PAUSE_SECONDS)
            } else {
                (RefundState::Failed, pause_after(row.attempts))
            };
            let txn = db.begin().await?;
            let written = update
                .col_expr(order_refund::Column::State, Expr::value(next.as_str()))
                .col_expr(
                    order_refund::Column::LastError,
                    Expr::value(err.to_string()),
                )
                .col_expr(order_refund::Column::NextAttemptAt, Expr::value(at + pause))
                .exec(&txn)
                .await?;
            // Told once: when this write is the one that made it failing.
            if written.rows_affected > 0 && next == RefundState::Failing && state != next {
                let link = orders::admin_link(&desk.public_url, row.order_id);
                mail::post(
                    &txn,
                    &desk.notify,
                    letters::refund_failing(
                        &orders::reference(row.order_id),
                        Money::from_pence(row.amount_pence),
                        &row.what,
                        attempts,
                        &err,
                        &link,
                    ),
                )
                .await?;
            }
            txn.commit().await?;
        }
    }
    Ok(())
}

/// Asks the provider again for every refund due: failed and failing ones whose pause is over,
/// and pending ones whose first call never wrote an outcome (the process stopped in between).
pub async fn retry_due(desk: &OrderDesk) -> Result<usize, DbErr> {
    let due: Vec<i32> = order_refund::Entity::find()
        .select_only()
        .column(order_refund::Column::Id)
        .filter(order_refund::Column::State.is_in(RefundState::UNSETTLED.map(RefundState::as_str)))
        .filter(order_refund::Column::NextAttemptAt.lte(now()))
        .order_by_asc(order_refund::Column::Id)
        .limit(20)
        .into_tuple()
        .all(&desk.ledger)
        .await?;
    for id in &due {
        ask_provider(desk, *id).await?;
    }
    Ok(due.len())
}

/// Retries due refunds for the life of the server.
pub async fn retry_forever(desk: OrderDesk) {
    loop {
        if let Err(err) = retry_due(&desk).await {
            tracing::error!(%err, "could not retry refunds");
        }
        tokio::time::sleep(POLL).await;
    }
}

/// The studio gave refund `refund_id` of order `id` back another way (the provider kept
/// refusing it): it is asked for no more, and the order's history says who settled it.
pub async fn settle_elsewhere(
    desk: &OrderDesk,
    id: i32,
    refund_id: i32,
    admin: &str,
) -> Result<OrderDetail, OrderError> {
    let txn = desk.ledger.begin().await?;
    let row = order_refund::Entity::find_by_id(refund_id)
        .filter(order_refund::Column::OrderId.eq(id))
        .one(&txn)
        .await?
        .ok_or(OrderError::Gone)?;
    let state = RefundState::parse(&row.state);
    if state == Some(RefundState::SettledElsewhere) {
        // Asked twice (a double click): it stands as the first made it.
        drop(txn);
        return admin::detail(&desk.db, desk.clock.now(), id).await;
    }
    if !state.is_some_and(RefundState::can_settle_elsewhere) {
        return Err(OrderError::Refused(
            "Only a refund the payment provider keeps refusing can be marked as given back \
             another way."
                .into(),
        ));
    }
    let at = now();
    let settled = order_refund::Entity::update_many()
        .col_expr(
            order_refund::Column::State,
            Expr::value(RefundState::SettledElsewhere.as_str()),
        )
        .col_expr(order_refund::Column::SettledAt, Expr::value(at))
        .col_expr(
            order_refund::Column::NextAttemptAt,
            Expr::value(None::<i64>),
        )
        .filter(order_refund::Column::Id.eq(refund_id))
        .filter(order_refund::Column::State.eq(row.state.clone()))
        .exec(&txn)
        .await?;
    if settled.rows_affected == 0 {
        // The retrier wrote an outcome meanwhile (perhaps the provider gave it back at last).
        return Err(OrderError::Changed);
    }
    admin::record_change(
        &txn,
        id,
        format!(
            "The refund of {} ({}) was given back another way; the payment provider is no \
             longer asked for it.",
            Money::from_pence(row.amount_pence).display(),
            row.what
        ),
        admin,
        at,
    )
    .await?;
    // A cancellation's letter waited for the refund; the money went back some other way,
    // which the studio tells the customer of herself, but the cancellation is the shop's news.
    if row.cancelled
        && let Some(order) = order::Entity::find_by_id(id).one(&txn).await?
    {
        tell_customer(desk, &txn, &order, None, true, true).await?;
    }
    audit::record(
        &txn,
        admin,
        Kind::Refund,
        &format!("order {}", orders::reference(id)),
        &format!(
            "refund of {} ({}) given back another way",
            Money::from_pence(row.amount_pence).display(),
            row.what
        ),
    )
    .await?;
    txn.commit().await?;
    admin::detail(&desk.db, desk.clock.now(), id).await
}

/// The shop's own refunds the provider has made or may be making: succeeded ones (and those
/// recorded from its dashboard), and pending ones, whose ask may be in flight or its answer
/// lost. Refused ones (failed, failing) are not counted: money beyond these pays them first.
const MADE: [RefundState; 2] = [RefundState::Pending, RefundState::Succeeded];

/// The provider says `refunded` has been given back on `payment` in all (Stripe's
/// `charge.refunded`, sent for the shop's own refunds too; or its payment read by the retrier
/// before asking again). Money beyond the shop's own refunds ([`MADE`]) first settles refunds
/// the provider had been refusing, oldest first, each it covers whole: the studio gave that
/// money back in the dashboard (as the failing refund's letter suggests), or the provider made
/// a refund whose answer was lost. Either way it must not be asked for again, or the customer
/// is paid twice. The studio is mailed, as the money may have been for something else. What is
/// left beyond that was given back in the provider's dashboard: it is recorded on the order as
/// a refund the provider made, so the order's worth and what a later refund may give back
/// count it. True when something was recorded; news heard again finds nothing new. `None`
/// when the payment is no order's.
pub async fn refunded_by_provider(
    desk: &OrderDesk,
    payment: &str,
    refunded: Money,
) -> Result<Option<bool>, DbErr> {
    let txn = desk.ledger.begin().await?;
    let Some(order) = orders::paid_by(&txn, payment).await? else {
        return Ok(None);
    };
    let refunds = order_refund::Entity::find()
        .filter(order_refund::Column::OrderId.eq(order.id))
        .order_by_asc(order_refund::Column::Id)
        .all(&txn)
        .await?;
    let state = |r: &order_refund::Model| RefundState::parse(&r.state);
    // Only the refunds of this payment: a booking's balance is given back on its own.
    let made: i64 = refunds
        .iter()
        .filter(|r| r.payment_intent_id.is_none())
        .filter(|r| state(r).is_some_and(|s| MADE.contains(&s)))
        .map(|r| r.amount_pence)
        .sum();
    let mut outside = refunded.pence() - made;
    if outside <= 0 {
        return Ok(Some(false));
    }
    let at = now();
    let refused = refunds
        .iter()
        .filter(|r| r.payment_intent_id.is_none())
        .filter(|r| state(r).is_some_and(RefundState::refused));
    let mut uncovered = Vec::new();
    for row in refused {
        if row.amount_pence > outside {
            uncovered.push(row);
            continue;
        }
        take_as_given(desk, &txn, &order, row, at).await?;
        outside -= row.amount_pence;
    }
    if outside > 0 {
        if uncovered.is_empty() {
            record_dashboard_refund(&txn, &order, payment, refunded, outside, at).await?;
        } else {
            // Less than a refused refund: perhaps part of it, the rest to follow. Asking
            // the provider for the whole refund again could pay the customer twice, so it
            // is asked for no more, and the money waits to be counted with the rest.
            for row in uncovered {
                hold_back(desk, &txn, &order, row, outside, at).await?;
            }
        }
    }
    txn.commit().await?;
    Ok(Some(true))
}

/// Refund `row`, which the provider had been refusing, is asked for no more: `outside` pence,
/// less than it, came back through the provider outside the shop's refunds, and a person must
/// say whether that was part of it. Once the provider reports enough to cover it, it counts as
/// given back ([`take_as_given`]); the studio may also mark it given back another way. Told
/// once: the news heard again finds it held back already.
async fn hold_back(
    desk: &OrderDesk,
    txn: &impl ConnectionTrait,
    order: &order::Model,
    row: &order_refund::Model,
    outside: i64,
    at: i64,
) -> Result<(), DbErr> {
    let held = order_refund::Entity::update_many()
        .col_expr(
            order_refund::Column::State,
            Expr::value(RefundState::Failing.as_str()),
        )
        .col_expr(
            order_refund::Column::NextAttemptAt,
            Expr::value(None::<i64>),
        )
        .filter(order_refund::Column::Id.eq(row.id))
        .filter(order_refund::Column::State.eq(row.state.clone()))
        .filter(order_refund::Column::NextAttemptAt.is_not_null())
        .exec(txn)
        .await?;
    if held.rows_affected == 0 {
        return Ok(());
    }
    let (given, amount) = (
        Money::from_pence(outside),
        Money::from_pence(row.amount_pence),
    );
    admin::record_change(
        txn,
        order.id,
        format!(
            "Stripe reports {} given back on this payment beyond the shop's refunds, while its \
             refund of {} ({}) was being refused: Stripe is no longer asked for that refund, so \
             the customer cannot be paid twice.",
            given.display(),
            amount.display(),
            row.what
        ),
        PROVIDER,
        at,
    )
    .await?;
    let link = orders::admin_link(&desk.public_url, order.id);
    mail::post(
        txn,
        &desk.notify,
        letters::refund_held_back(
            &orders::reference(order.id),
            given,
            amount,
            &row.what,
            &link,
        ),
    )
    .await?;
    tracing::warn!(
        order = order.id,
        refund = row.id,
        pence = outside,
        "a refused refund is held back: Stripe reports less given back outside the shop"
    );
    Ok(())
}

/// Refund `row`, which the provider had been refusing, counts as given back by money the
/// provider reports outside the shop's refunds: it is asked for no more, and the customer,
/// the order's history and the studio are told.
async fn take_as_given(
    desk: &OrderDesk,
    txn: &impl ConnectionTrait,
    order: &order::Model,
    row: &order_refund::Model,
    at: i64,
) -> Result<(), DbErr> {
    // Only from the state read: the retrier may be writing its own outcome. A lost race is an
    // error, and the news comes again (Stripe resends; the retrier reads it again).
    let taken = given_back_at(order_refund::Entity::update_many(), at)
        .filter(order_refund::Column::Id.eq(row.id))
        .filter(order_refund::Column::State.eq(row.state.clone()))
        .exec(txn)
        .await?;
    if taken.rows_affected == 0 {
        return Err(DbErr::RecordNotUpdated);
    }
    let amount = Money::from_pence(row.amount_pence);
    admin::record_change(
        txn,
        order.id,
        format!(
            "Stripe reports {} more given back on this payment than the shop's refunds, while \
             its refund of {} ({}) was being refused: it counts as that refund, and Stripe is \
             no longer asked for it.",
            amount.display(),
            amount.display(),
            row.what
        ),
        PROVIDER,
        at,
    )
    .await?;
    tell_customer(
        desk,
        txn,
        order,
        Some((amount, row.what.as_str())),
        row.cancelled,
        true,
    )
    .await?;
    let link = orders::admin_link(&desk.public_url, order.id);
    mail::post(
        txn,
        &desk.notify,
        letters::refund_taken_as_given(&orders::reference(order.id), amount, &row.what, &link),
    )
    .await?;
    tracing::warn!(
        order = order.id,
        refund = row.id,
        pence = row.amount_pence,
        "a refused refund counts as given back by money Stripe reports outside the shop"
    );
    Ok(())
}

/// `outside` pence of `payment` (of `refunded` in all) given back in the provider's own
/// dashboard, recorded on `order` once.
async fn record_dashboard_refund(
    txn: &impl ConnectionTrait,
    order: &order::Model,
    payment: &str,
    refunded: Money,
    outside: i64,
    at: i64,
) -> Result<(), DbErr> {
    let now_refunded = order.refunded_pence + outside;
    // Only from what was read (on PostgreSQL a refund from the shop may commit meanwhile): a
    // lost race is an error, and Stripe sends the event again.
    let updated = order::Entity::update_many()
        .col_expr(order::Column::RefundedPence, Expr::value(now_refunded))
        .filter(order::Column::Id.eq(order.id))
        .filter(order::Column::RefundedPence.eq(order.refunded_pence))
        .exec(txn)
        .await?;
    if updated.rows_affected == 0 {
        return Err(DbErr::RecordNotUpdated);
    }
    let amount = Money::from_pence(outside);
    order_refund::ActiveModel {
        order_id: Set(order.id),
        amount_pence: Set(outside),
        what: Set("refunded in Stripe's dashboard".into()),
        reason: Set(String::new()),
        // The provider's running total makes the key: the same news twice is one refund.
        idempotency_key: Set(format!("stripe-{payment}-{}", refunded.pence())),
        state: Set(RefundState::Succeeded.as_str().to_owned()),
        attempts: Set(0),
        last_error: Set(None),
        next_attempt_at: Set(None),
        created_by: Set(PROVIDER.to_owned()),
        created_at: Set(at),
        settled_at: Set(Some(at)),
        cancelled: Set(false),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    let left = rules::net_of(
        Money::from_pence(order.total_pence),
        Money::from_pence(now_refunded),
    );
    admin::record_change(
        txn,
        order.id,
        format!(
            "{} was refunded in Stripe's dashboard, not from the shop. It counts as given back; \
             {} is left that can be refunded.",
            amount.display(),
            left.display()
        ),
        PROVIDER,
        at,
    )
    .await?;
    tracing::info!(
        order = order.id,
        pence = outside,
        "recorded a refund made in Stripe's dashboard"
    );
    Ok(())
}

/// Who the order's history says did what the provider reported.
pub const PROVIDER: &str = "Stripe";

/// A payment that could not become an order and that the provider would not give back: the
/// studio was mailed to give it back by hand.
#[derive(Debug, Clone, poem_openapi::Object)]
pub struct UnrefundedPayment {
    /// The provider's payment id.
    pub payment: String,
    /// What the shopper was told.
    pub reason: String,
    /// ISO 8601, UTC.
    pub at: String,
}

/// The checkout's refunds the provider refused and the studio has not yet settled, oldest
/// first.
pub async fn unrefunded_payments(
    db: &impl ConnectionTrait,
) -> Result<Vec<UnrefundedPayment>, DbErr> {
    Ok(refund::Entity::find()
        .filter(refund::Column::Succeeded.eq(false))
        .filter(refund::Column::SettledAt.is_null())
        .order_by_asc(refund::Column::CreatedAt)
        .all(db)
        .await?
        .into_iter()
        .map(|r| UnrefundedPayment {
            payment: r.payment_intent_id,
            reason: r.reason,
            at: crate::store::clock::iso8601(r.created_at),
        })
        .collect())
}

/// The studio gave back by hand the checkout's refund of `payment` that the provider refused.
/// Settling one already settled changes nothing.
pub async fn settle_payment_elsewhere(
    desk: &OrderDesk,
    payment: &str,
    admin: &str,
) -> Result<Vec<UnrefundedPayment>, OrderError> {
    let txn = desk.ledger.begin().await?;
    let row = refund::Entity::find_by_id(payment.to_owned())
        .one(&txn)
        .await?
        .ok_or(OrderError::Gone)?;
    if row.succeeded {
        return Err(OrderError::Refused(
            "The payment provider gave this payment back: there is nothing to settle.".into(),
        ));
    }
    let settled = refund::Entity::update_many()
        .col_expr(refund::Column::SettledAt, Expr::value(now()))
        .col_expr(refund::Column::SettledBy, Expr::value(admin))
        .filter(refund::Column::PaymentIntentId.eq(payment))
        .filter(refund::Column::SettledAt.is_null())
        .exec(&txn)
        .await?;
    if settled.rows_affected == 1 {
        audit::record(
            &txn,
            admin,
            Kind::Refund,
            &format!("payment {payment}"),
            "a payment that never became an order, given back another way",
        )
        .await?;
    }
    txn.commit().await?;
    Ok(unrefunded_payments(&desk.db).await?)
}
