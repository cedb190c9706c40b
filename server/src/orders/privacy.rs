//! An order's personal data as the retention rules and a customer's requests reach it: what is
//! held for an address (her copy), the notes for the driver and the card blanked once the day
//! is long past, and the order anonymised (after six years, or when she asks to be forgotten).
//! Anonymising is written once, here, for both. What it keeps is what HMRC and the studio's
//! books need: amounts, items, dates, statuses, the refund records and the postcode district
//! (core's [`posy_core::retention`] says which fields of the choice stay).

use poem_openapi::Object;
use posy_core::calendar::Date;
use posy_core::fulfilment::{FulfilmentField, FulfilmentForm};
use posy_core::order::OrderStatus;
use posy_core::retention::{anonymise_choice, blank_handover_notes, kept_district};
use sea_orm::sea_query::{Expr, ExprTrait, Func};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect, Set,
};
use serde::Serialize;

use crate::http::text_form::{Published, TextForm};
use crate::orders::{CustomerDetails, reference};
use crate::store::clock::iso8601;
use crate::store::entities::{cart, order, order_change, order_item, order_note, order_token};

/// How many orders one pass of a rule changes in one transaction, so a first run over years of
/// orders never holds the writer's turn for long; the daily task runs passes until none is left.
pub const BATCH: u64 = 200;

/// The orders placed with an address, whatever its capitals and spaces.
fn with_email(email: &str) -> sea_orm::sea_query::SimpleExpr {
    Expr::expr(Func::lower(Expr::col(order::Column::Email))).eq(email.trim().to_lowercase())
}

/// An order as held for its customer: her copy of it (the right of access), the studio's own
/// notes and changes included.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename = "HeldOrder")]
pub struct HeldOrder {
    /// `FS-000123`.
    pub reference: String,
    /// ISO 8601, UTC.
    pub placed_at: String,
    /// Core's `OrderStatus` wire form.
    pub status: String,
    /// The order is not finished (new, confirmed, ready, out for delivery, ready for
    /// collection): it cannot be erased yet.
    pub unfinished: bool,
    /// Its personal data is already gone (ISO 8601, UTC), else null.
    pub anonymised_at: Option<String>,
    #[oai(flatten)]
    #[serde(flatten)]
    pub customer: CustomerDetails,
    /// The delivery or collection as kept (the recipient, the address, the card), if any.
    pub choice: Option<HeldChoice>,
    /// What was charged, e.g. `"87.50"`.
    pub total: String,
    /// What has been given back, e.g. `"0.00"`.
    pub refunded: String,
    /// Each line, e.g. `1 × Peony Posy (Large) at 45.00`.
    pub items: Vec<String>,
    /// The studio's notes on the order, with who wrote them and when.
    pub notes: Vec<String>,
    /// The changes the studio made to the choice, in words.
    pub changes: Vec<String>,
}

/// The florist's choice as kept on an order: core's form as it was written.
pub type HeldChoice = Published<FulfilmentForm>;

impl TextForm for FulfilmentForm {
    type Field = FulfilmentField;
    const NAME: &'static str = "HeldChoice";
    const DESCRIPTION: Option<&'static str> = Some("The florist's choice as kept on an order.");
    const FIELDS: &'static [FulfilmentField] = &FulfilmentField::ALL;

    fn value(&self, field: FulfilmentField) -> &str {
        FulfilmentForm::value(self, field)
    }

    fn value_mut(&mut self, field: FulfilmentField) -> &mut String {
        FulfilmentForm::value_mut(self, field)
    }
}

fn pounds(pence: i64) -> String {
    posy_core::Money::from_pence(pence).to_wire()
}

/// The choice kept on an order, read as core wrote it.
fn choice_of(row: &order::Model) -> Result<Option<FulfilmentForm>, DbErr> {
    row.fulfilment
        .as_deref()
        .map(|json| {
            serde_json::from_str(json).map_err(|err| {
                DbErr::Custom(format!(
                    "the choice of order {} cannot be read: {err}",
                    row.id
                ))
            })
        })
        .transpose()
}

fn written(choice: &FulfilmentForm) -> Result<String, DbErr> {
    serde_json::to_string(choice)
        .map_err(|err| DbErr::Custom(format!("a choice cannot be written: {err}")))
}

/// Every order placed with `email`, oldest first, as held.
pub async fn held(db: &impl ConnectionTrait, email: &str) -> Result<Vec<HeldOrder>, DbErr> {
    let rows = order::Entity::find()
        .filter(with_email(email))
        .order_by_asc(order::Column::Id)
        .all(db)
        .await?;
    let ids: Vec<i32> = rows.iter().map(|row| row.id).collect();
    let balances = super::bookings::balance_money(db, &ids).await?;
    let mut held = Vec::with_capacity(rows.len());
    for row in rows {
        // A booking's balance is paid and given back apart from the order's own payment.
        let balance = balances.get(&row.id).copied().unwrap_or_default();
        let items = order_item::Entity::find()
            .filter(order_item::Column::OrderId.eq(row.id))
            .order_by_asc(order_item::Column::Id)
            .all(db)
            .await?
            .into_iter()
            .map(|item| {
                format!(
                    "{} × {} at {}",
                    item.quantity,
                    item.product_name,
                    pounds(item.unit_price_pence)
                )
            })
            .collect();
        let notes = order_note::Entity::find()
            .filter(order_note::Column::OrderId.eq(row.id))
            .order_by_asc(order_note::Column::Id)
            .all(db)
            .await?
            .into_iter()
            .map(|note| format!("{} ({}, {})", note.text, note.by, iso8601(note.at)))
            .collect();
        let changes = order_change::Entity::find()
            .filter(order_change::Column::OrderId.eq(row.id))
            .order_by_asc(order_change::Column::Id)
            .all(db)
            .await?
            .into_iter()
            .map(|change| format!("{} ({}, {})", change.text, change.by, iso8601(change.at)))
            .collect();
        let status = OrderStatus::parse(&row.status);
        held.push(HeldOrder {
            reference: reference(row.id),
            placed_at: iso8601(row.created_at),
            unfinished: status.is_some_and(|s| !s.finished()),
            status: row.status.clone(),
            anonymised_at: row.anonymised_at.map(iso8601),
            choice: choice_of(&row)?.map(Published),
            total: pounds(row.total_pence.saturating_add(balance.paid.pence())),
            refunded: pounds(row.refunded_pence.saturating_add(balance.refunded.pence())),
            customer: CustomerDetails::of(&row),
            items,
            notes,
            changes,
        });
    }
    Ok(held)
}

/// The orders placed with `email` that are not finished, as `FS-000123 (Out for delivery)`:
/// an erasure waits for them, since the studio still needs the address to deliver.
pub async fn unfinished(db: &impl ConnectionTrait, email: &str) -> Result<Vec<String>, DbErr> {
    let open: Vec<&str> = OrderStatus::ALL
        .into_iter()
        .filter(|s| !s.finished())
        .map(OrderStatus::as_str)
        .collect();
    let rows = order::Entity::find()
        .filter(with_email(email))
        .filter(order::Column::Status.is_in(open))
        .order_by_asc(order::Column::Id)
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let label = OrderStatus::parse(&row.status).map_or("unfinished", |s| s.label());
            format!("{} ({label})", reference(row.id))
        })
        .collect())
}

/// Anonymises every order placed with `email` (her erasure), inside the caller's transaction;
/// answers how many. The caller checks [`unfinished`] first, in the same transaction.
pub async fn forget(txn: &impl ConnectionTrait, email: &str, now: i64) -> Result<u64, DbErr> {
    let ids: Vec<i32> = order::Entity::find()
        .select_only()
        .column(order::Column::Id)
        .filter(with_email(email))
        .filter(order::Column::AnonymisedAt.is_null())
        .into_tuple()
        .all(txn)
        .await?;
    anonymise(txn, &ids, now).await
}

/// Anonymises up to [`BATCH`] orders placed before `placed_before` (the six-year rule), inside
/// the caller's transaction; answers how many.
pub async fn anonymise_placed_before(
    txn: &impl ConnectionTrait,
    placed_before: i64,
    now: i64,
) -> Result<u64, DbErr> {
    let ids: Vec<i32> = order::Entity::find()
        .select_only()
        .column(order::Column::Id)
        .filter(order::Column::CreatedAt.lt(placed_before))
        .filter(order::Column::AnonymisedAt.is_null())
        .order_by_asc(order::Column::Id)
        .limit(BATCH)
        .into_tuple()
        .all(txn)
        .await?;
    anonymise(txn, &ids, now).await
}

/// Removes the orders' personal data: the customer's name, e-mail, phone and address (the
/// postcode's district stays), the recipient, address and card on the choice and on its cart,
/// the studio's notes and changes (which quote them), and every link to the order (so no old
/// mail opens it). Amounts, lines, dates, statuses and refunds stay.
async fn anonymise(txn: &impl ConnectionTrait, ids: &[i32], now: i64) -> Result<u64, DbErr> {
    let mut done = 0;
    for &id in ids {
        let Some(row) = order::Entity::find_by_id(id).one(txn).await? else {
            continue;
        };
        let choice = match choice_of(&row)? {
            Some(mut choice) => {
                anonymise_choice(&mut choice);
                Some(written(&choice)?)
            }
            None => None,
        };
        order::Entity::update(order::ActiveModel {
            id: Set(id),
            email: Set(String::new()),
            first_name: Set(String::new()),
            last_name: Set(String::new()),
            address: Set(String::new()),
            city: Set(String::new()),
            postcode: Set(kept_district(&row.postcode)),
            phone: Set(String::new()),
            fulfilment: Set(choice),
            anonymised_at: Set(Some(now)),
            ..Default::default()
        })
        .exec(txn)
        .await?;
        forget_cart_choice(txn, &row.cart_id).await?;
        order_note::Entity::delete_many()
            .filter(order_note::Column::OrderId.eq(id))
            .exec(txn)
            .await?;
        order_change::Entity::delete_many()
            .filter(order_change::Column::OrderId.eq(id))
            .exec(txn)
            .await?;
        order_token::Entity::delete_many()
            .filter(order_token::Column::OrderId.eq(id))
            .exec(txn)
            .await?;
        done += 1;
    }
    Ok(done)
}

/// The ordered cart keeps the choice as the shopper sent it, and the address that held its
/// stock: the order holds what the studio needs.
async fn forget_cart_choice(txn: &impl ConnectionTrait, cart_id: &str) -> Result<(), DbErr> {
    cart::Entity::update_many()
        .col_expr(cart::Column::Fulfilment, Expr::value(None::<String>))
        .col_expr(cart::Column::HoldAddress, Expr::value(None::<String>))
        .filter(cart::Column::Id.eq(cart_id))
        .filter(cart::Column::OrderedAt.is_not_null())
        .exec(txn)
        .await?;
    Ok(())
}

/// Blanks the recipient's phone, the instructions and the card message of up to [`BATCH`]
/// orders handed over on a day before `day` (the 13-month rule), inside the caller's
/// transaction; answers how many. The studio's changes to the choice go too, since they
/// quote those fields.
pub async fn blank_handed_over_before(
    txn: &impl ConnectionTrait,
    day: Date,
    now: i64,
) -> Result<u64, DbErr> {
    let rows = order::Entity::find()
        // The wire form `2026-12-15` sorts as the days do.
        .filter(order::Column::FulfilDate.lt(day.to_wire()))
        .filter(
            Condition::all()
                .add(order::Column::DetailsBlankedAt.is_null())
                .add(order::Column::AnonymisedAt.is_null()),
        )
        .order_by_asc(order::Column::Id)
        .limit(BATCH)
        .all(txn)
        .await?;
    let mut done = 0;
    for row in rows {
        let choice = match choice_of(&row)? {
            Some(mut choice) => {
                blank_handover_notes(&mut choice);
                Some(written(&choice)?)
            }
            None => None,
        };
        order::Entity::update(order::ActiveModel {
            id: Set(row.id),
            fulfilment: Set(choice),
            details_blanked_at: Set(Some(now)),
            ..Default::default()
        })
        .exec(txn)
        .await?;
        forget_cart_choice(txn, &row.cart_id).await?;
        order_change::Entity::delete_many()
            .filter(order_change::Column::OrderId.eq(row.id))
            .exec(txn)
            .await?;
        done += 1;
    }
    Ok(done)
}
