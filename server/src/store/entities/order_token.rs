//! One handing-out of an order link: the hash of its token and when it stops working.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_tokens")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub order_id: i32,
    /// SHA-256 of the token, hex; the token itself is never stored.
    #[sea_orm(unique)]
    pub token_hash: String,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds after which the link shows the expired message.
    pub expires_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
