//! `posy_server::orders`'s own tests (they were its `mod tests`).

use posy_core::order::OrderStatus;
use posy_core::schedule::Method;
use posy_server::orders::*;
use posy_server::store::entities::order_event;

#[test]
fn order_references_have_six_digits() {
    assert_eq!(reference(123), "FS-000123");
    assert_eq!(reference(1_234_567), "FS-1234567");
}

#[test]
fn each_step_reached_says_when_in_words_on_the_studio_clock() {
    // Placed 2026-06-15 23:05 UTC, already the 16th in Bristol; confirmed at 08:12 UTC.
    let confirmed = order_event::Model {
        id: 1,
        order_id: 1,
        status: "confirmed".into(),
        by: "Jo".into(),
        at: 1_781_597_520,
        note: None,
        request_key: None,
    };
    let steps = progress(
        Method::Delivery,
        OrderStatus::Confirmed,
        1_781_564_700,
        &[confirmed],
    );
    let when: Vec<Option<&str>> = steps.iter().map(|s| s.when.as_deref()).collect();
    assert_eq!(
        when,
        [
            Some("Tue 16 Jun, 00:05"),
            Some("Tue 16 Jun, 09:12"),
            None,
            None
        ]
    );
}
