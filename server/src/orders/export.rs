//! The studio's orders for a range of days as CSV, for its books. Shoppers type names and card
//! messages, and a spreadsheet runs a cell that begins with `=`, `+`, `-`, `@`, a tab or a
//! carriage return as a formula: such cells are written with a leading `'`, which spreadsheets
//! show as text. A cell holding the separator of either kind of spreadsheet (`,`, or `;` where
//! the decimal comma is used), a quote or a line break is quoted.
//!
//! A year's orders are sent as they are read, a page of orders at a time, so the export never
//! holds the whole file in memory nor keeps the async runtime busy building it.
//!
//! The customers' details leave the shop with it, so each export is written in the record of
//! who did what before its first byte is sent.

use bytes::Bytes;
use futures_util::Stream;
use posy_core::Money;
use posy_core::calendar::Date;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect,
};

use crate::cart::fulfilment::describe_order;
use crate::orders;
use crate::orders::admin::items_of;
use crate::store::audit::{self, Kind};
use crate::store::clock::iso8601;
use crate::store::entities::order;

const HEADER: [&str; 28] = [
    "Reference",
    "Status",
    "Method",
    "Date",
    "Slot or time",
    "Placed at (UTC)",
    "First name",
    "Last name",
    "Email",
    "Phone",
    "Recipient",
    "Recipient phone",
    "Address line 1",
    "Address line 2",
    "Town or city",
    "Postcode",
    "Items",
    "Card message",
    "Card from",
    "Instructions",
    "Delivery fee",
    "Delivery time surcharge",
    "Total",
    "Refunded",
    "Paid by",
    // What an offer code took off (the total is after it), and how the total was paid: a gift
    // voucher is a payment, not a discount.
    "Discount",
    "Paid by voucher",
    "Paid by card",
];

/// One cell, safe from spreadsheets' formulas and quoted as CSV needs.
pub fn cell(value: &str) -> String {
    let guarded = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{value}")
    } else {
        value.to_owned()
    };
    if guarded.contains([',', ';', '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

fn row(cells: &[String]) -> String {
    let mut line = cells.iter().map(|c| cell(c)).collect::<Vec<_>>().join(",");
    line.push_str("\r\n");
    line
}

/// How many orders are read, written and sent at a time.
const PAGE: u64 = 200;

/// Writes in the record of who did what that `who` exported the orders of the days `from` to
/// `to`: one statement, on the writer (it takes the writer's turn).
pub async fn record(
    db: &impl ConnectionTrait,
    who: &str,
    from: Date,
    to: Date,
) -> Result<(), DbErr> {
    let days = format!(
        "the orders of {} to {}",
        from.day_month_year(),
        to.day_month_year()
    );
    audit::record(
        db,
        who,
        Kind::Export,
        "orders' CSV",
        &format!("{days}, with the customers' names, addresses and phone numbers"),
    )
    .await
}

/// Every order for the days `from` to `to` (inclusive; by the day chosen, or placed when there
/// was no choice), by day and then reference, as CSV with a header row, sent as it is read. A
/// database failure part-way ends the stream with an error, so the download fails visibly
/// rather than stopping short as if complete.
pub fn csv(
    db: DatabaseConnection,
    from: Date,
    to: Date,
) -> impl Stream<Item = Result<Bytes, std::io::Error>> + Send + 'static {
    struct Reading {
        db: DatabaseConnection,
        from: String,
        to: String,
        /// The last order sent (its day and id), or none before the first page.
        after: Option<(String, i32)>,
        started: bool,
        ended: bool,
    }
    let reading = Reading {
        db,
        from: from.to_wire(),
        to: to.to_wire(),
        after: None,
        started: false,
        ended: false,
    };
    futures_util::stream::unfold(reading, |mut reading| async move {
        if reading.ended {
            return None;
        }
        if !reading.started {
            reading.started = true;
            return Some((Ok(Bytes::from(row(&HEADER.map(str::to_owned)))), reading));
        }
        match page(
            &reading.db,
            &reading.from,
            &reading.to,
            reading.after.as_ref(),
        )
        .await
        {
            Ok(None) => None,
            Ok(Some((text, last))) => {
                reading.after = Some(last);
                Some((Ok(Bytes::from(text)), reading))
            }
            Err(err) => {
                tracing::error!(%err, "the orders' export stopped part-way");
                reading.ended = true;
                Some((Err(std::io::Error::other(err)), reading))
            }
        }
    })
}

/// The page of orders after `after` (by day, then id), as CSV rows, with the last one's day
/// and id; none when there are no more.
async fn page(
    db: &impl ConnectionTrait,
    from: &str,
    to: &str,
    after: Option<&(String, i32)>,
) -> Result<Option<(String, (String, i32))>, DbErr> {
    let mut query = order::Entity::find()
        .filter(order::Column::FulfilDate.gte(from))
        .filter(order::Column::FulfilDate.lte(to));
    if let Some((day, id)) = after {
        query = query.filter(
            Condition::any()
                .add(order::Column::FulfilDate.gt(day.as_str()))
                .add(
                    Condition::all()
                        .add(order::Column::FulfilDate.eq(day.as_str()))
                        .add(order::Column::Id.gt(*id)),
                ),
        );
    }
    let orders = query
        .order_by_asc(order::Column::FulfilDate)
        .order_by_asc(order::Column::Id)
        .limit(PAGE)
        .all(db)
        .await?;
    let Some(last) = orders.last() else {
        return Ok(None);
    };
    let last = (last.fulfil_date.clone().unwrap_or_default(), last.id);
    let ids: Vec<i32> = orders.iter().map(|o| o.id).collect();
    let items = items_of(db, &ids).await?;
    let balances = orders::bookings::balance_money(db, &ids).await?;
    let money = |pence: i64| Money::from_pence(pence).to_wire();
    let mut out = String::new();
    for order in orders {
        let lines: Vec<String> = items
            .get(&order.id)
            .into_iter()
            .flatten()
            .map(|i| format!("{} × {}", i.quantity, i.product_name))
            .collect();
        let f = describe_order(&order).map(|d| d.form).unwrap_or_default();
        // A booking's balance is paid and given back apart from the order's own payment.
        let balance = balances.get(&order.id).copied().unwrap_or_default();
        let (paid, refunded) = (balance.paid.pence(), balance.refunded.pence());
        let when = if f.slot.is_empty() {
            f.collection_time.clone()
        } else {
            f.slot.clone()
        };
        out.push_str(&row(&[
            orders::reference(order.id),
            order.status.clone(),
            order.fulfil_method.clone().unwrap_or_default(),
            order.fulfil_date.clone().unwrap_or_default(),
            when,
            iso8601(order.created_at),
            order.first_name,
            order.last_name,
            order.email,
            order.phone,
            f.recipient_name,
            f.recipient_phone,
            f.address_line1,
            f.address_line2,
            f.city,
            f.postcode,
            lines.join("; "),
            f.card_message,
            f.card_from,
            f.instructions,
            money(order.delivery_fee_pence),
            money(order.surcharge_pence),
            money(order.total_pence.saturating_add(paid)),
            money(order.refunded_pence.saturating_add(refunded)),
            order.payment_note.unwrap_or(order.paid_by),
            money(order.discount_pence),
            money(order.voucher_pence),
            money((order.total_pence - order.voucher_pence).saturating_add(paid)),
        ]));
    }
    Ok(Some((out, last)))
}
