//! `/healthz`, `/readyz` and the checks behind them, with the clock moved by the test.

use posy_server::app::health::Health;
use posy_server::store::clock;
use posy_server::store::entities::{order_refund, outbox};
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, Set};

use crate::builders::OrderBuilder;
use crate::helpers::{TestApp, spawn_app};

fn health(app: &TestApp) -> Health {
    Health {
        db: app.db.clone(),
        data_dir: app.data_dir.clone(),
        media_dir: Some(app.data_dir.join("media")),
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
    outbox::ActiveModel {
        recipient: Set("amy@example.com".into()),
        subject: Set("Your order".into()),
        body: Set("Thank you".into()),
        created_at: Set(now),
        attempts: Set(3),
        next_attempt_at: Set(now + 86_400),
        last_error: Set(Some("connection refused".into())),
        ..Default::default()
    }
    .insert(&app.db)
    .await
    .unwrap();
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
