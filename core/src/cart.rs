//! Totals of a cart, computed from its lines and current prices.

use crate::money::Money;

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
    lines.iter().fold(Money::ZERO, |sum, line| {
        sum.checked_add(line.total())
            .unwrap_or(Money::from_pence(i64::MAX))
    })
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
