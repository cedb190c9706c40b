//! Facts about products derived from their sizes: price range, stock, and display names.

use crate::money::Money;

/// The cheapest and dearest way to buy a product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PriceRange {
    /// The lowest price.
    pub min: Money,
    /// The highest price.
    pub max: Money,
}

impl PriceRange {
    /// `£45.00` when there is one price, else `£35.00 – £60.00`.
    pub fn display(self) -> String {
        if self.min == self.max {
            self.min.display()
        } else {
            format!("{} – {}", self.min.display(), self.max.display())
        }
    }
}

/// A product without sizes costs its own price; with sizes, it spans its sizes' prices.
pub fn price_range(own_price: Money, size_prices: &[Money]) -> PriceRange {
    match (size_prices.iter().min(), size_prices.iter().max()) {
        (Some(&min), Some(&max)) => PriceRange { min, max },
        _ => PriceRange {
            min: own_price,
            max: own_price,
        },
    }
}

/// A product with sizes has as much stock as its sizes together; otherwise its own.
pub fn product_stock(own_stock: i64, size_stocks: &[i64]) -> i64 {
    if size_stocks.is_empty() {
        own_stock
    } else {
        size_stocks.iter().map(|s| (*s).max(0)).sum()
    }
}

/// Nothing left to sell: the shop shows "Sold out" and offers no quantity.
pub fn is_sold_out(stock: i64) -> bool {
    stock <= 0
}

/// Why a line already in a cart can no longer be paid for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unavailable {
    /// The studio hid or archived the product.
    Withdrawn,
    /// None left.
    SoldOut,
    /// Fewer left than the line holds (how many).
    TooFew(i64),
}

impl Unavailable {
    /// What the cart page says beside the line and the checkout refuses with.
    pub fn message(self, item: &str) -> String {
        match self {
            Unavailable::Withdrawn => {
                format!("{item} is no longer on sale; please remove it from your cart.")
            }
            Unavailable::SoldOut => {
                format!("Sorry, {item} has sold out; please remove it from your cart.")
            }
            Unavailable::TooFew(1) => {
                format!("Only 1 {item} is left; please lower the quantity.")
            }
            Unavailable::TooFew(left) => {
                format!("Only {left} of {item} are left; please lower the quantity.")
            }
        }
    }
}

/// Whether a cart line of `quantity` can be paid for now: its product still on sale, and that
/// many in stock (the size's stock when it has a size). `None` when it can.
pub fn line_availability(on_sale: bool, stock: i64, quantity: u32) -> Option<Unavailable> {
    if !on_sale {
        Some(Unavailable::Withdrawn)
    } else if is_sold_out(stock) {
        Some(Unavailable::SoldOut)
    } else if stock < i64::from(quantity) {
        Some(Unavailable::TooFew(stock))
    } else {
        None
    }
}

/// A line in stock on the shelf but not free to pay for now: other carts hold some of it while
/// they pay. `left` is on hand, `free` of it not held by anyone else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeldElsewhere {
    /// On hand (what the shop page shows).
    pub left: i64,
    /// Of those, not held by other carts.
    pub free: i64,
}

impl HeldElsewhere {
    /// What the checkout says before any payment, naming the item.
    pub fn message(self, item: &str) -> String {
        let HeldElsewhere { left, free } = self;
        match (left, free) {
            (1, _) => format!(
                "Only 1 {item} is left, and it is in another basket for a few minutes; please \
                 try again shortly."
            ),
            (left, 0) => format!(
                "Only {left} of {item} are left, and they are in other baskets for a few \
                 minutes; please try again shortly."
            ),
            (left, free) => {
                let held = left - free;
                let rest = if held == 1 {
                    "the other one is in another basket".to_owned()
                } else {
                    format!("the other {held} are in other baskets")
                };
                format!(
                    "Only {free} of {item} can be yours just now: {rest} for a few minutes. \
                     Please lower the quantity, or try again shortly."
                )
            }
        }
    }
}

/// Whether a line of `quantity` can be held for paying when other carts hold `held` of the
/// `stock` on hand; `None` when it can. The stock on hand is [`line_availability`]'s to judge
/// first: this only says what other shoppers' holds leave.
pub fn line_hold(stock: i64, held: i64, quantity: u32) -> Option<HeldElsewhere> {
    let free = stock.saturating_sub(held.max(0)).max(0);
    (free < i64::from(quantity)).then_some(HeldElsewhere {
        left: stock.max(0),
        free,
    })
}

/// Why the size asked for does not fit the product.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SizeProblem {
    /// The product has sizes and none was chosen.
    Missing,
    /// A size was chosen for a product that has none.
    NoSizes,
    /// The size chosen is not one of the product's own.
    NotOurs,
}

impl SizeProblem {
    /// The sentence naming the product, e.g. `Please choose a size of Peony Posy.`
    pub fn message(self, product: &str) -> String {
        match self {
            SizeProblem::Missing => format!("Please choose a size of {product}."),
            SizeProblem::NoSizes => format!("{product} comes in one size only."),
            SizeProblem::NotOurs => format!("Please choose one of the sizes of {product}."),
        }
    }

    /// The short sentence beside the size field.
    pub fn why(self) -> &'static str {
        match self {
            SizeProblem::Missing => "Choose a size.",
            SizeProblem::NoSizes => "This product has no sizes to choose from.",
            SizeProblem::NotOurs => "That is not one of this product's sizes.",
        }
    }
}

/// Checks the size asked for against a product (which `has_sizes` or not): `asked` is `None`
/// when no size was chosen, else whether the one chosen is one of the product's own.
pub fn check_size(has_sizes: bool, asked: Option<bool>) -> Result<(), SizeProblem> {
    match asked {
        None if has_sizes => Err(SizeProblem::Missing),
        Some(_) if !has_sizes => Err(SizeProblem::NoSizes),
        Some(false) => Err(SizeProblem::NotOurs),
        _ => Ok(()),
    }
}

/// How an item is named to shoppers: `Peony Posy`, or `Peony Posy (Large)` with a size.
pub fn item_name(product: &str, size: Option<&str>) -> String {
    match size {
        Some(size) => format!("{product} ({size})"),
        None => product.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_size_is_needed_exactly_when_the_product_has_sizes() {
        assert_eq!(check_size(false, None), Ok(()));
        assert_eq!(check_size(true, Some(true)), Ok(()));
        assert_eq!(check_size(true, None), Err(SizeProblem::Missing));
        assert_eq!(check_size(false, Some(false)), Err(SizeProblem::NoSizes));
        assert_eq!(check_size(true, Some(false)), Err(SizeProblem::NotOurs));
        assert_eq!(
            SizeProblem::Missing.message("Peony Posy"),
            "Please choose a size of Peony Posy."
        );
        assert_eq!(
            SizeProblem::NoSizes.message("Peony Posy"),
            "Peony Posy comes in one size only."
        );
        assert_eq!(
            SizeProblem::NotOurs.message("Peony Posy"),
            "Please choose one of the sizes of Peony Posy."
        );
    }

    fn pence(p: i64) -> Money {
        Money::from_pence(p)
    }

    #[test]
    fn a_product_without_sizes_has_its_own_price_as_both_ends() {
        assert_eq!(
            price_range(pence(4200), &[]),
            PriceRange {
                min: pence(4200),
                max: pence(4200)
            }
        );
    }

    #[test]
    fn a_product_with_sizes_spans_the_cheapest_to_the_dearest_size() {
        let range = price_range(pence(0), &[pence(4500), pence(3500), pence(6000)]);
        assert_eq!(
            range,
            PriceRange {
                min: pence(3500),
                max: pence(6000)
            }
        );
        assert_eq!(range.display(), "£35.00 – £60.00");
    }

    #[test]
    fn a_single_price_is_shown_once() {
        assert_eq!(price_range(pence(4200), &[]).display(), "£42.00");
    }

    #[test]
    fn a_product_with_sizes_has_the_stock_of_its_sizes_together() {
        assert_eq!(product_stock(99, &[6, 0, 3]), 9);
        assert_eq!(product_stock(7, &[]), 7);
    }

    #[test]
    fn no_stock_or_less_is_sold_out() {
        assert!(is_sold_out(0));
        assert!(is_sold_out(-1));
        assert!(!is_sold_out(1));
    }

    #[test]
    fn a_line_is_payable_only_on_sale_and_in_stock() {
        assert_eq!(line_availability(true, 3, 3), None);
        assert_eq!(line_availability(false, 3, 1), Some(Unavailable::Withdrawn));
        assert_eq!(line_availability(true, 0, 1), Some(Unavailable::SoldOut));
        assert_eq!(line_availability(true, 2, 3), Some(Unavailable::TooFew(2)));
        assert!(
            Unavailable::SoldOut
                .message("Peony Posy (Large)")
                .contains("Peony Posy (Large)")
        );
    }

    #[test]
    fn stock_held_by_other_carts_is_not_free_to_hold_again() {
        assert_eq!(line_hold(10, 0, 10), None);
        assert_eq!(line_hold(10, 7, 3), None);
        assert_eq!(
            line_hold(10, 8, 3),
            Some(HeldElsewhere { left: 10, free: 2 })
        );
        assert_eq!(line_hold(2, 2, 1), Some(HeldElsewhere { left: 2, free: 0 }));
        assert_eq!(
            line_hold(2, 5, 1),
            Some(HeldElsewhere { left: 2, free: 0 }),
            "more held than on hand (stock lowered by the studio) leaves nothing free"
        );
    }

    #[test]
    fn held_stock_is_told_with_how_many_are_left_and_where_they_are() {
        assert_eq!(
            HeldElsewhere { left: 2, free: 0 }.message("Peony Posy (Large)"),
            "Only 2 of Peony Posy (Large) are left, and they are in other baskets for a few \
             minutes; please try again shortly."
        );
        assert_eq!(
            HeldElsewhere { left: 1, free: 0 }.message("The Bedminster"),
            "Only 1 The Bedminster is left, and it is in another basket for a few minutes; \
             please try again shortly."
        );
        assert_eq!(
            HeldElsewhere { left: 3, free: 2 }.message("The Bedminster"),
            "Only 2 of The Bedminster can be yours just now: the other one is in another basket \
             for a few minutes. Please lower the quantity, or try again shortly."
        );
        assert_eq!(
            HeldElsewhere { left: 5, free: 1 }.message("The Bedminster"),
            "Only 1 of The Bedminster can be yours just now: the other 4 are in other baskets \
             for a few minutes. Please lower the quantity, or try again shortly."
        );
    }

    #[test]
    fn an_item_with_a_size_names_it_in_brackets() {
        assert_eq!(item_name("Peony Posy", Some("Large")), "Peony Posy (Large)");
        assert_eq!(item_name("Sunflower Bunch", None), "Sunflower Bunch");
    }
}
