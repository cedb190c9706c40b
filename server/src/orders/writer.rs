//! The one order writer: every order, paid at the checkout or taken by the studio by phone, is
//! written here, in the caller's transaction (on the ledger, in turn with every other write on
//! SQLite): its stock taken, its row with the place its choice books, its lines with their price
//! snapshots, the shop's version moved on (stock changed), and its letters queued in the outbox.
//! What comes before (checking the cart or the studio's form) and after (closing a cart) stays
//! with the caller.

use posy_core::Money;
use posy_core::checkout::CheckoutForm;
use posy_core::order::{OrderStatus, PaidBy};
use posy_core::validation::is_email;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set,
};

use super::letters::{self, OrderFacts};
use crate::cart::fulfilment::{Charge, describe};
use crate::cart::places::Booking;
use crate::cart::{PricedLine, take_stock};
use crate::catalogue::bump_version;
use crate::mail;
use crate::store::clock::now;
use crate::store::entities::{order, order_item, workshop, workshop_booking};
use crate::studio::facts::Facts;

/// How an order was paid.
pub enum Paid<'a> {
    /// Through the shop's payment provider: the studio is sent a notice of the new order at
    /// `notify` (its address).
    Card { notify: &'a str },
    /// By phone or in the studio, outside the shop: how, as the studio wrote it, and the admin
    /// who entered it. The studio took it, so no notice is sent.
    Studio { note: &'a str, taken_by: &'a str },
}

/// An order to write.
pub struct NewOrder<'a> {
    /// The cart it was made from, or the studio's own `studio-…` id.
    pub cart_id: &'a str,
    /// The provider's payment id, or the studio's own id.
    pub payment: &'a str,
    pub customer: &'a CheckoutForm,
    /// The details came from the card's billing details and did not pass the checkout's rules.
    pub check_details: bool,
    /// The florist's choice as kept (core's form as JSON); none for an order without one.
    pub fulfilment: Option<&'a str>,
    /// The place it books, counted against the slot's or the day's capacity.
    pub booking: &'a Booking,
    pub charge: Charge,
    /// What the order comes to: the lines and the charge, less an offer code's discount.
    pub total: Money,
    /// What a gift voucher paid of the total (the card or the studio took the rest).
    pub paid_by_voucher: Money,
    /// What an offer code took off.
    pub discount: Money,
    /// The offer code used.
    pub offer_code: Option<&'a str>,
    pub lines: &'a [PricedLine],
    pub paid: Paid<'a>,
}

/// Where an order's letters go and what their links open.
pub struct Post<'a> {
    /// e.g. `https://posy.example`, for the links in the letters.
    pub public_url: &'a str,
    /// How long the customer's order link works, in seconds.
    pub link_ttl_seconds: i64,
    /// The studio's facts, which sign the letters.
    pub facts: &'a Facts,
}

impl Post<'_> {
    /// A fresh link to the customer's own order page, for a mail.
    pub async fn customer_link(&self, db: &impl ConnectionTrait, id: i32) -> Result<String, DbErr> {
        let token = super::mint_token(db, id, self.link_ttl_seconds).await?;
        Ok(format!(
            "{}/order-confirmation/{id}?token={token}",
            self.public_url.trim_end_matches('/')
        ))
    }
}

/// What became of an order, short of a database failure.
pub enum Written<'a> {
    /// Written, with this id.
    Order(i32),
    /// This line's stock ran out: nothing was written (the caller rolls back).
    SoldOut(&'a PricedLine),
}

/// Writes `new` in `txn` (see the module's notes); the caller commits.
pub async fn write_order<'a>(
    txn: &impl ConnectionTrait,
    post: &Post<'_>,
    new: &NewOrder<'a>,
) -> Result<Written<'a>, DbErr> {
    if let Some(short) = take_stock(txn, new.lines).await? {
        return Ok(Written::SoldOut(short));
    }
    let order = insert_order(txn, new, "shop").await?;
    for line in new.lines {
        order_item::ActiveModel {
            order_id: Set(order.id),
            product_id: Set(Some(line.product.id)),
            variation_id: Set(line.size.as_ref().map(|s| s.id)),
            sized: Set(line.size.is_some()),
            product_name: Set(line.label()),
            quantity: Set(line.quantity as i32),
            unit_price_pence: Set(line.unit_price.pence()),
            refunded_quantity: Set(0),
            ..Default::default()
        }
        .insert(txn)
        .await?;
    }
    // The stock it took shows on /shop at once.
    bump_version(txn).await?;
    post_letters(txn, post, new, order.id).await?;
    Ok(Written::Order(order.id))
}

/// The order's row, of `channel`.
async fn insert_order(
    txn: &impl ConnectionTrait,
    new: &NewOrder<'_>,
    channel: &str,
) -> Result<order::Model, DbErr> {
    let customer = new.customer;
    let (paid_by, payment_note, taken_by) = match new.paid {
        Paid::Card { .. } => (PaidBy::Card, None, None),
        Paid::Studio { note, taken_by } => (PaidBy::Studio, Some(note), Some(taken_by)),
    };
    order::ActiveModel {
        cart_id: Set(new.cart_id.to_owned()),
        payment_intent_id: Set(new.payment.to_owned()),
        email: Set(customer.email.clone()),
        first_name: Set(customer.first_name.clone()),
        last_name: Set(customer.last_name.clone()),
        address: Set(customer.address.clone()),
        city: Set(customer.city.clone()),
        postcode: Set(customer.postcode.clone()),
        phone: Set(customer.phone.clone()),
        total_pence: Set(new.total.pence()),
        created_at: Set(now()),
        check_details: Set(new.check_details),
        fulfilment: Set(new.fulfilment.map(str::to_owned)),
        delivery_fee_pence: Set(new.charge.delivery.pence()),
        surcharge_pence: Set(new.charge.surcharge.pence()),
        fulfil_method: Set(new.booking.method.clone()),
        fulfil_date: Set(new.booking.date.clone()),
        fulfil_slot: Set(new.booking.slot.clone()),
        slot_hours: Set(new.booking.slot_hours.clone()),
        status: Set(OrderStatus::New.as_str().to_owned()),
        paid_by: Set(paid_by.as_str().to_owned()),
        payment_note: Set(payment_note.map(str::to_owned)),
        taken_by: Set(taken_by.map(str::to_owned)),
        refunded_pence: Set(0),
        fee_refunded: Set(false),
        channel: Set(channel.to_owned()),
        voucher_pence: Set(new.paid_by_voucher.pence()),
        discount_pence: Set(new.discount.pence()),
        offer_code: Set(new.offer_code.map(str::to_owned)),
        voucher_refunded_pence: Set(0),
        ..Default::default()
    }
    .insert(txn)
    .await
}

/// The customer's confirmation (when their address can take mail: billing details may hold
/// none, and a phone customer may give none) and, for a card order, the studio's notice.
async fn post_letters(
    txn: &impl ConnectionTrait,
    post: &Post<'_>,
    new: &NewOrder<'_>,
    id: i32,
) -> Result<(), DbErr> {
    let customer = new.customer;
    let reference = super::reference(id);
    let facts = OrderFacts {
        reference: &reference,
        payment: new.payment,
        customer,
        lines: new.lines,
        charge: new.charge,
        fulfilment: new
            .fulfilment
            .and_then(|kept| describe(kept, new.booking.slot_hours.as_deref())),
        total: new.total,
        check_details: new.check_details,
    };
    let studio = post.facts.get(txn).await?;
    if is_email(&customer.email) {
        let link = post.customer_link(txn, id).await?;
        let days = post.link_ttl_seconds / 86_400;
        mail::post(
            txn,
            &customer.email,
            letters::order_confirmation(&facts, &studio, &link, days),
        )
        .await?;
    }
    if let Paid::Card { notify } = new.paid {
        let admin_link = super::admin_link(post.public_url, id);
        mail::post_answered_to(
            txn,
            notify,
            letters::new_order(&facts, &studio, &admin_link),
            &customer.email,
        )
        .await?;
    }
    Ok(())
}

/// Seats booked on a workshop, to write as an order of the `workshop` channel: the order as
/// for any other (no lines of stock, no choice), the workshop and the booking held for it.
pub struct NewBooking<'a> {
    pub order: NewOrder<'a>,
    pub workshop: &'a workshop::Model,
    pub booking: &'a workshop_booking::Model,
}

/// What became of a booking, short of a database failure.
pub enum BookingWritten {
    /// Written as this order.
    Order(i32),
    /// The seats went meanwhile: nothing was written (the caller rolls back).
    SeatsGone,
}

/// Writes a booking as an order in `txn`: its seats taken from the workshop with a conditional
/// update (as stock is, never below none), the order row, one line (the seats, at what each
/// paid now), the booking tied to the order, and the letters (the booker's confirmation, with
/// the balance and its date, and the studio's notice). The caller commits.
pub async fn write_booking(
    txn: &impl ConnectionTrait,
    post: &Post<'_>,
    new: &NewBooking<'_>,
) -> Result<BookingWritten, DbErr> {
    let (workshop, booking) = (new.workshop, new.booking);
    let taken = workshop::Entity::update_many()
        .col_expr(
            workshop::Column::SpotsLeft,
            Expr::col(workshop::Column::SpotsLeft).sub(booking.seats),
        )
        .filter(workshop::Column::Id.eq(workshop.id))
        .filter(workshop::Column::SpotsLeft.gte(booking.seats))
        .exec(txn)
        .await?;
    if taken.rows_affected == 0 {
        return Ok(BookingWritten::SeatsGone);
    }
    let order = insert_order(txn, &new.order, "workshop").await?;
    order_item::ActiveModel {
        order_id: Set(order.id),
        product_id: Set(None),
        variation_id: Set(None),
        sized: Set(false),
        product_name: Set(letters::seat_label(workshop)),
        quantity: Set(booking.seats),
        unit_price_pence: Set(booking.paid_pence / i64::from(std::cmp::max(booking.seats, 1))),
        refunded_quantity: Set(0),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    workshop_booking::Entity::update_many()
        .col_expr(workshop_booking::Column::OrderId, Expr::value(order.id))
        .filter(workshop_booking::Column::Id.eq(booking.id))
        .exec(txn)
        .await?;
    let studio = post.facts.get(txn).await?;
    let reference = super::reference(order.id);
    let link = post.customer_link(txn, order.id).await?;
    mail::post(
        txn,
        &booking.email,
        letters::booking_confirmation(
            &reference,
            workshop,
            booking,
            new.order.paid_by_voucher,
            &studio,
            &link,
        ),
    )
    .await?;
    if let Paid::Card { notify } = new.order.paid {
        let admin_link = super::admin_link(post.public_url, order.id);
        mail::post_answered_to(
            txn,
            notify,
            letters::new_booking(
                &reference,
                workshop,
                booking,
                new.order.paid_by_voucher,
                &admin_link,
            ),
            &booking.email,
        )
        .await?;
    }
    Ok(BookingWritten::Order(order.id))
}
