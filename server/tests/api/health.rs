//! `/healthz`, `/readyz` and the checks behind them, with the clock moved by the test.

use posy_server::store::clock;
use posy_server::store::entities::{order_refund, outbox};
use posy_server::store::health::Health;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};

use crate::builders::OrderBuilder;
use reqwest::Method;
use serde_json::json;

use crate::helpers::{TestApp, admin_get, admin_post, admin_session, assert_admin_only, spawn_app};

fn health(app: &TestApp) -> Health {
    Health {
        db: app.db.clone(),
        data_dir: app.data_dir.clone(),
        media_dir: Some(app.data_dir.join("media")),
        at_start: Default::default(),
    }
}

#[tokio::test]
async fn healthz_names_the_build_and_readyz_says_ready_with_what_needs_a_person() {
    let app = spawn_app().await;
    let (status, body) = app.get_json("/healthz").await;
    assert_eq!(status, 200);
    assert_eq!(body["status"], "ok");
    assert!(
        body["version"].as_str().unwrap().starts_with("0.1.0 ("),
        "{body}"
    );

    let response = app.get("/readyz").await;
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(response.headers()["cache-control"], "no-store");
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], "ready", "{body}");
    assert_eq!(body["problems"], serde_json::json!([]));
    assert_eq!(
        body["attention"],
        serde_json::json!(["no backup has been made: see docs/operations.md"])
    );
}

#[tokio::test]
async fn late_mail_failing_refunds_and_an_old_backup_need_a_person_but_the_shop_stays_ready() {
    let app = spawn_app().await;
    let now = clock::now();
    let placed = OrderBuilder::of("The Bedminster", 1).place(&app).await;
    // Its confirmation and the studio's notice go out at once: wait until both are marked sent.
    app.mail(2).await;
    for _ in 0..100 {
        let unsent = outbox::Entity::find()
            .filter(outbox::Column::SentAt.is_null())
            .count(&app.db)
            .await
            .unwrap();
        if unsent == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    // A letter the outbox will not try before tomorrow, and a refund the provider refuses.
    crate::helpers::failing_letter(&app, now).await;
    order_refund::ActiveModel {
        order_id: Set(i32::try_from(placed.id).unwrap()),
        amount_pence: Set(500),
        what: Set("delivery".into()),
        reason: Set("late".into()),
        idempotency_key: Set("health-test".into()),
        state: Set("failed".into()),
        attempts: Set(4),
        created_by: Set("studio".into()),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&app.db)
    .await
    .unwrap();
    std::fs::write(
        app.data_dir.join("last-backup.json"),
        serde_json::json!({"at": now, "file": "/backups/x.tar", "bytes": 1}).to_string(),
    )
    .unwrap();
    let health = health(&app);

    // Now: nothing has waited long enough.
    let at_once = health.check(now).await;
    assert!(at_once.ready());
    assert_eq!(at_once.attention, Vec::<String>::new());

    // Half an hour on: the letter; an hour on: the refund too; a day and more: the backup.
    let later = health.check(now + 31 * 60).await;
    assert_eq!(
        later.attention,
        ["1 letter(s) have waited over 30 minutes to be sent"]
    );
    let much_later = health.check(now + 27 * 3600).await;
    assert!(much_later.ready(), "none of these stops the shop");
    assert_eq!(
        much_later.attention,
        [
            "1 letter(s) have waited over 30 minutes to be sent",
            "1 refund(s) have been failing for over an hour",
            "the last backup is 27 hours old",
        ]
    );
}

#[tokio::test]
async fn a_media_folder_that_cannot_be_written_makes_the_shop_not_ready() {
    let app = spawn_app().await;
    let media = app.data_dir.join("media");
    std::fs::rename(&media, app.data_dir.join("media-moved")).unwrap();
    std::fs::write(&media, b"a file where the folder was").unwrap();
    let response = app.get("/readyz").await;
    assert_eq!(response.status().as_u16(), 503);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["status"], "not ready");
    let problems = body["problems"].as_array().unwrap();
    assert_eq!(problems.len(), 1, "{body}");
    assert!(
        problems[0]
            .as_str()
            .unwrap()
            .starts_with("the media folder "),
        "{body}"
    );
}

#[test]
fn a_missing_upload_tool_is_named_with_what_it_stops() {
    use posy_server::media::{missing_tools, missing_tools_on};
    // scripts/setup.sh installs all four here.
    assert_eq!(missing_tools(), []);
    let none = missing_tools_on(std::ffi::OsStr::new("/nonexistent"));
    let named: Vec<&str> = none.iter().map(|(tool, _)| *tool).collect();
    assert_eq!(named, ["ffmpeg", "ffprobe", "heif-convert", "cwebp"]);
    assert!(none[2].1.contains("HEIC"));
}

/// A letter the outbox gave up on after its tries, as `mail::give_up` leaves it.
async fn dead_letter(app: &TestApp) -> i32 {
    let now = clock::now();
    let letter = outbox::ActiveModel {
        recipient: Set("amy@example.com".into()),
        subject: Set("Your order is on its way".into()),
        body: Set("It left the studio at 9.".into()),
        created_at: Set(now - 5 * 3600),
        attempts: Set(10),
        next_attempt_at: Set(now - 60),
        last_error: Set(Some("535 authentication failed".into())),
        dead_at: Set(Some(now - 60)),
        ..Default::default()
    }
    .insert(&app.db)
    .await
    .unwrap();
    letter.id
}

#[tokio::test]
async fn the_studio_sees_mail_given_up_on_and_sends_it_again() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let id = dead_letter(&app).await;
    assert_admin_only(
        &app,
        &session,
        &[
            (Method::GET, "/api/admin/mail/".to_owned(), json!(null)),
            (
                Method::POST,
                format!("/api/admin/mail/{id}/send-again/"),
                json!(null),
            ),
        ],
    )
    .await;

    let (status, summary) = admin_get(&app, &session, "/api/admin/summary/").await;
    assert_eq!(status, 200, "{summary}");
    assert_eq!(summary["unsent_mail"], 1);
    assert_eq!(summary["last_backup_at"], json!(null));
    let attention: Vec<&str> = summary["attention"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| line.as_str().unwrap())
        .collect();
    assert!(
        attention.contains(&"1 letter(s) could not be sent and were given up on: send them again from the back office"),
        "{summary}"
    );
    let (status, letters) = admin_get(&app, &session, "/api/admin/mail/").await;
    assert_eq!(status, 200);
    assert_eq!(letters[0]["id"], id);
    assert_eq!(letters[0]["to"], "amy@example.com");
    assert_eq!(letters[0]["given_up"], true);
    assert_eq!(letters[0]["tries"], 10);
    assert_eq!(letters[0]["last_error"], "535 authentication failed");

    let path = format!("/api/admin/mail/{id}/send-again/");
    let (status, left) = admin_post(&app, &session, &path, json!(null)).await;
    assert_eq!(status, 200, "{left}");
    // The outbox (writing files here) sends it within seconds.
    let sent = app.mail(1).await;
    assert!(sent[0].contains("Your order is on its way"), "{}", sent[0]);
    let mut listed = 1;
    for _ in 0..100 {
        listed = admin_get(&app, &session, "/api/admin/mail/")
            .await
            .1
            .as_array()
            .unwrap()
            .len();
        if listed == 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(listed, 0, "nothing left unsent");
    let (status, body) = admin_post(&app, &session, &path, json!(null)).await;
    assert_eq!(status, 404);
    assert_eq!(
        body["error"],
        "That letter has been sent meanwhile, or is not in the outbox any more."
    );
}

#[tokio::test]
async fn posy_mail_retry_dead_puts_every_letter_given_up_on_back_in_the_queue() {
    let app = spawn_app().await;
    dead_letter(&app).await;
    dead_letter(&app).await;
    let (ok, said) = crate::backup::posy(&[
        "mail",
        "retry",
        "--dead",
        "--data-dir",
        crate::backup::path(&app.data_dir),
        "--database-url",
        &app.database_url(),
    ])
    .await;
    assert!(ok, "{said}");
    assert!(
        said.starts_with("2 letter(s) given up on are back in the queue"),
        "{said}"
    );
    assert_eq!(app.mail(2).await.len(), 2);
    // A mistyped folder is said, not made into a new shop.
    let nowhere = app.data_dir.join("no-shop-here");
    let (ok, said) = crate::backup::posy(&[
        "mail",
        "retry",
        "--dead",
        "--data-dir",
        crate::backup::path(&nowhere),
    ])
    .await;
    assert!(!ok);
    assert!(said.contains("there is no shop database at"), "{said}");
    assert!(!nowhere.exists());
}
