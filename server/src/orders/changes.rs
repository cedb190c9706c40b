//! What the studio changes on an order when the customer rings, and its own notes on it.
//!
//! A change of the day, slot, address or card is checked by core as the shop checks a new
//! choice at checkout (`FulfilmentForm::parse_change`: notice, cut-offs, closed days, the
//! delivery zones and the places others have taken), keeps the order's place in the diary
//! (`fulfil_*`) in step, and writes a line of the order's history saying what changed. The
//! money stays as paid: when the new choice would cost something else, the history line says
//! so, and any refund is the studio's to give.
//!
//! Notes are the studio's alone: never shown or mailed to the customer.
//!
//! Each write says which version of the order its page read (`orders.version`): a write from
//! an older version is refused, so two people on the phone never undo each other's change.

use posy_core::Money;
use posy_core::fulfilment::{FulfilmentField, FulfilmentForm};
use posy_core::order::check_note;
use posy_core::validation::FormProblems;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, IntoActiveModel,
    QueryFilter, Set, UpdateMany,
};

use crate::cart::fulfilment::{Described, describe};
use crate::cart::places::{self, Booking};
use crate::orders::OrderDesk;
use crate::orders::admin::{self, OrderDetail, status_of};
use crate::store::clock::now;
use crate::store::db::Writing;
use crate::store::entities::{order, order_change, order_item, order_note, product};
use crate::studio::delivery;

/// Why a change or a note was not written.
#[derive(Debug)]
pub enum ChangeError {
    /// No order has that id.
    Gone,
    /// The page read an older version of the order: someone else changed it meanwhile.
    Stale,
    /// A sentence: nothing changed, a finished order, an empty or long note.
    Refused(String),
    /// Core's sentences about the new choice, a field each.
    Form(FormProblems<FulfilmentField>),
    Db(DbErr),
}

impl From<DbErr> for ChangeError {
    fn from(err: DbErr) -> Self {
        ChangeError::Db(err)
    }
}

/// Changes the order's choice to `form`, from the `version` the page read, as `admin`; answers
/// the order as it now is.
pub async fn change_choice(
    desk: &OrderDesk,
    id: i32,
    version: i32,
    form: &FulfilmentForm,
    admin: &str,
) -> Result<OrderDetail, ChangeError> {
    let settings = delivery::settings(&desk.db).await?;
    let txn = desk.ledger.begin().await?;
    let order = order::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or(ChangeError::Gone)?;
    if order.version != version {
        return Err(ChangeError::Stale);
    }
    if status_of(&order).finished() {
        return Err(ChangeError::Refused(
            "This order is finished: its day, address and card can no longer be changed.".into(),
        ));
    }
    let Some(kept) = order.fulfilment.as_deref() else {
        return Err(ChangeError::Refused(
            "This order was placed without a delivery or collection to change.".into(),
        ));
    };
    let booked: FulfilmentForm = serde_json::from_str(kept)
        .map_err(|err| DbErr::Custom(format!("an order's choice cannot be read: {err}")))?;
    let before = describe(kept, order.slot_hours.as_deref());

    places::lock_place(&txn, &settings, form).await?;
    let mut taken = places::taken(&txn, &settings, desk.clock.now(), None).await?;
    // The order's own place is among those taken: it is leaving it, not competing for it.
    leave_own_place(
        &mut taken,
        &Booking {
            method: order.fulfil_method.clone(),
            date: order.fulfil_date.clone(),
            slot: order.fulfil_slot.clone(),
            slot_hours: order.slot_hours.clone(),
        },
    );
    let chosen = form
        .parse_change(
            &booked,
            &settings,
            desk.clock.now(),
            lead_days(&txn, id).await?,
            &taken,
        )
        .map_err(ChangeError::Form)?;

    let after = serde_json::to_string(form)
        .map_err(|err| DbErr::Custom(format!("the choice cannot be written: {err}")))?;
    let booking = Booking::of(&chosen);
    let (Some(before), Some(now_described)) =
        (before, describe(&after, booking.slot_hours.as_deref()))
    else {
        return Err(DbErr::Custom("an order's choice cannot be described".into()).into());
    };
    let mut said = differences(&before, &now_described);
    if said.is_empty() {
        return Err(ChangeError::Refused(
            "Nothing was changed: the order already says that.".into(),
        ));
    }
    // The money stays as paid; say when the new choice would cost something else.
    let paid = order.delivery_fee_pence + order.surcharge_pence;
    let items = Money::from_pence(order.total_pence - paid);
    let totals = settings.totals(items, &chosen);
    let would_be = totals.delivery.pence() + totals.surcharge.pence();
    if would_be != paid {
        said.push(format!(
            "The new choice's delivery charge would be {} ({} was paid); the order keeps what was paid",
            Money::from_pence(would_be),
            Money::from_pence(paid)
        ));
    }

    let update = order::Entity::update_many()
        .col_expr(order::Column::Fulfilment, Expr::value(after))
        .col_expr(order::Column::FulfilDate, Expr::value(booking.date))
        .col_expr(order::Column::FulfilSlot, Expr::value(booking.slot))
        .col_expr(order::Column::SlotHours, Expr::value(booking.slot_hours));
    let line = order_change::ActiveModel {
        order_id: Set(id),
        text: Set(said.join(". ") + "."),
        by: Set(admin.to_owned()),
        at: Set(now()),
        ..Default::default()
    };
    write(desk, txn, id, version, update, line).await
}

/// Adds the studio's note to the order, from the `version` the page read, as `admin`.
pub async fn add_note(
    desk: &OrderDesk,
    id: i32,
    version: i32,
    text: &str,
    admin: &str,
) -> Result<OrderDetail, ChangeError> {
    let text = check_note(text).map_err(ChangeError::Refused)?;
    let txn = desk.ledger.begin().await?;
    let note = order_note::ActiveModel {
        order_id: Set(id),
        text: Set(text),
        by: Set(admin.to_owned()),
        at: Set(now()),
        ..Default::default()
    };
    write(desk, txn, id, version, order::Entity::update_many(), note).await
}

/// Writes `update` to order `id` from the `version` the page read (see `next_version`) and
/// `line` beside it (a line of its history or a note), then answers the order as it now is.
async fn write<A>(
    desk: &OrderDesk,
    txn: Writing,
    id: i32,
    version: i32,
    update: UpdateMany<order::Entity>,
    line: A,
) -> Result<OrderDetail, ChangeError>
where
    A: ActiveModelTrait + Send,
    <A::Entity as EntityTrait>::Model: IntoActiveModel<A>,
{
    next_version(&txn, update, id, version).await?;
    A::Entity::insert(line).exec_without_returning(&txn).await?;
    txn.commit().await?;
    detail(desk, id).await
}

/// Writes `update` to the order with its version moved on, if it is still the `version` the
/// page read: else nothing is written, and the order changed meanwhile or is gone.
async fn next_version(
    txn: &impl ConnectionTrait,
    update: UpdateMany<order::Entity>,
    id: i32,
    version: i32,
) -> Result<(), ChangeError> {
    let written = update
        .col_expr(
            order::Column::Version,
            Expr::col(order::Column::Version).add(1),
        )
        .filter(order::Column::Id.eq(id))
        .filter(order::Column::Version.eq(version))
        .exec(txn)
        .await?;
    if written.rows_affected > 0 {
        return Ok(());
    }
    let exists = order::Entity::find_by_id(id).one(txn).await?.is_some();
    Err(if exists {
        ChangeError::Stale
    } else {
        ChangeError::Gone
    })
}

async fn detail(desk: &OrderDesk, id: i32) -> Result<OrderDetail, ChangeError> {
    admin::detail(&desk.db, desk.clock.now(), id)
        .await
        .map_err(|err| match err {
            admin::OrderError::Gone => ChangeError::Gone,
            admin::OrderError::Db(err) => ChangeError::Db(err),
            admin::OrderError::Refused(why) => ChangeError::Refused(why),
            admin::OrderError::Changed
            | admin::OrderError::Moved(_)
            | admin::OrderError::RefundedMeanwhile { .. } => ChangeError::Stale,
        })
}

/// The notice the order's pieces need, as the checkout counts it: the most any of them needs
/// (a piece no longer in the shop needs none).
async fn lead_days(db: &impl ConnectionTrait, id: i32) -> Result<u32, DbErr> {
    let products: Vec<i32> = order_item::Entity::find()
        .filter(order_item::Column::OrderId.eq(id))
        .all(db)
        .await?
        .into_iter()
        .filter_map(|item| item.product_id)
        .collect();
    let most = product::Entity::find()
        .filter(product::Column::Id.is_in(products))
        .all(db)
        .await?
        .into_iter()
        .map(|p| u32::try_from(p.lead_days).unwrap_or(0))
        .max();
    Ok(most.unwrap_or(0))
}

/// Takes the order's own booking out of the places counted as taken.
fn leave_own_place(taken: &mut posy_core::schedule::Taken, own: &Booking) {
    let Some(date) = own
        .date
        .as_deref()
        .and_then(posy_core::calendar::Date::parse)
    else {
        return;
    };
    match own.slot.as_deref() {
        Some(slot) => {
            if let Some(place) = taken
                .slots
                .iter_mut()
                .find(|t| t.date == date && t.slot == slot && t.count > 0)
            {
                place.count -= 1;
            }
        }
        None => {
            if let Some(place) = taken
                .collections
                .iter_mut()
                .find(|t| t.date == date && t.count > 0)
            {
                place.count -= 1;
            }
        }
    }
}

/// What changed, in words, a sentence each: `Day: Tuesday 15 December → Wednesday 16
/// December`.
fn differences(before: &Described, after: &Described) -> Vec<String> {
    let (b, a) = (&before.form, &after.form);
    let mut said = Vec::new();
    let mut differs = |what: &str, old: String, new: String| {
        if old != new {
            let shown = |value: String| {
                if value.is_empty() {
                    "(none)".to_owned()
                } else {
                    value.replace('\n', " / ")
                }
            };
            said.push(format!("{what}: {} → {}", shown(old), shown(new)));
        }
    };
    // The form's own fields, in the order the page shows them (the day and address are
    // described rather than compared raw).
    let field = |what: &'static str, of: fn(&FulfilmentForm) -> &String| {
        (what, of(b).clone(), of(a).clone())
    };
    let compared = [
        ("Day", before.day.clone(), after.day.clone()),
        field("Delivery time", |f| &f.slot),
        field("Collection time", |f| &f.collection_time),
        field("Recipient", |f| &f.recipient_name),
        field("Recipient's phone", |f| &f.recipient_phone),
        ("Address", before.address(), after.address()),
        field("Instructions", |f| &f.instructions),
        field("Card message", |f| &f.card_message),
        field("Card from", |f| &f.card_from),
    ];
    for (what, old, new) in compared {
        differs(what, old, new);
    }
    said
}
