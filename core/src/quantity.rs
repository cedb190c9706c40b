//! How many of a thing a shopper may choose: on the product page, in the cart, and when the
//! server checks a cart line against stock.

use std::ops::RangeInclusive;

/// The most of one product (or size) a single cart line may hold.
pub const MAX_PER_LINE: u32 = 10;

/// What an add-to-cart asks for when the shopper chose nothing.
pub const DEFAULT_QUANTITY: u32 = 1;

/// The product page offers 1 up to the lesser of 10 and the stock; nothing when sold out.
pub fn product_page_options(stock: i64) -> RangeInclusive<u32> {
    let most = stock.clamp(0, i64::from(MAX_PER_LINE)) as u32;
    1..=most
}

/// The cart offers 1 to 10 on every line, as the spec says.
pub fn cart_options() -> RangeInclusive<u32> {
    1..=MAX_PER_LINE
}

/// Why a quantity cannot go on a cart line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuantityProblem {
    /// Zero or fewer.
    TooFew,
    /// More than [`MAX_PER_LINE`].
    TooMany,
    /// Nothing left in stock.
    SoldOut,
    /// Some stock, but less than asked for.
    NotEnoughStock { available: u32 },
}

impl QuantityProblem {
    /// A sentence for the shopper naming the item, e.g. `Only 3 left of Peony Posy (Large)`.
    pub fn message(self, item: &str) -> String {
        match self {
            QuantityProblem::TooFew => format!("Choose at least 1 of {item}."),
            QuantityProblem::TooMany => {
                format!("You can have up to {MAX_PER_LINE} of {item} in one order.")
            }
            QuantityProblem::SoldOut => format!("Sorry, {item} is sold out."),
            QuantityProblem::NotEnoughStock { available } => {
                format!("Only {available} left of {item}")
            }
        }
    }

    /// True when the limit comes from stock (a conflict with the shop's state) rather than from
    /// the request itself.
    pub fn is_about_stock(self) -> bool {
        matches!(
            self,
            QuantityProblem::SoldOut | QuantityProblem::NotEnoughStock { .. }
        )
    }
}

/// Checks adding `adding` to a cart line that already holds `in_cart`: the line as it would be
/// must pass [`check_line`]. An add that would pass a limit is refused whole, never capped.
pub fn check_add(in_cart: u32, adding: i64, stock: i64) -> Result<u32, QuantityProblem> {
    if adding < 1 {
        return Err(QuantityProblem::TooFew);
    }
    check_line(i64::from(in_cart).saturating_add(adding), stock)
}

/// The shopper's sentence for a refused add, saying what the cart already holds when that is
/// why, e.g. `Only 3 left of Peony Posy (Large), and your cart already has 3.`
pub fn add_refusal(problem: QuantityProblem, item: &str, in_cart: u32) -> String {
    let message = problem.message(item);
    match problem {
        QuantityProblem::TooMany | QuantityProblem::NotEnoughStock { .. } if in_cart > 0 => {
            format!(
                "{}, and your cart already has {in_cart}.",
                message.trim_end_matches('.')
            )
        }
        _ => message,
    }
}

/// Checks the quantity a cart line would hold against the 1 to 10 rule and the stock.
pub fn check_line(quantity: i64, stock: i64) -> Result<u32, QuantityProblem> {
    if quantity < 1 {
        return Err(QuantityProblem::TooFew);
    }
    if stock <= 0 {
        return Err(QuantityProblem::SoldOut);
    }
    if quantity > i64::from(MAX_PER_LINE) {
        return Err(QuantityProblem::TooMany);
    }
    check_stock(quantity, stock)?;
    Ok(quantity as u32)
}

/// Checks a quantity against the stock alone: none left, or fewer than asked for. For the
/// studio's own orders, whose lines are not held to the shopper's limit of 10.
pub fn check_stock(quantity: i64, stock: i64) -> Result<(), QuantityProblem> {
    if stock <= 0 {
        Err(QuantityProblem::SoldOut)
    } else if quantity > stock {
        Err(QuantityProblem::NotEnoughStock {
            available: stock.min(i64::from(u32::MAX)) as u32,
        })
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_product_page_offers_up_to_ten_when_stock_is_plenty() {
        assert_eq!(product_page_options(50), 1..=10);
    }

    #[test]
    fn the_product_page_offers_no_more_than_the_stock() {
        assert_eq!(product_page_options(3).collect::<Vec<_>>(), vec![1, 2, 3]);
    }

    #[test]
    fn a_sold_out_product_offers_no_quantity() {
        assert_eq!(product_page_options(0).count(), 0);
        assert_eq!(product_page_options(-2).count(), 0);
    }

    #[test]
    fn the_cart_always_offers_one_to_ten() {
        assert_eq!(
            cart_options().collect::<Vec<_>>(),
            (1..=10).collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_line_within_stock_and_the_limit_is_accepted() {
        assert_eq!(check_line(3, 5), Ok(3));
        assert_eq!(check_line(10, 10), Ok(10));
    }

    #[test]
    fn a_line_is_refused_by_table() {
        let cases = [
            (0, 5, QuantityProblem::TooFew),
            (-1, 5, QuantityProblem::TooFew),
            (11, 50, QuantityProblem::TooMany),
            (1, 0, QuantityProblem::SoldOut),
            (4, 3, QuantityProblem::NotEnoughStock { available: 3 }),
        ];
        for (quantity, stock, problem) in cases {
            assert_eq!(
                check_line(quantity, stock),
                Err(problem),
                "{quantity} of stock {stock}"
            );
        }
    }

    #[test]
    fn a_studio_line_is_held_to_the_stock_alone() {
        assert_eq!(check_stock(40, 50), Ok(()));
        assert_eq!(check_stock(1, 0), Err(QuantityProblem::SoldOut));
        assert_eq!(
            check_stock(40, 12),
            Err(QuantityProblem::NotEnoughStock { available: 12 })
        );
    }

    #[test]
    fn a_stock_refusal_names_the_item_and_what_is_left() {
        let problem = check_line(5, 3).unwrap_err();
        assert_eq!(
            problem.message("Peony Posy (Large)"),
            "Only 3 left of Peony Posy (Large)"
        );
        assert!(problem.is_about_stock());
        assert!(!QuantityProblem::TooMany.is_about_stock());
    }

    #[test]
    fn an_add_counts_what_the_line_already_holds() {
        assert_eq!(check_add(2, 3, 5), Ok(5));
        assert_eq!(
            check_add(5, 1, 5),
            Err(QuantityProblem::NotEnoughStock { available: 5 })
        );
        assert_eq!(check_add(8, 3, 50), Err(QuantityProblem::TooMany));
        assert_eq!(check_add(0, 0, 5), Err(QuantityProblem::TooFew));
        assert_eq!(check_add(3, 1, 0), Err(QuantityProblem::SoldOut));
    }

    #[test]
    fn a_refused_add_says_what_the_cart_already_has() {
        let problem = check_add(3, 1, 3).unwrap_err();
        assert_eq!(
            add_refusal(problem, "Peony Posy (Large)", 3),
            "Only 3 left of Peony Posy (Large), and your cart already has 3."
        );
        assert_eq!(
            add_refusal(problem, "Peony Posy (Large)", 0),
            "Only 3 left of Peony Posy (Large)"
        );
    }
}
