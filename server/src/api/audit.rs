//! The record of who did what as `GET /api/admin/audit/` answers it (served with the settings,
//! `settings::SettingsApi`, as the back office shows it under Settings): read-only, newest
//! first, a page at a time, of one kind or all. It is written by the domains, each in its
//! change's own transaction (`store::audit`).

use poem_openapi::Object;
use sea_orm::DatabaseConnection;

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
pub struct AuditKindOption {
    pub kind: Kind,
    /// e.g. `Prices`.
    pub label: String,
}

/// A page of the record.
#[derive(Debug, Object)]
pub struct AuditPage {
    /// Newest first.
    pub entries: Vec<AuditEntry>,
    /// Every kind, for the filter.
    pub kinds: Vec<AuditKindOption>,
    /// This page, from 1.
    pub page: u64,
    /// How many pages there are (1 when the record is empty).
    pub pages: u64,
}

/// Page `page` (from 1) of the record, of one kind or of all.
pub async fn page(
    db: &DatabaseConnection,
    kind: Option<Kind>,
    page: Option<u64>,
) -> Result<AuditPage, sea_orm::DbErr> {
    let page = page.unwrap_or(1).max(1);
    let (entries, pages) = audit::page(db, kind, page).await?;
    Ok(AuditPage {
        entries: entries.into_iter().map(AuditEntry::from).collect(),
        kinds: Kind::ALL
            .into_iter()
            .map(|kind| AuditKindOption {
                kind,
                label: kind.label().into(),
            })
            .collect(),
        page,
        pages,
    })
}
