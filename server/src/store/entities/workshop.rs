//! A workshop the studio runs, with its price, deposit and places.

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
    /// e.g. `10:00–13:00`.
    pub time: String,
    pub price_pence: i64,
    pub deposit_pence: i64,
    /// `YYYY-MM-DD`: when the rest of the price is due.
    pub balance_due: String,
    pub spots_left: i32,
    pub image: Option<String>,
    pub position: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
