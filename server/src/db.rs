//! Connecting to the database: SQLite by default (WAL, a busy timeout, foreign keys), or
//! PostgreSQL when the URL says so; migrations run on every start.

use std::time::Duration;

use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
use sea_orm::{ConnectOptions, Database, DatabaseConnection};
use sea_orm_migration::MigratorTrait;

use crate::migration::Migrator;

/// Opens the database and brings its schema up to date.
pub async fn connect(url: &str) -> anyhow::Result<DatabaseConnection> {
    let mut options = ConnectOptions::new(url.to_owned());
    options
        .sqlx_logging(false)
        .connect_timeout(Duration::from_secs(10))
        .max_connections(if url.starts_with("sqlite:") { 8 } else { 16 })
        .map_sqlx_sqlite_opts(|o| {
            // WAL lets readers go on while one writer commits; writers wait (busy timeout)
            // rather than fail at once when another holds the lock.
            o.journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(Duration::from_secs(10))
                .foreign_keys(true)
        });
    let db = Database::connect(options).await?;
    Migrator::up(&db, None).await?;
    Ok(db)
}
