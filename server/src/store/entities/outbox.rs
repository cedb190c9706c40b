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
    /// Unix seconds; not tried before then.
    pub next_attempt_at: i64,
    /// Unix seconds; null until sent.
    pub sent_at: Option<i64>,
    #[sea_orm(column_type = "Text", nullable)]
    pub last_error: Option<String>,
    /// The unique part of the Message-ID, fixed when queued, so a resend is known as the same
    /// mail; null only for messages queued before it existed.
    pub message_id: Option<String>,
    /// Unix seconds; a sender owns the message until then (its lease), after which another
    /// may try it.
    pub claimed_until: Option<i64>,
    /// Unix seconds; set when the shop gave up on the message.
    pub dead_at: Option<i64>,
    /// Where answers to it go, when not to the shop's sending address (a reply to an enquiry
    /// is answered to the studio).
    pub reply_to: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
