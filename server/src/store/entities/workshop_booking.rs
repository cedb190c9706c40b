//! Seats booked on a workshop: held while paying (through its cart), then an order. What it
//! paid, what it still owes and by when are fixed when it is booked.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "workshop_bookings")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub workshop_id: i32,
    /// The cart that holds the seats while paying and carries the payment intent.
    #[sea_orm(unique)]
    pub cart_id: String,
    /// The order it became once paid.
    #[sea_orm(unique)]
    pub order_id: Option<i32>,
    pub seats: i32,
    /// The names, one a seat, as a JSON array of strings.
    #[sea_orm(column_type = "Text")]
    pub names: String,
    pub email: String,
    pub phone: String,
    /// Allergies or access needs (health data): blanked 30 days after the workshop.
    #[sea_orm(column_type = "Text")]
    pub note: String,
    pub notes_cleared_at: Option<i64>,
    /// Paid when booking, all seats.
    pub paid_pence: i64,
    /// Left to pay, all seats.
    pub balance_pence: i64,
    /// `YYYY-MM-DD`; null when nothing is left to pay.
    pub balance_due: Option<String>,
    pub balance_paid_at: Option<i64>,
    /// `card` or `studio`.
    pub balance_paid_how: Option<String>,
    pub balance_intent_id: Option<String>,
    /// `week` or `day`: the last reminder sent.
    pub reminded: Option<String>,
    pub cancelled_at: Option<i64>,
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
