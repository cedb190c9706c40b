//! What the modules' tests share: days, times and moments from their wire forms, and a
//! shopper's details as the checkout form has them filled in.

use crate::calendar::{Date, Instant, LondonTime, TimeOfDay};
use crate::checkout::CheckoutForm;

/// `2026-02-14`.
pub fn date(wire: &str) -> Date {
    Date::parse(wire).unwrap()
}

/// `10:30`.
pub fn time(wire: &str) -> TimeOfDay {
    TimeOfDay::parse(wire).unwrap()
}

/// The moment the studio's clock shows this day and time.
pub fn at(day: &str, clock: &str) -> Instant {
    LondonTime {
        date: date(day),
        time: time(clock),
    }
    .instant()
}

/// A shopper's details, every field filled in and valid.
pub fn customer() -> CheckoutForm {
    CheckoutForm {
        email: "jo@example.com".into(),
        first_name: "Jo".into(),
        last_name: "Bloom".into(),
        address: "12 Wells Road".into(),
        city: "Bristol".into(),
        postcode: "BS14 9AB".into(),
        phone: "0117 496 0123".into(),
    }
}
