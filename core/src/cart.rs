//! A cart's identity, and its totals computed from its lines and current prices.

use std::fmt;

use crate::money::Money;

/// A cart's id: a random UUID, which is a bearer capability, so it must be unguessable. Made
/// by the server from fresh randomness; read back from what a shopper sends by [`CartId::parse`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CartId(uuid::Uuid);

impl CartId {
    /// Reads a cart id in any of the UUID forms (hyphenated, plain, braced, URN), with
    /// surrounding spaces forgiven; `None` for anything else.
    pub fn parse(value: &str) -> Option<CartId> {
        uuid::Uuid::parse_str(value.trim()).ok().map(CartId)
    }

    /// The UUID itself.
    pub fn uuid(self) -> uuid::Uuid {
        self.0
    }
}

impl From<uuid::Uuid> for CartId {
    fn from(id: uuid::Uuid) -> CartId {
        CartId(id)
    }
}

/// The canonical form the database keeps and the API sends: hyphenated, lower case.
impl fmt::Display for CartId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.hyphenated().fmt(f)
    }
}

/// One line of a cart as far as totals care: what one costs and how many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CartLine {
    /// The price of one: the size's price when the line has a size.
    pub unit_price: Money,
    /// How many.
    pub quantity: u32,
}

impl CartLine {
    /// The line's total, saturating rather than wrapping on absurd input.
    pub fn total(self) -> Money {
        self.unit_price
            .checked_times(self.quantity)
            .unwrap_or(Money::from_pence(i64::MAX))
    }
}

/// The cart's total: the sum of its lines; `0.00` for an empty cart.
pub fn cart_total(lines: &[CartLine]) -> Money {
    lines
        .iter()
        .fold(Money::ZERO, |sum, line| sum.saturating_add(line.total()))
}

/// How many items the cart holds: the nav's cart count.
pub fn total_quantity(lines: &[CartLine]) -> u32 {
    lines.iter().map(|line| line.quantity).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(pence: i64, quantity: u32) -> CartLine {
        CartLine {
            unit_price: Money::from_pence(pence),
            quantity,
        }
    }

    #[test]
    fn a_cart_id_is_read_in_any_uuid_form_and_written_canonically() {
        let canonical = "67e55044-10b1-426f-9247-bb680e5fe0c8";
        for form in [
            canonical,
            " 67E55044-10B1-426F-9247-BB680E5FE0C8 ",
            "67e5504410b1426f9247bb680e5fe0c8",
            "{67e55044-10b1-426f-9247-bb680e5fe0c8}",
            "urn:uuid:67e55044-10b1-426f-9247-bb680e5fe0c8",
        ] {
            let id = CartId::parse(form).unwrap_or_else(|| panic!("{form}"));
            assert_eq!(id.to_string(), canonical);
        }
    }

    #[test]
    fn anything_but_a_uuid_is_not_a_cart_id() {
        for bad in [
            "",
            "cart-1",
            "67e55044-10b1-426f-9247-bb680e5fe0c",
            "../../etc",
        ] {
            assert_eq!(CartId::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_line_total_saturates_instead_of_wrapping() {
        assert_eq!(line(i64::MAX, 2).total(), Money::from_pence(i64::MAX));
        assert_eq!(line(4500, 3).total(), Money::from_pence(13500));
    }

    #[test]
    fn an_empty_cart_totals_zero() {
        assert_eq!(cart_total(&[]), Money::ZERO);
        assert_eq!(cart_total(&[]).to_wire(), "0.00");
    }

    #[test]
    fn the_total_is_the_sum_of_price_times_quantity() {
        assert_eq!(
            cart_total(&[line(4500, 2), line(350, 3)]),
            Money::from_pence(10050)
        );
    }

    #[test]
    fn the_item_count_is_the_total_quantity_not_the_line_count() {
        assert_eq!(total_quantity(&[line(4500, 2), line(350, 3)]), 5);
    }
}
