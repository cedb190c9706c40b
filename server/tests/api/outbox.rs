//! The outbox: a mail is never lost and rarely doubled (a lease, a Message-ID fixed when it
//! was queued), and a mail that keeps failing is given up once, with one notice to the studio.

use posy_server::mail::{self, MAX_ATTEMPTS, Mailer};
use posy_server::store::entities::outbox;
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder};

use posy_server::store::db::Writer;

use crate::helpers::{TEST_SHOP_CONNECTIONS, fresh_postgres_database};

const STUDIO: &str = "studio@posy.example";

/// A migrated database of the test's own, with no shop running on it (so no sender but the
/// test's), and a folder for mail.
async fn outbox_db() -> (DatabaseConnection, Writer, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let url = match fresh_postgres_database().await {
        Some(url) => url,
        None => format!("sqlite://{}?mode=rwc", dir.path().join("posy.db").display()),
    };
    let db = posy_server::store::db::connect(&url, TEST_SHOP_CONNECTIONS)
        .await
        .unwrap();
    let writer = Writer::open(db.clone(), &url, Default::default())
        .await
        .unwrap();
    (db, writer, dir)
}

fn mailer(folder: std::path::PathBuf) -> Mailer {
    Mailer::new("shop@posy.example", STUDIO, None, folder).unwrap()
}

async fn rows(db: &DatabaseConnection) -> Vec<outbox::Model> {
    outbox::Entity::find()
        .order_by_asc(outbox::Column::Id)
        .all(db)
        .await
        .unwrap()
}

fn header<'a>(mail: &'a str, name: &str) -> &'a str {
    mail.lines()
        .find_map(|l| l.strip_prefix(&format!("{name}: ")))
        .unwrap_or_else(|| panic!("no {name} in {mail}"))
}

#[tokio::test]
async fn a_mail_whose_sender_died_after_sending_goes_again_with_the_same_message_id() {
    let (db, writer, dir) = outbox_db().await;
    let folder = dir.path().join("outbox");
    mail::enqueue(&db, "jo@example.com", "Your order", "Thank you")
        .await
        .unwrap();
    let mailer = mailer(folder.clone());

    assert_eq!(mail::deliver_due(&writer, &mailer).await.unwrap(), 1);
    let first = std::fs::read_to_string(folder.join("000001.eml")).unwrap();
    let message_id = header(&first, "Message-ID").to_owned();
    assert!(message_id.ends_with("@posy.example>"), "{message_id}");
    // Sent and marked: nothing goes twice.
    assert_eq!(mail::deliver_due(&writer, &mailer).await.unwrap(), 0);

    // A sender that sent, then died before marking it sent: its claim stands for a while...
    outbox::Entity::update_many()
        .col_expr(outbox::Column::SentAt, Expr::value(None::<i64>))
        .col_expr(
            outbox::Column::ClaimedUntil,
            Expr::value(posy_server::store::clock::now() + 100),
        )
        .exec(&db)
        .await
        .unwrap();
    std::fs::remove_file(folder.join("000001.eml")).unwrap();
    assert_eq!(mail::deliver_due(&writer, &mailer).await.unwrap(), 0);
    // ...and once it has expired the mail goes again, known as the same mail.
    outbox::Entity::update_many()
        .col_expr(
            outbox::Column::ClaimedUntil,
            Expr::value(posy_server::store::clock::now() - 1),
        )
        .exec(&db)
        .await
        .unwrap();
    assert_eq!(mail::deliver_due(&writer, &mailer).await.unwrap(), 1);
    let again = std::fs::read_to_string(folder.join("000001.eml")).unwrap();
    assert_eq!(header(&again, "Message-ID"), message_id);
    let row = &rows(&db).await[0];
    assert!(row.sent_at.is_some());
    assert_eq!(row.claimed_until, None);
}

#[tokio::test]
async fn each_mail_has_its_own_message_id_fixed_when_queued() {
    let (db, _writer, _dir) = outbox_db().await;
    for _ in 0..2 {
        mail::enqueue(&db, "jo@example.com", "Hello", "Hi")
            .await
            .unwrap();
    }
    let rows = rows(&db).await;
    let ids: Vec<_> = rows.iter().map(|r| r.message_id.clone().unwrap()).collect();
    assert_ne!(ids[0], ids[1]);
}

#[tokio::test]
async fn a_mail_that_failed_ten_times_is_given_up_and_the_studio_told_once() {
    let (db, writer, dir) = outbox_db().await;
    // A file where the mail folder should be: every try fails.
    let blocked = dir.path().join("blocked");
    std::fs::write(&blocked, "not a folder").unwrap();
    let failing = mailer(blocked);
    mail::enqueue(&db, "jo@example.com", "New order FS-000042", "…")
        .await
        .unwrap();

    for _ in 0..MAX_ATTEMPTS + 3 {
        // Due again at once, rather than after the growing pauses.
        outbox::Entity::update_many()
            .col_expr(outbox::Column::NextAttemptAt, Expr::value(0i64))
            .filter(outbox::Column::Id.eq(1))
            .exec(&db)
            .await
            .unwrap();
        assert_eq!(mail::deliver_due(&writer, &failing).await.unwrap(), 0);
    }

    let all = rows(&db).await;
    let dead = &all[0];
    assert_eq!(dead.attempts, MAX_ATTEMPTS, "tries stop at the limit");
    assert!(dead.dead_at.is_some());
    assert!(dead.sent_at.is_none());
    assert!(dead.last_error.is_some());
    let notices: Vec<_> = all.iter().filter(|r| r.recipient == STUDIO).collect();
    assert_eq!(notices.len(), 1, "the studio is told once: {all:?}");
    assert!(notices[0].subject.contains('1'), "{}", notices[0].subject);
    assert!(notices[0].body.contains("New order FS-000042"));
    assert!(!notices[0].body.contains("jo@example.com"));

    // The notice itself goes out with a working sender (it failed alongside in the last
    // rounds, so it is made due again); the dead mail does not.
    outbox::Entity::update_many()
        .col_expr(outbox::Column::NextAttemptAt, Expr::value(0i64))
        .exec(&db)
        .await
        .unwrap();
    let working = mailer(dir.path().join("outbox"));
    assert_eq!(mail::deliver_due(&writer, &working).await.unwrap(), 1);
    assert_eq!(mail::deliver_due(&writer, &working).await.unwrap(), 0);
}

#[tokio::test]
async fn a_notice_to_the_studio_that_dies_breeds_no_further_notice() {
    let (db, writer, dir) = outbox_db().await;
    let blocked = dir.path().join("blocked");
    std::fs::write(&blocked, "not a folder").unwrap();
    let failing = mailer(blocked);
    mail::enqueue(&db, STUDIO, "Mail 7 could not be sent", "…")
        .await
        .unwrap();
    for _ in 0..MAX_ATTEMPTS {
        outbox::Entity::update_many()
            .col_expr(outbox::Column::NextAttemptAt, Expr::value(0i64))
            .exec(&db)
            .await
            .unwrap();
        mail::deliver_due(&writer, &failing).await.unwrap();
    }
    let all = rows(&db).await;
    assert_eq!(all.len(), 1);
    assert!(all[0].dead_at.is_some());
}
