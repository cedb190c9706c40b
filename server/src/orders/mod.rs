//! Paid orders as the shopper sees them (the spec's Order), and the links that open them: each
//! link's token has 256 random bits, only its SHA-256 is stored, it is compared in constant
//! time and it expires. Every handing-out mints a fresh token for the same order.

pub mod admin;
pub mod alerts;
pub mod bookings;
pub mod changes;
pub mod export;
pub mod letters;
pub mod offers;
pub mod phone;
pub mod privacy;
pub mod refunds;
pub mod voucher_letters;
pub mod voucher_privacy;
pub mod vouchers;
pub mod writer;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use poem_openapi::Object;
use posy_core::Money;
use posy_core::calendar::LondonTime;
use posy_core::cart::CartLine;
use posy_core::checkout::{CheckoutField, CheckoutForm};
use posy_core::order::{self as rules, OrderStatus};
use posy_core::schedule::Method;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, Set,
};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::cart::fulfilment::{Described, describe_order};
use crate::http::text_form::{Published, TextForm};
use crate::store::clock::Clock;
use crate::store::clock::{iso8601, now};
use crate::store::db::Writer;
use crate::store::entities::{order, order_event, order_item, order_token};
use crate::store::secrets::constant_time_eq;
use crate::studio::facts::Facts;

/// What the back office's order calls are given (the day's work, status moves, refunds, phone
/// orders): the shop's connections and clock, the studio's facts for the letters, where the
/// customer's order links point, and the provider's refunds. Made when the shop starts, from
/// the same parts as the checkout's, so orders need nothing of the checkout.
#[derive(Clone)]
pub struct OrderDesk {
    pub db: DatabaseConnection,
    /// Where orders and refunds are written, in turn with every other write on SQLite.
    pub ledger: Writer,
    /// How money is given back (the shop's payment provider).
    pub refunds: GiveBack,
    /// e.g. `https://posy.example`, for the order link in the customer's mails.
    pub public_url: String,
    /// How long an order link works, in seconds.
    pub link_ttl_seconds: i64,
    /// The studio's facts, which sign the customer's letters.
    pub facts: Facts,
    pub clock: Clock,
    /// Where the studio's notices go (`--studio-email`), as the checkout's new-order notices.
    pub notify: String,
}

impl OrderDesk {
    /// Where the letters of the orders it writes go, and what their links open.
    pub fn post(&self) -> writer::Post<'_> {
        writer::Post {
            public_url: &self.public_url,
            link_ttl_seconds: self.link_ttl_seconds,
            facts: &self.facts,
        }
    }
}

/// Gives back part of a payment, as the payment provider does it: asking again with the same
/// key gives back once. Orders name the provider only through this, so the checkout (which
/// owns the providers) can use orders and not the reverse.
pub trait GivesBack: Send + Sync {
    /// `pence` of `payment`, under `key`; the provider's words when it refused.
    fn give_back<'a>(
        &'a self,
        payment: &'a str,
        pence: i64,
        key: &'a str,
    ) -> Pin<Box<dyn Future<Output = Result<(), String>> + Send + 'a>>;

    /// Pence of `payment` given back so far in all, as the provider counts it (the shop's
    /// refunds and any made in its own dashboard); the provider's words when it can't tell.
    fn given_back<'a>(
        &'a self,
        payment: &'a str,
    ) -> Pin<Box<dyn Future<Output = Result<i64, String>> + Send + 'a>>;
}

/// The shop's refunds, shared by every request and the retrier.
pub type GiveBack = Arc<dyn GivesBack>;

/// The studio's own number for an order, e.g. `FS-000123`.
pub fn reference(id: i32) -> String {
    format!("FS-{id:06}")
}

/// The order the provider's payment `payment` paid, if it is one of the shop's.
pub async fn paid_by(
    db: &impl ConnectionTrait,
    payment: &str,
) -> Result<Option<order::Model>, sea_orm::DbErr> {
    order::Entity::find()
        .filter(order::Column::PaymentIntentId.eq(payment))
        .one(db)
        .await
}

/// The order's page in the back office, for the studio's letters about it.
pub fn admin_link(public_url: &str, id: i32) -> String {
    format!("{}/admin/orders/{id}", public_url.trim_end_matches('/'))
}

/// The customer's details as an order keeps and shows them: core's checkout form, flattened
/// into the answers that show an order (the order's row has them as columns).
pub type CustomerDetails = Published<CheckoutForm>;

impl TextForm for CheckoutForm {
    type Field = CheckoutField;
    const NAME: &'static str = "CustomerDetails";
    const DESCRIPTION: Option<&'static str> = None;
    const FIELDS: &'static [CheckoutField] = &CheckoutField::ALL;

    fn value(&self, field: CheckoutField) -> &str {
        CheckoutForm::value(self, field)
    }

    fn value_mut(&mut self, field: CheckoutField) -> &mut String {
        CheckoutForm::value_mut(self, field)
    }
}

impl CustomerDetails {
    /// The details kept on an order.
    pub fn of(order: &order::Model) -> CustomerDetails {
        Published(CheckoutForm {
            email: order.email.clone(),
            first_name: order.first_name.clone(),
            last_name: order.last_name.clone(),
            address: order.address.clone(),
            city: order.city.clone(),
            postcode: order.postcode.clone(),
            phone: order.phone.clone(),
        })
    }
}

/// An order as its link shows it.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename = "Order")]
pub struct OrderView {
    /// The number in the order's link.
    pub id: i32,
    /// The studio's reference, e.g. `FS-000123`.
    pub order_id: String,
    /// The token this order was opened with.
    pub access_token: String,
    /// The customer's details, flat beside the order's own fields as the spec's Order has them.
    #[oai(flatten)]
    #[serde(flatten)]
    pub customer: CustomerDetails,
    /// What was charged, e.g. `"87.50"`.
    pub total: String,
    /// What a gift voucher paid of the total, e.g. `"25.00"` (`"0.00"` without one).
    pub paid_by_voucher: String,
    /// What the card paid of the total.
    pub paid_by_card: String,
    /// What an offer code took off (the total is after it).
    pub discount: String,
    /// The offer code used; null without one.
    pub offer_code: Option<String>,
    /// When it was paid for, ISO 8601 in UTC, e.g. `2026-11-23T10:15:00Z`.
    pub created_at: String,
    /// The same in words on the studio's clock in Bristol, e.g. `23 November 2026 at 10:15`
    /// (core's calendar, so the page has no date words of its own).
    pub placed_on: String,
    /// The lines, as they were when paid for.
    pub items: Vec<OrderItemView>,
    /// The delivery fee charged (part of the total), e.g. `"5.00"`; `"0.00"` for collection.
    pub delivery_fee: String,
    /// The delivery slot's surcharge charged (part of the total).
    pub surcharge: String,
    /// Delivery or collection as the shopper chose it; null for an order placed without a
    /// choice (collection from the studio, on the earliest day it could be made).
    pub fulfilment: Option<OrderFulfilmentView>,
    /// Where the order is now: core's `OrderStatus` wire form, e.g. `out_for_delivery`.
    pub status: String,
    /// In words: `Out for delivery`.
    pub status_label: String,
    /// The steps the customer follows (placed, confirmed, out for delivery or ready for
    /// collection, delivered or collected), each with when it was reached.
    pub progress: Vec<OrderStep>,
}

/// A step of an order as its customer follows it.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename = "OrderStep")]
pub struct OrderStep {
    pub status: String,
    /// `Order placed`, `Confirmed`, `Out for delivery`, …
    pub label: String,
    /// Reached (this step or a later one).
    pub done: bool,
    /// When it was reached, ISO 8601 in UTC; null for a step not reached, or skipped.
    pub at: Option<String>,
    /// The same in words on the studio's clock, e.g. `Tue 15 Dec, 09:12`; null when `at` is.
    pub when: Option<String>,
}

/// The customer's steps for an order made by `method` standing at `status`, with the times
/// its history gives them.
pub fn progress(
    method: Method,
    status: OrderStatus,
    placed_at: i64,
    events: &[order_event::Model],
) -> Vec<OrderStep> {
    let path = rules::steps(method);
    let reached = path.iter().position(|s| *s == status);
    rules::customer_steps(method)
        .into_iter()
        .map(|step| {
            let done = match (reached, path.iter().position(|s| *s == step)) {
                (Some(now), Some(at)) => at <= now,
                // A cancelled order reached what its history says it reached.
                _ => step == OrderStatus::New,
            };
            let at = if step == OrderStatus::New {
                Some(placed_at)
            } else if done {
                events
                    .iter()
                    .rev()
                    .find(|e| e.status == step.as_str())
                    .map(|e| e.at)
            } else {
                None
            };
            OrderStep {
                status: step.as_str().to_owned(),
                label: if step == OrderStatus::New {
                    "Order placed".to_owned()
                } else {
                    step.label().to_owned()
                },
                done,
                at: at.map(iso8601),
                when: at.and_then(LondonTime::at).map(LondonTime::brief),
            }
        })
        .collect()
}

/// Delivery or collection as an order shows it: the fields its method asks for, trimmed; the
/// others empty.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename = "OrderFulfilment")]
pub struct OrderFulfilmentView {
    /// `delivery` or `collection`.
    pub method: String,
    /// `2026-12-15`.
    pub date: String,
    /// The day in words: `Tuesday 15 December`.
    pub day: String,
    /// Delivery: the slot's name.
    pub slot: String,
    /// Delivery: the slot's hours as they were when it was chosen, `09:00–13:00`; empty for a
    /// collection (or an order placed before hours were kept).
    pub slot_hours: String,
    /// Collection: the time, `10:30`.
    pub collection_time: String,
    pub recipient_name: String,
    pub recipient_phone: String,
    pub address_line1: String,
    pub address_line2: String,
    pub city: String,
    /// Written as postcodes are: `BS3 4AA`.
    pub postcode: String,
    pub instructions: String,
    /// Line breaks kept.
    pub card_message: String,
    /// Empty: anonymous.
    pub card_from: String,
}

impl From<Described> for OrderFulfilmentView {
    fn from(described: Described) -> Self {
        let f = described.form;
        OrderFulfilmentView {
            method: f.method,
            date: f.date,
            day: described.day,
            slot: f.slot,
            slot_hours: described.slot_hours.unwrap_or_default(),
            collection_time: f.collection_time,
            recipient_name: f.recipient_name,
            recipient_phone: f.recipient_phone,
            address_line1: f.address_line1,
            address_line2: f.address_line2,
            city: f.city,
            postcode: f.postcode,
            instructions: f.instructions,
            card_message: f.card_message,
            card_from: f.card_from,
        }
    }
}

/// A line of an order.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename = "OrderItem")]
pub struct OrderItemView {
    /// With the size when it had one: `Peony Posy (Large)`.
    pub product_name: String,
    pub quantity: i32,
    /// The price of one, e.g. `"45.00"`.
    pub product_price: String,
    /// The price of one times the quantity.
    pub line_total: String,
}

/// A fresh link token for an order, valid for `ttl_seconds`; only its hash is kept.
pub async fn mint_token(
    db: &impl ConnectionTrait,
    order_id: i32,
    ttl_seconds: i64,
) -> Result<String, sea_orm::DbErr> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the system has randomness");
    let token = hex::encode(bytes);
    let now = now();
    order_token::ActiveModel {
        order_id: Set(order_id),
        token_hash: Set(hash(&token)),
        created_at: Set(now),
        expires_at: Set(now.saturating_add(ttl_seconds)),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(token)
}

/// Why an order link did not open.
#[derive(Debug)]
pub enum LinkError {
    /// A wrong, expired or missing token, or no such order: alike from outside.
    Refused,
    Db(sea_orm::DbErr),
}

impl From<sea_orm::DbErr> for LinkError {
    fn from(err: sea_orm::DbErr) -> Self {
        LinkError::Db(err)
    }
}

/// The order with this id when `token` is one of its unexpired tokens; refused otherwise, so a
/// wrong token, an expired one and an unknown order look the same from outside.
pub async fn open(db: &impl ConnectionTrait, id: i32, token: &str) -> Result<OrderView, LinkError> {
    let presented = hash(token);
    let now = now();
    let tokens = order_token::Entity::find()
        .filter(order_token::Column::OrderId.eq(id))
        .all(db)
        .await?;
    // Every stored hash is compared, in constant time, whatever matched before.
    let valid = tokens.iter().fold(false, |found, stored| {
        let matches = constant_time_eq(stored.token_hash.as_bytes(), presented.as_bytes());
        found | (matches & (stored.expires_at > now))
    });
    if !valid {
        return Err(LinkError::Refused);
    }
    view(db, id, token).await?.ok_or(LinkError::Refused)
}

/// The order's lines, in the order they were written.
async fn items_of_order(
    db: &impl ConnectionTrait,
    id: i32,
) -> Result<Vec<order_item::Model>, sea_orm::DbErr> {
    order_item::Entity::find()
        .filter(order_item::Column::OrderId.eq(id))
        .order_by_asc(order_item::Column::Id)
        .all(db)
        .await
}

/// The order's history, oldest first.
async fn events_of_order(
    db: &impl ConnectionTrait,
    id: i32,
) -> Result<Vec<order_event::Model>, sea_orm::DbErr> {
    order_event::Entity::find()
        .filter(order_event::Column::OrderId.eq(id))
        .order_by_asc(order_event::Column::Id)
        .all(db)
        .await
}

/// The order with this id, shown with `token`.
pub async fn view(
    db: &impl ConnectionTrait,
    id: i32,
    token: &str,
) -> Result<Option<OrderView>, sea_orm::DbErr> {
    let Some(order) = order::Entity::find_by_id(id).one(db).await? else {
        return Ok(None);
    };
    let items = items_of_order(db, id).await?;
    let events = events_of_order(db, id).await?;
    let status = OrderStatus::parse(&order.status).unwrap_or(OrderStatus::New);
    let method = order
        .fulfil_method
        .as_deref()
        .and_then(Method::parse)
        .unwrap_or(Method::Collection);
    Ok(Some(OrderView {
        status: status.as_str().to_owned(),
        status_label: status.label().to_owned(),
        progress: progress(method, status, order.created_at, &events),
        id: order.id,
        order_id: reference(order.id),
        access_token: token.to_owned(),
        total: Money::from_pence(order.total_pence).to_wire(),
        paid_by_voucher: Money::from_pence(order.voucher_pence).to_wire(),
        paid_by_card: Money::from_pence(order.total_pence - order.voucher_pence).to_wire(),
        discount: Money::from_pence(order.discount_pence).to_wire(),
        offer_code: order.offer_code.clone(),
        delivery_fee: Money::from_pence(order.delivery_fee_pence).to_wire(),
        surcharge: Money::from_pence(order.surcharge_pence).to_wire(),
        fulfilment: describe_order(&order).map(OrderFulfilmentView::from),
        created_at: iso8601(order.created_at),
        placed_on: LondonTime::at(order.created_at).map_or_else(String::new, LondonTime::full),
        items: items
            .into_iter()
            .map(|item| {
                let line = CartLine {
                    unit_price: Money::from_pence(item.unit_price_pence),
                    quantity: item.quantity.max(0) as u32,
                };
                OrderItemView {
                    product_name: item.product_name,
                    quantity: item.quantity,
                    product_price: line.unit_price.to_wire(),
                    line_total: line.total().to_wire(),
                }
            })
            .collect(),
        customer: CustomerDetails::of(&order),
    }))
}

fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}
