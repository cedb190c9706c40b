//! Money in whole pence. The wire form is a decimal string with two places (`"45.00"`), the
//! shop shows `£45.00`; no floating point ever touches an amount.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// An amount of money in pence (GBP).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Money(i64);

/// Why a wire amount could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoneyError {
    /// Not of the form `45`, `45.5` or `45.00`.
    Malformed,
    /// Too large to hold in pence.
    TooLarge,
}

impl fmt::Display for MoneyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoneyError::Malformed => f.write_str("That is not an amount of money like 45.00."),
            MoneyError::TooLarge => f.write_str("That amount is too large."),
        }
    }
}

impl std::error::Error for MoneyError {}

impl Money {
    /// No money at all: a fresh cart's total.
    pub const ZERO: Money = Money(0);

    /// An amount given in pence.
    pub const fn from_pence(pence: i64) -> Money {
        Money(pence)
    }

    /// The amount in pence.
    pub const fn pence(self) -> i64 {
        self.0
    }

    /// Reads the wire form: digits, optionally a point and one or two more digits, optionally
    /// a leading minus (refunds). Surrounding spaces are not accepted: the wire form is exact.
    pub fn parse(wire: &str) -> Result<Money, MoneyError> {
        let (negative, digits) = match wire.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, wire),
        };
        let (pounds, pence) = match digits.split_once('.') {
            Some((pounds, pence)) => (pounds, Some(pence)),
            None => (digits, None),
        };
        let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !all_digits(pounds) {
            return Err(MoneyError::Malformed);
        }
        let pence = match pence {
            None => 0,
            Some(p) if all_digits(p) && p.len() <= 2 => {
                let value: i64 = p.parse().map_err(|_| MoneyError::Malformed)?;
                if p.len() == 1 { value * 10 } else { value }
            }
            Some(_) => return Err(MoneyError::Malformed),
        };
        let pounds: i64 = pounds.parse().map_err(|_| MoneyError::TooLarge)?;
        let total = pounds
            .checked_mul(100)
            .and_then(|p| p.checked_add(pence))
            .ok_or(MoneyError::TooLarge)?;
        Ok(Money(if negative { -total } else { total }))
    }

    /// The wire form with exactly two places: `"45.00"`, `"0.00"`, `"-3.50"`.
    pub fn to_wire(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        format!("{sign}{}.{:02}", abs / 100, abs % 100)
    }

    /// The form shoppers read: `£45.00`, `£1,234.50`, `-£3.50`.
    pub fn display(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        let pounds = (abs / 100).to_string();
        let mut grouped = String::with_capacity(pounds.len() + pounds.len() / 3);
        for (i, digit) in pounds.chars().enumerate() {
            if i > 0 && (pounds.len() - i).is_multiple_of(3) {
                grouped.push(',');
            }
            grouped.push(digit);
        }
        format!("{sign}£{grouped}.{:02}", abs % 100)
    }

    /// This amount times a quantity, or `None` on overflow.
    pub fn checked_times(self, quantity: u32) -> Option<Money> {
        self.0.checked_mul(i64::from(quantity)).map(Money)
    }

    /// The sum of two amounts, or `None` on overflow.
    pub fn checked_add(self, other: Money) -> Option<Money> {
        self.0.checked_add(other.0).map(Money)
    }

    /// The sum of two amounts, stopping at the largest amount rather than wrapping: how totals
    /// add up (no real order comes near it).
    pub fn saturating_add(self, other: Money) -> Money {
        Money(self.0.saturating_add(other.0))
    }

    /// This amount less another, or `None` on overflow.
    pub fn checked_sub(self, other: Money) -> Option<Money> {
        self.0.checked_sub(other.0).map(Money)
    }
}

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.display())
    }
}

impl Serialize for Money {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_wire())
    }
}

impl<'de> Deserialize<'de> for Money {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let wire = String::deserialize(deserializer)?;
        Money::parse(&wire).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_wire_amount_with_two_places_is_read_as_pence() {
        assert_eq!(Money::parse("45.00"), Ok(Money::from_pence(4500)));
        assert_eq!(Money::parse("0.99"), Ok(Money::from_pence(99)));
    }

    #[test]
    fn whole_pounds_and_one_place_are_accepted() {
        assert_eq!(Money::parse("45"), Ok(Money::from_pence(4500)));
        assert_eq!(Money::parse("3.5"), Ok(Money::from_pence(350)));
    }

    #[test]
    fn malformed_amounts_are_rejected() {
        for bad in [
            "", ".", "4.", ".50", "4.505", "£4", "4,00", " 4.00", "4.00 ", "1e3", "--1", "+1",
        ] {
            assert_eq!(Money::parse(bad), Err(MoneyError::Malformed), "{bad:?}");
        }
    }

    #[test]
    fn an_amount_too_large_for_pence_is_rejected() {
        assert_eq!(
            Money::parse("99999999999999999999.00"),
            Err(MoneyError::TooLarge)
        );
    }

    #[test]
    fn the_wire_form_always_has_two_places() {
        assert_eq!(Money::ZERO.to_wire(), "0.00");
        assert_eq!(Money::from_pence(4500).to_wire(), "45.00");
        assert_eq!(Money::from_pence(5).to_wire(), "0.05");
        assert_eq!(Money::from_pence(-350).to_wire(), "-3.50");
    }

    #[test]
    fn shoppers_see_pounds_with_thousands_separated() {
        assert_eq!(Money::from_pence(4500).display(), "£45.00");
        assert_eq!(Money::from_pence(123_450).display(), "£1,234.50");
        assert_eq!(Money::from_pence(100_000_000).display(), "£1,000,000.00");
        assert_eq!(Money::from_pence(-350).display(), "-£3.50");
    }

    #[test]
    fn an_amount_less_another_is_their_difference_in_pence() {
        assert_eq!(
            Money::from_pence(11_050).checked_sub(Money::from_pence(1_250)),
            Some(Money::from_pence(9_800))
        );
        assert_eq!(
            Money::from_pence(i64::MIN).checked_sub(Money::from_pence(1)),
            None
        );
    }

    #[test]
    fn a_sum_stops_at_the_largest_amount_rather_than_wrapping() {
        let pence = Money::from_pence;
        assert_eq!(pence(4500).saturating_add(pence(550)), pence(5050));
        assert_eq!(pence(i64::MAX).saturating_add(pence(1)), pence(i64::MAX));
    }

    #[test]
    fn money_travels_as_a_json_string() {
        let json = serde_json::to_string(&Money::from_pence(4500)).unwrap();
        assert_eq!(json, "\"45.00\"");
        let back: Money = serde_json::from_str("\"12.30\"").unwrap();
        assert_eq!(back, Money::from_pence(1230));
        assert!(serde_json::from_str::<Money>("\"12.345\"").is_err());
    }

    proptest! {
        #[test]
        fn any_amount_survives_the_wire_round_trip(pence in any::<i64>().prop_filter("min has no positive twin", |p| *p != i64::MIN)) {
            let money = Money::from_pence(pence);
            prop_assert_eq!(Money::parse(&money.to_wire()), Ok(money));
        }

        #[test]
        fn any_wire_string_that_parses_writes_back_the_same_amount(pounds in 0u32..1_000_000, pence in 0u32..100) {
            let wire = format!("{pounds}.{pence:02}");
            prop_assert_eq!(Money::parse(&wire).unwrap().to_wire(), wire);
        }

        #[test]
        fn the_display_form_names_the_same_pence(pence in 0i64..10_000_000_000) {
            let shown = Money::from_pence(pence).display();
            let digits: String = shown.chars().filter(char::is_ascii_digit).collect();
            prop_assert_eq!(digits.parse::<i64>().unwrap(), pence);
        }
    }
}
