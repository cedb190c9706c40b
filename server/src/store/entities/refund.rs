//! A payment refunded instead of becoming an order (stock gone, or the cart changed).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "refunds")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub payment_intent_id: String,
    pub cart_id: String,
    /// What the shopper was told.
    pub reason: String,
    /// False when the provider refused the refund and the studio must act.
    pub succeeded: bool,
    /// Unix seconds.
    pub created_at: i64,
    /// A refused one the studio gave back another way, and when (Unix seconds).
    pub settled_at: Option<i64>,
    /// The admin who marked it so.
    pub settled_by: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
