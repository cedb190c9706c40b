//! Enquiries as the retention rule and a person's requests reach them: what is held for an
//! address (her copy), enquiries deleted with their replies once nothing has happened on them
//! for the kept period, and all of hers deleted when she asks to be forgotten.

use poem_openapi::Object;
use sea_orm::sea_query::{Expr, ExprTrait, Func, Query};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, Select};
use serde::Serialize;

use crate::store::clock::iso8601;
use crate::store::entities::{enquiry, enquiry_reply};

/// An enquiry as held for the person who sent it, with the studio's replies.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename = "HeldEnquiry")]
pub struct HeldEnquiry {
    /// ISO 8601, UTC.
    pub received_at: String,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub enquiry_type: String,
    pub message: String,
    /// `new`, `answered` or `closed`.
    pub status: String,
    pub replies: Vec<HeldReply>,
}

/// A reply the studio sent.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename = "HeldReply")]
pub struct HeldReply {
    /// ISO 8601, UTC.
    pub sent_at: String,
    pub body: String,
}

fn with_email(email: &str) -> sea_orm::sea_query::SimpleExpr {
    Expr::expr(Func::lower(Expr::col(enquiry::Column::Email))).eq(email.trim().to_lowercase())
}

/// Every enquiry sent from `email`, oldest first, with its replies.
pub async fn held(db: &impl ConnectionTrait, email: &str) -> Result<Vec<HeldEnquiry>, DbErr> {
    let rows = enquiry::Entity::find()
        .filter(with_email(email))
        .order_by_asc(enquiry::Column::Id)
        .all(db)
        .await?;
    let mut held = Vec::with_capacity(rows.len());
    for row in rows {
        let replies = enquiry_reply::Entity::find()
            .filter(enquiry_reply::Column::EnquiryId.eq(row.id))
            .order_by_asc(enquiry_reply::Column::Id)
            .all(db)
            .await?
            .into_iter()
            .map(|reply| HeldReply {
                sent_at: iso8601(reply.sent_at),
                body: reply.body,
            })
            .collect();
        held.push(HeldEnquiry {
            received_at: iso8601(row.created_at),
            name: row.name,
            email: row.email,
            phone: row.phone,
            enquiry_type: row.enquiry_type,
            message: row.message,
            status: row.status,
            replies,
        });
    }
    Ok(held)
}

/// Deletes every enquiry sent from `email` with its replies, inside the caller's transaction;
/// answers how many enquiries.
pub async fn forget(txn: &impl ConnectionTrait, email: &str) -> Result<u64, DbErr> {
    delete(txn, enquiry::Entity::find().filter(with_email(email))).await
}

/// Deletes the enquiries received before `before` that have no reply since then, with their
/// replies, inside the caller's transaction; answers how many.
pub async fn delete_quiet_since(txn: &impl ConnectionTrait, before: i64) -> Result<u64, DbErr> {
    let replied_since = Query::select()
        .column(enquiry_reply::Column::EnquiryId)
        .from(enquiry_reply::Entity)
        .and_where(enquiry_reply::Column::SentAt.gte(before))
        .to_owned();
    let quiet = enquiry::Entity::find()
        .filter(enquiry::Column::CreatedAt.lt(before))
        .filter(enquiry::Column::Id.not_in_subquery(replied_since));
    delete(txn, quiet).await
}

/// Deletes the enquiries `found` finds, with their replies; answers how many.
async fn delete(txn: &impl ConnectionTrait, found: Select<enquiry::Entity>) -> Result<u64, DbErr> {
    let ids: Vec<i32> = found
        .all(txn)
        .await?
        .into_iter()
        .map(|row| row.id)
        .collect();
    if ids.is_empty() {
        return Ok(0);
    }
    enquiry_reply::Entity::delete_many()
        .filter(enquiry_reply::Column::EnquiryId.is_in(ids.iter().copied()))
        .exec(txn)
        .await?;
    let gone = enquiry::Entity::delete_many()
        .filter(enquiry::Column::Id.is_in(ids.iter().copied()))
        .exec(txn)
        .await?;
    Ok(gone.rows_affected)
}
