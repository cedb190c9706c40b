//! `POST /api/payment/webhook/`: Stripe's events. At most [`MAX_EVENT_BYTES`] of the body are
//! read, and the signature is checked on those raw bytes before anything is parsed; then only
//! the few facts Posy needs are read (the event's type, the payment's id, …), so a change of
//! Stripe's API version never makes events fail. `payment_intent.succeeded` places the order
//! from the cart and the card's billing details when the browser never did (closed tab, lost
//! connection). `charge.refunded` records on the order what was given back in Stripe's
//! dashboard (`orders::refunds::refunded_by_provider`); `charge.dispute.*` and
//! `radar.early_fraud_warning.created` mark the order and tell the studio
//! (`orders::alerts`). A repeated event changes nothing. No CSRF token: the signature is the
//! proof.

use hmac::{Hmac, KeyInit, Mac};
use poem::http::{StatusCode, header};
use poem::web::Data;
use poem::{Body, Request, Response, handler};
use posy_core::Money;
use posy_core::cart::CartId;
use serde::Deserialize;
use sha2::Sha256;
use tokio::io::AsyncReadExt;

use crate::checkout::bookings::BalanceError;
use crate::checkout::{Buyer, Checkout, PlaceError};
use crate::http::error;
use crate::orders::OrderDesk;
use crate::orders::alerts::{self, Dispute, FraudWarning};
use crate::orders::refunds;

/// The largest event read; Stripe's are a few kilobytes.
pub const MAX_EVENT_BYTES: u64 = 256 * 1024;

/// How far a signature's time may be from now, as Stripe's own libraries allow.
const TOLERANCE_SECONDS: i64 = 300;

/// The signing secret of the shop's Stripe webhook endpoint; absent without Stripe.
#[derive(Clone)]
pub struct WebhookSecret(pub Option<String>);

/// Receives one Stripe event.
#[handler]
pub async fn receive(
    req: &Request,
    body: Body,
    checkout: Data<&Checkout>,
    desk: Data<&OrderDesk>,
    secret: Data<&WebhookSecret>,
) -> Response {
    let Some(secret) = &secret.0.0 else {
        return error::json(
            StatusCode::NOT_FOUND,
            "This shop takes no payment events: Stripe is not set up.",
        );
    };
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|length| length > MAX_EVENT_BYTES) {
        return too_large();
    }
    // Counted as it is read, whatever the headers say (chunked, HTTP/2, or a false length).
    let mut payload = Vec::new();
    if body
        .into_async_read()
        .take(MAX_EVENT_BYTES + 1)
        .read_to_end(&mut payload)
        .await
        .is_err()
    {
        return error::json(StatusCode::BAD_REQUEST, "The event could not be read.");
    }
    if payload.len() as u64 > MAX_EVENT_BYTES {
        return too_large();
    }
    let signature = req
        .headers()
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    if let Err(why) = verify(&payload, signature, secret, crate::store::clock::now()) {
        tracing::warn!(why, "refused a payment event: its signature does not hold");
        return error::json(
            StatusCode::BAD_REQUEST,
            "The event's signature is missing, wrong or too old.",
        );
    }
    let event: Event = match serde_json::from_slice(&payload) {
        Ok(event) => event,
        Err(err) => {
            tracing::error!(%err, "a signed payment event could not be parsed");
            return error::json(
                StatusCode::BAD_REQUEST,
                "The event is signed but its content could not be read.",
            );
        }
    };
    let object = &event.data.object;
    let kind = event.kind.as_str();
    match kind {
        "payment_intent.succeeded" => paid(&checkout, object).await,
        "charge.refunded" => {
            let (Some(payment), Some(refunded)) = (
                id_of(&object["payment_intent"]),
                object["amount_refunded"].as_i64(),
            ) else {
                return received();
            };
            answer(
                kind,
                refunds::refunded_by_provider(&desk, payment, Money::from_pence(refunded))
                    .await
                    .map(|_| ()),
            )
        }
        _ if kind.starts_with("charge.dispute.") => {
            let (Some(id), Some(payment)) =
                (object["id"].as_str(), id_of(&object["payment_intent"]))
            else {
                return received();
            };
            let dispute = Dispute {
                id: id.to_owned(),
                payment: payment.to_owned(),
                amount: Money::from_pence(object["amount"].as_i64().unwrap_or_default()),
                reason: text_of(&object["reason"]),
                status: text_of(&object["status"]),
                respond_by: object["evidence_details"]["due_by"].as_i64(),
            };
            answer(kind, alerts::disputed(&desk, &dispute).await.map(|_| ()))
        }
        "radar.early_fraud_warning.created" => {
            let (Some(id), Some(payment)) =
                (object["id"].as_str(), id_of(&object["payment_intent"]))
            else {
                return received();
            };
            let warning = FraudWarning {
                id: id.to_owned(),
                payment: payment.to_owned(),
                fraud_type: text_of(&object["fraud_type"]),
            };
            answer(
                kind,
                alerts::fraud_warned(&desk, &warning).await.map(|_| ()),
            )
        }
        _ => received(),
    }
}

/// `payment_intent.succeeded`: the order placed from its cart, if the browser did not.
async fn paid(checkout: &Checkout, intent: &serde_json::Value) -> Response {
    let (Some(intent), Some(cart_id)) = (
        intent["id"].as_str(),
        intent["metadata"]["cart_id"].as_str(),
    ) else {
        // Not one of Posy's payments.
        return received();
    };
    // A gift voucher's payment: the voucher is issued, not an order placed.
    let sales = super::voucher_sales::VoucherSales(checkout);
    match sales.paid(None, intent).await {
        Ok(_) => return received(),
        Err(super::voucher_sales::BuyError::Unknown) => {}
        // Reversed or not of its value: never issued, and asking again changes nothing.
        Err(super::voucher_sales::BuyError::NotPaid(why)) => {
            tracing::warn!(payment = %intent, why, "a gift voucher's payment was not issued");
            return received();
        }
        Err(err) => {
            tracing::error!(payment = %intent, ?err, "a paid gift voucher could not be issued yet");
            return error::json(
                StatusCode::SERVICE_UNAVAILABLE,
                "The voucher could not be issued yet; please send the event again.",
            );
        }
    }
    // A workshop booking's balance, paid through its link: its own payment on the booking's
    // cart, which already has its order.
    match checkout.balance_paid_by_provider(intent).await {
        Ok(false) => {}
        Ok(true) => return received(),
        // Reversed, or not the balance's amount: never marked paid, and asking again changes
        // nothing.
        Err(BalanceError::NotPaid(why)) => {
            tracing::warn!(payment = %intent, why, "a booking's balance payment was not recorded");
            return received();
        }
        Err(err) => {
            tracing::error!(payment = %intent, ?err, "a booking's paid balance could not be recorded yet");
            return error::json(
                StatusCode::SERVICE_UNAVAILABLE,
                "The balance could not be recorded yet; please send the event again.",
            );
        }
    }
    match checkout
        .place(intent, CartId::parse(cart_id), Buyer::Billing)
        .await
    {
        // Refunded for want of stock (or the like), or refunded or disputed since: done, the
        // shopper was told on the page or will be.
        Ok(_) | Err(PlaceError::Refunded(_) | PlaceError::Reversed) => received(),
        // Not the payment the cart holds (one replaced after a refund): nothing to do.
        Err(PlaceError::OtherCart) => {
            tracing::warn!(payment = %intent, "a payment event for an intent its cart no longer holds");
            received()
        }
        // Answering an error makes Stripe send the event again later.
        Err(err) => {
            tracing::error!(payment = %intent, ?err, "a paid cart could not become an order yet");
            error::json(
                StatusCode::SERVICE_UNAVAILABLE,
                "The order could not be placed yet; please send the event again.",
            )
        }
    }
}

/// Received, or (a database that did not answer, a write that lost a race) an error, which
/// makes Stripe send the event again later; a repeat changes nothing once one went through.
fn answer(kind: &str, written: Result<(), sea_orm::DbErr>) -> Response {
    match written {
        Ok(()) => received(),
        Err(err) => {
            tracing::error!(kind, %err, "a payment event could not be recorded yet");
            error::json(
                StatusCode::SERVICE_UNAVAILABLE,
                "The event could not be recorded yet; please send it again.",
            )
        }
    }
}

/// An id Stripe sends as is or, expanded, as an object with an `id`.
fn id_of(value: &serde_json::Value) -> Option<&str> {
    value.as_str().or_else(|| value["id"].as_str())
}

fn text_of(value: &serde_json::Value) -> String {
    value.as_str().unwrap_or_default().to_owned()
}

/// The parts of a Stripe event Posy reads; everything else in it is ignored.
#[derive(Deserialize)]
struct Event {
    #[serde(rename = "type")]
    kind: String,
    data: EventData,
}

#[derive(Deserialize)]
struct EventData {
    object: serde_json::Value,
}

/// Checks Stripe's `Stripe-Signature` header (`t=…,v1=…[,v1=…]`): an HMAC-SHA256 under the
/// endpoint's secret of `{t}.{payload}`, with `t` within five minutes of `now`. Any one `v1`
/// matching will do (Stripe sends two while a secret is being rolled).
pub fn verify(payload: &[u8], header: &str, secret: &str, now: i64) -> Result<(), &'static str> {
    let mut timestamp = None;
    let mut candidates = Vec::new();
    for pair in header.split(',') {
        match pair.trim().split_once('=') {
            Some(("t", value)) => timestamp = value.parse::<i64>().ok(),
            Some(("v1", value)) => candidates.push(value),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or("no timestamp")?;
    if candidates.is_empty() {
        return Err("no v1 signature");
    }
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).map_err(|_| "bad secret")?;
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(payload);
    let matches = candidates.iter().any(|candidate| {
        hex::decode(candidate).is_ok_and(|expected| mac.clone().verify_slice(&expected).is_ok())
    });
    if !matches {
        return Err("no matching signature");
    }
    if (now - timestamp).abs() > TOLERANCE_SECONDS {
        return Err("too old");
    }
    Ok(())
}

fn too_large() -> Response {
    tracing::warn!("refused a payment event larger than {MAX_EVENT_BYTES} bytes");
    error::json(
        StatusCode::PAYLOAD_TOO_LARGE,
        "The event is larger than this shop accepts.",
    )
}

fn received() -> Response {
    Response::builder()
        .status(StatusCode::OK)
        .content_type("application/json")
        .body(r#"{"received":true}"#)
}
