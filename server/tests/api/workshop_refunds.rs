//! A booking whose balance was paid in the studio (issue 31), cancelled: the provider gives
//! back only the deposit it took, the studio is told plainly how much it hands back itself, the
//! booker's mail says it too, and that money is recorded once, never lost or given twice. And the
//! confirmation read again after the balance is in says it is paid in full.

use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};

use crate::helpers::{TestApp, admin_get, admin_post, admin_session, count, spawn_app};
use crate::workshops::{
    balance_paid_in_studio, booked, figures, money_everywhere, one_booking, wreath_cancellation,
};

/// The studio cancels the booking of `order`, refunding by the rule (or keeping it as credit).
async fn cancel(app: &TestApp, session: &str, order: i64, key: &str, refund: bool) -> Value {
    let path = format!("/api/admin/workshops/bookings/{order}/cancel/");
    let (status, answer) =
        admin_post(app, session, &path, json!({"key": key, "refund": refund})).await;
    assert_eq!(status, 200, "{answer}");
    answer
}

/// The bodies of the mails written to be sent whose subject begins `subject`.
async fn letters(app: &TestApp, subject: &str) -> Vec<String> {
    let backend = app.db.get_database_backend();
    let query = format!("SELECT body FROM outbox WHERE subject LIKE '{subject}%' ORDER BY id");
    app.db
        .query_all_raw(Statement::from_string(backend, query))
        .await
        .unwrap()
        .iter()
        .map(|row| row.try_get::<String>("", "body").unwrap())
        .collect()
}

/// The order's refunds as its page lists them: `(amount, state)`.
async fn refunds_of(app: &TestApp, session: &str, order: i64) -> Vec<(String, String)> {
    let (status, page) = admin_get(app, session, &format!("/api/admin/orders/{order}/")).await;
    assert_eq!(status, 200, "{page}");
    page["refunds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["amount"].as_str().unwrap().to_owned(),
                r["state"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

#[tokio::test]
async fn cancelling_a_booking_whose_balance_was_paid_in_the_studio_says_what_to_hand_back_once() {
    let (app, session, placed, order) = one_booking().await;
    let reference = placed["reference"].as_str().unwrap().to_owned();
    balance_paid_in_studio(&app, &session, order).await;

    let key = uuid::Uuid::new_v4().to_string();
    let answer = cancel(&app, &session, order, &key, true).await;
    let by_hand = &answer["by_hand"];
    assert_eq!(by_hand["amount"], "25.00", "{answer}");
    assert_eq!(by_hand["reference"], reference.as_str());
    assert_eq!(
        by_hand["message"],
        format!(
            "Give Guest 1 Example £25.00 back by hand ({reference}): the balance was paid in \
             the studio, so the card refund cannot include it."
        )
    );
    assert_eq!(answer["rows"], json!([]));

    // The same ask again, and another page's ask: each says the same, and nothing more is
    // given back or recorded.
    let again = cancel(&app, &session, order, &key, true).await;
    assert_eq!(again["by_hand"], *by_hand);
    let other = uuid::Uuid::new_v4().to_string();
    let other = cancel(&app, &session, order, &other, true).await;
    assert_eq!(other["by_hand"], *by_hand);

    // The provider gave back the deposit it took, and only that; the balance is recorded as the
    // studio's to give back the way it was paid.
    assert_eq!(count(&app, "simulated_refunds").await, 1);
    let mut refunds = refunds_of(&app, &session, order).await;
    refunds.sort();
    assert_eq!(
        refunds,
        [
            ("20.00".to_owned(), "succeeded".to_owned()),
            ("25.00".to_owned(), "by_hand".to_owned()),
        ]
    );
    assert_eq!(
        money_everywhere(&app, &session, order).await,
        vec![figures(["45.00", "45.00", "0.00", "45.00"]); 3],
        "the page, the day's line and the export: everything taken went back"
    );

    // The booker is told both, once.
    let told = letters(&app, "Booking cancelled").await;
    assert_eq!(told.len(), 1, "{told:?}");
    assert!(
        told[0].contains("We have refunded £20.00 to your card"),
        "{}",
        told[0]
    );
    assert!(
        told[0].contains(
            "The balance of £25.00 you paid in the studio will be given back to you there."
        ),
        "{}",
        told[0]
    );
    let (_, audit) = admin_get(&app, &session, "/api/admin/audit/?kind=refund").await;
    assert!(
        audit
            .to_string()
            .contains("£25.00 to give back by hand (the balance paid in the studio)"),
        "{audit}"
    );
}

#[tokio::test]
async fn a_booking_kept_as_credit_hands_nothing_back() {
    let (app, session, _, order) = one_booking().await;
    balance_paid_in_studio(&app, &session, order).await;
    let key = uuid::Uuid::new_v4().to_string();
    let answer = cancel(&app, &session, order, &key, false).await;
    assert_eq!(answer["by_hand"], Value::Null, "{answer}");
    assert_eq!(count(&app, "order_refunds").await, 0);
    let told = letters(&app, "Booking cancelled").await;
    assert!(!told[0].contains("given back to you there"), "{}", told[0]);
}

#[tokio::test]
async fn cancelling_a_workshop_lists_the_balances_the_studio_hands_back_once() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let in_studio = booked(&app, 1).await;
    let studio_order = in_studio["order_id"].as_i64().unwrap();
    let by_card_only = booked(&app, 2).await;
    balance_paid_in_studio(&app, &session, studio_order).await;

    let (path, body) = wreath_cancellation(&app, &session).await;
    let (status, cancelled) = admin_post(&app, &session, &path, body.clone()).await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(cancelled["refunded"], 2);
    let by_hand = cancelled["by_hand"].as_array().unwrap();
    assert_eq!(by_hand.len(), 1, "{cancelled}");
    assert_eq!(by_hand[0]["order_id"], studio_order);
    assert_eq!(by_hand[0]["amount"], "25.00");
    assert_ne!(by_hand[0]["order_id"], by_card_only["order_id"]);

    // Asked again: the same answer, nothing recorded twice.
    let (status, again) = admin_post(&app, &session, &path, body).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["by_hand"], cancelled["by_hand"]);
    assert_eq!(
        count(&app, "order_refunds WHERE state = 'by_hand'").await,
        1
    );
    assert_eq!(
        count(&app, "simulated_refunds").await,
        2,
        "the two deposits"
    );
    assert_eq!(
        money_everywhere(&app, &session, studio_order).await,
        vec![figures(["45.00", "45.00", "0.00", "45.00"]); 3]
    );
}

#[tokio::test]
async fn the_confirmation_read_again_after_the_balance_is_paid_in_the_studio_says_paid_in_full() {
    let (app, session, placed, order) = one_booking().await;
    let token = placed["access_token"].as_str().unwrap();
    let link = format!("/api/workshops/balance/{order}/?token={token}");
    let (_, before) = app.get_json(&link).await;
    assert!(
        before["message"]
            .as_str()
            .unwrap()
            .contains("The balance of £25.00 is due by"),
        "{before}"
    );

    balance_paid_in_studio(&app, &session, order).await;
    let (status, after) = app.get_json(&link).await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(
        (&after["owed"], &after["paid_how"]),
        (&json!(false), &json!("studio"))
    );
    assert_eq!(
        after["message"],
        "You have paid £45.00 in full (£20.00 when booking and the balance of £25.00 since): \
         nothing more is due."
    );
}
