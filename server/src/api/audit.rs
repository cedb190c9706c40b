//! The record of who did what as `GET /api/admin/audit/` answers it (served with the settings,
//! `settings::SettingsApi`, as the back office shows it under Settings): read-only, newest
//! first, a page at a time, of one kind or all. It is written by the domains, each in its
//! change's own transaction (`store::audit`).

use poem_openapi::Object;
use sea_orm::DatabaseConnection;

use crate::http::error::{Answer, INTERNAL, Problem, Refusal};
use crate::store::audit::{self, Kind};
use crate::store::clock::iso8601;
use crate::store::entities::audit_entry;

/// One thing done.
#[derive(Debug, Object)]
pub struct AuditEntry {
    pub id: i32,
    /// When (UTC, ISO 8601); for counted failed sign-ins, the last one.
    pub at: String,
    /// The admin's username as it was then, `command line` for a change made on the shop's
    /// server, or `not signed in` for failed sign-ins.
    pub who: String,
    /// One of `kinds`' words, e.g. `price`.
    pub kind: String,
    /// The kind as the back office names it, e.g. `Prices`.
    pub kind_label: String,
    /// What was changed, e.g. `Peony posy (#12)`.
    pub subject: String,
    /// How, old → new, e.g. `price: £45.00 → £50.00`.
    pub change: String,
    /// How many times: 1, or the failed sign-ins this entry counts.
    pub times: i32,
}

impl From<audit_entry::Model> for AuditEntry {
    fn from(row: audit_entry::Model) -> Self {
        let label = Kind::parse(&row.kind).map_or_else(|| row.kind.clone(), |k| k.label().into());
        AuditEntry {
            id: row.id,
            at: iso8601(row.at),
            who: row.who,
            kind: row.kind,
            kind_label: label,
            subject: row.subject,
            change: row.change,
            times: row.times,
        }
    }
}

/// A kind of entry the record can be filtered by.
#[derive(Debug, Object)]
pub struct AuditKind {
    /// Sent as `kind`, e.g. `price`.
    pub kind: String,
    /// e.g. `Prices`.
    pub label: String,
}

/// A page of the record.
#[derive(Debug, Object)]
pub struct AuditPage {
    /// Newest first.
    pub entries: Vec<AuditEntry>,
    /// Every kind, for the filter.
    pub kinds: Vec<AuditKind>,
    /// This page, from 1.
    pub page: u64,
    /// How many pages there are (1 when the record is empty).
    pub pages: u64,
}

/// Why the record was not read.
#[derive(Debug)]
pub enum AuditError {
    /// `kind` is not one of the record's.
    NoSuchKind,
    Db(sea_orm::DbErr),
}

impl From<sea_orm::DbErr> for AuditError {
    fn from(err: sea_orm::DbErr) -> Self {
        AuditError::Db(err)
    }
}

const NO_SUCH_KIND: &str = "That is not a kind of entry the record keeps.";

impl From<AuditError> for Problem {
    fn from(err: AuditError) -> Problem {
        match err {
            AuditError::NoSuchKind => Problem::field(NO_SUCH_KIND, "kind", NO_SUCH_KIND),
            AuditError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for AuditError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "`kind` is not one of the record's (`fields.kind`); `kinds` in the answer lists them.",
        ),
        INTERNAL,
    ];
}

/// Page `page` (from 1) of the record, of the kind named `kind` or of all.
pub async fn page(
    db: &DatabaseConnection,
    kind: Option<&str>,
    page: Option<u64>,
) -> Result<AuditPage, AuditError> {
    let kind = match kind.filter(|word| !word.is_empty()) {
        Some(word) => Some(Kind::parse(word).ok_or(AuditError::NoSuchKind)?),
        None => None,
    };
    let page = page.unwrap_or(1).max(1);
    let (entries, pages) = audit::page(db, kind, page).await?;
    Ok(AuditPage {
        entries: entries.into_iter().map(AuditEntry::from).collect(),
        kinds: Kind::ALL
            .into_iter()
            .map(|kind| AuditKind {
                kind: kind.as_str().into(),
                label: kind.label().into(),
            })
            .collect(),
        page,
        pages,
    })
}
