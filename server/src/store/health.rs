//! `/healthz` and `/readyz`: what a monitor or a proxy asks.
//!
//! `/healthz` says the process serves (and which build). `/readyz` answers 503 only when the
//! shop cannot serve (the database does not answer, migrations are not applied, media cannot
//! be written, the disk is full), so a proxy never takes a working shop offline; what needs a
//! person but does not stop the shop (mail stuck or given up on, refunds failing, the disk
//! nearly full, no recent backup) is listed under `attention` with a 200, for an uptime
//! monitor's keyword check and the back office.
//!
//! It lives with the storage it reads (the outbox's and refunds' rows, the backup's note, the
//! data folder's disk), so the back office's summary can list the same `attention`.
//!
//! The checks take the moment they are given: real time in the shop (its `--fake-now` moves
//! the shop's calendar, not the age of a stuck letter), a chosen one in tests. The same
//! reading gives `/metrics` its figures from storage ([`Health::figures`]).

use std::fs::{self, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseBackend, DatabaseConnection, EntityTrait, PaginatorTrait,
    QueryFilter, QuerySelect, Statement,
};
use sea_orm_migration::MigratorTrait;
use serde::{Deserialize, Serialize};

use crate::store::entities::{order, order_refund, outbox, refund};
use crate::store::migration::Migrator;

/// Mail waiting longer than this needs a look.
pub const MAIL_LATE_SECONDS: i64 = 30 * 60;
/// A refund still pending or failed (not yet `failing`, which takes about eight minutes of
/// refusals) this long after it was made needs a look: its retrier is not running.
pub const REFUND_LATE_SECONDS: i64 = 60 * 60;
/// A backup older than this (a nightly one missed) needs a look.
pub const BACKUP_LATE_SECONDS: i64 = 26 * 60 * 60;
/// Below this share of its disk free, the data folder needs a look.
pub const LOW_DISK_PERCENT: u64 = 10;
/// Below this, nothing can be written: the shop cannot take an order.
pub const FULL_DISK_BYTES: u64 = 64 * 1024 * 1024;

/// Beside the data folder's database: when the last backup was made (`posy backup` writes it).
pub const LAST_BACKUP: &str = "last-backup.json";

/// What the checks look at.
#[derive(Clone)]
pub struct Health {
    pub db: DatabaseConnection,
    pub data_dir: PathBuf,
    /// The media folder; `None` when media are kept in a bucket.
    pub media_dir: Option<PathBuf>,
    /// What the shop found at start that needs a person.
    pub at_start: AtStart,
}

/// What the shop found wrong at start that does not stop it (a mail server it could not reach,
/// Stripe's test keys on a public shop): said in the log and listed under `attention` until
/// the shop starts again with it put right.
#[derive(Clone, Default)]
pub struct AtStart(Arc<Mutex<Vec<String>>>);

impl AtStart {
    pub fn note(&self, sentence: String) {
        tracing::warn!("{sentence}");
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(sentence);
    }

    pub fn notes(&self) -> Vec<String> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

/// `/readyz`'s answer.
#[derive(Debug, Serialize)]
pub struct Readiness {
    /// "ready", or "not ready" (then `problems` says why).
    pub status: &'static str,
    pub version: &'static str,
    /// Why the shop cannot serve; empty when it can.
    pub problems: Vec<String>,
    /// What needs a person while the shop goes on serving.
    pub attention: Vec<String>,
}

impl Readiness {
    pub fn ready(&self) -> bool {
        self.problems.is_empty()
    }
}

impl Health {
    /// Every check, as at `now` (Unix seconds).
    pub async fn check(&self, now: i64) -> Readiness {
        let mut problems = Vec::new();
        let mut attention = self.at_start.notes();
        match tokio::time::timeout(Duration::from_secs(3), self.database()).await {
            Ok(Ok(pending)) if pending > 0 => problems.push(format!(
                "{pending} database migration(s) are not applied: restart the shop to apply them"
            )),
            Ok(Ok(_)) => match self.needs_a_person(now).await {
                Ok(found) => attention.extend(found),
                Err(err) => problems.push(format!("the database does not answer: {err}")),
            },
            Ok(Err(err)) => problems.push(format!("the database does not answer: {err}")),
            Err(_) => problems.push("the database does not answer within 3 seconds".into()),
        }
        if let Some(media) = &self.media_dir
            && let Err(err) = writable(media)
        {
            problems.push(format!(
                "the media folder {} cannot be written: {err}",
                media.display()
            ));
        }
        if let Some((free, total)) = disk_space(&self.data_dir) {
            if free < FULL_DISK_BYTES {
                problems.push(format!(
                    "the data folder's disk is full ({} MB free)",
                    free / 1_000_000
                ));
            } else if total > 0 && free * 100 / total < LOW_DISK_PERCENT {
                attention.push(format!(
                    "the data folder's disk has {} % free ({} MB)",
                    free * 100 / total,
                    free / 1_000_000
                ));
            }
        }
        match last_backup(&self.data_dir) {
            None => attention.push("no backup has been made: see docs/operations.md".into()),
            Some(last) if now - last.at > BACKUP_LATE_SECONDS => attention.push(format!(
                "the last backup is {} hours old",
                (now - last.at) / 3600
            )),
            Some(_) => {}
        }
        Readiness {
            status: if problems.is_empty() {
                "ready"
            } else {
                "not ready"
            },
            version: crate::VERSION,
            problems,
            attention,
        }
    }

    /// The database answers: how many migrations it still lacks.
    async fn database(&self) -> Result<usize, sea_orm::DbErr> {
        self.db
            .query_one_raw(Statement::from_string(
                self.db.get_database_backend(),
                "SELECT 1",
            ))
            .await?;
        Ok(Migrator::get_pending_migrations_read_only(&self.db)
            .await?
            .len())
    }

    /// Mail and refunds that have waited too long.
    async fn needs_a_person(&self, now: i64) -> Result<Vec<String>, sea_orm::DbErr> {
        let mut found = Vec::new();
        let unsent = || outbox::Entity::find().filter(outbox::Column::SentAt.is_null());
        let late = unsent()
            .filter(outbox::Column::DeadAt.is_null())
            .filter(outbox::Column::CreatedAt.lt(now - MAIL_LATE_SECONDS))
            .count(&self.db)
            .await?;
        if late > 0 {
            found.push(format!(
                "{late} letter(s) have waited over 30 minutes to be sent"
            ));
        }
        let dead = unsent()
            .filter(outbox::Column::DeadAt.is_not_null())
            .count(&self.db)
            .await?;
        if dead > 0 {
            found.push(format!(
                "{dead} letter(s) could not be sent and were given up on: send them again from the back office"
            ));
        }
        use posy_core::order::RefundState;
        // Refunds the provider keeps refusing: the studio was mailed once, and they stay here
        // until the provider gives them back or the studio marks them settled elsewhere.
        let failing = order_refund::Entity::find()
            .filter(order_refund::Column::State.eq(RefundState::Failing.as_str()))
            .count(&self.db)
            .await?;
        if failing > 0 {
            found.push(format!(
                "{failing} refund(s) the payment provider keeps refusing: give the money back \
                 another way, then mark each settled on its order's page"
            ));
        }
        // Still being retried and not yet failing, an hour on: the retrier is not running.
        let late = order_refund::Entity::find()
            .filter(
                order_refund::Column::State
                    .is_in([RefundState::Pending, RefundState::Failed].map(RefundState::as_str)),
            )
            .filter(order_refund::Column::CreatedAt.lt(now - REFUND_LATE_SECONDS))
            .count(&self.db)
            .await?;
        if late > 0 {
            found.push(format!(
                "{late} refund(s) have been failing for over an hour"
            ));
        }
        // A checkout's refund the provider refused is not retried: the studio was mailed to
        // give it back by hand, and it is listed until she marks it settled.
        let unrefunded = refund::Entity::find()
            .filter(refund::Column::Succeeded.eq(false))
            .filter(refund::Column::SettledAt.is_null())
            .count(&self.db)
            .await?;
        if unrefunded > 0 {
            found.push(format!(
                "{unrefunded} payment(s) that could not become orders were not given back by the \
                 payment provider: give each back by hand, then mark it settled"
            ));
        }
        Ok(found)
    }
}

/// What `/metrics` reads from storage, at one moment.
#[derive(Debug, Default)]
pub struct Figures {
    /// Orders by how they were paid (core's `PaidBy`: `card` at the checkout, `studio` taken
    /// by phone or in the studio), every order ever placed.
    pub orders_by_channel: Vec<(String, u64)>,
    /// Letters waiting to be sent (not given up on), and those given up on.
    pub mail_pending: u64,
    pub mail_dead: u64,
    /// How long the oldest waiting letter has waited, in seconds (0 when none waits).
    pub mail_oldest_seconds: i64,
    /// Order refunds the provider keeps refusing (`failing`), and checkout payments it would
    /// not give back, not yet settled by hand.
    pub refunds_failing: u64,
    pub payments_unrefunded: u64,
    /// Free bytes on the data folder's disk, where the platform can tell.
    pub disk_free_bytes: Option<u64>,
    /// The database's size in bytes (SQLite: the file and its WAL).
    pub database_bytes: Option<u64>,
}

impl Health {
    /// The figures `/metrics` reports, as at `now` (Unix seconds).
    pub async fn figures(&self, now: i64) -> Result<Figures, sea_orm::DbErr> {
        let orders_by_channel: Vec<(String, i64)> = order::Entity::find()
            .select_only()
            .column(order::Column::PaidBy)
            .column_as(order::Column::Id.count(), "orders")
            .group_by(order::Column::PaidBy)
            .into_tuple()
            .all(&self.db)
            .await?;
        let unsent = || outbox::Entity::find().filter(outbox::Column::SentAt.is_null());
        let pending = || unsent().filter(outbox::Column::DeadAt.is_null());
        let oldest: Option<Option<i64>> = pending()
            .select_only()
            .column_as(outbox::Column::CreatedAt.min(), "oldest")
            .into_tuple()
            .one(&self.db)
            .await?;
        use posy_core::order::RefundState;
        Ok(Figures {
            orders_by_channel: orders_by_channel
                .into_iter()
                .map(|(channel, n)| (channel, u64::try_from(n).unwrap_or(0)))
                .collect(),
            mail_pending: pending().count(&self.db).await?,
            mail_dead: unsent()
                .filter(outbox::Column::DeadAt.is_not_null())
                .count(&self.db)
                .await?,
            mail_oldest_seconds: oldest.flatten().map_or(0, |at| (now - at).max(0)),
            refunds_failing: order_refund::Entity::find()
                .filter(order_refund::Column::State.eq(RefundState::Failing.as_str()))
                .count(&self.db)
                .await?,
            payments_unrefunded: refund::Entity::find()
                .filter(refund::Column::Succeeded.eq(false))
                .filter(refund::Column::SettledAt.is_null())
                .count(&self.db)
                .await?,
            disk_free_bytes: disk_space(&self.data_dir).map(|(free, _)| free),
            database_bytes: self.database_bytes().await?,
        })
    }

    /// The database's size: PostgreSQL's own count, or the SQLite file with its WAL.
    async fn database_bytes(&self) -> Result<Option<u64>, sea_orm::DbErr> {
        let backend = self.db.get_database_backend();
        if backend == DatabaseBackend::Postgres {
            let row = self
                .db
                .query_one_raw(Statement::from_string(
                    backend,
                    "SELECT pg_database_size(current_database()) AS bytes",
                ))
                .await?;
            let bytes: Option<i64> = row.map(|row| row.try_get("", "bytes")).transpose()?;
            return Ok(bytes.and_then(|b| u64::try_from(b).ok()));
        }
        let row = self
            .db
            .query_one_raw(Statement::from_string(
                backend,
                "SELECT file FROM pragma_database_list WHERE name = 'main'",
            ))
            .await?;
        let file: Option<String> = row.map(|row| row.try_get("", "file")).transpose()?;
        let Some(file) = file.filter(|f| !f.is_empty()) else {
            return Ok(None);
        };
        let size = |path: &str| fs::metadata(path).map_or(0, |m| m.len());
        Ok(Some(size(&file) + size(&format!("{file}-wal"))))
    }
}

/// Writes and removes a small file in `folder`.
fn writable(folder: &Path) -> std::io::Result<()> {
    let probe = folder.join(format!(".readyz-{}", std::process::id()));
    std::fs::write(&probe, b"ok")?;
    std::fs::remove_file(probe)
}

/// Free and total bytes of the disk holding `path`, where the platform can tell.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn disk_space(path: &Path) -> Option<(u64, u64)> {
    use std::os::unix::ffi::OsStrExt;
    let path = std::ffi::CString::new(path.as_os_str().as_bytes()).ok()?;
    let mut stats = std::mem::MaybeUninit::<libc::statvfs>::uninit();
    // SAFETY: a NUL-terminated path and a buffer statvfs fills when it answers 0.
    let stats = unsafe {
        (libc::statvfs(path.as_ptr(), stats.as_mut_ptr()) == 0).then(|| stats.assume_init())?
    };
    let block = stats.f_frsize;
    Some((stats.f_bavail * block, stats.f_blocks * block))
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn disk_space(_path: &Path) -> Option<(u64, u64)> {
    None
}

/// When the last backup was made, read by the back office; a shop whose data folder is not
/// on this machine simply shows none.
#[derive(Debug, Serialize, Deserialize)]
pub struct LastBackup {
    /// Unix seconds.
    pub at: i64,
    pub file: String,
    pub bytes: u64,
}

pub fn note_last_backup(data_dir: &Path, at: i64, file: &Path, bytes: u64) {
    if !data_dir.is_dir() {
        return;
    }
    let note = LastBackup {
        at,
        file: file.display().to_string(),
        bytes,
    };
    let written = serde_json::to_vec(&note)
        .map_err(io::Error::other)
        .and_then(|json| write_private(&data_dir.join(LAST_BACKUP), &json));
    if let Err(err) = written {
        tracing::warn!(%err, "the backup is made, but its time could not be noted for the back office");
    }
}

/// The last backup noted in the data folder, if any.
pub fn last_backup(data_dir: &Path) -> Option<LastBackup> {
    let json = fs::read(data_dir.join(LAST_BACKUP)).ok()?;
    serde_json::from_slice(&json).ok()
}

/// Writes a file only its owner may read, replacing it whole.
fn write_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let partial = path.with_extension("partial");
    let mut file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(&partial)?;
    file.write_all(bytes)?;
    file.sync_all()?;
    fs::rename(partial, path)
}
