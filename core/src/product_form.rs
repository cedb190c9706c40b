//! The back office's product form: a product's name, description, shelf, price, stock, notice
//! and whether it is on sale, and its sizes (each a name, price and stock; sizes may be added
//! and removed). The studio's browser checks it as
//! she types and the server checks it again with the same function before anything changes.

use serde::{Deserialize, Serialize};

use crate::Money;
use crate::validation::{FormField, FormProblems, has_control_chars, too_long};

/// The dearest a product or size may be: more is a slip of the finger.
pub const MAX_PRICE: Money = Money::from_pence(1_000_000);

/// The most of one thing the studio keeps count of.
pub const MAX_STOCK: i64 = 9_999;

/// The most notice a product may need, in days.
pub const MAX_LEAD_DAYS: u32 = 60;

/// The longest name and description.
pub const MAX_NAME_CHARS: usize = 120;
pub const MAX_DESCRIPTION_CHARS: usize = 2_000;

/// The longest size name (`Large`, `Extra large`).
pub const MAX_SIZE_CHARS: usize = 40;

/// The most sizes a product may come in.
pub const MAX_SIZES: usize = 12;

/// A field of the product form; a size's fields are named `sizes.{index}.price` and so on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProductField {
    Name,
    Description,
    Category,
    Price,
    Stock,
    LeadDays,
}

impl FormField for ProductField {
    fn form_name(self) -> &'static str {
        match self {
            ProductField::Name => "name",
            ProductField::Description => "description",
            ProductField::Category => "category_id",
            ProductField::Price => "price",
            ProductField::Stock => "stock",
            ProductField::LeadDays => "lead_days",
        }
    }

    fn wire_name(self) -> &'static str {
        self.form_name()
    }

    fn when_missing(self) -> &'static str {
        match self {
            ProductField::Name => "Please give the product a name.",
            ProductField::Description => "Please describe the product for shoppers.",
            ProductField::Category => "Please choose the category it is shown under.",
            ProductField::Price => "Please give a price, like 45.00.",
            ProductField::Stock => "Please give how many are in stock (0 for none).",
            ProductField::LeadDays => "Please give the days of notice it needs (0 for none).",
        }
    }
}

/// A size as the form sends it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SizeForm {
    /// The size's id; none for a size being added.
    pub id: Option<i32>,
    /// `"Large"`.
    pub size: String,
    /// `"60.00"`.
    pub price: String,
    /// How many are in stock.
    pub stock: i64,
}

/// The product form as sent.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ProductForm {
    pub name: String,
    pub description: String,
    /// The shelf it is shown under (0: none chosen yet).
    pub category_id: i32,
    /// `"45.00"`; ignored for a product with sizes (each size has its own).
    pub price: String,
    /// Ignored for a product with sizes.
    pub stock: i64,
    pub lead_days: u32,
    /// On sale in the shop (false: hidden).
    pub visible: bool,
    /// The product's sizes in the selector's order; a size left out is removed, one without
    /// an id is added. Empty for a product without sizes.
    pub sizes: Vec<SizeForm>,
}

/// A size's checked name, price and stock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeChange {
    /// None for a new size.
    pub id: Option<i32>,
    pub size: String,
    pub price: Money,
    pub stock: i64,
}

/// The form checked and tidied: what the product becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProductChange {
    pub name: String,
    pub description: String,
    pub category_id: i32,
    pub price: Money,
    pub stock: i64,
    pub lead_days: u32,
    pub visible: bool,
    pub sizes: Vec<SizeChange>,
}

/// Problems with the form: the product's fields, and each size's by its place in `sizes`.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ProductProblems {
    pub product: FormProblems<ProductField>,
    /// `("sizes.0.price", "Please give a price, like 45.00.")`; `("sizes", …)` for the sizes
    /// as a whole.
    pub sizes: Vec<(String, String)>,
}

impl ProductProblems {
    /// Every field at fault by its wire name, with why.
    pub fn fields(&self) -> std::collections::BTreeMap<String, String> {
        let mut fields = self.product.shopper_fields();
        fields.extend(self.sizes.iter().cloned());
        fields
    }

    /// The sentence over the form.
    pub fn message(&self) -> String {
        if self.product.is_empty() {
            "Please check the sizes.".to_owned()
        } else {
            "Please check the fields marked below.".to_owned()
        }
    }
}

/// A price as the studio types it: `45`, `45.5`, `45.50` or `£45.50`, more than nothing and
/// at most [`MAX_PRICE`].
pub fn read_price(typed: &str) -> Result<Money, String> {
    let typed = typed.trim();
    let typed = typed.strip_prefix('£').unwrap_or(typed).trim();
    let price = Money::parse(typed).map_err(|_| "Please give a price like 45.00.".to_owned())?;
    if price <= Money::ZERO {
        return Err("A price must be more than £0.00.".to_owned());
    }
    if price > MAX_PRICE {
        return Err(format!("A price must be at most {}.", MAX_PRICE.display()));
    }
    Ok(price)
}

/// A stock count: 0 to [`MAX_STOCK`].
pub fn check_stock(stock: i64) -> Result<i64, String> {
    if (0..=MAX_STOCK).contains(&stock) {
        Ok(stock)
    } else {
        Err(format!(
            "Stock must be a whole number from 0 to {MAX_STOCK}."
        ))
    }
}

impl ProductForm {
    /// Checks the form as both the studio's browser and the server do.
    pub fn parse(&self) -> Result<ProductChange, ProductProblems> {
        use ProductField as F;
        let mut problems = ProductProblems::default();
        let p = &mut problems.product;
        if !p.require(F::Name, &self.name) {
            if too_long(&self.name, MAX_NAME_CHARS) {
                p.invalid(
                    F::Name,
                    format!("Please keep the name under {MAX_NAME_CHARS} characters."),
                );
            } else if has_control_chars(&self.name) {
                p.invalid(F::Name, "Please keep the name to one line.");
            }
        }
        if !p.require(F::Description, &self.description)
            && too_long(&self.description, MAX_DESCRIPTION_CHARS)
        {
            p.invalid(
                F::Description,
                format!("Please keep the description under {MAX_DESCRIPTION_CHARS} characters."),
            );
        }
        if self.category_id <= 0 {
            p.missing.push(F::Category);
        }
        let mut price = Money::ZERO;
        let mut stock = 0;
        if self.sizes.is_empty() {
            if !p.require(F::Price, &self.price) {
                match read_price(&self.price) {
                    Ok(read) => price = read,
                    Err(why) => p.invalid(F::Price, why),
                }
            }
            match check_stock(self.stock) {
                Ok(count) => stock = count,
                Err(why) => p.invalid(F::Stock, why),
            }
        }
        if self.lead_days > MAX_LEAD_DAYS {
            p.invalid(
                F::LeadDays,
                format!("Notice must be from 0 to {MAX_LEAD_DAYS} days."),
            );
        }
        let mut sizes = Vec::with_capacity(self.sizes.len());
        if self.sizes.len() > MAX_SIZES {
            problems.sizes.push((
                "sizes".to_owned(),
                format!("A product may come in at most {MAX_SIZES} sizes."),
            ));
        }
        let mut names = std::collections::HashSet::new();
        for (at, size) in self.sizes.iter().enumerate() {
            let name = size.size.trim();
            let name_problem = if name.is_empty() {
                Some("Please name the size, like Large.".to_owned())
            } else if too_long(name, MAX_SIZE_CHARS) {
                Some(format!(
                    "Please keep the size's name to {MAX_SIZE_CHARS} characters."
                ))
            } else if has_control_chars(name) {
                Some("Please keep the size's name to one line.".to_owned())
            } else if !names.insert(name.to_lowercase()) {
                Some("Each size needs its own name.".to_owned())
            } else {
                None
            };
            if let Some(why) = &name_problem {
                problems
                    .sizes
                    .push((format!("sizes.{at}.size"), why.clone()));
            }
            let size_price = read_price(&size.price);
            let size_stock = check_stock(size.stock);
            if let Err(why) = &size_price {
                problems
                    .sizes
                    .push((format!("sizes.{at}.price"), why.clone()));
            }
            if let Err(why) = &size_stock {
                problems
                    .sizes
                    .push((format!("sizes.{at}.stock"), why.clone()));
            }
            if let (None, Ok(price), Ok(stock)) = (name_problem, size_price, size_stock) {
                sizes.push(SizeChange {
                    id: size.id,
                    size: name.to_owned(),
                    price,
                    stock,
                });
            }
        }
        if !problems.product.is_empty() || !problems.sizes.is_empty() {
            return Err(problems);
        }
        // With sizes, the product's own price and stock follow them: the cheapest, and the sum.
        if !sizes.is_empty() {
            price = sizes.iter().map(|s| s.price).min().unwrap_or(Money::ZERO);
            stock = sizes.iter().map(|s| s.stock).sum();
        }
        Ok(ProductChange {
            name: self.name.trim().to_owned(),
            description: self.description.trim().replace("\r\n", "\n"),
            category_id: self.category_id,
            price,
            stock,
            lead_days: self.lead_days,
            visible: self.visible,
            sizes,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn posy() -> ProductForm {
        ProductForm {
            name: " Peony Posy ".into(),
            description: "Blush peonies.\r\nLasts a week.".into(),
            category_id: 1,
            price: "£45.5".into(),
            stock: 12,
            lead_days: 0,
            visible: true,
            sizes: vec![],
        }
    }

    #[test]
    fn a_good_form_is_tidied_into_the_change() {
        let change = posy().parse().unwrap();
        assert_eq!(change.name, "Peony Posy");
        assert_eq!(change.description, "Blush peonies.\nLasts a week.");
        assert_eq!(change.price, Money::from_pence(4550));
        assert_eq!(change.stock, 12);
    }

    #[test]
    fn prices_are_read_as_the_studio_types_them_and_refused_when_silly() {
        assert_eq!(read_price("45"), Ok(Money::from_pence(4500)));
        assert_eq!(read_price(" £1234.50 "), Ok(Money::from_pence(123_450)));
        assert_eq!(
            read_price("0"),
            Err("A price must be more than £0.00.".into())
        );
        assert_eq!(
            read_price("forty"),
            Err("Please give a price like 45.00.".into())
        );
        assert_eq!(
            read_price("10000.01"),
            Err("A price must be at most £10,000.00.".into())
        );
        assert!(read_price("10000.00").is_ok());
    }

    #[test]
    fn each_field_at_fault_has_its_sentence() {
        let form = ProductForm {
            name: String::new(),
            price: "-3".into(),
            stock: -1,
            lead_days: 61,
            ..posy()
        };
        let fields = ProductForm {
            category_id: 0,
            ..form
        }
        .parse()
        .unwrap_err()
        .fields();
        assert_eq!(fields["name"], "Please give the product a name.");
        assert_eq!(
            fields["category_id"],
            "Please choose the category it is shown under."
        );
        assert_eq!(fields["price"], "A price must be more than £0.00.");
        assert_eq!(
            fields["stock"],
            "Stock must be a whole number from 0 to 9999."
        );
        assert_eq!(fields["lead_days"], "Notice must be from 0 to 60 days.");
    }

    #[test]
    fn with_sizes_the_product_follows_them_and_each_size_is_named_when_wrong() {
        let form = ProductForm {
            price: String::new(),
            sizes: vec![
                SizeForm {
                    id: Some(1),
                    size: "Classic".into(),
                    price: "45.00".into(),
                    stock: 3,
                },
                SizeForm {
                    id: None,
                    size: "Grand".into(),
                    price: "60".into(),
                    stock: 2,
                },
            ],
            ..posy()
        };
        let change = form.parse().unwrap();
        assert_eq!(change.price, Money::from_pence(4500));
        assert_eq!(change.stock, 5);
        let bad = ProductForm {
            sizes: vec![SizeForm {
                id: Some(1),
                size: "Classic".into(),
                price: "x".into(),
                stock: 10_000,
            }],
            ..form
        };
        let problems = bad.parse().unwrap_err();
        assert_eq!(problems.message(), "Please check the sizes.");
        let fields = problems.fields();
        assert_eq!(fields["sizes.0.price"], "Please give a price like 45.00.");
        assert_eq!(
            fields["sizes.0.stock"],
            "Stock must be a whole number from 0 to 9999."
        );
    }

    #[test]
    fn sizes_are_named_each_once_and_new_ones_have_no_id() {
        let size = |name: &str| SizeForm {
            id: None,
            size: name.into(),
            price: "30".into(),
            stock: 1,
        };
        let form = ProductForm {
            sizes: vec![size(" Small "), size("Large")],
            ..posy()
        };
        let change = form.parse().unwrap();
        assert_eq!(change.sizes[0].size, "Small");
        assert_eq!(change.sizes[0].id, None);
        let fields = ProductForm {
            sizes: vec![size("Large"), size("large"), size(" ")],
            ..posy()
        }
        .parse()
        .unwrap_err()
        .fields();
        assert_eq!(fields["sizes.1.size"], "Each size needs its own name.");
        assert_eq!(fields["sizes.2.size"], "Please name the size, like Large.");
        assert!(!fields.contains_key("sizes.0.size"));
        let many = ProductForm {
            sizes: (0..13).map(|n| size(&format!("Size {n}"))).collect(),
            ..posy()
        };
        assert_eq!(
            many.parse().unwrap_err().fields()["sizes"],
            "A product may come in at most 12 sizes."
        );
    }
}
