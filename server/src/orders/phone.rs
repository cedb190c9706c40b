//! Orders the studio takes by phone or in the studio, paid outside the shop. They are priced
//! from the shelf as a cart is, take stock as a paid cart does, book their day and slot, and
//! appear in the day's work like any other order. The day and slot are checked by core as the
//! shop checks them, without the capacity limits (the studio may squeeze one in) or the
//! products' notice (the studio knows what it can make).

use posy_core::Money;
use posy_core::catalogue::check_size;
use posy_core::checkout::CheckoutForm;
use posy_core::fulfilment::{FulfilmentField, FulfilmentForm};
use posy_core::quantity::{self, QuantityProblem};
use posy_core::schedule::Taken;
use posy_core::studio_order::{MAX_PER_LINE, StudioOrderField, StudioOrderForm};
use posy_core::validation::FormProblems;
use sea_orm::{ColumnTrait, DbErr, EntityTrait, QueryFilter};

use super::writer::{NewOrder, Paid, Written, write_order};
use crate::cart::fulfilment::{Charge, keep};
use crate::cart::places::Booking;
use crate::cart::{self, PricedLine};
use crate::orders::OrderDesk;
use crate::store::entities::{product, variation};
use crate::studio::delivery;

/// A line the studio chose.
#[derive(Debug, Clone)]
pub struct StudioLine {
    pub product_id: i32,
    /// The size, for a product with sizes.
    pub size_id: Option<i32>,
    pub quantity: u32,
}

/// Why a studio order was not taken.
#[derive(Debug)]
pub enum StudioOrderError {
    Form(FormProblems<StudioOrderField>),
    Fulfilment(FormProblems<FulfilmentField>),
    /// A line's product or size is not in the shop, or its quantity is not allowed.
    Line(usize, String),
    /// A line's stock ran out.
    Stock(usize, String),
    Db(DbErr),
}

impl From<DbErr> for StudioOrderError {
    fn from(err: DbErr) -> Self {
        StudioOrderError::Db(err)
    }
}

/// Prices each line from the shelf as it is now.
async fn price(
    db: &impl sea_orm::ConnectionTrait,
    lines: &[StudioLine],
) -> Result<Vec<PricedLine>, StudioOrderError> {
    let mut priced = Vec::with_capacity(lines.len());
    for (at, line) in lines.iter().enumerate() {
        if line.quantity == 0 || line.quantity > MAX_PER_LINE {
            return Err(StudioOrderError::Line(
                at,
                format!("Please choose a quantity from 1 to {MAX_PER_LINE}."),
            ));
        }
        let Some(product) = product::Entity::find_by_id(line.product_id).one(db).await? else {
            return Err(StudioOrderError::Line(
                at,
                "That product is not in the shop any more.".into(),
            ));
        };
        if product.archived {
            return Err(StudioOrderError::Line(
                at,
                format!("{} is archived; restore it to sell it.", product.name),
            ));
        }
        let sizes = variation::Entity::find()
            .filter(variation::Column::ProductId.eq(product.id))
            .all(db)
            .await?;
        let size = line
            .size_id
            .and_then(|id| sizes.iter().find(|s| s.id == id).cloned());
        let asked = line.size_id.map(|_| size.is_some());
        if let Err(problem) = check_size(!sizes.is_empty(), asked) {
            return Err(StudioOrderError::Line(at, problem.message(&product.name)));
        }
        let unit_price =
            Money::from_pence(size.as_ref().map_or(product.price_pence, |s| s.price_pence));
        let priced_line = PricedLine {
            id: at as i32,
            // The studio may sell what the shop hides (a piece kept for phone orders).
            on_sale: true,
            product,
            size,
            quantity: line.quantity,
            unit_price,
        };
        if let Err(problem) = quantity::check_stock(i64::from(line.quantity), priced_line.stock()) {
            return Err(StudioOrderError::Stock(
                at,
                problem.message(&priced_line.label()),
            ));
        }
        priced.push(priced_line);
    }
    Ok(priced)
}

/// Takes the order: checks it, takes its stock, books its day and writes it with the studio as
/// its taker; the customer is mailed their confirmation when they gave an e-mail. Answers the
/// new order's id.
pub async fn take(
    desk: &OrderDesk,
    admin: &str,
    form: &StudioOrderForm,
    lines: &[StudioLine],
    choice: &FulfilmentForm,
) -> Result<i32, StudioOrderError> {
    // Every fault at once: the customer's fields and the choice's.
    let customer = form.parse();
    let settings = delivery::settings(&desk.db).await?;
    let chosen = choice.parse(&settings, desk.clock.now(), 0, &Taken::none());
    let (customer, chosen) = match (customer, chosen) {
        (Ok(customer), Ok(chosen)) => (customer, chosen),
        (Err(problems), _) => return Err(StudioOrderError::Form(problems)),
        (_, Err(problems)) => return Err(StudioOrderError::Fulfilment(problems)),
    };
    let priced = price(&desk.db, lines).await?;
    let totals = settings.totals(cart::total_of(&priced), &chosen);
    let charge = Charge {
        delivery: totals.delivery,
        surcharge: totals.surcharge,
    };
    let booking = Booking::of(&chosen);
    let kept = keep(&chosen)?;
    // Fits the cart id's column (36 characters) as well as the payment's.
    let random: String = uuid::Uuid::new_v4()
        .simple()
        .to_string()
        .chars()
        .take(24)
        .collect();
    let own_id = format!("studio-{random}");

    // The customer as the order and its letters keep them: a studio order has no billing
    // address.
    let as_checkout = CheckoutForm {
        email: customer.email.clone(),
        first_name: customer.first_name.clone(),
        last_name: customer.last_name.clone(),
        phone: customer.phone.clone(),
        ..CheckoutForm::default()
    };
    let new = NewOrder {
        cart_id: &own_id,
        payment: &own_id,
        customer: &as_checkout,
        check_details: false,
        fulfilment: Some(&kept),
        booking: &booking,
        charge,
        total: totals.total,
        paid_by_voucher: Money::ZERO,
        discount: Money::ZERO,
        offer_code: None,
        lines: &priced,
        paid: Paid::Studio {
            note: &customer.payment_note,
            taken_by: admin,
        },
    };

    let txn = desk.ledger.begin().await?;
    let short = match write_order(&txn, &desk.post(), &new).await? {
        Written::Order(id) => {
            txn.commit().await?;
            return Ok(id);
        }
        Written::SoldOut(short) => short,
    };
    let at = priced
        .iter()
        .position(|l| std::ptr::eq(l, short))
        .unwrap_or(0);
    txn.rollback().await?;
    // Sold since the lines were priced: priced again, the stock as it is now says how many are
    // left.
    price(&desk.db, lines).await?;
    let message = QuantityProblem::SoldOut.message(&short.label());
    Err(StudioOrderError::Stock(at, message))
}
