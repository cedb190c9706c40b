//! What the payment provider says of an order's payment after it was placed, that the studio
//! must act on: a dispute (the customer's bank takes the money back unless the studio sends
//! Stripe its evidence in time) and an early fraud warning (the card's issuer thinks the
//! payment may be fraudulent: worth a call to the customer, or a refund, before the van
//! leaves). Each is kept once per Stripe id in `payment_alerts`, shown on the order and its
//! line of the day's work, written in the order's history, and mailed to the studio when first
//! heard of. An event heard again changes nothing.

use posy_core::Money;
use posy_core::calendar::LondonTime;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    Set,
};

use super::letters;
use super::refunds::PROVIDER;
use crate::mail;
use crate::orders::{self, OrderDesk};
use crate::store::clock::now;
use crate::store::entities::payment_alert;

/// A dispute, as Stripe's `charge.dispute.*` events tell of it.
#[derive(Debug, Clone)]
pub struct Dispute {
    /// `dp_…`.
    pub id: String,
    /// The payment intent disputed.
    pub payment: String,
    pub amount: Money,
    /// Stripe's reason, e.g. `fraudulent`.
    pub reason: String,
    /// Stripe's status, e.g. `needs_response`, `won`.
    pub status: String,
    /// Unix seconds: the evidence is due by then.
    pub respond_by: Option<i64>,
}

/// An early fraud warning (`radar.early_fraud_warning.created`).
#[derive(Debug, Clone)]
pub struct FraudWarning {
    /// `issfr_…`.
    pub id: String,
    pub payment: String,
    /// e.g. `made_with_stolen_card`.
    pub fraud_type: String,
}

const DISPUTE: &str = "dispute";
const FRAUD_WARNING: &str = "fraud_warning";

/// What [`heard`] found.
#[derive(Debug, PartialEq, Eq)]
pub enum Heard {
    /// The payment is no order's (not one of the shop's, or made before Posy).
    NotOurs,
    /// New, or changed: written on the order.
    Recorded,
    /// Already known as it is.
    Known,
}

/// Records Stripe's news of a dispute on its order.
pub async fn disputed(desk: &OrderDesk, news: &Dispute) -> Result<Heard, DbErr> {
    heard(
        desk,
        &news.payment,
        alert(
            DISPUTE,
            &news.id,
            &news.status,
            &news.reason,
            Some(news.amount.pence()),
            news.respond_by,
        ),
    )
    .await
}

/// Records an early fraud warning on its order.
pub async fn fraud_warned(desk: &OrderDesk, news: &FraudWarning) -> Result<Heard, DbErr> {
    heard(
        desk,
        &news.payment,
        alert(
            FRAUD_WARNING,
            &news.id,
            "open",
            &news.fraud_type,
            None,
            None,
        ),
    )
    .await
}

/// An alert as the news says it: the row's ids and times are [`heard`]'s to fill.
fn alert(
    kind: &str,
    provider_id: &str,
    status: &str,
    reason: &str,
    amount_pence: Option<i64>,
    respond_by: Option<i64>,
) -> payment_alert::Model {
    payment_alert::Model {
        id: 0,
        order_id: 0,
        kind: kind.into(),
        provider_id: provider_id.into(),
        status: status.into(),
        reason: reason.into(),
        amount_pence,
        respond_by,
        created_at: 0,
        updated_at: 0,
    }
}

/// Keeps `news` on the order paid by `payment`, in one transaction with the history's line and
/// (the first time) the studio's letter.
async fn heard(
    desk: &OrderDesk,
    payment: &str,
    news: payment_alert::Model,
) -> Result<Heard, DbErr> {
    let txn = desk.ledger.begin().await?;
    let Some(order) = orders::paid_by(&txn, payment).await? else {
        return Ok(Heard::NotOurs);
    };
    let at = now();
    let known = payment_alert::Entity::find()
        .filter(payment_alert::Column::ProviderId.eq(&news.provider_id))
        .one(&txn)
        .await?;
    let alert = match known {
        Some(known)
            if known.status == news.status
                && known.reason == news.reason
                && known.amount_pence == news.amount_pence
                && known.respond_by == news.respond_by =>
        {
            return Ok(Heard::Known);
        }
        Some(known) => {
            payment_alert::Entity::update_many()
                .col_expr(payment_alert::Column::Status, Expr::value(&news.status))
                .col_expr(payment_alert::Column::Reason, Expr::value(&news.reason))
                .col_expr(
                    payment_alert::Column::AmountPence,
                    Expr::value(news.amount_pence),
                )
                .col_expr(
                    payment_alert::Column::RespondBy,
                    Expr::value(news.respond_by),
                )
                .col_expr(payment_alert::Column::UpdatedAt, Expr::value(at))
                .filter(payment_alert::Column::Id.eq(known.id))
                .exec(&txn)
                .await?;
            payment_alert::Model {
                id: known.id,
                order_id: known.order_id,
                created_at: known.created_at,
                updated_at: at,
                ..news
            }
        }
        None => {
            let alert = payment_alert::ActiveModel {
                order_id: Set(order.id),
                kind: Set(news.kind.clone()),
                provider_id: Set(news.provider_id.clone()),
                status: Set(news.status.clone()),
                reason: Set(news.reason.clone()),
                amount_pence: Set(news.amount_pence),
                respond_by: Set(news.respond_by),
                created_at: Set(at),
                updated_at: Set(at),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
            let link = orders::admin_link(&desk.public_url, order.id);
            mail::post(
                &txn,
                &desk.notify,
                letters::payment_alert(&orders::reference(order.id), &words(&alert), &link),
            )
            .await?;
            alert
        }
    };
    orders::admin::record_change(&txn, order.id, words(&alert), PROVIDER, at).await?;
    txn.commit().await?;
    tracing::info!(
        order = order.id,
        kind = alert.kind,
        status = alert.status,
        "recorded the payment provider's news"
    );
    Ok(Heard::Recorded)
}

/// An order's alerts, oldest first.
pub async fn of_order(
    db: &impl ConnectionTrait,
    id: i32,
) -> Result<Vec<payment_alert::Model>, DbErr> {
    payment_alert::Entity::find()
        .filter(payment_alert::Column::OrderId.eq(id))
        .order_by_asc(payment_alert::Column::Id)
        .all(db)
        .await
}

/// The alerts of many orders (the day's work), as pairs of order id and a short mark.
pub async fn marks_of(
    db: &impl ConnectionTrait,
    ids: &[i32],
) -> Result<Vec<(i32, &'static str)>, DbErr> {
    Ok(payment_alert::Entity::find()
        .filter(payment_alert::Column::OrderId.is_in(ids.iter().copied()))
        .order_by_asc(payment_alert::Column::Id)
        .all(db)
        .await?
        .iter()
        .filter_map(|alert| Some((alert.order_id, mark(alert)?)))
        .collect())
}

/// Still needs the studio: a fraud warning, or a dispute not yet decided.
pub fn open(alert: &payment_alert::Model) -> bool {
    alert.kind == FRAUD_WARNING
        || !matches!(alert.status.as_str(), "won" | "lost" | "warning_closed")
}

/// A few words for the day's work, or none once the alert needs nothing more.
pub fn mark(alert: &payment_alert::Model) -> Option<&'static str> {
    match (alert.kind.as_str(), alert.status.as_str()) {
        (FRAUD_WARNING, _) => Some("Fraud warning: check before it goes out"),
        (DISPUTE, "won" | "warning_closed") => None,
        (DISPUTE, "lost") => Some("Dispute lost"),
        (DISPUTE, _) => Some("Payment disputed"),
        _ => None,
    }
}

/// The alert in a sentence for the studio: what happened and what to do.
pub fn words(alert: &payment_alert::Model) -> String {
    let amount = Money::from_pence(alert.amount_pence.unwrap_or_default()).display();
    let reason = reason_words(&alert.reason);
    if alert.kind == FRAUD_WARNING {
        return format!(
            "The card's issuer warned that this payment may be fraudulent ({reason}). Check \
             with the customer before the flowers go out: refunding it now costs nothing, while \
             a dispute later costs the payment and a fee."
        );
    }
    match alert.status.as_str() {
        "warning_needs_response" | "needs_response" => {
            let by = alert
                .respond_by
                .and_then(LondonTime::at)
                .map_or_else(|| "the date Stripe gives".to_owned(), LondonTime::full);
            format!(
                "The customer's bank disputes this payment of {amount} ({reason}). Send Stripe \
                 the evidence (the order, the delivery, any messages) from its dashboard by \
                 {by}, or the money goes back to the customer."
            )
        }
        "warning_under_review" | "under_review" => format!(
            "The customer's bank is weighing the evidence on the dispute of {amount} ({reason})."
        ),
        "won" => format!("The dispute of {amount} ({reason}) was decided for the studio."),
        "lost" => format!(
            "The dispute of {amount} ({reason}) was decided for the customer: their bank has \
             taken the money back."
        ),
        "warning_closed" => {
            format!("The bank's enquiry about this payment ({reason}) was closed.")
        }
        other => format!(
            "Stripe reports a dispute of {amount} ({reason}): {}.",
            other.replace('_', " ")
        ),
    }
}

/// Stripe's reason codes as the studio would say them.
fn reason_words(reason: &str) -> String {
    match reason {
        "fraudulent" | "made_with_stolen_card" | "unauthorized_use_of_card" => {
            "the card holder says they did not make it".into()
        }
        "card_never_received" | "made_with_lost_card" => "a lost or stolen card".into(),
        "product_not_received" => "the customer says the flowers never came".into(),
        "product_unacceptable" => "the customer says the flowers were not as described".into(),
        "duplicate" => "the customer says they paid twice".into(),
        "credit_not_processed" => "the customer says a refund was promised".into(),
        "unrecognized" => "the customer does not recognise the payment".into(),
        "" => "no reason given".into(),
        other => other.replace('_', " "),
    }
}
