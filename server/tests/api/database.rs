//! `posy_server::store::db`'s own tests: connections, the writer's queue and its grouped cart
//! writes, on the database of the run (SQLite, or PostgreSQL with TEST_DATABASE_URL), as the
//! API tests are; the unit tests (server/tests/unit/) never open one.

use sea_orm::sqlx::sqlite::SqliteSynchronous;
use sea_orm::{ConnectionTrait, Database, DatabaseConnection, DbBackend, DbErr, Statement};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use posy_server::store::db::*;

#[test]
fn the_database_file_is_read_from_the_url() {
    assert_eq!(
        sqlite_file("sqlite://data/posy.db?mode=rwc"),
        Some(PathBuf::from("data/posy.db"))
    );
    assert_eq!(
        sqlite_file("sqlite:///tmp/x.db"),
        Some(PathBuf::from("/tmp/x.db"))
    );
    assert_eq!(sqlite_file("sqlite::memory:"), None);
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
    let pool = connect(&url, POSTGRES_CONNECTIONS).await.unwrap();
    let ledger = connect_ledger(&url, &pool).await.unwrap();
    // SQLite's numbers: 1 is NORMAL, 2 is FULL.
    assert_eq!(synchronous(&pool).await, 1);
    assert_eq!(synchronous(&ledger).await, 2);
    let carts = connect_writer(&url, 1).await.unwrap();
    assert_eq!(synchronous(&carts).await, 1);
}

async fn synchronous_commit(db: &impl ConnectionTrait) -> String {
    let row = db
        .query_one_raw(Statement::from_string(
            DbBackend::Postgres,
            "SHOW synchronous_commit",
        ))
        .await
        .unwrap()
        .unwrap();
    row.try_get_by_index::<String>(0).unwrap()
}

/// On PostgreSQL (when `TEST_DATABASE_URL` names one) the carts' connections commit
/// without waiting for the disk, in and out of transactions, and the shop's pool (which
/// records money) waits.
#[tokio::test]
async fn on_postgres_only_the_carts_commit_without_waiting_for_the_disk() {
    let Ok(url) = std::env::var("TEST_DATABASE_URL") else {
        return;
    };
    let pool = Database::connect(options(&url, 1, SqliteSynchronous::Normal))
        .await
        .unwrap();
    let writer = Writer::open(pool.clone(), &url, Arc::default())
        .await
        .unwrap();
    let carts = writer.own.clone();
    assert_eq!(synchronous_commit(&carts).await, "off");
    let in_a_cart_write = writer
        .write(|txn| Box::pin(async move { Ok::<_, DbErr>(synchronous_commit(txn).await) }))
        .await
        .unwrap();
    assert_eq!(in_a_cart_write, "off");
    // The back office's writes take the writer's turn on the shop's pool, and wait.
    let writing = writer.begin().await.unwrap();
    assert_eq!(synchronous_commit(&writing).await, "on");
    writing.rollback().await.unwrap();
    assert_eq!(synchronous_commit(&pool).await, "on");
}

#[tokio::test]
async fn a_refused_write_in_a_group_undoes_only_itself() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("posy.db").display());
    let pool = connect(&url, POSTGRES_CONNECTIONS).await.unwrap();
    pool.execute_unprepared("CREATE TABLE written (n INTEGER)")
        .await
        .unwrap();
    let writer = Writer::open(pool.clone(), &url, Arc::default())
        .await
        .unwrap();
    // While the queue is held the writes gather, then go as one group.
    let held = writer.queue.clone().unwrap().lock_owned().await;
    let writes: Vec<_> = (0..10)
        .map(|n| {
            let writer = writer.clone();
            tokio::spawn(async move {
                writer
                    .write(move |txn| {
                        Box::pin(async move {
                            txn.execute_unprepared(&format!("INSERT INTO written VALUES ({n})"))
                                .await?;
                            if n % 2 == 1 {
                                return Err(DbErr::Custom("odd".into()));
                            }
                            Ok(n)
                        })
                    })
                    .await
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_millis(200)).await;
    drop(held);
    for (n, write) in writes.into_iter().enumerate() {
        let answer = write.await.unwrap();
        assert_eq!(answer.is_ok(), n % 2 == 0, "write {n}: {answer:?}");
    }
    let rows = pool
        .query_all_raw(Statement::from_string(
            DbBackend::Sqlite,
            "SELECT n FROM written ORDER BY n",
        ))
        .await
        .unwrap();
    let kept: Vec<i64> = rows
        .iter()
        .map(|row| row.try_get_by_index(0).unwrap())
        .collect();
    assert_eq!(kept, [0, 2, 4, 6, 8]);
}

#[tokio::test]
async fn two_processes_starting_together_migrate_once() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("posy.db").display());
    let (a, b) = tokio::join!(
        connect(&url, POSTGRES_CONNECTIONS),
        connect(&url, POSTGRES_CONNECTIONS)
    );
    a.unwrap();
    b.unwrap();
}
