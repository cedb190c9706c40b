//! The waiting list of a full workshop. When a seat frees (a booking cancelled, seats added,
//! an offer lapsed), the first person waiting whose seats fit is mailed an offer that keeps
//! those seats for them for `--offer-hours` (24): while it lives the seats count as held
//! ([`super::workshops::held_seats`]), so nobody else can book them. An offer lapses by itself
//! when its time passes; [`offer_freed`], run every few minutes and after every change that
//! frees seats, marks lapsed offers done and offers the seats to the next.
//!
//! The offer's link opens the workshop's page with `?offer=TOKEN`; booking with that token
//! ends the offer and starts the booking's hold in one transaction (the checkout's
//! `book_seats`), so the seats pass from the offer to the hold with no moment in which they
//! count as free.

use posy_core::validation::FormProblems;
use posy_core::workshop::{self, WaitingField, WaitingForm};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    Set,
};
use sha2::{Digest, Sha256};

use super::workshops;
use crate::mail::{self, Letter};
use crate::store::db::Writer;
use crate::store::entities::{workshop as workshop_rows, workshop_waiting as waiting};

/// Why someone could not join the waiting list.
#[derive(Debug)]
pub enum WaitError {
    /// No workshop on the site has that slug.
    Gone,
    /// Seats are left: book instead (core's sentence).
    NotFull,
    Form(FormProblems<WaitingField>),
    Db(DbErr),
}

impl From<DbErr> for WaitError {
    fn from(err: DbErr) -> Self {
        WaitError::Db(err)
    }
}

/// What offers need: how long one keeps its seats, and where its link points.
#[derive(Clone, Debug)]
pub struct Offers {
    pub hours: u32,
    /// e.g. `https://posy.example`.
    pub public_url: String,
}

fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Puts someone on the waiting list of the full workshop `slug`.
pub async fn join(
    writer: &Writer,
    db: &impl ConnectionTrait,
    now: i64,
    slug: &str,
    form: &WaitingForm,
) -> Result<(), WaitError> {
    let form = form.parse().map_err(WaitError::Form)?;
    let offered = workshops::by_slug(db, now, slug)
        .await?
        .ok_or(WaitError::Gone)?;
    if offered.spots_left > 0 {
        return Err(WaitError::NotFull);
    }
    let txn = writer.begin().await?;
    waiting::ActiveModel {
        workshop_id: Set(offered.row.id),
        name: Set(form.name),
        email: Set(form.email),
        seats: Set(form.seats as i32),
        created_at: Set(now),
        offered_until: Set(None),
        offer_token: Set(None),
        done_at: Set(None),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    txn.commit().await?;
    Ok(())
}

/// Ends the live offer `token` names on workshop `workshop_id`; false when no live offer has
/// that token. Called inside the transaction that starts the booking's hold, so the seats it
/// kept are never free in between.
pub async fn take_offer(
    db: &impl ConnectionTrait,
    now: i64,
    workshop_id: i32,
    token: &str,
) -> Result<bool, DbErr> {
    let taken = waiting::Entity::update_many()
        .col_expr(waiting::Column::DoneAt, Expr::value(now))
        .filter(waiting::Column::WorkshopId.eq(workshop_id))
        .filter(waiting::Column::OfferToken.eq(hash(token)))
        .filter(waiting::Column::OfferedUntil.gt(now))
        .filter(waiting::Column::DoneAt.is_null())
        .exec(db)
        .await?;
    Ok(taken.rows_affected == 1)
}

/// Marks lapsed offers done, then offers freed seats to those waiting, first come first
/// served, on every workshop with a waiting list. Answers how many offers were mailed.
pub async fn offer_freed(writer: &Writer, now: i64, offers: &Offers) -> Result<usize, DbErr> {
    let txn = writer.begin().await?;
    waiting::Entity::update_many()
        .col_expr(waiting::Column::DoneAt, Expr::value(now))
        .filter(waiting::Column::OfferedUntil.lte(now))
        .filter(waiting::Column::DoneAt.is_null())
        .exec(&txn)
        .await?;
    txn.commit().await?;
    let waiting_on: Vec<i32> = waiting::Entity::find()
        .filter(waiting::Column::DoneAt.is_null())
        .filter(waiting::Column::OfferedUntil.is_null())
        .all(writer.pool())
        .await?
        .into_iter()
        .map(|w| w.workshop_id)
        .collect();
    let mut ids = waiting_on;
    ids.sort_unstable();
    ids.dedup();
    let mut sent = 0;
    for id in ids {
        sent += offer_on(writer, now, id, offers).await?;
    }
    Ok(sent)
}

/// Offers the seats free on workshop `id` to those waiting, in turn, while they fit.
async fn offer_on(writer: &Writer, now: i64, id: i32, offers: &Offers) -> Result<usize, DbErr> {
    let txn = writer.begin().await?;
    let Some(row) = workshop_rows::Entity::find_by_id(id).one(&txn).await? else {
        return Ok(0);
    };
    if row.hidden || row.cancelled_at.is_some() {
        return Ok(0);
    }
    let offered = workshops::offered(&txn, now, vec![row]).await?;
    let Some(offered) = offered.into_iter().next() else {
        return Ok(0);
    };
    let mut free = offered.spots_left;
    let queue = waiting::Entity::find()
        .filter(waiting::Column::WorkshopId.eq(id))
        .filter(waiting::Column::DoneAt.is_null())
        .filter(waiting::Column::OfferedUntil.is_null())
        .order_by_asc(waiting::Column::CreatedAt)
        .order_by_asc(waiting::Column::Id)
        .all(&txn)
        .await?;
    let mut sent = 0;
    for person in queue {
        let seats = person.seats.max(1) as u32;
        if seats > free {
            // First come, first served: nobody behind them jumps the queue.
            break;
        }
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).expect("the system has randomness");
        let token = hex::encode(bytes);
        let until = now + i64::from(offers.hours) * 3600;
        waiting::Entity::update_many()
            .col_expr(waiting::Column::OfferedUntil, Expr::value(until))
            .col_expr(waiting::Column::OfferToken, Expr::value(hash(&token)))
            .filter(waiting::Column::Id.eq(person.id))
            .exec(&txn)
            .await?;
        let link = format!(
            "{}/workshops/{}?offer={token}",
            offers.public_url.trim_end_matches('/'),
            offered.row.slug
        );
        mail::post(
            &txn,
            &person.email,
            offer_letter(&offered.row, &person, offers.hours, &link),
        )
        .await?;
        free -= seats;
        sent += 1;
    }
    txn.commit().await?;
    Ok(sent)
}

/// The offer: the seats kept for this person for a while, and the link that books them.
fn offer_letter(
    row: &workshop_rows::Model,
    person: &waiting::Model,
    hours: u32,
    link: &str,
) -> Letter {
    let seats = if person.seats == 1 {
        "a seat".to_owned()
    } else {
        format!("{} seats", person.seats)
    };
    Letter {
        subject: format!("A seat has come free: {}", row.title),
        body: format!(
            "Dear {},\n\nGood news: {seats} on {} ({}, {}) has come free, and we are keeping it \
             for you for {hours} hours. Book it here:\n{link}\n\nIf you no longer want it, do \
             nothing: after {hours} hours we offer it to the next person waiting.\n",
            person.name,
            row.title,
            posy_core::calendar::Date::parse(&row.date)
                .map_or_else(|| row.date.clone(), |d| d.long()),
            row.time,
        ),
    }
}

/// Seats kept by live offers on each of `ids`.
pub async fn offered_seats(
    db: &impl ConnectionTrait,
    now: i64,
    ids: &[i32],
) -> Result<Vec<(i32, i64)>, DbErr> {
    let live = waiting::Entity::find()
        .filter(waiting::Column::WorkshopId.is_in(ids.iter().copied()))
        .filter(waiting::Column::OfferedUntil.gt(now))
        .filter(waiting::Column::DoneAt.is_null())
        .all(db)
        .await?;
    let mut kept: Vec<(i32, i64)> = Vec::new();
    for offer in live {
        match kept.iter_mut().find(|(id, _)| *id == offer.workshop_id) {
            Some((_, n)) => *n += i64::from(offer.seats),
            None => kept.push((offer.workshop_id, i64::from(offer.seats))),
        }
    }
    Ok(kept)
}

/// Said when an offer's link is used after it lapsed or was taken.
pub const OFFER_GONE: &str = "Sorry, this offer has lapsed or been used: the seat went to the \
                              next person waiting. You can join the waiting list again.";

/// The core sentences this list answers with.
pub use workshop::{NOT_FULL, ON_THE_LIST};

/// Runs [`offer_freed`] every few minutes for as long as the shop runs (the shop's clock:
/// offers live on the same clock as the seats they keep).
pub async fn offer_forever(writer: Writer, clock: crate::store::clock::Clock, offers: Offers) {
    let mut every = tokio::time::interval(std::time::Duration::from_secs(5 * 60));
    loop {
        every.tick().await;
        match offer_freed(&writer, clock.now(), &offers).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(sent = n, "waiting-list offers sent"),
            Err(err) => tracing::warn!(%err, "could not offer freed seats"),
        }
    }
}
