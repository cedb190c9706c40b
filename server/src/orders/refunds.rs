//! Money the studio gives back on an order, and its cancellation. The refund is written first,
//! with the lines it covers, what goes back on the shelf, the cancellation and the customer's
//! mail, in one transaction; only then is the provider asked, with the refund's own amount and
//! idempotency key. A refund the provider refuses (or never answers) stays on the order as
//! failed and a background task asks again, with the same key, until it succeeds: never lost,
//! never given twice.

use std::time::Duration;

use posy_core::Money;
use posy_core::order::{
    self as rules, OrderStatus, PaidBy, RefundChoice, RefundState, RefundableLine,
};
use posy_core::validation::is_email;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use super::letters;
use crate::catalogue::bump_version;
use crate::mail;
use crate::orders;
use crate::orders::GiveBack;
use crate::orders::OrderDesk;
use crate::orders::admin::{self, OrderDetail, OrderError, paid_by_of, record_event, status_of};
use crate::store::clock::now;
use crate::store::db::Writer;
use crate::store::entities::{order, order_item, order_refund, product, variation};

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
}

/// The longest a refund waits between tries.
const MAX_PAUSE_SECONDS: i64 = 60 * 60;
/// A pending refund younger than this is still being asked by the call that made it.
const PENDING_GRACE_SECONDS: i64 = 60;
/// How often the retrier looks for refunds due.
const POLL: Duration = Duration::from_secs(2);
/// The longest a reason may be.
pub const REASON_MAX_CHARS: usize = 500;

/// The pause before the try after `attempts` failed ones: 30 s, doubling, at most an hour.
fn pause_after(attempts: i32) -> i64 {
    let doubled = 30i64.saturating_mul(1i64 << attempts.clamp(0, 20));
    Ord::min(doubled, MAX_PAUSE_SECONDS)
}

/// Gives back what the studio chose on order `id` and, when asked, cancels it; then asks the
/// provider (a card order) and answers the order as it then stands.
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
    let txn = desk.ledger.begin().await?;
    let order = order::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or(OrderError::Gone)?;
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
        Some(rules::check_refund(&lines, fee_left, &choice).map_err(OrderError::Refused)?)
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
            return Err(OrderError::Changed);
        }
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
                restocked |= put_back(&txn, item, quantity).await?;
            }
        }
        if restocked {
            bump_version(&txn).await?;
        }
        let key = format!("posy-order-{id}-{}", uuid::Uuid::new_v4().simple());
        let row = order_refund::ActiveModel {
            order_id: Set(id),
            amount_pence: Set(refund.amount.pence()),
            what: Set(refund.what.clone()),
            reason: Set(reason.to_owned()),
            idempotency_key: Set(key),
            state: Set(RefundState::first(paid_by).as_str().to_owned()),
            attempts: Set(0),
            last_error: Set(None),
            next_attempt_at: Set(by_card.then_some(at + PENDING_GRACE_SECONDS)),
            created_by: Set(admin.to_owned()),
            created_at: Set(at),
            settled_at: Set(None),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        refund_id = Some(row.id);
    }
    if ask.cancel {
        order::Entity::update_many()
            .col_expr(
                order::Column::Status,
                Expr::value(OrderStatus::Cancelled.as_str()),
            )
            .filter(order::Column::Id.eq(id))
            .exec(&txn)
            .await?;
        let note = match &refund {
            Some(r) => format!("Refunded {} ({})", r.amount.display(), r.what),
            None => "Nothing refunded".to_owned(),
        };
        let note = if reason.is_empty() {
            note
        } else {
            format!("{note}. {reason}")
        };
        record_event(&txn, id, OrderStatus::Cancelled, admin, Some(note)).await?;
    }
    if is_email(&order.email) {
        let studio = desk.facts.get(&txn).await?;
        mail::post(
            &txn,
            &order.email,
            letters::order_refunded(
                &studio,
                &order.first_name,
                &orders::reference(id),
                refund.as_ref().map(|r| r.amount),
                refund.as_ref().map_or("", |r| r.what.as_str()),
                ask.cancel,
                by_card,
            ),
        )
        .await?;
    }
    txn.commit().await?;
    if let (Some(refund_id), true) = (refund_id, by_card) {
        // Its outcome is written on the refund; a failure is retried in the background.
        ask_provider(&desk.ledger, &desk.refunds, refund_id).await?;
    }
    admin::detail(&desk.db, desk.clock.now(), id).await
}

/// Puts `quantity` of a line back on the shelf, when its product (or size) is still there;
/// true when it was.
async fn put_back(
    db: &impl ConnectionTrait,
    item: &order_item::Model,
    quantity: u32,
) -> Result<bool, DbErr> {
    let quantity = i64::from(quantity);
    let changed = match (item.variation_id, item.product_id) {
        (Some(size), _) => {
            variation::Entity::update_many()
                .col_expr(
                    variation::Column::Stock,
                    Expr::col(variation::Column::Stock).add(quantity),
                )
                .filter(variation::Column::Id.eq(size))
                .exec(db)
                .await?
        }
        (None, Some(product)) => {
            product::Entity::update_many()
                .col_expr(
                    product::Column::Stock,
                    Expr::col(product::Column::Stock).add(quantity),
                )
                .filter(product::Column::Id.eq(product))
                .exec(db)
                .await?
        }
        (None, None) => return Ok(false),
    };
    Ok(changed.rows_affected > 0)
}

/// Asks the provider for refund `id` (with its own amount and key) and writes the outcome: done,
/// or failed with the provider's words and when to try again.
async fn ask_provider(db: &Writer, refunds: &GiveBack, id: i32) -> Result<(), DbErr> {
    let Some(row) = order_refund::Entity::find_by_id(id).one(db).await? else {
        return Ok(());
    };
    if !RefundState::parse(&row.state).is_some_and(RefundState::unsettled) {
        return Ok(());
    }
    let Some(order) = order::Entity::find_by_id(row.order_id).one(db).await? else {
        return Ok(());
    };
    let asked = refunds
        .give_back(
            &order.payment_intent_id,
            row.amount_pence,
            &row.idempotency_key,
        )
        .await;
    let at = now();
    let update = order_refund::Entity::update_many()
        .filter(order_refund::Column::Id.eq(id))
        .filter(order_refund::Column::State.is_in(RefundState::UNSETTLED.map(RefundState::as_str)));
    match asked {
        Ok(()) => {
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
                .col_expr(
                    order_refund::Column::Attempts,
                    Expr::value(row.attempts + 1),
                )
                .exec(db)
                .await?;
        }
        Err(err) => {
            tracing::warn!(refund = id, order = row.order_id, %err, "refund failed; will retry");
            update
                .col_expr(
                    order_refund::Column::State,
                    Expr::value(RefundState::Failed.as_str()),
                )
                .col_expr(
                    order_refund::Column::LastError,
                    Expr::value(err.to_string()),
                )
                .col_expr(
                    order_refund::Column::NextAttemptAt,
                    Expr::value(at + pause_after(row.attempts)),
                )
                .col_expr(
                    order_refund::Column::Attempts,
                    Expr::value(row.attempts + 1),
                )
                .exec(db)
                .await?;
        }
    }
    Ok(())
}

/// Asks the provider again for every refund due: failed ones whose pause is over, and pending
/// ones whose first call never wrote an outcome (the process stopped in between).
pub async fn retry_due(db: &Writer, refunds: &GiveBack) -> Result<usize, DbErr> {
    let due: Vec<i32> = order_refund::Entity::find()
        .select_only()
        .column(order_refund::Column::Id)
        .filter(order_refund::Column::State.is_in(RefundState::UNSETTLED.map(RefundState::as_str)))
        .filter(order_refund::Column::NextAttemptAt.lte(now()))
        .order_by_asc(order_refund::Column::Id)
        .limit(20)
        .into_tuple()
        .all(db)
        .await?;
    for id in &due {
        ask_provider(db, refunds, *id).await?;
    }
    Ok(due.len())
}

/// Retries due refunds for the life of the server.
pub async fn retry_forever(db: Writer, refunds: GiveBack) {
    loop {
        if let Err(err) = retry_due(&db, &refunds).await {
            tracing::error!(%err, "could not retry refunds");
        }
        tokio::time::sleep(POLL).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retries_wait_longer_each_time_up_to_an_hour() {
        assert_eq!(pause_after(0), 30);
        assert_eq!(pause_after(1), 60);
        assert_eq!(pause_after(3), 240);
        assert_eq!(pause_after(10), MAX_PAUSE_SECONDS);
        assert_eq!(pause_after(1000), MAX_PAUSE_SECONDS);
    }
}
