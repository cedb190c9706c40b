//! `posy_server::checkout::payments::simulated`'s own tests (they were its `mod tests`).

use posy_server::checkout::payments::simulated::*;

fn card(number: &str) -> Card {
    Card {
        number: number.into(),
        expiry: "12/34".into(),
        cvc: "123".into(),
    }
}

const TODAY: (i32, u32) = (2026, 11);

#[test]
fn the_success_card_pays() {
    assert_eq!(
        judge_card(&card("4242 4242 4242 4242"), TODAY),
        CardOutcome::Pays
    );
}

#[test]
fn the_decline_cards_give_stripes_messages() {
    let message = |n| match judge_card(&card(n), TODAY) {
        CardOutcome::Refused(e) => e.message,
        other => panic!("{n} gave {other:?}"),
    };
    assert_eq!(message("4000 0000 0000 0002"), "Your card was declined.");
    assert_eq!(
        message("4000 0000 0000 9995"),
        "Your card has insufficient funds."
    );
}

#[test]
fn the_3d_secure_card_needs_authentication() {
    assert_eq!(
        judge_card(&card("4000 0027 6000 3184"), TODAY),
        CardOutcome::NeedsAuthentication
    );
}

#[test]
fn a_mistyped_number_is_invalid_before_anything_is_charged() {
    let CardOutcome::Refused(e) = judge_card(&card("4242 4242 4242 4241"), TODAY) else {
        panic!("a failed Luhn check must be refused");
    };
    assert_eq!(e.message, "Your card number is invalid.");
}

#[test]
fn expiry_dates_are_checked_against_today() {
    let with_expiry = |expiry: &str| Card {
        expiry: expiry.into(),
        ..card("4242424242424242")
    };
    assert_eq!(judge_card(&with_expiry("11/26"), TODAY), CardOutcome::Pays);
    assert!(matches!(
        judge_card(&with_expiry("10/26"), TODAY),
        CardOutcome::Refused(CardError {
            code: "invalid_expiry_month_past",
            ..
        })
    ));
    assert!(matches!(
        judge_card(&with_expiry("12/25"), TODAY),
        CardOutcome::Refused(CardError {
            code: "invalid_expiry_year_past",
            ..
        })
    ));
    assert!(matches!(
        judge_card(&with_expiry("13/30"), TODAY),
        CardOutcome::Refused(CardError {
            code: "invalid_expiry_month",
            ..
        })
    ));
    assert!(matches!(
        judge_card(&with_expiry("1/3"), TODAY),
        CardOutcome::Refused(CardError {
            code: "incomplete_expiry",
            ..
        })
    ));
}

#[test]
fn a_short_security_code_is_incomplete() {
    let short = Card {
        cvc: "12".into(),
        ..card("4242424242424242")
    };
    assert!(matches!(
        judge_card(&short, TODAY),
        CardOutcome::Refused(CardError {
            code: "incomplete_cvc",
            ..
        })
    ));
}

#[test]
fn unix_times_fall_in_the_right_month() {
    assert_eq!(year_month(0), (1970, 1));
    // 2026-11-23T12:00:00Z
    assert_eq!(year_month(1_795_435_200), (2026, 11));
    // 2024-02-29T23:59:59Z
    assert_eq!(year_month(1_709_251_199), (2024, 2));
}
