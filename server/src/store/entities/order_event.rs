//! A change of an order's status: to what, by whom (an admin's name, or `shop` for the
//! order's placing) and when.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_events")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub order_id: i32,
    /// Core's `OrderStatus` wire form.
    pub status: String,
    pub by: String,
    /// Unix seconds.
    pub at: i64,
    /// e.g. the refund that went with a cancellation.
    #[sea_orm(column_type = "Text")]
    pub note: Option<String>,
    /// The key the page made for a cancellation that gave nothing back, so a retry of it
    /// finds this one; unique.
    #[sea_orm(unique)]
    pub request_key: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
