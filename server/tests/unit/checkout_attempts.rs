//! `posy_server::checkout::attempts`'s own tests (they were its `mod tests`).

use posy_server::checkout::attempts::*;
use std::time::Instant;

#[test]
fn a_cart_gets_its_share_then_waits_for_the_next_hour() {
    let attempts = PaymentAttempts::new(2, 100);
    let start = Instant::now();
    assert_eq!(attempts.attempt_at("c", "a", start), Ok(()));
    assert_eq!(attempts.attempt_at("c", "a", start), Ok(()));
    assert_eq!(attempts.attempt_at("c", "a", start), Err(TooMany::Cart));
    assert_eq!(attempts.attempt_at("other", "a", start), Ok(()));
    assert_eq!(attempts.attempt_at("c", "a", start + WINDOW), Ok(()));
}

#[test]
fn an_address_is_limited_across_carts_and_a_refusal_counts_nothing() {
    let attempts = PaymentAttempts::new(1, 2);
    let now = Instant::now();
    assert_eq!(attempts.attempt_at("c1", "a", now), Ok(()));
    assert_eq!(attempts.attempt_at("c1", "a", now), Err(TooMany::Cart));
    assert_eq!(attempts.attempt_at("c2", "a", now), Ok(()));
    assert_eq!(attempts.attempt_at("c3", "a", now), Err(TooMany::Address));
    assert_eq!(attempts.attempt_at("c3", "b", now), Ok(()));
}
