//! An offer code and its terms, as the studio set them (core's `offer::Offer`).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "offer_codes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// `TUESDAY10`, as core's `OfferCode` writes it.
    #[sea_orm(unique)]
    pub code: String,
    /// Counted up by each edit, so an edit from a stale page is refused.
    pub version: i32,
    /// `percent_off`, `amount_off` or `free_delivery`.
    pub kind: String,
    pub percent: Option<i32>,
    pub amount_pence: Option<i64>,
    pub minimum_spend_pence: Option<i64>,
    pub valid_from: Option<String>,
    pub valid_until: Option<String>,
    /// `tuesday,thursday`; empty for any day.
    pub weekdays: String,
    /// JSON list of slot names.
    #[sea_orm(column_type = "Text")]
    pub slots: String,
    /// JSON list of product ids.
    #[sea_orm(column_type = "Text")]
    pub products: String,
    /// JSON list of shelf ids.
    #[sea_orm(column_type = "Text")]
    pub shelves: String,
    pub total_uses: Option<i32>,
    pub once_per_email: bool,
    /// Unix seconds: the studio ended it.
    pub ended_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
