//! The workshops as things: their rows, and the seats a shopper may still book.
//!
//! **Seats.** `spots_left` on the row is the seats not yet booked, lowered by a booking with a
//! conditional update as stock is (never below 0: a `CHECK` and the update's condition). A
//! shopper paying holds seats the way a cart holds stock (`cart::holds`): a booking row tied
//! to a cart whose hold is live. So what a shopper is offered is `spots_left` less the seats
//! other live holds take ([`held_seats`]); a hold ends by itself when its time passes.
//!
//! Core decides everything else (what a seat costs now, the balance and its date, the spots
//! text, the rule in words); this module reads the rows and hands core the numbers.

use posy_core::Money;
use posy_core::calendar::{Date, LondonTime};
use posy_core::validation::FormProblems;
use posy_core::workshop::{self, CancellationRule, Pricing, Terms};
use posy_core::workshop_form::{WorkshopField, WorkshopForm, WorkshopPlan};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, JoinType, QueryFilter,
    QueryOrder, QuerySelect, RelationDef, Set,
};

use crate::media::receiving::Incoming;
use crate::media::store::MediaStore;
use crate::media::uploads::{PictureError, is_uploaded, kept_files, put_picture};
use crate::store::audit::{self, Kind, from_to};
use crate::store::db::Writer;
use crate::store::entities::{cart as carts, workshop as workshops, workshop_booking as bookings};

/// A workshop as a shopper sees it on a day: core's numbers and words beside the row.
#[derive(Clone, Debug)]
pub struct Offered {
    pub row: workshops::Model,
    pub pricing: Pricing,
    /// What a seat booked today costs now and later.
    pub terms: Terms,
    /// Seats a shopper may take now: not booked, not held by others while they pay.
    pub spots_left: u32,
    pub rule: CancellationRule,
}

impl Offered {
    /// `3 spots left`.
    pub fn spots_text(&self) -> String {
        workshop::spots_text(self.spots_left)
    }

    /// 1 to this many seats.
    pub fn max_seats(&self) -> u32 {
        workshop::max_seats(self.spots_left)
    }

    /// Where it is held: its own place, or the studio's address.
    pub fn place(&self, studio_address: &str) -> String {
        if self.row.place.trim().is_empty() {
            studio_address.to_owned()
        } else {
            self.row.place.clone()
        }
    }

    /// The cancellation rule in words.
    pub fn cancellation_text(&self) -> String {
        self.rule.words(self.pricing.balance_due)
    }
}

/// The studio's day in Bristol at a moment.
pub fn today(now: i64) -> Date {
    LondonTime::at(now)
        .map(|t| t.date)
        .unwrap_or_else(|| Date::new(1970, 1, 1).expect("a day"))
}

/// A row's pricing as core reads it; a date the row cannot hold reads as long past.
pub fn pricing(row: &workshops::Model) -> Pricing {
    Pricing {
        price: Money::from_pence(row.price_pence),
        deposit: Money::from_pence(row.deposit_pence),
        balance_due: Date::parse(&row.balance_due).unwrap_or_else(|| today(0)),
    }
}

/// The join from a booking to the cart holding its seats.
fn holding_cart() -> RelationDef {
    bookings::Entity::belongs_to(carts::Entity)
        .from(bookings::Column::CartId)
        .to(carts::Column::Id)
        .into()
}

/// Seats held on each of `ids`: while paying, by carts other than `except` (bookings not yet
/// orders whose cart's hold is live), and by live offers from the waiting list.
pub async fn held_seats(
    db: &impl ConnectionTrait,
    now: i64,
    ids: &[i32],
    except: Option<&str>,
) -> Result<Vec<(i32, i64)>, DbErr> {
    let mut query = bookings::Entity::find()
        .select_only()
        .column(bookings::Column::WorkshopId)
        .column_as(
            Expr::col((bookings::Entity, bookings::Column::Seats)).sum(),
            "held",
        )
        .join(JoinType::InnerJoin, holding_cart())
        .filter(bookings::Column::WorkshopId.is_in(ids.iter().copied()))
        .filter(bookings::Column::OrderId.is_null())
        .filter(bookings::Column::CancelledAt.is_null())
        .filter(carts::Column::HeldUntil.gt(now))
        .filter(carts::Column::OrderedAt.is_null())
        .group_by(bookings::Column::WorkshopId);
    if let Some(cart) = except {
        query = query.filter(carts::Column::Id.ne(cart));
    }
    let mut held: Vec<(i32, i64)> = query.into_tuple().all(db).await?;
    for (id, seats) in super::waiting::offered_seats(db, now, ids).await? {
        match held.iter_mut().find(|(held_id, _)| *held_id == id) {
            Some((_, n)) => *n += seats,
            None => held.push((id, seats)),
        }
    }
    Ok(held)
}

/// The workshop as offered at `now`, seats held by others taken off.
pub async fn offered(
    db: &impl ConnectionTrait,
    now: i64,
    rows: Vec<workshops::Model>,
) -> Result<Vec<Offered>, DbErr> {
    let ids: Vec<i32> = rows.iter().map(|w| w.id).collect();
    let held = held_seats(db, now, &ids, None).await?;
    let today = today(now);
    Ok(rows
        .into_iter()
        .map(|row| {
            let held = held
                .iter()
                .find(|(id, _)| *id == row.id)
                .map_or(0, |(_, n)| *n);
            let spots_left =
                (i64::from(row.spots_left) - held).clamp(0, i64::from(u32::MAX)) as u32;
            let pricing = pricing(&row);
            Offered {
                terms: pricing.terms(today),
                pricing,
                spots_left,
                rule: CancellationRule::parse(&row.cancellation)
                    .unwrap_or(CancellationRule::Default),
                row,
            }
        })
        .collect())
}

/// Workshops on the site at `now`: not hidden or cancelled, today or later, soonest first.
pub async fn upcoming(db: &impl ConnectionTrait, now: i64) -> Result<Vec<Offered>, DbErr> {
    let rows = workshops::Entity::find()
        .filter(workshops::Column::Hidden.eq(false))
        .filter(workshops::Column::CancelledAt.is_null())
        .filter(workshops::Column::Date.gte(today(now).to_wire()))
        .order_by_asc(workshops::Column::Date)
        .order_by_asc(workshops::Column::Position)
        .order_by_asc(workshops::Column::Id)
        .all(db)
        .await?;
    offered(db, now, rows).await
}

/// One workshop on the site by its slug (a past one too: its page still says what it was);
/// `None` when there is none, or it is hidden or cancelled.
pub async fn by_slug(
    db: &impl ConnectionTrait,
    now: i64,
    slug: &str,
) -> Result<Option<Offered>, DbErr> {
    let Some(row) = workshops::Entity::find()
        .filter(workshops::Column::Slug.eq(slug))
        .filter(workshops::Column::Hidden.eq(false))
        .filter(workshops::Column::CancelledAt.is_null())
        .one(db)
        .await?
    else {
        return Ok(None);
    };
    Ok(offered(db, now, vec![row]).await?.pop())
}

/// Why a workshop could not be read.
#[derive(Debug)]
pub enum WorkshopError {
    /// No workshop on the site has that slug (or it is hidden or cancelled).
    Gone,
    Db(DbErr),
}

impl From<DbErr> for WorkshopError {
    fn from(err: DbErr) -> Self {
        WorkshopError::Db(err)
    }
}

/// Said of a workshop that is not on the site.
pub use posy_core::workshop::GONE_FROM_SITE as GONE;

/// Why the studio's change to a workshop was not made.
#[derive(Debug)]
pub enum EditError {
    /// No workshop has that id.
    Gone,
    /// The form's fields at fault (core's sentences).
    Form(FormProblems<WorkshopField>),
    /// Saved by someone else since the page read it (core's sentence).
    Stale,
    /// Its picture was not put on it (refused, unreadable, or not stored).
    Picture(PictureError),
    Db(DbErr),
}

impl From<PictureError> for EditError {
    fn from(err: PictureError) -> Self {
        EditError::Picture(err)
    }
}

impl From<DbErr> for EditError {
    fn from(err: DbErr) -> Self {
        EditError::Db(err)
    }
}

/// What the booking form asks, and whether the workshop is kept off the site.
#[derive(Clone, Copy, Debug)]
pub struct Asks {
    pub phone: bool,
    pub note: bool,
    pub hidden: bool,
}

/// Every workshop, the latest first, for the back office.
pub async fn all(db: &impl ConnectionTrait) -> Result<Vec<workshops::Model>, DbErr> {
    workshops::Entity::find()
        .order_by_desc(workshops::Column::Date)
        .order_by_asc(workshops::Column::Position)
        .order_by_asc(workshops::Column::Id)
        .all(db)
        .await
}

/// One workshop by id, for the back office.
pub async fn one(db: &impl ConnectionTrait, id: i32) -> Result<workshops::Model, EditError> {
    workshops::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or(EditError::Gone)
}

/// Words of the API's own paths beside the workshops' slugs.
const RESERVED: [&str; 2] = ["bookings", "balance"];

/// A slug no other workshop has: the title's, numbered from 2 when taken.
async fn free_slug(db: &impl ConnectionTrait, title: &str) -> Result<String, DbErr> {
    let base = workshop::slug_for(title);
    let mut slug = base.clone();
    for n in 2.. {
        // The API's own paths under /api/workshops/ are never a workshop's.
        let taken = RESERVED.contains(&slug.as_str())
            || workshops::Entity::find()
                .filter(workshops::Column::Slug.eq(&slug))
                .one(db)
                .await?
                .is_some();
        if !taken {
            break;
        }
        slug = format!("{base}-{n}");
    }
    Ok(slug)
}

/// Makes a workshop from the studio's form.
pub async fn create(
    writer: &Writer,
    form: WorkshopForm,
    asks: Asks,
    admin: &str,
) -> Result<workshops::Model, EditError> {
    let plan = form.parse(0).map_err(EditError::Form)?;
    let writing = writer.begin().await?;
    let txn = &writing;
    let slug = free_slug(txn, &plan.title).await?;
    let row = workshops::ActiveModel {
        slug: Set(slug),
        seats: Set(plan.seats as i32),
        spots_left: Set(plan.seats as i32),
        position: Set(0),
        image: Set(None),
        image_variants: Set(String::new()),
        cancelled_at: Set(None),
        version: Set(0),
        ..planned(&plan, asks)
    }
    .insert(txn)
    .await?;
    audit::record(
        txn,
        admin,
        Kind::Workshop,
        &format!("{} (#{})", row.title, row.id),
        "made",
    )
    .await?;
    writing.commit().await?;
    Ok(row)
}

/// The columns the form sets.
fn planned(plan: &WorkshopPlan, asks: Asks) -> workshops::ActiveModel {
    workshops::ActiveModel {
        title: Set(plan.title.clone()),
        description: Set(plan.description.clone()),
        what_to_bring: Set(plan.what_to_bring.clone()),
        date: Set(plan.date.to_wire()),
        time: Set(plan.time()),
        start_time: Set(plan.start.to_wire()),
        end_time: Set(plan.end.to_wire()),
        place: Set(plan.place.clone()),
        price_pence: Set(plan.price.pence()),
        deposit_pence: Set(plan.deposit.pence()),
        balance_due: Set(plan.balance_due.to_wire()),
        cancellation: Set(plan.rule.as_str().to_owned()),
        asks_phone: Set(asks.phone),
        asks_note: Set(asks.note),
        hidden: Set(asks.hidden),
        ..Default::default()
    }
}

/// Saves the studio's change to workshop `id`, made from its `version`: refused when someone
/// saved since. The seats left move with the seats (never below those booked). What bookings
/// already owe, and when, is kept on each booking and does not change.
pub async fn edit(
    writer: &Writer,
    id: i32,
    version: i32,
    form: WorkshopForm,
    asks: Asks,
    admin: &str,
) -> Result<workshops::Model, EditError> {
    let writing = writer.begin().await?;
    let txn = &writing;
    let before = one(txn, id).await?;
    if before.version != version {
        return Err(EditError::Stale);
    }
    let booked = std::cmp::max(before.seats - before.spots_left, 0) as u32;
    let plan = form.parse(booked).map_err(EditError::Form)?;
    let mut row = planned(&plan, asks);
    row.seats = Set(plan.seats as i32);
    row.spots_left = Set(plan.seats as i32 - booked as i32);
    row.version = Set(version.saturating_add(1));
    let saved = workshops::Entity::update_many()
        .set(row)
        .filter(workshops::Column::Id.eq(id))
        .filter(workshops::Column::Version.eq(version))
        .exec(txn)
        .await?;
    if saved.rows_affected == 0 {
        return Err(EditError::Stale);
    }
    let after = one(txn, id).await?;
    audit::record(
        txn,
        admin,
        Kind::Workshop,
        &format!("{} (#{id})", after.title),
        &changes(&before, &after),
    )
    .await?;
    writing.commit().await?;
    Ok(after)
}

/// What an edit changed, for the record.
fn changes(before: &workshops::Model, after: &workshops::Model) -> String {
    let mut said = Vec::new();
    let mut note = |what: &str, old: String, new: String| {
        if old != new {
            said.push(from_to(what, &old, &new));
        }
    };
    note("title", before.title.clone(), after.title.clone());
    note("date", before.date.clone(), after.date.clone());
    note("time", before.time.clone(), after.time.clone());
    note("seats", before.seats.to_string(), after.seats.to_string());
    note(
        "price",
        Money::from_pence(before.price_pence).display(),
        Money::from_pence(after.price_pence).display(),
    );
    note(
        "deposit",
        Money::from_pence(before.deposit_pence).display(),
        Money::from_pence(after.deposit_pence).display(),
    );
    note(
        "balance due",
        before.balance_due.clone(),
        after.balance_due.clone(),
    );
    note(
        "hidden",
        before.hidden.to_string(),
        after.hidden.to_string(),
    );
    if said.is_empty() {
        "saved unchanged".to_owned()
    } else {
        said.join("; ")
    }
}

/// Hides workshop `id` from the site (or shows it again), made from its `version`.
pub async fn hide(
    writer: &Writer,
    id: i32,
    version: i32,
    hidden: bool,
    admin: &str,
) -> Result<workshops::Model, EditError> {
    let writing = writer.begin().await?;
    let txn = &writing;
    let saved = workshops::Entity::update_many()
        .col_expr(workshops::Column::Hidden, Expr::value(hidden))
        .col_expr(
            workshops::Column::Version,
            Expr::value(version.saturating_add(1)),
        )
        .filter(workshops::Column::Id.eq(id))
        .filter(workshops::Column::Version.eq(version))
        .exec(txn)
        .await?;
    let after = one(txn, id).await?;
    if saved.rows_affected == 0 {
        return Err(EditError::Stale);
    }
    audit::record(
        txn,
        admin,
        Kind::Workshop,
        &format!("{} (#{id})", after.title),
        if hidden { "hidden" } else { "shown" },
    )
    .await?;
    writing.commit().await?;
    Ok(after)
}

/// The folder uploaded workshop pictures are kept in.
const PICTURES: &str = "workshops";

/// Makes `incoming` workshop `id`'s picture, in place of any it had, through the pipeline the
/// shop's products use (upright, no EXIF, 480, 960 and 1600 px, a WebP beside each). The new
/// files are all written before the row points at them, and the old ones removed only after
/// that is committed, so the site never shows a missing picture. A picture is a change of its
/// own: it needs no `version` and moves none, so an editor left open still saves its form (a
/// form save never touches the picture).
pub async fn replace_picture(
    writer: &Writer,
    media: &dyn MediaStore,
    id: i32,
    incoming: Incoming,
    admin: &str,
) -> Result<workshops::Model, EditError> {
    let (before, after) = put_picture(media, PICTURES, incoming, async |stored| {
        let image = Some(stored.largest().to_owned());
        set_picture(writer, id, image, stored.variants(), admin).await
    })
    .await?;
    remove_picture_files(media, &before).await;
    Ok(after)
}

/// Takes workshop `id`'s picture away (its card and page show the studio's table of flowers
/// instead); its uploaded files are removed once the row no longer points at them.
pub async fn remove_picture(
    writer: &Writer,
    media: &dyn MediaStore,
    id: i32,
    admin: &str,
) -> Result<workshops::Model, EditError> {
    let (before, after) = set_picture(writer, id, None, String::new(), admin).await?;
    remove_picture_files(media, &before).await;
    Ok(after)
}

/// Points workshop `id` at a picture (or none), recorded; answers the row before and after.
async fn set_picture(
    writer: &Writer,
    id: i32,
    image: Option<String>,
    variants: String,
    admin: &str,
) -> Result<(workshops::Model, workshops::Model), EditError> {
    let writing = writer.begin().await?;
    let txn = &writing;
    let before = one(txn, id).await?;
    let said = match (&before.image, &image) {
        (None, None) => None,
        (Some(_), None) => Some("picture removed"),
        (None, Some(_)) => Some("picture added"),
        (Some(_), Some(_)) => Some("picture replaced"),
    };
    workshops::Entity::update_many()
        .col_expr(workshops::Column::Image, Expr::value(image))
        .col_expr(workshops::Column::ImageVariants, Expr::value(variants))
        .filter(workshops::Column::Id.eq(id))
        .exec(txn)
        .await?;
    let after = one(txn, id).await?;
    if let Some(said) = said {
        audit::record(
            txn,
            admin,
            Kind::Workshop,
            &format!("{} (#{id})", after.title),
            said,
        )
        .await?;
    }
    writing.commit().await?;
    Ok((before, after))
}

/// Removes a workshop's uploaded picture files, JPEGs and WebPs. A demo picture stays: the
/// seed owns it, and the shop's products show it too.
async fn remove_picture_files(media: &dyn MediaStore, row: &workshops::Model) {
    for (_, path) in kept_files(&row.image_variants) {
        if is_uploaded(PICTURES, path)
            && let Err(err) = media.delete(path).await
        {
            tracing::warn!(%path, %err, "could not remove a workshop picture");
        }
    }
}
