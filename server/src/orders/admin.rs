//! The studio's orders: the day's work (today, then the days ahead, past days' unfinished
//! orders first as overdue), one order as the studio reads it, and its status moved along
//! core's workflow, each change kept with who and when and the customer told by mail.

use std::collections::HashMap;

use poem_openapi::Object;
use posy_core::Money;
use posy_core::calendar::{Date, LondonTime};
use posy_core::cart::CartLine;
use posy_core::delivery::DeliverySettings;
use posy_core::order::{self as rules, OrderStatus, PaidBy, RefundState};
use posy_core::schedule::Method;
use posy_core::validation::is_email;
use sea_orm::sea_query::{Expr, ExprTrait, Func};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};

use super::bookings::{self, BalanceMoney};
use super::{alerts, letters};
use crate::cart::fulfilment::describe_order;
use crate::mail;
use crate::orders::OrderDesk;
use crate::orders::{self, OrderFulfilmentView};
use crate::store::clock::iso8601;
use crate::store::entities::{
    order, order_change, order_event, order_item, order_note, order_refund, workshop,
};

/// How many orders a search finds at most (newest first).
pub const FOUND_SHOWN: u64 = 200;

/// How many orders one answer of the list draws in full, the first in the list's order: a
/// Valentine's morning puts thousands in the day's work, and drawing them all on every call held
/// the server at 229 MB of its own instead of 47 (performance.md, 2026-11-28) while no one reads
/// that far.
pub const LISTED_AT_MOST: usize = 200;

/// An order as a line of the day's work.
#[derive(Debug, Clone, Object)]
pub struct OrderLine {
    pub id: i32,
    /// `FS-000123`.
    pub reference: String,
    /// Core's `OrderStatus` wire form, e.g. `out_for_delivery`.
    pub status: String,
    /// In words: `Out for delivery`.
    pub status_label: String,
    /// `delivery` or `collection`.
    pub method: String,
    /// The day it is for, `2026-12-15`.
    pub date: String,
    /// Delivery: the slot's name; collection: the time, `10:30`.
    pub when: String,
    /// The customer's name.
    pub customer: String,
    /// Who receives it (the customer for a collection).
    pub recipient: String,
    /// Delivery: the postcode it goes to.
    pub postcode: String,
    /// e.g. `2 × Peony Posy (Large), 1 × Vase`: everything bought, refunded or not.
    pub items: String,
    /// The same lines, each with how many were given back, so the list can strike them out.
    pub lines: Vec<OrderLineItem>,
    /// What was paid, before any refund.
    pub total: String,
    /// Given back so far (pending refunds included), `0.00` when nothing.
    pub refunded: String,
    /// What the order is worth after its refunds: `total` less `refunded`.
    pub net_total: String,
    /// ISO 8601, UTC.
    pub placed_at: String,
    /// A past day's order not yet finished.
    pub overdue: bool,
    /// A refund the provider has not yet confirmed (it is being retried).
    pub refund_pending: bool,
    /// What the payment provider warned of that still needs the studio, in a few words each
    /// (`Fraud warning: check before it goes out`, `Payment disputed`).
    pub payment_alerts: Vec<String>,
    /// Taken by phone or in the studio.
    pub studio_order: bool,
    /// The studio's settings close the order's day (`Closed for a wedding`): the customer must
    /// be told or the order moved. Null when the day is open or the order is finished.
    pub studio_closed: Option<String>,
    /// Its next step along core's workflow (what the day's work offers to mark several orders
    /// as); null for a finished order.
    pub next: Option<OrderMove>,
}

/// A line of an order in the day's work.
#[derive(Debug, Clone, Object)]
pub struct OrderLineItem {
    /// With the size when it had one: `Peony Posy (Large)`.
    pub name: String,
    pub quantity: i32,
    /// How many of the quantity have been given back.
    pub refunded_quantity: i32,
}

/// An order booked for a day the new settings close, named in the warning before saving them.
#[derive(Debug, Clone, Object)]
pub struct OrderOnClosedDay {
    pub id: i32,
    /// `FS-000123`.
    pub reference: String,
    /// The customer's name.
    pub customer: String,
    /// `delivery` or `collection`.
    pub method: String,
    /// `2026-12-15`.
    pub date: String,
    /// `Tuesday 15 December`.
    pub day: String,
    /// Why the day would be closed: `Closed for a wedding`, `Closed on Mondays`.
    pub closed: String,
}

/// One day of the day's work.
#[derive(Debug, Clone, Object)]
pub struct OrderDay {
    /// `2026-12-15`.
    pub date: String,
    /// `Tuesday 15 December`.
    pub day: String,
    /// `Today`, `Tomorrow`, or empty.
    pub relative: String,
    pub deliveries: u32,
    pub collections: u32,
    /// Cancelled orders are listed but not counted.
    pub cancelled: u32,
    /// The day's orders left out of `orders` because the answer already lists as many as it
    /// draws (a filter by day, status or method narrows it).
    pub not_listed: u32,
    pub orders: Vec<OrderLine>,
}

/// The orders the studio asked for, by day.
#[derive(Debug, Clone, Object)]
pub struct OrderBook {
    /// The studio's today, `2026-12-14`.
    pub today: String,
    /// Overdue days first, then today (always, even without orders) and the days ahead (or,
    /// for a search or a range, the days found, latest first).
    pub days: Vec<OrderDay>,
    /// How many orders were found (a search stops at 200).
    pub found: u32,
    /// How many of them the answer lists in full (at most 200, the first in its order).
    pub listed: u32,
    /// Every status an order can have, in core's order, for the filter.
    pub statuses: Vec<OrderMove>,
}

/// What the studio asked the list for.
#[derive(Debug, Default, Clone)]
pub struct Filter {
    pub status: Option<OrderStatus>,
    pub method: Option<Method>,
    /// A reference (`FS-000123` or `123`), a name, an e-mail or a postcode.
    pub search: Option<String>,
    /// A range of days (inclusive); without one, the day's work.
    pub from: Option<Date>,
    pub to: Option<Date>,
}

/// A line of an order as its page shows it.
#[derive(Debug, Clone, Object)]
pub struct OrderItemLine {
    pub id: i32,
    /// With the size when it had one: `Peony Posy (Large)`.
    pub name: String,
    pub quantity: i32,
    pub unit_price: String,
    pub line_total: String,
    /// How many of the quantity have been given back.
    pub refunded_quantity: i32,
}

/// A step of an order's history.
#[derive(Debug, Clone, Object)]
pub struct OrderEventView {
    pub status: String,
    pub label: String,
    /// The admin, or `shop` for the order's placing.
    pub by: String,
    /// ISO 8601, UTC.
    pub at: String,
    pub note: Option<String>,
}

/// A change or a note the studio wrote on an order.
#[derive(Debug, Clone, Object)]
pub struct OrderRemarkView {
    pub text: String,
    /// The admin.
    pub by: String,
    /// ISO 8601, UTC.
    pub at: String,
}

/// Money given back on an order.
#[derive(Debug, Clone, Object)]
pub struct OrderRefundView {
    pub id: i32,
    pub amount: String,
    pub what: String,
    pub reason: String,
    /// Core's `RefundState` wire form.
    pub state: String,
    pub attempts: i32,
    /// The provider's last refusal, while it is retried.
    pub last_error: Option<String>,
    /// When it will be tried again, ISO 8601.
    pub next_attempt_at: Option<String>,
    pub by: String,
    pub at: String,
}

/// A status the order can be moved to.
#[derive(Debug, Clone, Object)]
pub struct OrderMove {
    pub status: String,
    pub label: String,
    /// Moving the order there e-mails the customer (a forward move to a step they hear of, on
    /// an order with an e-mail address); always false in the list's filter.
    pub mails_customer: bool,
}

/// What the studio can do next (core's moves).
#[derive(Debug, Clone, Object)]
pub struct OrderMoves {
    pub next: Option<OrderMove>,
    /// Later steps, skipping some.
    pub later: Vec<OrderMove>,
    /// One step back.
    pub back: Option<OrderMove>,
}

/// How an order was paid.
#[derive(Debug, Clone, Object)]
pub struct OrderPayment {
    /// Core's `PaidBy` wire form.
    pub paid_by: String,
    /// The provider's payment id, or the studio's own for a studio order.
    pub reference: String,
    /// A studio order: how it was paid, as the studio wrote it.
    pub note: Option<String>,
    /// The admin who entered a studio order.
    pub taken_by: Option<String>,
    pub total: String,
    pub refunded: String,
    /// What a gift voucher paid of the total (`0.00` without one).
    pub paid_by_voucher: String,
    /// What the card (or the studio's way) paid of the total.
    pub paid_by_card: String,
    /// What an offer code took off (the total is after it).
    pub discount: String,
    /// The offer code used.
    pub offer_code: Option<String>,
    /// The gift voucher that paid part of it (its id in the back office).
    pub voucher_id: Option<i32>,
    /// Given back to the voucher so far (part of `refunded`).
    pub refunded_to_voucher: String,
    /// A workshop booking's balance received after the booking, by card or in the studio
    /// (part of `total`; `0.00` otherwise), so the lines and the total add up.
    pub balance_received: String,
}

/// One order as the studio reads it.
#[derive(Debug, Clone, Object)]
pub struct OrderDetail {
    pub id: i32,
    pub reference: String,
    pub status: String,
    pub status_label: String,
    pub overdue: bool,
    pub placed_at: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub phone: String,
    /// The customer's own address (empty for a studio order).
    pub address: String,
    pub city: String,
    pub postcode: String,
    /// The details came from the card's billing details and should be checked.
    pub check_details: bool,
    /// Delivery or collection as chosen; null for an order placed without a choice.
    pub fulfilment: Option<OrderFulfilmentView>,
    pub items: Vec<OrderItemLine>,
    pub delivery_fee: String,
    pub surcharge: String,
    /// The delivery charge (fee and surcharge) not yet given back.
    pub delivery_left: String,
    pub total: String,
    /// What the order is worth after its refunds: `total` less `payment.refunded`.
    pub net_total: String,
    /// The studio's settings close the order's day (`Closed for a wedding`); null when the day
    /// is open or the order is finished.
    pub studio_closed: Option<String>,
    pub payment: OrderPayment,
    /// Oldest first; the placing comes first.
    pub history: Vec<OrderEventView>,
    /// The changes the studio made to the day, slot, address or card, oldest first: lines of
    /// the history, shown with it.
    pub changes: Vec<OrderRemarkView>,
    /// The studio's own notes, oldest first: never shown or mailed to the customer.
    pub notes: Vec<OrderRemarkView>,
    /// What a change of the choice or a note says it saw: one made from an older version is
    /// refused.
    pub version: i32,
    /// Oldest first.
    pub refunds: Vec<OrderRefundView>,
    /// What the payment provider said of the payment since (a dispute, a fraud warning),
    /// oldest first.
    pub payment_alerts: Vec<OrderAlertView>,
    pub moves: OrderMoves,
    /// Something is left to give back.
    pub can_refund: bool,
    /// Not finished (delivered, collected or cancelled): it can still be cancelled.
    pub can_cancel: bool,
}

/// A dispute or a fraud warning on an order's payment, as the studio reads it.
#[derive(Debug, Clone, Object)]
pub struct OrderAlertView {
    /// `dispute` or `fraud_warning`.
    pub kind: String,
    /// What happened and what to do, e.g. `The customer's bank disputes this payment of
    /// £45.00 (…). Send Stripe the evidence … by 24 December 2026 at 23:59, …`.
    pub text: String,
    /// Still needs the studio (a dispute not yet decided for it, or a fraud warning).
    pub open: bool,
    /// ISO 8601, UTC: when it was last heard of.
    pub at: String,
}

/// Why an order could not be changed.
#[derive(Debug)]
pub enum OrderError {
    Gone,
    /// Core's sentence about the move, or about the refund.
    Refused(String),
    /// Someone else changed it first: reload.
    Changed,
    /// The order is no longer where the page saw it: it is now here.
    Moved(OrderStatus),
    /// Money was given back on the order since the page read it: the page showed `seen` given
    /// back, and `now` is.
    RefundedMeanwhile {
        seen: Money,
        now: Money,
    },
    Db(DbErr),
}

impl From<DbErr> for OrderError {
    fn from(err: DbErr) -> Self {
        OrderError::Db(err)
    }
}

/// The studio's day at `now`.
pub fn studio_today(now: i64) -> Date {
    LondonTime::at(now)
        .map(|t| t.date)
        .unwrap_or_else(|| Date::parse("1970-01-01").expect("a date"))
}

/// The day an order is for: its chosen day, or (placed without a choice) the day it was placed.
fn day_of(order: &order::Model) -> Date {
    day_from(order.fulfil_date.as_deref(), order.created_at)
}

fn day_from(fulfil_date: Option<&str>, created_at: i64) -> Date {
    fulfil_date
        .and_then(Date::parse)
        .unwrap_or_else(|| studio_today(created_at))
}

fn method_of(order: &order::Model) -> Method {
    method_from(order.fulfil_method.as_deref())
}

fn method_from(fulfil_method: Option<&str>) -> Method {
    fulfil_method
        .and_then(Method::parse)
        .unwrap_or(Method::Collection)
}

/// A status the code no longer knows reads as new, so it is looked at again.
pub fn status_of(order: &order::Model) -> OrderStatus {
    status_from(&order.status)
}

fn status_from(status: &str) -> OrderStatus {
    OrderStatus::parse(status).unwrap_or(OrderStatus::New)
}

/// A way of paying the code does not know reads as the studio's: what it gives back goes
/// back by hand, never through the provider.
pub fn paid_by_of(order: &order::Model) -> PaidBy {
    PaidBy::parse(&order.paid_by).unwrap_or(PaidBy::Studio)
}

fn money(pence: i64) -> String {
    Money::from_pence(pence).to_wire()
}

/// What the order took: its total and a booking's balance received.
fn paid_total(order: &order::Model, balance: &BalanceMoney) -> Money {
    Money::from_pence(order.total_pence).saturating_add(balance.paid)
}

/// What went back on the order: its own refunds and a booking's balance given back.
fn refunded_total(order: &order::Model, balance: &BalanceMoney) -> Money {
    Money::from_pence(order.refunded_pence).saturating_add(balance.refunded)
}

/// What the order took less what was given back, summed by core's money rules.
fn net_total(order: &order::Model, balance: &BalanceMoney) -> String {
    rules::net_of(paid_total(order, balance), refunded_total(order, balance)).to_wire()
}

/// Why the order's day is closed under `settings`, when the order still has to be made: an
/// order finished (or one placed without a day of its own) needs nothing of a closed day.
fn closed_for(order: &order::Model, settings: &DeliverySettings) -> Option<String> {
    let day = order.fulfil_date.as_deref().and_then(Date::parse)?;
    if status_of(order).finished() {
        return None;
    }
    settings.closed(day)
}

fn items_text(items: &[order_item::Model]) -> String {
    items
        .iter()
        .map(|item| format!("{} × {}", item.quantity, item.product_name))
        .collect::<Vec<_>>()
        .join(", ")
}

#[allow(clippy::too_many_arguments)]
fn line(
    order: order::Model,
    items: &[order_item::Model],
    today: Date,
    refund_pending: bool,
    payment_alerts: Vec<String>,
    reached: &[OrderStatus],
    settings: &DeliverySettings,
    balance: &BalanceMoney,
) -> OrderLine {
    let status = status_of(&order);
    let described = describe_order(&order);
    let (when, recipient, postcode) = match &described {
        Some(d) if d.method == Method::Delivery => (
            d.form.slot.clone(),
            d.form.recipient_name.clone(),
            d.form.postcode.clone(),
        ),
        Some(d) => (d.form.collection_time.clone(), String::new(), String::new()),
        None => (String::new(), String::new(), String::new()),
    };
    let customer = format!("{} {}", order.first_name, order.last_name);
    OrderLine {
        id: order.id,
        reference: orders::reference(order.id),
        status: status.as_str().to_owned(),
        status_label: status.label().to_owned(),
        method: method_of(&order).as_str().to_owned(),
        date: day_of(&order).to_wire(),
        when,
        recipient: if recipient.is_empty() {
            customer.clone()
        } else {
            recipient
        },
        customer,
        postcode,
        items: items_text(items),
        lines: items
            .iter()
            .map(|item| OrderLineItem {
                name: item.product_name.clone(),
                quantity: item.quantity,
                refunded_quantity: item.refunded_quantity,
            })
            .collect(),
        total: paid_total(&order, balance).to_wire(),
        refunded: refunded_total(&order, balance).to_wire(),
        net_total: net_total(&order, balance),
        placed_at: iso8601(order.created_at),
        overdue: rules::is_overdue(day_of(&order), today, status),
        refund_pending,
        payment_alerts,
        studio_order: paid_by_of(&order) == PaidBy::Studio,
        studio_closed: closed_for(&order, settings),
        next: rules::moves(method_of(&order), status)
            .next
            .map(|to| move_view(to, tells(&order, to, reached))),
    }
}

/// An order as the list sorts and counts it, read without its details: the day's work reads
/// every order from today on (thousands on a busy morning) but draws only the first
/// [`LISTED_AT_MOST`].
struct Found {
    id: i32,
    day: Date,
    status: OrderStatus,
    method: Method,
    placed: i64,
}

impl Found {
    fn of(
        (id, fulfil_date, created_at, status, fulfil_method): (
            i32,
            Option<String>,
            i64,
            String,
            Option<String>,
        ),
    ) -> Found {
        Found {
            id,
            day: day_from(fulfil_date.as_deref(), created_at),
            status: status_from(&status),
            method: method_from(fulfil_method.as_deref()),
            placed: created_at,
        }
    }
}

/// The orders the filter asks for, by day: without a search or range, the day's work
/// (unfinished orders of past days first, marked overdue, then today and the days ahead).
/// Within a day, new orders come first, then the latest placed. Every day found is listed with
/// its counts; the orders themselves only up to [`LISTED_AT_MOST`] in that order, each day
/// saying how many of its own are left out.
pub async fn book(
    db: &impl ConnectionTrait,
    now: i64,
    filter: &Filter,
) -> Result<OrderBook, DbErr> {
    let today = studio_today(now);
    let mut query = order::Entity::find();
    let searching = filter
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    // The days asked for, when a range is.
    let range = (filter.from.is_some() || filter.to.is_some()).then(|| {
        let from = filter.from.unwrap_or(today);
        (from, filter.to.unwrap_or(from.add_days(366)))
    });
    if let Some(words) = searching {
        query = query.filter(search_condition(words));
    } else if let Some((from, to)) = range {
        query = query.filter(
            Condition::all()
                .add(order::Column::FulfilDate.gte(from.to_wire()))
                .add(order::Column::FulfilDate.lte(to.to_wire())),
        );
    } else {
        // The day's work: today and after, and whatever earlier is unfinished. An order placed
        // without a choice counts on the day it was placed.
        let unfinished = [
            OrderStatus::Delivered,
            OrderStatus::Collected,
            OrderStatus::Cancelled,
        ]
        .map(|s| s.as_str());
        let start_of_today = LondonTime {
            date: today,
            time: posy_core::calendar::TimeOfDay::new(0, 0).expect("midnight"),
        }
        .instant();
        query = query.filter(
            Condition::any()
                .add(order::Column::FulfilDate.gte(today.to_wire()))
                .add(order::Column::Status.is_not_in(unfinished))
                .add(
                    Condition::all()
                        .add(order::Column::FulfilDate.is_null())
                        .add(order::Column::CreatedAt.gte(start_of_today)),
                ),
        );
    }
    if let Some(status) = filter.status {
        query = query.filter(order::Column::Status.eq(status.as_str()));
    }
    if let Some(method) = filter.method {
        query = query.filter(order::Column::FulfilMethod.eq(method.as_str()));
    }
    if searching.is_some() {
        query = query.order_by_desc(order::Column::Id).limit(FOUND_SHOWN);
    }
    // What every order found is sorted and counted by; the rest is read for the listed ones.
    let found: Vec<Found> = query
        .select_only()
        .column(order::Column::Id)
        .column(order::Column::FulfilDate)
        .column(order::Column::CreatedAt)
        .column(order::Column::Status)
        .column(order::Column::FulfilMethod)
        .into_tuple()
        .all(db)
        .await?
        .into_iter()
        .map(Found::of)
        .collect();
    let mut by_day: Vec<(Date, Vec<Found>)> = Vec::new();
    let mut index: HashMap<Date, usize> = HashMap::new();
    for order in found {
        let at = *index.entry(order.day).or_insert_with(|| {
            by_day.push((order.day, Vec::new()));
            by_day.len() - 1
        });
        by_day[at].1.push(order);
    }
    // A workshop is held on its day whether or not any order is: its day is listed, and the
    // page shows the workshop under it. Not in a search or a filter by status or method,
    // which ask for orders alone.
    if searching.is_none() && filter.status.is_none() && filter.method.is_none() {
        let mut held = workshop::Entity::find().filter(workshop::Column::CancelledAt.is_null());
        held = match range {
            Some((from, to)) => held
                .filter(workshop::Column::Date.gte(from.to_wire()))
                .filter(workshop::Column::Date.lte(to.to_wire())),
            None => held.filter(workshop::Column::Date.gte(today.to_wire())),
        };
        for day in held
            .all(db)
            .await?
            .iter()
            .filter_map(|w| Date::parse(&w.date))
        {
            index.entry(day).or_insert_with(|| {
                by_day.push((day, Vec::new()));
                by_day.len() - 1
            });
        }
    }
    // The day's work always shows today, empty or not ("Nothing booked yet").
    let ranged = searching.is_some() || filter.from.is_some() || filter.to.is_some();
    if !ranged && !index.contains_key(&today) {
        by_day.push((today, Vec::new()));
    }
    // The day's work reads forward from the oldest overdue day; a search or range, latest first.
    if ranged {
        by_day.sort_by_key(|day| std::cmp::Reverse(day.0));
    } else {
        by_day.sort_by_key(|day| day.0);
    }
    for (_, orders) in &mut by_day {
        orders.sort_by(|a, b| {
            let new = |s: OrderStatus| s != OrderStatus::New;
            new(a.status)
                .cmp(&new(b.status))
                .then(b.placed.cmp(&a.placed))
        });
    }
    // The first orders in the list's order are drawn in full.
    let listed: Vec<i32> = by_day
        .iter()
        .flat_map(|(_, orders)| orders.iter().map(|o| o.id))
        .take(LISTED_AT_MOST)
        .collect();
    let mut models: HashMap<i32, order::Model> = HashMap::new();
    for chunk in listed.chunks(500) {
        for order in order::Entity::find()
            .filter(order::Column::Id.is_in(chunk.to_vec()))
            .all(db)
            .await?
        {
            models.insert(order.id, order);
        }
    }
    let mut items = items_of(db, &listed).await?;
    let pending = pending_refunds(db, &listed).await?;
    let mut marks: HashMap<i32, Vec<String>> = HashMap::new();
    for (id, mark) in alerts::marks_of(db, &listed).await? {
        marks.entry(id).or_default().push(mark.to_owned());
    }
    let mut reached = steps_reached(db, &listed).await?;
    let balances = bookings::balance_money(db, &listed).await?;
    let settings = crate::studio::delivery::settings(db).await?;

    let mut count = 0;
    let mut shown = 0;
    let days = by_day
        .into_iter()
        .map(|(date, found)| {
            count += found.len() as u32;
            let live = |method: Method| {
                found
                    .iter()
                    .filter(|o| o.method == method && o.status != OrderStatus::Cancelled)
                    .count() as u32
            };
            let (deliveries, collections) = (live(Method::Delivery), live(Method::Collection));
            let cancelled = found
                .iter()
                .filter(|o| o.status == OrderStatus::Cancelled)
                .count() as u32;
            let total = found.len() as u32;
            let orders: Vec<OrderLine> = found
                .into_iter()
                .filter_map(|o| {
                    let order = models.remove(&o.id)?;
                    let balance = balances.get(&o.id).copied().unwrap_or_default();
                    Some(line(
                        order,
                        &items.remove(&o.id).unwrap_or_default(),
                        today,
                        pending.contains(&o.id),
                        marks.remove(&o.id).unwrap_or_default(),
                        &reached.remove(&o.id).unwrap_or_default(),
                        &settings,
                        &balance,
                    ))
                })
                .collect();
            shown += orders.len() as u32;
            OrderDay {
                date: date.to_wire(),
                day: date.display(),
                relative: match today.days_until(date) {
                    0 => "Today".into(),
                    1 => "Tomorrow".into(),
                    -1 => "Yesterday".into(),
                    _ => String::new(),
                },
                deliveries,
                collections,
                cancelled,
                not_listed: total - orders.len() as u32,
                orders,
            }
        })
        .collect();
    Ok(OrderBook {
        today: today.to_wire(),
        days,
        found: count,
        listed: shown,
        statuses: OrderStatus::ALL
            .into_iter()
            .map(|status| move_view(status, false))
            .collect(),
    })
}

/// Matches a reference (`FS-000123`, `000123` or `123`), a name, an e-mail or a postcode
/// (the customer's or the recipient's, with or without its space).
fn search_condition(words: &str) -> Condition {
    let number = words
        .trim_start_matches(['F', 'f'])
        .trim_start_matches(['S', 's'])
        .trim_start_matches('-')
        .parse::<i32>()
        .ok();
    let like = format!("%{}%", words.to_lowercase().replace(['%', '_'], ""));
    let squeezed = format!("%{}%", words.to_lowercase().replace([' ', '%', '_'], ""));
    // LOWER and REPLACE through sea-query, so each database gets its own placeholders.
    let lower = |column: order::Column| Expr::expr(Func::lower(Expr::col(column)));
    let squeezed_column = |column: order::Column| {
        Expr::expr(
            Func::cust("REPLACE")
                .arg(Func::lower(Expr::col(column)))
                .arg(" ")
                .arg(""),
        )
    };
    // A name: every word is in the first or the last name.
    let mut name = Condition::all();
    for word in words.to_lowercase().split_whitespace() {
        let word = format!("%{}%", word.replace(['%', '_'], ""));
        name = name.add(
            Condition::any()
                .add(lower(order::Column::FirstName).like(word.clone()))
                .add(lower(order::Column::LastName).like(word)),
        );
    }
    let mut any = Condition::any()
        .add(name)
        .add(lower(order::Column::Email).like(like))
        .add(squeezed_column(order::Column::Postcode).like(squeezed.clone()))
        // The recipient's name and postcode live in the kept choice (JSON text), matched
        // without spaces so `bs32bb` finds `BS3 2BB`.
        .add(squeezed_column(order::Column::Fulfilment).like(squeezed));
    if let Some(id) = number {
        any = any.add(order::Column::Id.eq(id));
    }
    any
}

/// The lines of each of the orders `ids`, by order, in the order they were written.
pub async fn items_of(
    db: &impl ConnectionTrait,
    ids: &[i32],
) -> Result<HashMap<i32, Vec<order_item::Model>>, DbErr> {
    let mut by_order: HashMap<i32, Vec<order_item::Model>> = HashMap::new();
    for chunk in ids.chunks(500) {
        let rows = order_item::Entity::find()
            .filter(order_item::Column::OrderId.is_in(chunk.to_vec()))
            .order_by_asc(order_item::Column::Id)
            .all(db)
            .await?;
        for row in rows {
            by_order.entry(row.order_id).or_default().push(row);
        }
    }
    Ok(by_order)
}

/// The statuses each of the orders `ids` has been moved to, from their histories.
async fn steps_reached(
    db: &impl ConnectionTrait,
    ids: &[i32],
) -> Result<HashMap<i32, Vec<OrderStatus>>, DbErr> {
    let mut by_order: HashMap<i32, Vec<OrderStatus>> = HashMap::new();
    for chunk in ids.chunks(500) {
        let rows: Vec<(i32, String)> = order_event::Entity::find()
            .select_only()
            .column(order_event::Column::OrderId)
            .column(order_event::Column::Status)
            .filter(order_event::Column::OrderId.is_in(chunk.to_vec()))
            .into_tuple()
            .all(db)
            .await?;
        for (id, status) in rows {
            if let Some(status) = OrderStatus::parse(&status) {
                by_order.entry(id).or_default().push(status);
            }
        }
    }
    Ok(by_order)
}

async fn pending_refunds(
    db: &impl ConnectionTrait,
    ids: &[i32],
) -> Result<std::collections::HashSet<i32>, DbErr> {
    let mut pending = std::collections::HashSet::new();
    for chunk in ids.chunks(500) {
        let rows: Vec<i32> = order_refund::Entity::find()
            .select_only()
            .column(order_refund::Column::OrderId)
            .filter(order_refund::Column::OrderId.is_in(chunk.to_vec()))
            .filter(
                order_refund::Column::State.is_in(RefundState::UNSETTLED.map(RefundState::as_str)),
            )
            .into_tuple()
            .all(db)
            .await?;
        pending.extend(rows);
    }
    Ok(pending)
}

fn move_view(status: OrderStatus, mails_customer: bool) -> OrderMove {
    OrderMove {
        status: status.as_str().to_owned(),
        label: status.label().to_owned(),
        mails_customer,
    }
}

/// The delivery charge (fee and slot surcharge) not yet given back.
pub fn delivery_left(order: &order::Model) -> Money {
    if order.fee_refunded {
        Money::ZERO
    } else {
        Money::from_pence(order.delivery_fee_pence)
            .saturating_add(Money::from_pence(order.surcharge_pence))
    }
}

/// One order with its lines, history and refunds.
pub async fn detail(
    db: &impl ConnectionTrait,
    now: i64,
    id: i32,
) -> Result<OrderDetail, OrderError> {
    let settings = crate::studio::delivery::settings(db).await?;
    detail_with(db, now, id, &settings).await
}

/// [`detail`] with the delivery settings already read (the day sheet reads them once).
async fn detail_with(
    db: &impl ConnectionTrait,
    now: i64,
    id: i32,
    settings: &DeliverySettings,
) -> Result<OrderDetail, OrderError> {
    let order = order::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or(OrderError::Gone)?;
    let items = orders::items_of_order(db, id).await?;
    let events = orders::events_of_order(db, id).await?;
    let balance = bookings::balance_money_of(db, id).await?;
    let refunds = order_refund::Entity::find()
        .filter(order_refund::Column::OrderId.eq(id))
        .order_by_asc(order_refund::Column::Id)
        .all(db)
        .await?;
    let payment_alerts = alerts::of_order(db, id)
        .await?
        .iter()
        .map(|alert| OrderAlertView {
            kind: alert.kind.clone(),
            text: alerts::words(alert),
            open: alerts::open(alert),
            at: iso8601(alert.updated_at),
        })
        .collect();
    let changes = order_change::Entity::find()
        .filter(order_change::Column::OrderId.eq(id))
        .order_by_asc(order_change::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|c| remark(c.text, c.by, c.at))
        .collect();
    let notes = order_note::Entity::find()
        .filter(order_note::Column::OrderId.eq(id))
        .order_by_asc(order_note::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|n| remark(n.text, n.by, n.at))
        .collect();
    let status = status_of(&order);
    let method = method_of(&order);
    let moves = rules::moves(method, status);
    // As `move_to` decides: forward to a step the customer hears of and has not reached before,
    // when there is an address.
    let reached: Vec<OrderStatus> = events
        .iter()
        .filter_map(|e| OrderStatus::parse(&e.status))
        .collect();
    let mails = |to: OrderStatus| tells(&order, to, &reached);
    let mut history = vec![OrderEventView {
        status: OrderStatus::New.as_str().into(),
        label: "Placed".into(),
        by: order.taken_by.clone().unwrap_or_else(|| "shop".into()),
        at: iso8601(order.created_at),
        note: order.payment_note.clone(),
    }];
    history.extend(events.into_iter().map(|event| {
        // Written only by `record_event`; one the code no longer knows reads as new.
        let status = OrderStatus::parse(&event.status).unwrap_or(OrderStatus::New);
        OrderEventView {
            label: status.label().to_owned(),
            status: status.as_str().to_owned(),
            by: event.by,
            at: iso8601(event.at),
            note: event.note,
        }
    }));
    // Lines or the delivery charge not given back, and money left on the payment (a refund
    // made in the provider's dashboard gives back money without naming lines).
    let left_to_refund = (items.iter().any(|i| i.refunded_quantity < i.quantity)
        || delivery_left(&order) > Money::ZERO)
        && rules::net_of(
            Money::from_pence(order.total_pence),
            Money::from_pence(order.refunded_pence),
        ) > Money::ZERO;
    Ok(OrderDetail {
        id: order.id,
        reference: orders::reference(order.id),
        status: status.as_str().into(),
        status_label: status.label().into(),
        overdue: rules::is_overdue(day_of(&order), studio_today(now), status),
        placed_at: iso8601(order.created_at),
        check_details: order.check_details,
        fulfilment: describe_order(&order).map(OrderFulfilmentView::from),
        items: items
            .iter()
            .map(|item| OrderItemLine {
                id: item.id,
                name: item.product_name.clone(),
                quantity: item.quantity,
                unit_price: money(item.unit_price_pence),
                line_total: CartLine {
                    unit_price: Money::from_pence(item.unit_price_pence),
                    quantity: u32::try_from(item.quantity).unwrap_or(0),
                }
                .total()
                .to_wire(),
                refunded_quantity: item.refunded_quantity,
            })
            .collect(),
        delivery_fee: money(order.delivery_fee_pence),
        surcharge: money(order.surcharge_pence),
        delivery_left: delivery_left(&order).to_wire(),
        total: paid_total(&order, &balance).to_wire(),
        net_total: net_total(&order, &balance),
        studio_closed: closed_for(&order, settings),
        payment: OrderPayment {
            paid_by: paid_by_of(&order).as_str().to_owned(),
            reference: order.payment_intent_id.clone(),
            note: order.payment_note.clone(),
            taken_by: order.taken_by.clone(),
            total: paid_total(&order, &balance).to_wire(),
            refunded: refunded_total(&order, &balance).to_wire(),
            paid_by_voucher: money(order.voucher_pence),
            paid_by_card: Money::from_pence(order.total_pence - order.voucher_pence)
                .saturating_add(balance.paid)
                .to_wire(),
            discount: money(order.discount_pence),
            offer_code: order.offer_code.clone(),
            voucher_id: order.voucher_id,
            refunded_to_voucher: money(order.voucher_refunded_pence),
            balance_received: balance.paid.to_wire(),
        },
        history,
        changes,
        notes,
        version: order.version,
        refunds: refunds
            .into_iter()
            .map(|r| OrderRefundView {
                id: r.id,
                amount: money(r.amount_pence),
                what: r.what,
                reason: r.reason,
                // A state the code does not know reads as still being sent.
                state: RefundState::parse(&r.state)
                    .unwrap_or(RefundState::Pending)
                    .as_str()
                    .to_owned(),
                attempts: r.attempts,
                last_error: r.last_error,
                next_attempt_at: r.next_attempt_at.map(iso8601),
                by: r.created_by,
                at: iso8601(r.created_at),
            })
            .collect(),
        payment_alerts,
        moves: OrderMoves {
            next: moves.next.map(|to| move_view(to, mails(to))),
            later: moves
                .later
                .into_iter()
                .map(|to| move_view(to, mails(to)))
                .collect(),
            // An undo tells no one (see `move_to`).
            back: moves.back.map(|to| move_view(to, false)),
        },
        can_refund: status != OrderStatus::Cancelled && left_to_refund,
        can_cancel: !status.finished(),
        first_name: order.first_name,
        last_name: order.last_name,
        email: order.email,
        phone: order.phone,
        address: order.address,
        city: order.city,
        postcode: order.postcode,
    })
}

fn remark(text: String, by: String, at: i64) -> OrderRemarkView {
    OrderRemarkView {
        text,
        by,
        at: iso8601(at),
    }
}

/// Moves an order to `to` along core's workflow, kept with who and when; the customer is
/// mailed (with a fresh link to their order) at the steps core says they hear of. A move
/// made from a page that is out of date (someone moved it meanwhile) is refused.
pub async fn move_to(
    desk: &OrderDesk,
    id: i32,
    from: OrderStatus,
    to: OrderStatus,
    admin: &str,
) -> Result<OrderDetail, OrderError> {
    move_only(desk, id, from, to, admin).await?;
    detail(&desk.db, desk.clock.now(), id).await
}

/// Moves each order from where the page saw it to `to`, with the same rules and mails as
/// [`move_to`]: one order refused leaves the others moved. The orders are read in one query,
/// and those gone or moved meanwhile are answered without a write; the rest are moved in one
/// turn of the writer, each in a savepoint of its own, so a bulk move of the day's fifteen
/// takes one turn rather than fifteen. An order asked twice is moved (and answered) once.
/// Answers each order's outcome.
pub async fn move_many(
    desk: &OrderDesk,
    orders: &[(i32, OrderStatus)],
    to: OrderStatus,
    admin: &str,
) -> Vec<(i32, Result<(), OrderError>)> {
    let mut asked: Vec<(i32, OrderStatus)> = Vec::with_capacity(orders.len());
    for &(id, from) in orders {
        if !asked.iter().any(|(seen, _)| *seen == id) {
            asked.push((id, from));
        }
    }
    let ids: Vec<i32> = asked.iter().map(|(id, _)| *id).collect();
    let found = match order::Entity::find()
        .filter(order::Column::Id.is_in(ids))
        .all(&desk.db)
        .await
    {
        Ok(found) => found,
        Err(err) => return failed_all(&asked, &err),
    };
    let mut done = Vec::with_capacity(asked.len());
    let mut to_move = Vec::new();
    for (id, from) in asked {
        match found.iter().find(|o| o.id == id) {
            None => done.push((id, Err(OrderError::Gone))),
            Some(order) => match can_move(order, from, to) {
                Ok(()) => to_move.push(order),
                Err(err) => done.push((id, Err(err))),
            },
        }
    }
    if to_move.is_empty() {
        return done;
    }
    let txn = match desk.ledger.begin().await {
        Ok(txn) => txn,
        Err(err) => {
            done.extend(
                to_move
                    .iter()
                    .map(|o| (o.id, Err(OrderError::from(err.clone())))),
            );
            return done;
        }
    };
    let mut moved = Vec::new();
    for (at, order) in to_move.iter().enumerate() {
        let point = match txn.savepoint().await {
            Ok(point) => point,
            Err(err) => return given_up(done, &to_move, at, moved, err),
        };
        match move_on(desk, &point, order, to, admin).await {
            Ok(()) => match point.commit().await {
                Ok(()) => moved.push(order.id),
                Err(err) => return given_up(done, &to_move, at, moved, err),
            },
            Err(refused) => match point.rollback().await {
                Ok(()) => done.push((order.id, Err(refused))),
                // Not knowing what the savepoint left, nothing of this turn is kept.
                Err(err) => return given_up(done, &to_move, at, moved, err),
            },
        }
    }
    match txn.commit().await {
        Ok(()) => done.extend(moved.into_iter().map(|id| (id, Ok(())))),
        Err(err) => done.extend(moved.into_iter().map(|id| (id, Err(err.clone().into())))),
    }
    done
}

/// The outcomes when the bulk move's turn fails at order `at` (its transaction rolls back as
/// it is dropped): the orders already moved in it, and those not reached, are not moved.
fn given_up(
    mut done: Vec<(i32, Result<(), OrderError>)>,
    to_move: &[&order::Model],
    at: usize,
    moved: Vec<i32>,
    err: DbErr,
) -> Vec<(i32, Result<(), OrderError>)> {
    let not_moved = moved.into_iter().chain(to_move[at..].iter().map(|o| o.id));
    done.extend(not_moved.map(|id| (id, Err(OrderError::from(err.clone())))));
    done
}

/// Each order's outcome when the orders could not even be read.
fn failed_all(asked: &[(i32, OrderStatus)], err: &DbErr) -> Vec<(i32, Result<(), OrderError>)> {
    asked
        .iter()
        .map(|(id, _)| (*id, Err(OrderError::from(err.clone()))))
        .collect()
}

/// Whether `order`, as read, may move from where the page saw it to `to`.
fn can_move(order: &order::Model, from: OrderStatus, to: OrderStatus) -> Result<(), OrderError> {
    let now_status = status_of(order);
    if now_status != from {
        return Err(OrderError::Moved(now_status));
    }
    rules::check_move(method_of(order), from, to).map_err(OrderError::Refused)
}

/// [`move_to`] without reading the order again.
async fn move_only(
    desk: &OrderDesk,
    id: i32,
    from: OrderStatus,
    to: OrderStatus,
    admin: &str,
) -> Result<(), OrderError> {
    let txn = desk.ledger.begin().await?;
    let order = order::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or(OrderError::Gone)?;
    can_move(&order, from, to)?;
    move_on(desk, &txn, &order, to, admin).await?;
    txn.commit().await?;
    Ok(())
}

/// Moves `order`, read a moment ago and checked by [`can_move`], to `to` on `txn`: its status,
/// a line of its history, and the customer's mail where core says they hear of the step.
async fn move_on(
    desk: &OrderDesk,
    txn: &impl ConnectionTrait,
    order: &order::Model,
    to: OrderStatus,
    admin: &str,
) -> Result<(), OrderError> {
    let id = order.id;
    let from = status_of(order);
    // Only from the status read: on PostgreSQL a move committed meanwhile makes this update
    // wait for it, then find nothing to change.
    let moved = order::Entity::update_many()
        .col_expr(order::Column::Status, Expr::value(to.as_str()))
        .filter(order::Column::Id.eq(id))
        .filter(order::Column::Status.eq(order.status.clone()))
        .exec(txn)
        .await?;
    if moved.rows_affected == 0 {
        return Err(match order::Entity::find_by_id(id).one(txn).await? {
            Some(now) => OrderError::Moved(status_of(&now)),
            None => OrderError::Gone,
        });
    }
    let reached = reached_steps(txn, id).await?;
    record_event(txn, id, to, admin, None, None).await?;
    // An undo tells no one (the customer heard of the later step already, or will), and a
    // step the order reached before (undone, then done again) was told the first time.
    let forward = rules::steps(method_of(order)).iter().position(|s| *s == to)
        > rules::steps(method_of(order))
            .iter()
            .position(|s| *s == from);
    if forward && tells(order, to, &reached) {
        let link = customer_link(desk, txn, id).await?;
        let described = describe_order(order);
        let studio = desk.facts.get(txn).await?;
        mail::post(
            txn,
            &order.email,
            letters::order_progress(
                &studio,
                &order.first_name,
                &orders::reference(id),
                to,
                described.as_ref(),
                &link,
            ),
        )
        .await?;
    }
    Ok(())
}

/// The statuses order `id` has been moved to before, from its history.
async fn reached_steps(db: &impl ConnectionTrait, id: i32) -> Result<Vec<OrderStatus>, DbErr> {
    let statuses: Vec<String> = order_event::Entity::find()
        .select_only()
        .column(order_event::Column::Status)
        .filter(order_event::Column::OrderId.eq(id))
        .into_tuple()
        .all(db)
        .await?;
    Ok(statuses
        .iter()
        .filter_map(|s| OrderStatus::parse(s))
        .collect())
}

/// Whether reaching `to` (forward) mails the customer: a step they hear of, an address that
/// takes mail, and a step not reached before, so an undo and redo mails once.
fn tells(order: &order::Model, to: OrderStatus, reached: &[OrderStatus]) -> bool {
    to.tells_customer() && is_email(&order.email) && !reached.contains(&to)
}

/// A fresh link to the customer's own order page, for a mail.
pub async fn customer_link(
    desk: &OrderDesk,
    db: &impl ConnectionTrait,
    id: i32,
) -> Result<String, DbErr> {
    desk.post().customer_link(db, id).await
}

/// Keeps a change of an order's status with who made it and when (and, for a cancellation
/// that gave nothing back, the page's key for it), in the caller's transaction.
/// Writes a line of the order's changes: `text`, said by `by` at `at`.
pub async fn record_change(
    db: &impl ConnectionTrait,
    id: i32,
    text: String,
    by: &str,
    at: i64,
) -> Result<(), DbErr> {
    order_change::Entity::insert(order_change::ActiveModel {
        order_id: Set(id),
        text: Set(text),
        by: Set(by.to_owned()),
        at: Set(at),
        ..Default::default()
    })
    .exec_without_returning(db)
    .await?;
    Ok(())
}

pub async fn record_event(
    db: &impl ConnectionTrait,
    id: i32,
    status: OrderStatus,
    by: &str,
    note: Option<String>,
    request_key: Option<String>,
) -> Result<(), DbErr> {
    order_event::Entity::insert(order_event::ActiveModel {
        order_id: Set(id),
        status: Set(status.as_str().to_owned()),
        by: Set(by.to_owned()),
        at: Set(crate::store::clock::now()),
        note: Set(note),
        request_key: Set(request_key),
        ..Default::default()
    })
    .exec_without_returning(db)
    .await?;
    Ok(())
}

/// A delivery slot as the day sheet heads it.
#[derive(Debug, Clone, Object)]
pub struct SheetSlot {
    /// `Morning`.
    pub name: String,
    /// `09:00–12:00`.
    pub hours: String,
    /// How many of the day's deliveries are in it.
    pub deliveries: u32,
}

/// What the bench makes for the day: a line per item, the same item of every order added up.
#[derive(Debug, Clone, Object)]
pub struct ToMake {
    /// With the size when it had one: `Peony Posy (Large)`.
    pub name: String,
    /// How many, refunded ones left out.
    pub quantity: u32,
}

/// One day's sheet for the bench and the van.
#[derive(Debug, Clone, Object)]
pub struct DaySheet {
    /// `2026-12-15`.
    pub date: String,
    /// `Tuesday 15 December`.
    pub day: String,
    /// The studio's delivery slots, each with its hours (a slot no longer in the settings is
    /// named by an order alone, with empty hours).
    pub slots: Vec<SheetSlot>,
    /// Everything to make, by name.
    pub to_make: Vec<ToMake>,
    /// Deliveries by slot (in the slots' order) and then postcode, then collections by time;
    /// cancelled orders left out.
    pub orders: Vec<OrderDetail>,
}

/// Every order for `date` as the day sheet prints it: deliveries by slot (in the day's slot
/// order) and then postcode, then collections by time; cancelled orders left out. With the
/// slots' hours and the tally of what to make.
pub async fn day_sheet(db: &impl ConnectionTrait, now: i64, date: Date) -> Result<DaySheet, DbErr> {
    let settings = crate::studio::delivery::settings(db).await?;
    let orders = order::Entity::find()
        .filter(order::Column::FulfilDate.eq(date.to_wire()))
        .filter(order::Column::Status.ne(OrderStatus::Cancelled.as_str()))
        .all(db)
        .await?;
    let mut keyed: Vec<((u8, usize, String), i32)> = orders
        .iter()
        .map(|order| {
            let described = describe_order(order);
            let key = match described {
                Some(d) if d.method == Method::Delivery => {
                    let slot = settings
                        .slots
                        .iter()
                        .position(|s| s.name == d.form.slot)
                        .unwrap_or(usize::MAX);
                    (0, slot, d.form.postcode.replace(' ', ""))
                }
                Some(d) => (1, 0, d.form.collection_time),
                None => (2, 0, String::new()),
            };
            (key, order.id)
        })
        .collect();
    keyed.sort();
    let mut sheet = Vec::with_capacity(keyed.len());
    for (_, id) in keyed {
        match detail_with(db, now, id, &settings).await {
            Ok(order) => sheet.push(order),
            Err(OrderError::Db(err)) => return Err(err),
            // Gone between the two reads: not on the sheet.
            Err(_) => {}
        }
    }
    let mut slots: Vec<SheetSlot> = settings
        .slots
        .iter()
        .map(|slot| SheetSlot {
            name: slot.name.clone(),
            hours: format!("{}–{}", slot.start.display(), slot.end.display()),
            deliveries: 0,
        })
        .collect();
    let mut to_make: Vec<ToMake> = Vec::new();
    for order in &sheet {
        if let Some(choice) = order.fulfilment.as_ref().filter(|f| f.method == "delivery") {
            match slots.iter_mut().find(|s| s.name == choice.slot) {
                Some(slot) => slot.deliveries += 1,
                None => slots.push(SheetSlot {
                    name: choice.slot.clone(),
                    hours: String::new(),
                    deliveries: 1,
                }),
            }
        }
        for item in &order.items {
            let left = u32::try_from(item.quantity - item.refunded_quantity).unwrap_or(0);
            if left == 0 {
                continue;
            }
            match to_make.iter_mut().find(|m| m.name == item.name) {
                Some(line) => line.quantity += left,
                None => to_make.push(ToMake {
                    name: item.name.clone(),
                    quantity: left,
                }),
            }
        }
    }
    to_make.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(DaySheet {
        date: date.to_wire(),
        day: date.display(),
        slots,
        to_make,
        orders: sheet,
    })
}

/// How many orders are new (not yet confirmed): the count beside Orders in the admin's menu.
pub async fn new_count(db: &impl ConnectionTrait) -> Result<u64, DbErr> {
    use sea_orm::PaginatorTrait;
    order::Entity::find()
        .filter(order::Column::Status.eq(OrderStatus::New.as_str()))
        .count(db)
        .await
}

/// The orders still to make on days that `after` closes and `before` left open, from today on:
/// what the studio is warned of before new delivery settings are saved. Cancelled, delivered
/// and collected orders need nothing of the day, so they are left out.
pub async fn on_newly_closed_days(
    db: &impl ConnectionTrait,
    now: i64,
    before: &DeliverySettings,
    after: &DeliverySettings,
) -> Result<Vec<OrderOnClosedDay>, DbErr> {
    let today = studio_today(now);
    let finished = [
        OrderStatus::Delivered,
        OrderStatus::Collected,
        OrderStatus::Cancelled,
    ]
    .map(|s| s.as_str());
    let booked = order::Entity::find()
        .filter(order::Column::FulfilDate.gte(today.to_wire()))
        .filter(order::Column::Status.is_not_in(finished))
        .order_by_asc(order::Column::FulfilDate)
        .order_by_asc(order::Column::Id)
        .all(db)
        .await?;
    Ok(booked
        .into_iter()
        .filter_map(|order| {
            let date = order.fulfil_date.as_deref().and_then(Date::parse)?;
            let closed = after.newly_closed(before, date)?;
            Some(OrderOnClosedDay {
                id: order.id,
                reference: orders::reference(order.id),
                customer: format!("{} {}", order.first_name, order.last_name),
                method: method_of(&order).as_str().to_owned(),
                date: date.to_wire(),
                day: date.display(),
                closed,
            })
        })
        .collect())
}
