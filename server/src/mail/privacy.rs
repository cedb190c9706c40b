//! The outbox's letters as the retention rules and a person's requests reach them. A letter
//! repeats what it tells of (addresses, phones, a card message), so once sent it is kept only
//! for the period the studio sets, and one given up on likewise; each goes as a row and, when
//! the shop writes mail to files, as its `.eml` file. Files are removed after the rows'
//! transaction commits (a file cannot be rolled back): a file left by a crash in between is
//! removed by the next pass, which looks for the files of rows no longer there.

use std::io;
use std::path::Path;

use poem_openapi::Object;
use sea_orm::sea_query::{Expr, ExprTrait, Func};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder,
    QuerySelect,
};
use serde::Serialize;

use crate::store::clock::iso8601;
use crate::store::entities::outbox;

/// A letter as held for the person it was sent to or is about.
#[derive(Debug, Clone, Object, Serialize)]
#[oai(rename = "HeldMail")]
pub struct HeldMail {
    pub to: String,
    pub subject: String,
    pub body: String,
    /// ISO 8601, UTC.
    pub queued_at: String,
    /// ISO 8601, UTC; null while not sent.
    pub sent_at: Option<String>,
}

/// The `.eml` file a letter is written to when the shop writes mail to files.
pub fn file_name(id: i32) -> String {
    format!("{id:06}.eml")
}

/// Letters to `email`, or about her (the studio's notices answered to her).
fn to_or_about(email: &str) -> Condition {
    let email = email.trim().to_lowercase();
    Condition::any()
        .add(Expr::expr(Func::lower(Expr::col(outbox::Column::Recipient))).eq(email.clone()))
        .add(Expr::expr(Func::lower(Expr::col(outbox::Column::ReplyTo))).eq(email))
}

/// Every letter held to or about `email`, oldest first.
pub async fn held(db: &impl ConnectionTrait, email: &str) -> Result<Vec<HeldMail>, DbErr> {
    Ok(outbox::Entity::find()
        .filter(to_or_about(email))
        .order_by_asc(outbox::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(|row| HeldMail {
            to: row.recipient,
            subject: row.subject,
            body: row.body,
            queued_at: iso8601(row.created_at),
            sent_at: row.sent_at.map(iso8601),
        })
        .collect())
}

/// Deletes every letter to or about `email`, inside the caller's transaction; answers their
/// ids, whose files [`remove_files`] removes once it commits.
pub async fn forget(txn: &impl ConnectionTrait, email: &str) -> Result<Vec<i32>, DbErr> {
    delete_where(txn, to_or_about(email)).await
}

/// Deletes the letters sent before `sent_before` and those given up on before
/// `given_up_before`, inside the caller's transaction; answers their ids.
pub async fn delete_expired(
    txn: &impl ConnectionTrait,
    sent_before: i64,
    given_up_before: i64,
) -> Result<Vec<i32>, DbErr> {
    delete_where(
        txn,
        Condition::any()
            .add(outbox::Column::SentAt.lt(sent_before))
            .add(
                outbox::Column::SentAt
                    .is_null()
                    .and(outbox::Column::DeadAt.lt(given_up_before)),
            ),
    )
    .await
}

async fn delete_where(txn: &impl ConnectionTrait, which: Condition) -> Result<Vec<i32>, DbErr> {
    let ids: Vec<i32> = outbox::Entity::find()
        .select_only()
        .column(outbox::Column::Id)
        .filter(which)
        .into_tuple()
        .all(txn)
        .await?;
    for chunk in ids.chunks(500) {
        outbox::Entity::delete_many()
            .filter(outbox::Column::Id.is_in(chunk.iter().copied()))
            .exec(txn)
            .await?;
    }
    Ok(ids)
}

/// Removes the `.eml` files of letters deleted from the outbox (those never written to a file
/// have none); answers how many were there.
pub fn remove_files(folder: &Path, ids: &[i32]) -> io::Result<usize> {
    let mut removed = 0;
    for &id in ids {
        match std::fs::remove_file(folder.join(file_name(id))) {
            Ok(()) => removed += 1,
            Err(err) if err.kind() == io::ErrorKind::NotFound => {}
            Err(err) => return Err(err),
        }
    }
    Ok(removed)
}

/// The ids of the `.eml` files in `folder` whose letters are no longer in the outbox (left
/// by a pass that stopped between its commit and its files); empty when there is no folder.
pub async fn orphaned_files(db: &impl ConnectionTrait, folder: &Path) -> Result<Vec<i32>, DbErr> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Ok(Vec::new());
    };
    let on_disk: Vec<i32> = entries
        .filter_map(|entry| {
            let name = entry.ok()?.file_name();
            name.to_str()?.strip_suffix(".eml")?.parse().ok()
        })
        .collect();
    let mut orphaned = Vec::new();
    for chunk in on_disk.chunks(500) {
        let kept: Vec<i32> = outbox::Entity::find()
            .select_only()
            .column(outbox::Column::Id)
            .filter(outbox::Column::Id.is_in(chunk.iter().copied()))
            .into_tuple()
            .all(db)
            .await?;
        orphaned.extend(chunk.iter().filter(|id| !kept.contains(id)));
    }
    Ok(orphaned)
}
