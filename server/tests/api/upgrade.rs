//! Upgrading a shop: migrations in their transactions, a copy of a SQLite database before
//! they run, `posy migrate --status`, and no command-line tool migrating a database under the
//! older shop that runs on it.

use posy_server::store::migration::Migrator;
use sea_orm::{ConnectionTrait, Database, Statement};
use sea_orm_migration::MigratorTrait;

use crate::backup::{create_ruth, path, posy};
use crate::helpers::spawn_app;

#[tokio::test]
async fn an_upgrade_copies_the_database_first_and_no_tool_migrates_under_a_running_shop() {
    let app = spawn_app().await;
    let all = Migrator::migrations().len();
    // The shop as the version before the newest migration left it.
    Migrator::down(&app.db, Some(1)).await.unwrap();
    let url = app.database_url();
    let data = app.data_dir.clone();
    let status = async || {
        posy(&[
            "migrate",
            "--status",
            "--data-dir",
            path(&data),
            "--database-url",
            &url,
        ])
        .await
    };

    let (ok, said) = status().await;
    assert!(ok, "{said}");
    assert!(
        said.contains(&format!("1 of {all} migrations are pending")),
        "{said}"
    );
    let newest = Migrator::migrations().last().unwrap().name().to_owned();
    assert!(said.contains(&format!("PENDING {newest}")), "{said}");

    // A newer `posy admin` beside the older running shop changes nothing.
    let (ok, said) = create_ruth(
        &data,
        &["--database-url", &url],
        &[
            ("POSY_ADMIN_PASSWORD", "a long enough password"),
            ("POSY_STUDIO_EMAIL", "studio@posy.localhost"),
        ],
    )
    .await;
    assert!(!ok, "{said}");
    assert!(
        said.contains("is newer than the shop's database, which lacks 1 migration(s)"),
        "{said}"
    );
    assert!(status().await.1.contains("1 of"), "still pending");

    // The newer shop starts: it migrates, on SQLite after copying the database as it was.
    let app = app.killed_and_restarted().await;
    let (ok, said) = status().await;
    assert!(
        ok && said.contains(&format!("All {all} migrations are applied.")),
        "{said}"
    );
    if url.starts_with("sqlite:") {
        let copies: Vec<_> = std::fs::read_dir(&app.data_dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                p.file_name()
                    .unwrap()
                    .to_str()
                    .unwrap()
                    .starts_with("posy-before-migrating-")
            })
            .collect();
        assert_eq!(copies.len(), 1, "{copies:?}");
        let copy = Database::connect(format!("sqlite://{}?mode=ro", copies[0].display()))
            .await
            .unwrap();
        let row = copy
            .query_one_raw(Statement::from_string(
                copy.get_database_backend(),
                "SELECT count(*) FROM seaql_migrations",
            ))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(row.try_get_by_index::<i64>(0).unwrap() as usize, all - 1);
    }
}

#[test]
fn every_migration_runs_in_a_transaction_on_both_databases() {
    for migration in Migrator::migrations() {
        assert_eq!(
            migration.use_transaction(),
            Some(true),
            "{}",
            migration.name()
        );
    }
}
