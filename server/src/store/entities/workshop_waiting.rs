//! Someone waiting for a seat on a full workshop, and the offer made when one frees.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "workshop_waiting")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub workshop_id: i32,
    pub name: String,
    pub email: String,
    pub seats: i32,
    pub created_at: i64,
    /// Unix seconds until which an offered seat is kept for them.
    pub offered_until: Option<i64>,
    /// SHA-256 (hex) of the offer link's token.
    pub offer_token: Option<String>,
    /// Booked, lapsed or removed.
    pub done_at: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
