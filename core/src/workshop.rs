//! Workshops: the spots text the page shows (and decides "Fully Booked" by), and the balance
//! left after the deposit.

use crate::Money;

/// `0 spots left`, `1 spot left`, `3 spots left`: the spec's wording, made from the number.
pub fn spots_text(spots_left: u32) -> String {
    match spots_left {
        1 => "1 spot left".to_owned(),
        n => format!("{n} spots left"),
    }
}

/// The spec's rule: the Book button is disabled and reads `Fully Booked` exactly when the
/// spots text is `0 spots left`.
pub fn is_fully_booked(spots_text: &str) -> bool {
    spots_text == "0 spots left"
}

/// What is still to pay after the deposit; `None` when the deposit is more than the price.
pub fn balance(price: Money, deposit: Money) -> Option<Money> {
    let rest = price.pence().checked_sub(deposit.pence())?;
    (rest >= 0).then(|| Money::from_pence(rest))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spots_are_counted_in_plain_english() {
        assert_eq!(spots_text(0), "0 spots left");
        assert_eq!(spots_text(1), "1 spot left");
        assert_eq!(spots_text(3), "3 spots left");
    }

    #[test]
    fn only_no_spots_left_is_fully_booked() {
        assert!(is_fully_booked(&spots_text(0)));
        assert!(!is_fully_booked(&spots_text(1)));
        assert!(!is_fully_booked("10 spots left"));
    }

    #[test]
    fn the_balance_is_the_price_less_the_deposit() {
        let balance = balance(Money::from_pence(4500), Money::from_pence(2000));
        assert_eq!(balance, Some(Money::from_pence(2500)));
        assert_eq!(
            super::balance(Money::from_pence(1000), Money::from_pence(2000)),
            None
        );
    }
}
