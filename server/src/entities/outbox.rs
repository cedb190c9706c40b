//! Mail waiting to be sent, or sent: written in the same transaction as what it tells of.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "outbox")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub recipient: String,
    pub subject: String,
    /// Plain text.
    #[sea_orm(column_type = "Text")]
    pub body: String,
    /// Unix seconds.
    pub created_at: i64,
    pub attempts: i32,
    /// Unix seconds; a sender claims a message by moving this forward.
    pub next_attempt_at: i64,
    /// Unix seconds; null until sent.
    pub sent_at: Option<i64>,
    #[sea_orm(column_type = "Text", nullable)]
    pub last_error: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
