//! `posy_server::orders::letters`'s own tests (they were its `mod tests`).
//!
//! Every letter that speaks of an order, for a delivery to someone else and for a
//! collection: the flowers' destination comes from the order's choice, and the buyer's own
//! address appears only under "Billing address".

use posy_core::Money;
use posy_core::checkout::CheckoutForm;
use posy_core::order::OrderStatus;
use posy_core::studio::StudioFacts;
use posy_server::cart::fulfilment::{Charge, Described};

use posy_core::fulfilment::FulfilmentForm;

use posy_server::cart::fulfilment::describe;
use posy_server::orders::letters::*;

/// Sam's own (billing) address: it must never be given as where the flowers go.
const BILLING: &str = "12 Cotham Hill";

fn sam() -> CheckoutForm {
    CheckoutForm {
        email: "sam@example.com".into(),
        first_name: "Sam".into(),
        last_name: "Reed".into(),
        address: BILLING.into(),
        city: "Bristol".into(),
        postcode: "BS6 6LA".into(),
        phone: "07700 900123".into(),
    }
}

/// A birthday bouquet for Amy at 27 North Street.
fn to_amy() -> Described {
    let form = FulfilmentForm {
        method: "delivery".into(),
        date: "2026-12-15".into(),
        slot: "Morning".into(),
        recipient_name: "Amy Cole".into(),
        recipient_phone: "0117 496 0000".into(),
        address_line1: "27 North Street".into(),
        city: "Bristol".into(),
        postcode: "BS3 1AA".into(),
        card_message: "Happy birthday!".into(),
        card_from: "Sam".into(),
        ..FulfilmentForm::default()
    };
    describe(&serde_json::to_string(&form).unwrap(), Some("09:00–13:00")).unwrap()
}

fn collected() -> Described {
    let form = FulfilmentForm {
        method: "collection".into(),
        date: "2026-12-15".into(),
        collection_time: "10:30".into(),
        ..FulfilmentForm::default()
    };
    describe(&serde_json::to_string(&form).unwrap(), None).unwrap()
}

fn facts<'a>(customer: &'a CheckoutForm, choice: Option<Described>) -> OrderFacts<'a> {
    OrderFacts {
        reference: "FS-000123",
        payment: "pi_123",
        customer,
        lines: &[],
        charge: Charge::default(),
        fulfilment: choice,
        total: Money::from_pence(6100),
        check_details: false,
    }
}

/// The text after `heading`, up to the blank line that ends its block.
fn block<'a>(body: &'a str, heading: &str) -> &'a str {
    let start = body
        .find(heading)
        .unwrap_or_else(|| panic!("{heading:?} in {body}"));
    let rest = &body[start..];
    &rest[..rest.find("\n\n").unwrap_or(rest.len())]
}

/// Every line naming the billing address is labelled as billing.
fn billing_only_as_billing(body: &str) {
    for line in body.lines().filter(|line| line.contains(BILLING)) {
        let start = body.find(line).unwrap();
        let before = &body[..start];
        let heading = before.trim_end().lines().last().unwrap_or("");
        assert!(
            heading.starts_with("Billing address"),
            "{line:?} sits under {heading:?} in {body}"
        );
    }
}

#[test]
fn the_confirmation_sends_a_gift_to_the_recipient_and_labels_the_buyers_address_billing() {
    let customer = sam();
    let letter = order_confirmation(
        &facts(&customer, Some(to_amy())),
        &StudioFacts::demo(),
        "https://posy.example/order-confirmation/123?token=t",
        30,
    );
    let body = &letter.body;
    assert!(
        body.contains(
            "We will deliver your flowers to Amy Cole on Tuesday 15 December, Morning \
             (09:00–13:00)."
        ),
        "{body}"
    );
    assert!(
        body.contains("To: 27 North Street, Bristol, BS3 1AA"),
        "{body}"
    );
    assert!(!body.contains("Delivering to"), "{body}");
    assert!(!body.contains("in touch about delivery"), "{body}");
    assert!(block(body, "Billing address").contains("12 Cotham Hill, Bristol, BS6 6LA"));
    billing_only_as_billing(body);
}

#[test]
fn the_confirmation_of_a_collection_gives_the_studios_address_and_the_time() {
    let customer = sam();
    let studio = StudioFacts::demo();
    let letter = order_confirmation(&facts(&customer, Some(collected())), &studio, "l", 30);
    let body = &letter.body;
    assert!(
        body.contains("ready to collect from the studio on Tuesday 15 December at 10:30."),
        "{body}"
    );
    assert!(
        body.contains(&format!("From: {}", studio_address(&studio))),
        "{body}"
    );
    assert!(body.contains(&studio.address_line_1), "{body}");
    assert!(!body.contains("delivery"), "{body}");
    billing_only_as_billing(body);
}

#[test]
fn the_confirmation_of_an_order_without_a_choice_is_a_collection_agreed_by_phone() {
    let customer = sam();
    let studio = StudioFacts::demo();
    let body = order_confirmation(&facts(&customer, None), &studio, "l", 30).body;
    assert!(body.contains("we will call you to agree the day"), "{body}");
    assert!(body.contains(&studio.address_line_1), "{body}");
    billing_only_as_billing(&body);
}

#[test]
fn the_studios_notice_sends_the_driver_to_the_recipient_not_the_buyer() {
    let customer = sam();
    let studio = StudioFacts::demo();
    let body = new_order(&facts(&customer, Some(to_amy())), &studio, "admin").body;
    assert!(!body.contains("Deliver to:"), "{body}");
    assert!(
        body.contains("Delivery: Tuesday 15 December, Morning (09:00–13:00)"),
        "{body}"
    );
    assert!(body.contains("For: Amy Cole, 0117 496 0000"), "{body}");
    assert!(
        body.contains("To: 27 North Street, Bristol, BS3 1AA"),
        "{body}"
    );
    assert!(block(body.as_str(), "Ordered by").contains("Sam Reed"));
    assert!(
        block(body.as_str(), "Billing address (not the delivery address)")
            .contains("12 Cotham Hill, Bristol, BS6 6LA")
    );
    billing_only_as_billing(&body);
}

#[test]
fn the_studios_notice_of_a_collection_names_the_time_and_no_delivery_address() {
    let customer = sam();
    let studio = StudioFacts::demo();
    let body = new_order(&facts(&customer, Some(collected())), &studio, "admin").body;
    assert!(
        body.contains("Collection from the studio: Tuesday 15 December at 10:30"),
        "{body}"
    );
    assert!(!body.contains("Deliver"), "{body}");
    billing_only_as_billing(&body);
}

#[test]
fn every_progress_mail_of_a_gift_names_the_recipients_house() {
    let studio = StudioFacts::demo();
    let amy = to_amy();
    for step in [
        OrderStatus::Confirmed,
        OrderStatus::OutForDelivery,
        OrderStatus::Delivered,
    ] {
        let body = order_progress(&studio, "Sam", "FS-000123", step, Some(&amy), "l").body;
        assert!(
            body.contains("Amy Cole at 27 North Street, Bristol, BS3 1AA"),
            "{step:?}: {body}"
        );
        assert!(!body.contains(BILLING), "{step:?}: {body}");
        assert!(!body.contains("collect"), "{step:?}: {body}");
    }
}

#[test]
fn every_progress_mail_of_a_collection_gives_the_studios_address_and_time() {
    let studio = StudioFacts::demo();
    let collected = collected();
    for step in [OrderStatus::Confirmed, OrderStatus::ReadyForCollection] {
        let body = order_progress(&studio, "Sam", "FS-000123", step, Some(&collected), "l").body;
        assert!(body.contains(&studio.address_line_1), "{step:?}: {body}");
        assert!(body.contains("10:30"), "{step:?}: {body}");
        assert!(!body.contains("deliver"), "{step:?}: {body}");
    }
    let body = order_progress(
        &studio,
        "Sam",
        "FS-000123",
        OrderStatus::Collected,
        Some(&collected),
        "l",
    )
    .body;
    assert!(!body.contains("deliver"), "{body}");
}

#[test]
fn a_refund_or_cancellation_mail_names_no_address_at_all() {
    let studio = StudioFacts::demo();
    for cancelled in [false, true] {
        let body = order_refunded(
            &studio,
            "Sam",
            "FS-000123",
            Some(Money::from_pence(1300)),
            "1 x Candle",
            cancelled,
            true,
        )
        .body;
        assert!(!body.contains(BILLING), "{body}");
        assert!(!body.contains("North Street"), "{body}");
    }
}
