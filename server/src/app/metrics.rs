//! `/metrics`: the shop's figures in Prometheus's text format, for a scraper holding the token
//! set in `POSY_METRICS_TOKEN` (sent as `Authorization: Bearer …`). Without the setting there
//! is no `/metrics` (404), so a shop never shows its figures by accident.
//!
//! What is counted in memory (requests, checkout refunds, webhook events) starts from 0 at
//! each start, as Prometheus's counters may; what storage holds (orders, the outbox, refunds
//! failing, sizes) is read at each scrape, at the moment it is given, like `/readyz`.

use poem::http::{StatusCode, header};
use poem::{Request, Response};
use sha2::{Digest, Sha256};

use crate::http::error;
use crate::http::metrics::{CONTENT_TYPE, Requests, Tally, Text};
use crate::store::health::Health;
use crate::store::secrets::constant_time_eq;

/// What `/metrics` reports from.
#[derive(Clone)]
pub struct Metrics {
    /// `POSY_METRICS_TOKEN`; `None` turns `/metrics` off.
    pub token: Option<String>,
    pub health: Health,
    pub requests: Requests,
    /// Payments given back instead of becoming orders, by reason (`Checkout`'s).
    pub refunds_by_reason: Tally,
    /// Stripe's events, by what the shop answered them.
    pub webhook_events: Tally,
}

impl Metrics {
    /// The answer to a scraper's request, as at `now` (Unix seconds).
    pub async fn answer(&self, req: &Request, now: i64) -> Response {
        let Some(token) = &self.token else {
            return error::json(
                StatusCode::NOT_FOUND,
                "This shop serves no metrics: POSY_METRICS_TOKEN is not set.",
            );
        };
        let presented = req
            .headers()
            .get(header::AUTHORIZATION)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.strip_prefix("Bearer "))
            .unwrap_or_default();
        // Hashed first, so neither the comparison's time nor its length says anything.
        if !constant_time_eq(
            &Sha256::digest(presented.trim().as_bytes()),
            &Sha256::digest(token.as_bytes()),
        ) {
            let mut response = error::json(
                StatusCode::UNAUTHORIZED,
                "The metrics need the token set in POSY_METRICS_TOKEN, sent as \
                 Authorization: Bearer <token>.",
            );
            response.headers_mut().insert(
                header::WWW_AUTHENTICATE,
                header::HeaderValue::from_static("Bearer realm=\"posy metrics\""),
            );
            return response;
        }
        Response::builder()
            .content_type(CONTENT_TYPE)
            .header(header::CACHE_CONTROL, "no-store")
            .body(self.text(now).await)
    }

    /// Every family, as at `now`.
    pub async fn text(&self, now: i64) -> String {
        let mut text = Text::default();
        text.family(
            "posy_build_info",
            "gauge",
            "The running build: its version and the commit it was built from.",
        );
        text.sample(
            "posy_build_info",
            &[
                ("version", env!("CARGO_PKG_VERSION")),
                ("commit", env!("POSY_COMMIT")),
            ],
            1,
        );

        let readiness = self.health.check(now).await;
        text.family(
            "posy_ready",
            "gauge",
            "1 when the shop can serve (as /readyz answers 200), else 0.",
        );
        text.sample("posy_ready", &[], u8::from(readiness.ready()));
        text.family(
            "posy_attention",
            "gauge",
            "How many things need a person (the list in /readyz's attention).",
        );
        text.sample("posy_attention", &[], readiness.attention.len());

        text.family(
            "posy_http_requests_total",
            "counter",
            "Requests answered since the start, by route class and status.",
        );
        for (class, status, n) in self.requests.counted() {
            let status = status.to_string();
            text.sample(
                "posy_http_requests_total",
                &[("class", class), ("status", status.as_str())],
                n,
            );
        }

        text.family(
            "posy_checkout_refunds_total",
            "counter",
            "Payments given back at the checkout instead of becoming orders since the start, \
             by reason.",
        );
        for (reason, n) in self.refunds_by_reason.counted() {
            text.sample("posy_checkout_refunds_total", &[("reason", reason)], n);
        }

        text.family(
            "posy_webhook_events_total",
            "counter",
            "Stripe's events received since the start, by outcome: accepted, refused (a bad \
             signature or body), retry (not placed yet: Stripe sends it again), off (Stripe is \
             not set up).",
        );
        for (outcome, n) in self.webhook_events.counted() {
            text.sample("posy_webhook_events_total", &[("outcome", outcome)], n);
        }

        let figures = match self.health.figures(now).await {
            Ok(figures) => figures,
            Err(err) => {
                tracing::warn!(%err, "metrics: the database's figures could not be read");
                return text.finish();
            }
        };
        text.family(
            "posy_orders_total",
            "counter",
            "Orders placed, by channel: card (the checkout) or studio (taken by phone or in \
             the studio).",
        );
        for (channel, n) in &figures.orders_by_channel {
            text.sample("posy_orders_total", &[("channel", channel.as_str())], n);
        }
        text.family(
            "posy_outbox_pending",
            "gauge",
            "Letters waiting to be sent.",
        );
        text.sample("posy_outbox_pending", &[], figures.mail_pending);
        text.family(
            "posy_outbox_dead",
            "gauge",
            "Letters given up on after their tries: send them again from the back office.",
        );
        text.sample("posy_outbox_dead", &[], figures.mail_dead);
        text.family(
            "posy_outbox_oldest_pending_seconds",
            "gauge",
            "How long the oldest waiting letter has waited (0 when none waits).",
        );
        text.sample(
            "posy_outbox_oldest_pending_seconds",
            &[],
            figures.mail_oldest_seconds,
        );
        text.family(
            "posy_refunds_failing",
            "gauge",
            "Refunds the payment provider refuses: order refunds marked failing, and checkout \
             payments not given back, until settled.",
        );
        text.sample(
            "posy_refunds_failing",
            &[("kind", "order")],
            figures.refunds_failing,
        );
        text.sample(
            "posy_refunds_failing",
            &[("kind", "checkout")],
            figures.payments_unrefunded,
        );
        if let Some(free) = figures.disk_free_bytes {
            text.family(
                "posy_data_disk_free_bytes",
                "gauge",
                "Free bytes on the data folder's disk.",
            );
            text.sample("posy_data_disk_free_bytes", &[], free);
        }
        if let Some(bytes) = figures.database_bytes {
            text.family(
                "posy_database_bytes",
                "gauge",
                "The database's size (SQLite: the file and its write-ahead log).",
            );
            text.sample("posy_database_bytes", &[], bytes);
        }
        text.finish()
    }
}

/// A webhook answer's status as the outcome counted in `posy_webhook_events_total`.
pub fn webhook_outcome(status: StatusCode) -> &'static str {
    match status.as_u16() {
        200..=299 => "accepted",
        404 => "off",
        500..=599 => "retry",
        _ => "refused",
    }
}

/// Counts each webhook event by its answer around `next` (Stripe's handler).
pub async fn count_webhook<E: poem::Endpoint<Output = Response>>(
    next: std::sync::Arc<E>,
    req: Request,
    events: Tally,
) -> poem::Result<Response> {
    let response = match next.call(req).await {
        Ok(response) => response,
        Err(err) => err.into_response(),
    };
    events.count(webhook_outcome(response.status()));
    Ok(response)
}
