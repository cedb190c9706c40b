//! The florist's choice kept with the cart: delivery or collection, the day and the slot or
//! collection time, the recipient and the card. Core decides whether a choice can be booked and
//! what it costs ([`posy_core::fulfilment`]); this module hands it the cart's facts (the items'
//! total and the notice its pieces need), the studio's settings, the places others have taken
//! ([`crate::cart::places`]) and the shop's clock, and keeps a choice that passed with the place it
//! books.
//!
//! When the payment is made (`check_intent`), the kept choice is checked again at that moment
//! and its charge (delivery fee and slot surcharge) fixed on the cart; the order is placed for
//! that fixed charge, so a choice valid when the shopper paid is honoured even if its cut-off
//! passes while the card is confirmed. A choice changed after that has no fixed charge, and a
//! payment made before the change no longer matches the cart.

use posy_core::Money;
use posy_core::calendar::Date;
use posy_core::cart::CartId;
use posy_core::fulfilment::{Fulfilment, FulfilmentField, FulfilmentForm, Totals};
use posy_core::schedule::Method;
use posy_core::validation::FormProblems;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter};

use crate::cart::holds;
use crate::cart::places::{self, Booking};
use crate::cart::{self, PricedLine};
use crate::store::clock::Clock;
use crate::store::entities::cart as carts;
use crate::store::entities::order;
use crate::studio::delivery;

/// Why a choice was not kept.
#[derive(Debug)]
pub enum ChoiceError {
    /// No open cart has that id.
    CartGone,
    /// Nothing in the cart to deliver.
    EmptyCart,
    /// Core's sentences, a field each.
    Form(FormProblems<FulfilmentField>),
    Db(DbErr),
}

impl From<DbErr> for ChoiceError {
    fn from(err: DbErr) -> Self {
        ChoiceError::Db(err)
    }
}

/// What a choice adds to the items.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Charge {
    /// The zone's delivery fee (nothing for collection or from the free-delivery threshold).
    pub delivery: Money,
    /// The slot's surcharge.
    pub surcharge: Money,
}

impl Charge {
    /// What an order of `items` costs with this charge, as core adds it up.
    pub fn totals(self, items: Money) -> Totals {
        Totals::of(items, self.delivery, self.surcharge)
    }
}

/// Checks the cart's kept choice again at the clock's moment, with the places others have
/// taken (a slot that filled meanwhile is "Fully booked"), and answers its charge; nothing
/// when the cart has no choice (a client that knows only the spec's calls: collection, free).
/// Runs in the transaction that holds the cart for its payment, which from then holds its
/// place too ([`places`]).
pub async fn price(
    txn: &impl ConnectionTrait,
    clock: Clock,
    cart: &carts::Model,
    lines: &[PricedLine],
) -> Result<Charge, ChoiceError> {
    let Some(kept) = &cart.fulfilment else {
        return Ok(Charge::default());
    };
    let form: FulfilmentForm = serde_json::from_str(kept)
        .map_err(|err| DbErr::Custom(format!("a cart's choice cannot be read: {err}")))?;
    let settings = delivery::settings(txn).await?;
    places::lock_place(txn, &settings, &form).await?;
    let taken = places::taken(txn, &settings, clock.now(), Some(&cart.id)).await?;
    let chosen = form
        .parse(&settings, clock.now(), lead_days(lines), &taken)
        .map_err(ChoiceError::Form)?;
    let totals = settings.totals(cart::total_of(lines), &chosen);
    Ok(Charge {
        delivery: totals.delivery,
        surcharge: totals.surcharge,
    })
}

/// Fixes the charge the cart's payment is made for, on the choice it was priced for: a choice
/// changed meanwhile keeps no fixed charge.
pub async fn fix_charge(
    db: &impl ConnectionTrait,
    cart: &carts::Model,
    charge: Charge,
) -> Result<(), DbErr> {
    let same_choice = match &cart.fulfilment {
        Some(kept) => carts::Column::Fulfilment.eq(kept.as_str()),
        None => carts::Column::Fulfilment.is_null(),
    };
    carts::Entity::update_many()
        .col_expr(
            carts::Column::DeliveryFeePence,
            Expr::value(charge.delivery.pence()),
        )
        .col_expr(
            carts::Column::SurchargePence,
            Expr::value(charge.surcharge.pence()),
        )
        .filter(carts::Column::Id.eq(cart.id.as_str()))
        .filter(carts::Column::OrderedAt.is_null())
        .filter(same_choice)
        .exec(db)
        .await?;
    Ok(())
}

/// The charge fixed on the cart for its choice; nothing to add without a choice, and `None`
/// when a choice is kept but its charge was never fixed (it changed after the payment was made).
pub fn fixed_charge(cart: &carts::Model) -> Option<Charge> {
    match (
        &cart.fulfilment,
        cart.delivery_fee_pence,
        cart.surcharge_pence,
    ) {
        (None, _, _) => Some(Charge::default()),
        (Some(_), Some(delivery), Some(surcharge)) => Some(Charge {
            delivery: Money::from_pence(delivery),
            surcharge: Money::from_pence(surcharge),
        }),
        _ => None,
    }
}

/// The days of notice a cart needs: the most any of its pieces needs.
pub fn lead_days(lines: &[PricedLine]) -> u32 {
    lines
        .iter()
        .map(|line| u32::try_from(line.product.lead_days).unwrap_or(0))
        .max()
        .unwrap_or(0)
}

/// Checks `form` for the cart at the clock's moment, with the places others have taken, and
/// keeps it with the cart, with the place it books; answers what the cart then costs.
pub async fn choose(
    db: &impl ConnectionTrait,
    clock: Clock,
    cart_id: CartId,
    form: FulfilmentForm,
) -> Result<Totals, ChoiceError> {
    let open = carts::Entity::find_by_id(cart_id.to_string())
        .one(db)
        .await?
        .is_some_and(|cart| cart.ordered_at.is_none());
    if !open {
        return Err(ChoiceError::CartGone);
    }
    let lines = cart::priced_lines(db, cart_id).await?;
    if lines.is_empty() {
        return Err(ChoiceError::EmptyCart);
    }
    let settings = delivery::settings(db).await?;
    let cart = cart_id.to_string();
    let taken = places::taken(db, &settings, clock.now(), Some(&cart)).await?;
    let chosen = form
        .parse(&settings, clock.now(), lead_days(&lines), &taken)
        .map_err(ChoiceError::Form)?;
    let totals = settings.totals(cart::total_of(&lines), &chosen);
    let booking = Booking::of(&chosen);
    let kept = keep(&chosen)?;
    // A new choice has no fixed charge until its payment is made for it, and ends the hold of
    // the payment made for the old one.
    let updated = holds::release(carts::Entity::update_many())
        .col_expr(carts::Column::Fulfilment, Expr::value(kept))
        .col_expr(carts::Column::DeliveryFeePence, Expr::value(None::<i64>))
        .col_expr(carts::Column::SurchargePence, Expr::value(None::<i64>))
        .col_expr(carts::Column::FulfilMethod, Expr::value(booking.method))
        .col_expr(carts::Column::FulfilDate, Expr::value(booking.date))
        .col_expr(carts::Column::FulfilSlot, Expr::value(booking.slot))
        .col_expr(carts::Column::SlotHours, Expr::value(booking.slot_hours))
        .filter(carts::Column::Id.eq(cart))
        .filter(carts::Column::OrderedAt.is_null())
        .exec(db)
        .await?;
    if updated.rows_affected == 0 {
        return Err(ChoiceError::CartGone);
    }
    Ok(totals)
}

/// The checked choice as the cart and the order keep it: core's tidied form, as JSON, so it is
/// shown later as it is kept.
pub fn keep(chosen: &Fulfilment) -> Result<String, DbErr> {
    serde_json::to_string(&chosen.form())
        .map_err(|err| DbErr::Custom(format!("the choice cannot be written: {err}")))
}

/// A kept choice as an order shows it: the fields its method asks for, tidied when it was kept
/// ([`keep`]), and the day in words. `None` for a choice that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Described {
    pub form: FulfilmentForm,
    pub method: Method,
    /// `Tuesday 15 December`.
    pub day: String,
    /// A delivery slot's hours as they were when it was chosen, `09:00–13:00` (kept beside the
    /// choice); `None` for a collection, or an order placed before hours were kept.
    pub slot_hours: Option<String>,
}

/// Reads a kept choice for showing (see [`Described`]), with its slot's hours as kept.
pub fn describe(kept: &str, slot_hours: Option<&str>) -> Option<Described> {
    let form: FulfilmentForm = serde_json::from_str(kept).ok()?;
    let method = Method::parse(&form.method)?;
    let day = Date::parse(&form.date)?.display();
    let slot_hours = slot_hours.filter(|_| method == Method::Delivery);
    Some(Described {
        form,
        method,
        day,
        slot_hours: slot_hours.map(str::to_owned),
    })
}

/// An order's choice for showing, with its slot's hours as the order keeps them.
pub fn describe_order(order: &order::Model) -> Option<Described> {
    describe(order.fulfilment.as_deref()?, order.slot_hours.as_deref())
}

impl Described {
    /// When, as the mails say it: `Tuesday 15 December, Morning (09:00–13:00)` for a delivery
    /// (the slot's name alone when its hours were not kept), `Tuesday 15 December at 10:00` for
    /// a collection.
    pub fn when(&self) -> String {
        match self.method {
            Method::Delivery => match &self.slot_hours {
                Some(hours) => format!("{}, {} ({hours})", self.day, self.form.slot),
                None => format!("{}, {}", self.day, self.form.slot),
            },
            Method::Collection => format!("{} at {}", self.day, self.form.collection_time),
        }
    }

    /// The delivery address on one line: `4 Wells Road, Bristol, BS3 4AA` (empty for a
    /// collection, which asks for none).
    pub fn address(&self) -> String {
        let f = &self.form;
        [&f.address_line1, &f.address_line2, &f.city, &f.postcode]
            .into_iter()
            .map(String::as_str)
            .filter(|part| !part.is_empty())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The lines an order's mail gives the choice, e.g. `Delivery: Tuesday 15 December, Morning`.
    pub fn lines(&self) -> Vec<String> {
        let f = &self.form;
        let mut lines = Vec::new();
        match self.method {
            Method::Delivery => {
                lines.push(format!("Delivery: {}", self.when()));
                let phone = if f.recipient_phone.is_empty() {
                    String::new()
                } else {
                    format!(", {}", f.recipient_phone)
                };
                lines.push(format!("For: {}{phone}", f.recipient_name));
                lines.push(format!("To: {}", self.address()));
                if !f.instructions.is_empty() {
                    lines.push(format!("Instructions: {}", f.instructions));
                }
            }
            Method::Collection => {
                lines.push(format!("Collection from the studio: {}", self.when()))
            }
        }
        if !f.card_message.is_empty() {
            let from = if f.card_from.is_empty() {
                "no name (anonymous)"
            } else {
                &f.card_from
            };
            lines.push(format!(
                "Card message (from {from}):\n    {}",
                f.card_message.replace('\n', "\n    ")
            ));
        }
        lines
    }
}
