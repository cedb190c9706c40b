//! Connecting to the database: SQLite by default (WAL, a busy timeout, foreign keys), or
//! PostgreSQL when the URL says so; migrations run on every start, one process at a time.
//!
//! Money is recorded on its own connection ([`connect_ledger`]): on SQLite it commits with
//! `synchronous=FULL`, so a paid order the shop has answered for survives a power cut, while
//! cart changes and the like keep the cheaper `NORMAL`.

use std::path::PathBuf;
use std::time::Duration;

use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{ConnectOptions, ConnectionTrait, Database, DatabaseConnection, TransactionTrait};
use sea_orm_migration::MigratorTrait;

use crate::migration::Migrator;

/// Opens the database and brings its schema up to date.
pub async fn connect(url: &str) -> anyhow::Result<DatabaseConnection> {
    // Two processes opening a new SQLite file at the same moment race to switch it to WAL, and
    // the loser is refused at once ("database is locked"), busy timeout or not: on SQLite the
    // start-up lock is taken before connecting and held through the migrations.
    let _starting = match sqlite_path(url).filter(|_| is_sqlite(url)) {
        Some(path) => Some(lock_start_up(path).await?),
        None => None,
    };
    let db = Database::connect(options(url, 8, SqliteSynchronous::Normal)).await?;
    migrate(&db, url).await?;
    Ok(db)
}

/// Waits for, then holds, the lock file beside a SQLite database (`posy.migrating`), which
/// one starting process holds at a time; released when the file is dropped.
async fn lock_start_up(database: PathBuf) -> anyhow::Result<std::fs::File> {
    Ok(tokio::task::spawn_blocking(move || {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(database.with_extension("migrating"))?;
        file.lock()?;
        Ok::<_, std::io::Error>(file)
    })
    .await??)
}

/// The connection that records payments, orders and refunds: on SQLite one connection of its
/// own whose commits reach the disk before they return (`synchronous=FULL`, set when it
/// connects, since SQLite refuses to change it inside a transaction); on PostgreSQL, whose
/// commits always do, the shop's pool.
pub async fn connect_ledger(
    url: &str,
    pool: &DatabaseConnection,
) -> anyhow::Result<DatabaseConnection> {
    if !is_sqlite(url) {
        return Ok(pool.clone());
    }
    Ok(Database::connect(options(url, 1, SqliteSynchronous::Full)).await?)
}

fn is_sqlite(url: &str) -> bool {
    url.starts_with("sqlite:")
}

fn options(url: &str, sqlite_connections: u32, synchronous: SqliteSynchronous) -> ConnectOptions {
    let mut options = ConnectOptions::new(url.to_owned());
    options
        .sqlx_logging(false)
        .connect_timeout(Duration::from_secs(10))
        .max_connections(if is_sqlite(url) {
            sqlite_connections
        } else {
            16
        })
        .map_sqlx_sqlite_opts(move |o| {
            // WAL lets readers go on while one writer commits; writers wait (busy timeout)
            // rather than fail at once when another holds the lock.
            o.journal_mode(SqliteJournalMode::Wal)
                .synchronous(synchronous)
                .busy_timeout(Duration::from_secs(10))
                .foreign_keys(true)
        });
    options
}

/// Runs the migrations while holding a lock that a second process starting at the same time
/// waits for: an advisory lock on PostgreSQL; on SQLite, the caller's start-up lock file.
async fn migrate(db: &DatabaseConnection, url: &str) -> anyhow::Result<()> {
    if is_sqlite(url) {
        // A file's start-up lock is held by the caller (see `connect`); a database in memory
        // cannot be shared.
        return Ok(Migrator::up(db, None).await?);
    }
    let guard = db.begin().await?;
    // 0x506f7379 is "Posy": any number, the same in every process of the shop.
    guard
        .execute_unprepared("SELECT pg_advisory_xact_lock(1349481337)")
        .await?;
    let migrated = Migrator::up(db, None).await;
    guard.commit().await?;
    Ok(migrated?)
}

/// The database file of a SQLite URL; `None` for an in-memory database.
fn sqlite_path(url: &str) -> Option<PathBuf> {
    let rest = url.strip_prefix("sqlite:")?;
    let rest = rest.strip_prefix("//").unwrap_or(rest);
    let path = rest.split('?').next()?;
    (!path.is_empty() && !path.starts_with(":memory:")).then(|| PathBuf::from(path))
}

#[cfg(test)]
mod tests {
    use sea_orm::Statement;

    use super::*;

    #[test]
    fn the_database_file_is_read_from_the_url() {
        assert_eq!(
            sqlite_path("sqlite://data/posy.db?mode=rwc"),
            Some(PathBuf::from("data/posy.db"))
        );
        assert_eq!(
            sqlite_path("sqlite:///tmp/x.db"),
            Some(PathBuf::from("/tmp/x.db"))
        );
        assert_eq!(sqlite_path("sqlite::memory:"), None);
    }

    async fn synchronous(db: &DatabaseConnection) -> i64 {
        let row = db
            .query_one_raw(Statement::from_string(
                db.get_database_backend(),
                "PRAGMA synchronous",
            ))
            .await
            .unwrap()
            .unwrap();
        row.try_get_by_index::<i64>(0).unwrap()
    }

    #[tokio::test]
    async fn money_commits_with_full_sync_and_the_rest_with_normal() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("posy.db").display());
        let pool = connect(&url).await.unwrap();
        let ledger = connect_ledger(&url, &pool).await.unwrap();
        // SQLite's numbers: 1 is NORMAL, 2 is FULL.
        assert_eq!(synchronous(&pool).await, 1);
        assert_eq!(synchronous(&ledger).await, 2);
    }

    #[tokio::test]
    async fn two_processes_starting_together_migrate_once() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("posy.db").display());
        let (a, b) = tokio::join!(connect(&url), connect(&url));
        a.unwrap();
        b.unwrap();
    }
}
