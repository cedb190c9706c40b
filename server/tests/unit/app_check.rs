//! `posy_server::app::check`'s own tests (they were its `mod tests`).

use posy_server::app::check::*;
use posy_server::checkout::payments::stripe::WebhookEndpoint;

fn endpoint(url: &str, status: &str, events: &[&str]) -> WebhookEndpoint {
    WebhookEndpoint {
        url: url.into(),
        status: status.into(),
        events: events.iter().map(|e| (*e).to_owned()).collect(),
    }
}

#[test]
fn the_webhook_endpoint_must_be_the_shops_enabled_and_send_the_payments_event() {
    let wanted = "https://posy.example/api/payment/webhook/";
    let ours = endpoint(wanted, "enabled", &["payment_intent.succeeded"]);
    assert!(webhook(std::slice::from_ref(&ours), wanted).ok);
    let all = endpoint(
        "https://posy.example/api/payment/webhook",
        "enabled",
        &["*"],
    );
    assert!(
        webhook(&[all], wanted).ok,
        "a missing slash and every event"
    );
    let other = endpoint(
        "https://else.example/api/payment/webhook/",
        "enabled",
        &["*"],
    );
    assert!(
        webhook(&[other], wanted)
            .sentence
            .contains("no webhook endpoint")
    );
    let off = endpoint(wanted, "disabled", &["*"]);
    assert!(webhook(&[off], wanted).sentence.contains("is disabled"));
    let narrow = endpoint(wanted, "enabled", &["charge.refunded"]);
    assert!(
        webhook(&[narrow], wanted)
            .sentence
            .contains("does not send payment_intent.succeeded")
    );
}

#[test]
fn findings_are_marked() {
    assert_eq!(good("Fine.").to_string(), "✓ Fine.");
    assert_eq!(bad("Broken.").to_string(), "✗ Broken.");
    assert_eq!(sentence("the disk is full"), "The disk is full.");
}
