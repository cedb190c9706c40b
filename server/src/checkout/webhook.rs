//! `POST /api/payment/webhook/`: Stripe's events. At most [`MAX_EVENT_BYTES`] of the body are
//! read, and the signature is checked on those raw bytes before anything is parsed; then only
//! the three facts Posy needs are read (the event's type, the intent's id and its cart), so a
//! change of Stripe's API version never makes events fail. `payment_intent.succeeded` places
//! the order from the cart and the card's billing details when the browser never did (closed
//! tab, lost connection), and a repeated event changes nothing. No CSRF token: the signature
//! is the proof.

use std::collections::HashMap;

use hmac::{Hmac, KeyInit, Mac};
use poem::http::{StatusCode, header};
use poem::web::Data;
use poem::{Body, Request, Response, handler};
use posy_core::cart::CartId;
use serde::Deserialize;
use sha2::Sha256;
use tokio::io::AsyncReadExt;

use crate::checkout::{Buyer, Checkout, PlaceError};
use crate::http::error;

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
    if event.kind != "payment_intent.succeeded" {
        return received();
    }
    let intent = event.data.object;
    let Some(cart_id) = intent.metadata.get("cart_id").and_then(|v| v.as_str()) else {
        // Not one of Posy's payments.
        return received();
    };
    match checkout
        .place(&intent.id, CartId::parse(cart_id), Buyer::Billing)
        .await
    {
        // Refunded for want of stock (or the like), or refunded or disputed since: done, the
        // shopper was told on the page or will be.
        Ok(_) | Err(PlaceError::Refunded(_) | PlaceError::Reversed) => received(),
        // Not the payment the cart holds (one replaced after a refund): nothing to do.
        Err(PlaceError::OtherCart) => {
            tracing::warn!(payment = %intent.id, "a payment event for an intent its cart no longer holds");
            received()
        }
        // Answering an error makes Stripe send the event again later.
        Err(err) => {
            tracing::error!(payment = %intent.id, ?err, "a paid cart could not become an order yet");
            error::json(
                StatusCode::SERVICE_UNAVAILABLE,
                "The order could not be placed yet; please send the event again.",
            )
        }
    }
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
    object: EventObject,
}

#[derive(Deserialize)]
struct EventObject {
    id: String,
    #[serde(default)]
    metadata: HashMap<String, serde_json::Value>,
}

/// Checks Stripe's `Stripe-Signature` header (`t=…,v1=…[,v1=…]`): an HMAC-SHA256 under the
/// endpoint's secret of `{t}.{payload}`, with `t` within five minutes of `now`. Any one `v1`
/// matching will do (Stripe sends two while a secret is being rolled).
fn verify(payload: &[u8], header: &str, secret: &str, now: i64) -> Result<(), &'static str> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn signed(payload: &[u8], secret: &str, t: i64) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
        mac.update(format!("{t}.").as_bytes());
        mac.update(payload);
        format!("t={t},v1={}", hex::encode(mac.finalize().into_bytes()))
    }

    #[test]
    fn only_a_fresh_signature_under_the_secret_holds() {
        let body = br#"{"type":"x"}"#;
        let now = 1_795_435_200;
        assert_eq!(
            verify(body, &signed(body, "whsec", now), "whsec", now),
            Ok(())
        );
        let rolled = format!("t={now},v1=00,{}", &signed(body, "whsec", now)[13..]);
        assert_eq!(verify(body, &rolled, "whsec", now), Ok(()), "{rolled}");
        assert!(verify(body, &signed(body, "other", now), "whsec", now).is_err());
        assert!(verify(b"{}", &signed(body, "whsec", now), "whsec", now).is_err());
        assert!(verify(body, &signed(body, "whsec", now - 301), "whsec", now).is_err());
        assert!(verify(body, "", "whsec", now).is_err());
    }
}
