//! A workshop the studio runs, with its price, deposit and seats.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "workshops")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub title: String,
    #[sea_orm(column_type = "Text")]
    pub description: String,
    /// `YYYY-MM-DD`.
    pub date: String,
    /// e.g. `10:00–13:00`: made from `start_time` and `end_time`.
    pub time: String,
    pub price_pence: i64,
    /// Zero: paid in full when booking.
    pub deposit_pence: i64,
    /// `YYYY-MM-DD`: the last day the deposit books a seat, and when the rest is due.
    pub balance_due: String,
    /// Seats not yet booked (taken with a conditional update, as stock is).
    pub spots_left: i32,
    /// Its picture's largest size (or a demo product's picture); null without one.
    pub image: Option<String>,
    /// Its picture's page sizes, `480:workshops/x-480.jpg,…` (see `media::uploads::kept_files`);
    /// empty without a picture.
    pub image_variants: String,
    pub position: i32,
    /// Its page's address, `/workshops/{slug}` (unique).
    #[sea_orm(unique)]
    pub slug: String,
    #[sea_orm(column_type = "Text")]
    pub what_to_bring: String,
    /// `HH:MM`.
    pub start_time: String,
    /// `HH:MM`.
    pub end_time: String,
    /// Where it is held; empty for the studio itself.
    pub place: String,
    /// Seats in all.
    pub seats: i32,
    /// Kept off the site (bookings stand).
    pub hidden: bool,
    /// Unix seconds: cancelled by the studio, every booking refunded.
    pub cancelled_at: Option<i64>,
    /// Core's `CancellationRule` word.
    pub cancellation: String,
    /// The booking form asks for a phone number.
    pub asks_phone: bool,
    /// The booking form offers the note (allergies, access).
    pub asks_note: bool,
    /// Moved on by every save in the back office (a stale save is refused).
    pub version: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
