//! `POST /api/payment/webhook/`: Stripe's events. The signature is checked on the raw body
//! before anything is parsed; `payment_intent.succeeded` places the order from the cart and
//! the card's billing details when the browser never did (closed tab, lost connection), and
//! a repeated event changes nothing. No CSRF token: the signature is the proof.

use poem::http::StatusCode;
use poem::web::Data;
use poem::{Body, Request, Response, handler};
use posy_core::cart::CartId;
use stripe_webhook::{EventObject, Webhook};

use crate::checkout::{Buyer, Checkout, PlaceError};
use crate::error;

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
    let signature = req
        .headers()
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let Ok(bytes) = body.into_bytes().await else {
        return error::json(StatusCode::BAD_REQUEST, "The event could not be read.");
    };
    let Ok(payload) = std::str::from_utf8(&bytes) else {
        return error::json(StatusCode::BAD_REQUEST, "The event is not UTF-8 text.");
    };
    let event = match Webhook::construct_event(payload, signature, secret) {
        Ok(event) => event,
        Err(err) => {
            tracing::warn!(%err, "refused a payment event");
            return error::json(
                StatusCode::BAD_REQUEST,
                "The event's signature is missing, wrong or too old.",
            );
        }
    };
    let EventObject::PaymentIntentSucceeded(intent) = event.data.object else {
        return received();
    };
    let Some(cart_id) = intent.metadata.get("cart_id") else {
        // Not one of Posy's payments.
        return received();
    };
    match checkout
        .place(intent.id.as_str(), CartId::parse(cart_id), Buyer::Billing)
        .await
    {
        // Refunded for want of stock (or the like): done, the shopper was told on the page or
        // will be.
        Ok(_) | Err(PlaceError::Refunded(_)) => received(),
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

fn received() -> Response {
    Response::builder()
        .status(StatusCode::OK)
        .content_type("application/json")
        .body(r#"{"received":true}"#)
}
