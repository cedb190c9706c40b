//! An offer code held for a cart being paid for, or used by an order.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "offer_uses")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub offer_id: i32,
    /// `held` or `used`.
    pub kind: String,
    pub cart_id: Option<String>,
    #[sea_orm(unique)]
    pub order_id: Option<i32>,
    /// Lower case.
    pub email: Option<String>,
    pub discount_pence: i64,
    /// Unix seconds.
    pub at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
