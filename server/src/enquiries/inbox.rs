//! The studio's inbox: the enquiries sent through the contact form, each new, answered or
//! closed (core's `EnquiryStatus`). Opening one marks it read; a reply written in the shop (its
//! greeting, text and signature, as the back office previewed them) is kept with the enquiry
//! and mailed through the outbox in the same transaction, answered to the studio (Reply-To),
//! and the enquiry becomes answered.

use std::collections::HashMap;

use poem_openapi::Object;
use posy_core::enquiry::{
    EnquiryStatus, check_reply_parts, reply_greeting, reply_letter, reply_mail, reply_sign_off,
};
use posy_core::studio::StudioFacts;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, DbErr, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, Set,
};

use crate::mail;
use crate::store::clock::{iso8601, now};
use crate::store::db::Writer;
use crate::store::entities::{enquiry, enquiry_reply};

/// How many enquiries the inbox lists.
pub const ENQUIRIES_SHOWN: u64 = 200;

/// An enquiry as the studio reads it, with the replies sent to it.
#[derive(Debug, Object)]
pub struct EnquiryView {
    pub id: i32,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    /// `wedding`, `event`, `bouquet` or `general`.
    pub enquiry_type: String,
    pub message: String,
    /// ISO 8601, UTC.
    pub received_at: String,
    /// Core's `EnquiryStatus` wire form.
    pub status: String,
    /// Whether the studio has opened it.
    pub read: bool,
    /// Oldest first.
    pub replies: Vec<ReplyView>,
    /// The greeting a reply is offered: `Dear Hannah,` (the first name).
    pub greeting: String,
    /// The signature a reply is offered: the studio's sign-off.
    pub sign_off: String,
}

/// A reply the studio sent.
#[derive(Debug, Object)]
pub struct ReplyView {
    /// The letter as sent (greeting, text, signature), without the enquiry quoted below it.
    pub body: String,
    /// The admin who sent it.
    pub sent_by: String,
    /// ISO 8601, UTC.
    pub sent_at: String,
}

/// Why the inbox could not do what was asked.
#[derive(Debug)]
pub enum InboxError {
    /// No enquiry has that id.
    Gone,
    /// Each faulty part of the reply (`greeting`, `body`, `signature`) and its sentence.
    Reply(Vec<(&'static str, String)>),
    /// Not a status the inbox knows.
    Status,
    Db(DbErr),
}

impl From<DbErr> for InboxError {
    fn from(err: DbErr) -> Self {
        InboxError::Db(err)
    }
}

fn view(row: enquiry::Model, replies: Vec<enquiry_reply::Model>, sign_off: &str) -> EnquiryView {
    EnquiryView {
        greeting: reply_greeting(&row.name),
        sign_off: sign_off.to_owned(),
        id: row.id,
        name: row.name,
        email: row.email,
        phone: row.phone,
        enquiry_type: row.enquiry_type,
        message: row.message,
        received_at: iso8601(row.created_at),
        // A status the code no longer knows reads as new, so it is looked at again.
        status: EnquiryStatus::parse(&row.status)
            .unwrap_or(EnquiryStatus::New)
            .as_str()
            .to_owned(),
        read: row.read_at.is_some(),
        replies: replies
            .into_iter()
            .map(|reply| ReplyView {
                body: reply.body,
                sent_by: reply.sent_by,
                sent_at: iso8601(reply.sent_at),
            })
            .collect(),
    }
}

/// The replies to these enquiries, oldest first, by enquiry.
async fn replies_to(
    db: &impl sea_orm::ConnectionTrait,
    ids: Vec<i32>,
) -> Result<HashMap<i32, Vec<enquiry_reply::Model>>, DbErr> {
    let mut by_enquiry: HashMap<i32, Vec<enquiry_reply::Model>> = HashMap::new();
    if ids.is_empty() {
        return Ok(by_enquiry);
    }
    let rows = enquiry_reply::Entity::find()
        .filter(enquiry_reply::Column::EnquiryId.is_in(ids))
        .order_by_asc(enquiry_reply::Column::Id)
        .all(db)
        .await?;
    for row in rows {
        by_enquiry.entry(row.enquiry_id).or_default().push(row);
    }
    Ok(by_enquiry)
}

/// The latest [`ENQUIRIES_SHOWN`] enquiries, newest first, with their replies (and a reply's
/// greeting and sign-off offered, the latter from the `studio`'s facts).
pub async fn latest(
    db: &DatabaseConnection,
    studio: &StudioFacts,
) -> Result<Vec<EnquiryView>, DbErr> {
    let sign_off = reply_sign_off(studio.signature());
    let rows = enquiry::Entity::find()
        .order_by_desc(enquiry::Column::CreatedAt)
        .order_by_desc(enquiry::Column::Id)
        .limit(ENQUIRIES_SHOWN)
        .all(db)
        .await?;
    let mut replies = replies_to(db, rows.iter().map(|row| row.id).collect()).await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let sent = replies.remove(&row.id).unwrap_or_default();
            view(row, sent, &sign_off)
        })
        .collect())
}

/// How many enquiries wait for an answer (the count beside Enquiries in the admin's menu).
pub async fn new_count(db: &DatabaseConnection) -> Result<u64, DbErr> {
    enquiry::Entity::find()
        .filter(enquiry::Column::Status.eq(EnquiryStatus::New.as_str()))
        .count(db)
        .await
}

async fn one(
    db: &impl sea_orm::ConnectionTrait,
    id: i32,
    studio: &StudioFacts,
) -> Result<EnquiryView, InboxError> {
    let row = enquiry::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or(InboxError::Gone)?;
    let mut replies = replies_to(db, vec![id]).await?;
    let sign_off = reply_sign_off(studio.signature());
    Ok(view(
        row,
        replies.remove(&id).unwrap_or_default(),
        &sign_off,
    ))
}

/// Marks an enquiry read (the first time it is opened; later opens change nothing).
pub async fn mark_read(
    writer: &Writer,
    id: i32,
    studio: &StudioFacts,
) -> Result<EnquiryView, InboxError> {
    enquiry::Entity::update_many()
        .col_expr(enquiry::Column::ReadAt, Expr::value(now()))
        .filter(enquiry::Column::Id.eq(id))
        .filter(enquiry::Column::ReadAt.is_null())
        .exec(writer)
        .await?;
    one(writer.pool(), id, studio).await
}

/// Moves an enquiry to `status` (`new`, `answered`, `closed`).
pub async fn set_status(
    writer: &Writer,
    id: i32,
    status: &str,
    studio: &StudioFacts,
) -> Result<EnquiryView, InboxError> {
    let status = EnquiryStatus::parse(status).ok_or(InboxError::Status)?;
    let changed = enquiry::Entity::update_many()
        .col_expr(enquiry::Column::Status, Expr::value(status.as_str()))
        .filter(enquiry::Column::Id.eq(id))
        .exec(writer)
        .await?;
    if changed.rows_affected == 0 {
        return Err(InboxError::Gone);
    }
    one(writer.pool(), id, studio).await
}

/// What the studio writes in a reply: each part as the florist saw it in the preview.
pub struct ReplyDraft<'a> {
    pub greeting: &'a str,
    pub body: &'a str,
    pub signature: &'a str,
}

/// Sends the reply to the enquiry's sender from the studio (answers go to `studio_email`):
/// exactly the `draft`'s greeting, text and signature, then the enquiry quoted, as the back
/// office previewed it with core's same [`reply_mail`]. Keeps the letter with the enquiry and
/// marks the enquiry answered and read: all or nothing.
pub async fn reply(
    writer: &Writer,
    id: i32,
    admin: &str,
    draft: ReplyDraft<'_>,
    studio: &StudioFacts,
    studio_email: &str,
) -> Result<EnquiryView, InboxError> {
    let parts = check_reply_parts(draft.greeting, draft.body, draft.signature)
        .map_err(InboxError::Reply)?;
    let txn = writer.begin().await?;
    let enquiry = enquiry::Entity::find_by_id(id)
        .one(&txn)
        .await?
        .ok_or(InboxError::Gone)?;
    let at = now();
    enquiry_reply::ActiveModel {
        enquiry_id: Set(id),
        body: Set(reply_letter(&parts)),
        sent_by: Set(admin.to_owned()),
        sent_at: Set(at),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    // Written here rather than by mail::letters: the greeting and signature are the florist's,
    // and the text must be the preview's to the character.
    mail::enqueue_answered_to(
        &txn,
        &enquiry.email,
        &format!("Your enquiry to {}", studio.name),
        &reply_mail(&parts, &enquiry.message),
        Some(studio_email),
    )
    .await?;
    enquiry::Entity::update_many()
        .col_expr(
            enquiry::Column::Status,
            Expr::value(EnquiryStatus::Answered.as_str()),
        )
        .col_expr(
            enquiry::Column::ReadAt,
            Expr::value(enquiry.read_at.unwrap_or(at)),
        )
        .filter(enquiry::Column::Id.eq(id))
        .exec(&txn)
        .await?;
    let answered = one(&txn, id, studio).await?;
    txn.commit().await?;
    Ok(answered)
}
