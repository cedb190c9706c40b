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
    fn an_item_with_a_size_names_it_in_brackets() {
        assert_eq!(item_name("Peony Posy", Some("Large")), "Peony Posy (Large)");
        assert_eq!(item_name("Sunflower Bunch", None), "Sunflower Bunch");
    }
}
