//! Orders the studio takes by phone or in the studio, paid outside the shop. They are priced
//! from the shelf as a cart is, take stock as a paid cart does, book their day and slot, and
//! appear in the day's work like any other order. The day and slot are checked by core as the
//! shop checks them, without the capacity limits (the studio may squeeze one in) or the
//! products' notice (the studio knows what it can make).

use posy_core::Money;
use posy_core::checkout::CheckoutForm;
use posy_core::fulfilment::{FulfilmentField, FulfilmentForm};
use posy_core::order::{OrderStatus, PaidBy};
use posy_core::schedule::Taken;
use posy_core::studio_order::{MAX_PER_LINE, StudioOrderField, StudioOrderForm};
use posy_core::validation::{FormProblems, is_email};
use sea_orm::{ActiveModelTrait, ColumnTrait, DbErr, EntityTrait, QueryFilter, Set};

use super::letters::{self, OrderFacts};
use crate::cart::fulfilment::{Charge, describe};
use crate::cart::places::Booking;
use crate::cart::take_stock;
use crate::cart::{self, PricedLine};
use crate::catalogue::bump_version;
use crate::mail;
use crate::orders;
use crate::orders::OrderDesk;
use crate::orders::admin;
use crate::store::clock::now;
use crate::store::entities::{order, order_item, product, variation};
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
        let size = match line.size_id {
            Some(id) => match sizes.into_iter().find(|s| s.id == id) {
                Some(size) => Some(size),
                None => {
                    return Err(StudioOrderError::Line(
                        at,
                        format!("Please choose a size of {}.", product.name),
                    ));
                }
            },
            None if !sizes.is_empty() => {
                return Err(StudioOrderError::Line(
                    at,
                    format!("Please choose a size of {}.", product.name),
                ));
            }
            None => None,
        };
        let unit_price =
            Money::from_pence(size.as_ref().map_or(product.price_pence, |s| s.price_pence));
        priced.push(PricedLine {
            id: at as i32,
            // The studio may sell what the shop hides (a piece kept for phone orders).
            on_sale: true,
            product,
            size,
            quantity: line.quantity,
            unit_price,
        });
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
    let kept = serde_json::to_string(choice)
        .map_err(|err| DbErr::Custom(format!("the choice cannot be written: {err}")))?;
    // Fits the cart id's column (36 characters) as well as the payment's.
    let random: String = uuid::Uuid::new_v4()
        .simple()
        .to_string()
        .chars()
        .take(24)
        .collect();
    let own_id = format!("studio-{random}");

    let txn = desk.ledger.begin().await?;
    if let Some(short) = take_stock(&txn, &priced).await? {
        let at = priced
            .iter()
            .position(|l| std::ptr::eq(l, short))
            .unwrap_or(0);
        let message = match short.stock() {
            0 => format!("{} is sold out.", short.label()),
            left => format!("Only {left} of {} are in stock.", short.label()),
        };
        txn.rollback().await?;
        return Err(StudioOrderError::Stock(at, message));
    }
    let placed = now();
    let order = order::ActiveModel {
        cart_id: Set(own_id.clone()),
        payment_intent_id: Set(own_id.clone()),
        email: Set(customer.email.clone()),
        first_name: Set(customer.first_name.clone()),
        last_name: Set(customer.last_name.clone()),
        address: Set(String::new()),
        city: Set(String::new()),
        postcode: Set(String::new()),
        phone: Set(customer.phone.clone()),
        total_pence: Set(totals.total.pence()),
        created_at: Set(placed),
        check_details: Set(false),
        fulfilment: Set(Some(kept.clone())),
        delivery_fee_pence: Set(charge.delivery.pence()),
        surcharge_pence: Set(charge.surcharge.pence()),
        fulfil_method: Set(booking.method.clone()),
        fulfil_date: Set(booking.date.clone()),
        fulfil_slot: Set(booking.slot.clone()),
        status: Set(OrderStatus::New.as_str().into()),
        paid_by: Set(PaidBy::Studio.as_str().into()),
        payment_note: Set(Some(customer.payment_note.clone())),
        taken_by: Set(Some(admin.to_owned())),
        refunded_pence: Set(0),
        fee_refunded: Set(false),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    for line in &priced {
        order_item::ActiveModel {
            order_id: Set(order.id),
            product_id: Set(Some(line.product.id)),
            variation_id: Set(line.size.as_ref().map(|s| s.id)),
            product_name: Set(line.label()),
            quantity: Set(line.quantity as i32),
            unit_price_pence: Set(line.unit_price.pence()),
            refunded_quantity: Set(0),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
    }
    bump_version(&txn).await?;
    if is_email(&customer.email) {
        let link = admin::customer_link(desk, &txn, order.id).await?;
        let as_checkout = CheckoutForm {
            email: customer.email.clone(),
            first_name: customer.first_name.clone(),
            last_name: customer.last_name.clone(),
            phone: customer.phone.clone(),
            ..CheckoutForm::default()
        };
        let reference = orders::reference(order.id);
        let facts = OrderFacts {
            reference: &reference,
            payment: &own_id,
            customer: &as_checkout,
            lines: &priced,
            charge,
            fulfilment: describe(&kept),
            total: totals.total,
            check_details: false,
        };
        let days = desk.link_ttl_seconds / 86_400;
        let studio = desk.facts.get(&txn).await?;
        mail::post(
            &txn,
            &customer.email,
            letters::order_confirmation(&facts, &studio, &link, days),
        )
        .await?;
    }
    txn.commit().await?;
    Ok(order.id)
}
