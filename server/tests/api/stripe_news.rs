//! What Stripe tells of a paid order later, as signed webhook events to a shop on the fake of
//! Stripe's API: a refund made in Stripe's dashboard, a dispute, an early fraud warning. Each
//! event is sent twice: the second changes nothing.

use posy_server::store::entities::{order_refund, outbox};
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{Value, json};

use crate::checkout::place;
use crate::helpers::{
    Options, TestApp, WEBHOOK_SECRET, admin_get, admin_post, admin_session, spawn_app_with, sql,
};
use crate::stripe::{FakeStripe, charge_json, deliver, paid_cart, shop_on, signature, take_notes};

/// A shop on the fake Stripe with a paid order of two Bedminsters (£84.00): the fake, the
/// shop, an admin's session, the order's id and its payment intent.
type Paid = (FakeStripe, TestApp, String, i64, String);

async fn paid() -> Paid {
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let session = admin_session(&app).await;
    let (cart, intent) = paid_cart(&app, &stripe, 2).await;
    let (status, placed) = place(&app, &intent, &cart).await;
    assert_eq!(status, 200, "{placed}");
    let id = placed["id"].as_i64().unwrap();
    (stripe, app, session, id, intent)
}

/// An event of `kind` about `object`, signed now, sent twice: both are answered 200.
async fn heard_twice(app: &TestApp, id: &str, kind: &str, object: Value) {
    let event = json!({
        "id": id, "object": "event", "api_version": "2025-10-29.clover",
        "created": 1_795_435_300, "data": {"object": object}, "livemode": false,
        "pending_webhooks": 1, "request": {"id": null, "idempotency_key": null},
        "type": kind
    })
    .to_string();
    let signed = signature(&event, WEBHOOK_SECRET, posy_server::store::clock::now());
    assert_eq!(
        [
            deliver(app, &event, &signed).await,
            deliver(app, &event, &signed).await,
        ],
        [200, 200]
    );
}

/// The charge as Stripe sends it in `charge.refunded`, with what was given back in all.
fn refunded_charge(stripe: &FakeStripe, intent: &str) -> Value {
    let mut fake = stripe.intents.lock().unwrap()[intent].clone();
    let notes = take_notes(&mut fake);
    charge_json(&fake, notes)
}

async fn order(app: &TestApp, session: &str, id: i64) -> Value {
    let (status, order) = admin_get(app, session, &format!("/api/admin/orders/{id}/")).await;
    assert_eq!(status, 200, "{order}");
    order
}

/// The letters in the outbox to `to` whose subject has `words`.
async fn letters(app: &TestApp, to: &str, words: &str) -> Vec<outbox::Model> {
    outbox::Entity::find()
        .filter(outbox::Column::Recipient.eq(to))
        .filter(outbox::Column::Subject.contains(words))
        .all(&app.db)
        .await
        .unwrap()
}

/// The studio's refund of order `id`, as `refund_ask` words it: the answer.
async fn refund(app: &TestApp, session: &str, id: i64, ask: Value) -> (u16, Value) {
    admin_post(
        app,
        session,
        &format!("/api/admin/orders/{id}/refund/"),
        ask,
    )
    .await
}

/// How many refunds are due to be asked of Stripe again.
async fn refunds_due(app: &TestApp) -> u64 {
    order_refund::Entity::find()
        .filter(order_refund::Column::NextAttemptAt.is_not_null())
        .count(&app.db)
        .await
        .unwrap()
}

fn refund_ask(quantities: u32, refunded: &str, status: &str) -> Value {
    json!({"quantities": [quantities], "restock": [false], "delivery": false, "cancel": false,
           "reason": "", "refunded": refunded, "status": status,
           "key": uuid::Uuid::new_v4().to_string()})
}

#[tokio::test]
async fn a_refund_made_in_stripes_dashboard_is_recorded_once_and_later_refunds_know_what_is_left() {
    let (stripe, app, session, id, intent) = paid().await;

    // £30 given back in Stripe's dashboard.
    stripe.change(&intent, |i| i["x_amount_refunded"] = json!(3000));
    let charge = refunded_charge(&stripe, &intent);
    heard_twice(&app, "evt_r1", "charge.refunded", charge.clone()).await;
    let seen = order(&app, &session, id).await;
    assert_eq!(seen["payment"]["refunded"], "30.00", "{seen}");
    assert_eq!(seen["net_total"], "54.00");
    assert_eq!(
        seen["refunds"].as_array().unwrap().len(),
        1,
        "recorded once"
    );
    let dashboard_refund = &seen["refunds"][0];
    assert_eq!(dashboard_refund["amount"], "30.00");
    assert_eq!(dashboard_refund["what"], "refunded in Stripe's dashboard");
    assert_eq!(dashboard_refund["state"], "succeeded");
    assert_eq!(dashboard_refund["by"], "Stripe");
    let changes = seen["changes"].as_array().unwrap();
    assert_eq!(changes.len(), 1);
    assert_eq!(
        changes[0]["text"],
        "£30.00 was refunded in Stripe's dashboard, not from the shop. It counts as given \
         back; £54.00 is left that can be refunded."
    );
    assert!(
        letters(&app, "jo@example.com", "refund").await.is_empty(),
        "the customer's letter is the studio's to send: the shop did not make this refund"
    );

    // Both Bedminsters (£84) would pass what is left.
    let (status, body) = refund(&app, &session, id, refund_ask(2, "30.00", "new")).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["error"],
        "Only £54.00 of this order's payment is left to give back, counting what was refunded \
         outside the shop; please choose less."
    );
    // One (£42) fits, and goes to Stripe.
    let (status, after) = refund(&app, &session, id, refund_ask(1, "30.00", "new")).await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["payment"]["refunded"], "72.00");
    assert_eq!(after["refunds"][1]["state"], "succeeded");
    assert_eq!(
        stripe.intents.lock().unwrap()[&intent]["x_amount_refunded"],
        7200
    );
    // Stripe tells of that refund too, as of every refund: nothing new.
    let charge = refunded_charge(&stripe, &intent);
    heard_twice(&app, "evt_r2", "charge.refunded", charge).await;
    // And an old event arriving late changes nothing either.
    let old = json!({"id": "ch_3Posy", "object": "charge", "payment_intent": intent,
                     "amount": 8400, "amount_refunded": 3000, "currency": "gbp"});
    heard_twice(&app, "evt_r1b", "charge.refunded", old).await;
    let seen = order(&app, &session, id).await;
    assert_eq!(seen["payment"]["refunded"], "72.00");
    assert_eq!(seen["refunds"].as_array().unwrap().len(), 2);
    assert_eq!(seen["can_refund"], true, "£12 is left, and one Bedminster");
    assert_eq!(
        letters(&app, "jo@example.com", "A refund on your order")
            .await
            .len(),
        1,
        "the shop's own refund was told of"
    );
}

#[tokio::test]
async fn the_customer_hears_of_a_card_refund_only_once_stripe_has_given_it_back() {
    let (stripe, app, session, id, ..) = paid().await;
    // Stripe refuses the first try.
    stripe
        .refuses_refunds(500, "api_error", "An unknown error occurred", Some(1))
        .await;
    let mut ask = refund_ask(2, "0.00", "new");
    ask["cancel"] = json!(true);
    let (status, refused) = refund(&app, &session, id, ask).await;
    assert_eq!(status, 200, "{refused}");
    assert_eq!(refused["refunds"][0]["state"], "failed");
    assert!(
        letters(&app, "jo@example.com", "cancelled")
            .await
            .is_empty(),
        "not told of money Stripe has not given back"
    );

    sql(&app, "UPDATE order_refunds SET next_attempt_at = 0").await;
    let mut told = Vec::new();
    for _ in 0..100 {
        told = letters(&app, "jo@example.com", "cancelled").await;
        if !told.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(told.len(), 1);
    assert_eq!(
        told[0].subject,
        format!("Your order FS-{id:06} has been cancelled")
    );
    assert!(
        told[0]
            .body
            .contains("We are refunding £84.00 (2 × The Bedminster) to the card"),
        "{}",
        told[0].body
    );
    assert_eq!(
        order(&app, &session, id).await["refunds"][0]["state"],
        "succeeded"
    );
}

/// A shop on the fake Stripe with a paid order of two Bedminsters, whose refund of one (£42)
/// Stripe refused once (a second ask would be given).
async fn one_refund_refused() -> Paid {
    let paid = paid().await;
    let (stripe, app, session, id, _) = &paid;
    stripe
        .refuses_refunds(500, "api_error", "An unknown error occurred", Some(1))
        .await;
    let (status, asked) = refund(app, session, *id, refund_ask(1, "0.00", "new")).await;
    assert_eq!(status, 200, "{asked}");
    assert_eq!(asked["refunds"][0]["state"], "failed");
    paid
}

/// Stripe's dashboard gives back `pence` in all on the paid order's intent, and the news
/// (event `event`) is heard twice: the order as the studio then sees it.
async fn dashboard_refunded(paid: &Paid, pence: i64, event: &str) -> Value {
    let (stripe, app, session, id, intent) = paid;
    stripe.change(intent, |i| i["x_amount_refunded"] = json!(pence));
    let charge = refunded_charge(stripe, intent);
    heard_twice(app, event, "charge.refunded", charge).await;
    order(app, session, *id).await
}

/// The studio, tired of a refund Stripe refused, gives the money back in Stripe's dashboard:
/// that money settles the refused refund, and Stripe is never asked for it again (the customer
/// would be paid twice). The studio is told, in case the money was for something else.
#[tokio::test]
async fn a_dashboard_refund_settles_the_refund_stripe_refused_so_it_is_not_given_twice() {
    let refused = one_refund_refused().await;
    // £42 given back in Stripe's dashboard, and its news heard twice.
    let seen = dashboard_refunded(&refused, 4200, "evt_r3").await;
    let (stripe, app, _, _, intent) = refused;
    let refunds = seen["refunds"].as_array().unwrap();
    assert_eq!(refunds.len(), 1, "not a second refund: {seen}");
    assert_eq!(refunds[0]["state"], "succeeded");
    assert_eq!(seen["payment"]["refunded"], "42.00");
    assert_eq!(
        seen["changes"][0]["text"],
        "Stripe reports £42.00 more given back on this payment than the shop's refunds, while \
         its refund of £42.00 (1 × The Bedminster) was being refused: it counts as that \
         refund, and Stripe is no longer asked for it."
    );
    assert_eq!(
        letters(&app, "studio@posy.localhost", "given back outside the shop")
            .await
            .len(),
        1
    );
    assert_eq!(
        letters(&app, "jo@example.com", "A refund on your order")
            .await
            .len(),
        1,
        "the money is back on her card"
    );
    // Nothing is due to be asked for: Stripe saw one ask, the refused one.
    assert_eq!(refunds_due(&app).await, 0);
    assert_eq!(stripe.requests("POST", "/v1/refunds").await.len(), 1);
    assert_eq!(
        stripe.intents.lock().unwrap()[&intent]["x_amount_refunded"],
        4200
    );
}

/// Less than a refused refund given back in Stripe's dashboard (part of it, perhaps, the rest
/// to follow): Stripe is asked for the refused refund no more, since the whole of it again could
/// pay the customer twice, and the studio is told once; the rest arriving settles it.
#[tokio::test]
async fn a_smaller_dashboard_refund_holds_the_refused_refund_back_until_the_rest_comes() {
    let refused = one_refund_refused().await;
    let seen = dashboard_refunded(&refused, 2000, "evt_r4").await;
    let (stripe, app, ..) = &refused;
    let refunds = seen["refunds"].as_array().unwrap();
    assert_eq!(
        refunds.len(),
        1,
        "the £20 is not a refund of its own yet: {seen}"
    );
    assert_eq!(refunds[0]["state"], "failing");
    assert_eq!(
        seen["changes"][0]["text"],
        "Stripe reports £20.00 given back on this payment beyond the shop's refunds, while its \
         refund of £42.00 (1 × The Bedminster) was being refused: Stripe is no longer asked for \
         that refund, so the customer cannot be paid twice."
    );
    let told = letters(app, "studio@posy.localhost", "is waiting for you").await;
    assert_eq!(told.len(), 1, "told once, though the news came twice");
    assert!(
        told[0].body.contains("the other £22.00"),
        "{}",
        told[0].body
    );
    // Not asked for again, even when the retrier is due.
    assert_eq!(refunds_due(app).await, 0);

    // The other £22 given back: the refund counts as given, and the customer is told.
    let seen = dashboard_refunded(&refused, 4200, "evt_r5").await;
    let refunds = seen["refunds"].as_array().unwrap();
    assert_eq!(refunds.len(), 1, "{seen}");
    assert_eq!(refunds[0]["state"], "succeeded");
    assert_eq!(seen["payment"]["refunded"], "42.00");
    assert_eq!(
        letters(app, "jo@example.com", "A refund on your order")
            .await
            .len(),
        1
    );
    assert_eq!(stripe.requests("POST", "/v1/refunds").await.len(), 1);
}

/// The same with the dashboard's news lost: the retrier reads the payment's refunded total
/// from Stripe before asking again, and finds the money already given back.
#[tokio::test]
async fn the_retrier_reads_what_stripe_gave_back_before_asking_again() {
    let (stripe, app, session, id, intent) = one_refund_refused().await;

    stripe.change(&intent, |i| i["x_amount_refunded"] = json!(4200));
    sql(&app, "UPDATE order_refunds SET next_attempt_at = 0").await;
    let mut state = String::new();
    for _ in 0..100 {
        state = order_refunds_state(&app, &session, id).await;
        if state != "failed" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(state, "succeeded");
    assert_eq!(stripe.requests("POST", "/v1/refunds").await.len(), 1);
    assert_eq!(
        stripe.intents.lock().unwrap()[&intent]["x_amount_refunded"],
        4200,
        "given once"
    );
    let seen = order(&app, &session, id).await;
    assert_eq!(seen["refunds"].as_array().unwrap().len(), 1, "{seen}");
    assert_eq!(seen["payment"]["refunded"], "42.00");
}

/// A dispute as Stripe sends it, on `intent`.
fn dispute(intent: &str, status: &str, due_by: i64) -> Value {
    json!({
        "id": "dp_1Posy", "object": "dispute", "amount": 8400, "currency": "gbp",
        "charge": "ch_3Posy", "payment_intent": intent, "reason": "product_not_received",
        "status": status, "is_charge_refundable": false, "livemode": false,
        "created": 1_795_435_400, "metadata": {},
        "evidence_details": {"due_by": due_by, "has_evidence": false, "past_due": false,
                             "submission_count": 0}
    })
}

#[tokio::test]
async fn a_dispute_marks_the_order_and_tells_the_studio_the_evidence_deadline_once() {
    let (_, app, session, id, intent) = paid().await;
    // 24 December 2026, 23:59 in Bristol (GMT).
    let due_by = 1_798_156_740;

    let opened = dispute(&intent, "needs_response", due_by);
    heard_twice(&app, "evt_d1", "charge.dispute.created", opened.clone()).await;
    // Stripe's next event of the same news changes nothing.
    heard_twice(&app, "evt_d2", "charge.dispute.funds_withdrawn", opened).await;
    let seen = order(&app, &session, id).await;
    let alerts = seen["payment_alerts"].as_array().unwrap();
    assert_eq!(alerts.len(), 1, "{seen}");
    assert_eq!(alerts[0]["kind"], "dispute");
    assert_eq!(alerts[0]["open"], true);
    let said = "The customer's bank disputes this payment of £84.00 (the customer says the \
                flowers never came). Send Stripe the evidence (the order, the delivery, any \
                messages) from its dashboard by 24 December 2026 at 23:59, or the money goes \
                back to the customer.";
    assert_eq!(alerts[0]["text"], said);
    assert_eq!(
        seen["changes"].as_array().unwrap().len(),
        1,
        "one line of history"
    );
    let mailed = letters(&app, "studio@posy.localhost", "Stripe's news").await;
    assert_eq!(mailed.len(), 1, "the studio is told once");
    assert!(mailed[0].body.contains(said), "{}", mailed[0].body);
    assert!(mailed[0].body.contains(&format!("/admin/orders/{id}")));

    let (_, book) = admin_get(&app, &session, "/api/admin/orders/?q=Jo").await;
    let line = book["days"][0]["orders"][0].clone();
    assert_eq!(
        line["payment_alerts"],
        json!(["Payment disputed"]),
        "{book}"
    );

    let won = dispute(&intent, "won", due_by);
    heard_twice(&app, "evt_d3", "charge.dispute.closed", won).await;
    let seen = order(&app, &session, id).await;
    assert_eq!(seen["payment_alerts"].as_array().unwrap().len(), 1);
    assert_eq!(seen["payment_alerts"][0]["open"], false);
    assert_eq!(
        seen["payment_alerts"][0]["text"],
        "The dispute of £84.00 (the customer says the flowers never came) was decided for the \
         studio."
    );
    assert_eq!(seen["changes"].as_array().unwrap().len(), 2);
    assert_eq!(
        letters(&app, "studio@posy.localhost", "Stripe's news")
            .await
            .len(),
        1
    );
    let (_, book) = admin_get(&app, &session, "/api/admin/orders/?q=Jo").await;
    assert_eq!(book["days"][0]["orders"][0]["payment_alerts"], json!([]));
}

#[tokio::test]
async fn an_early_fraud_warning_marks_the_order_before_the_van_leaves() {
    let (_, app, session, id, intent) = paid().await;
    let warning = json!({
        "id": "issfr_1Posy", "object": "radar.early_fraud_warning", "actionable": true,
        "charge": "ch_3Posy", "payment_intent": intent, "created": 1_795_435_400,
        "fraud_type": "made_with_stolen_card", "livemode": false
    });
    heard_twice(&app, "evt_f1", "radar.early_fraud_warning.created", warning).await;
    let seen = order(&app, &session, id).await;
    let alerts = seen["payment_alerts"].as_array().unwrap();
    assert_eq!(alerts.len(), 1, "{seen}");
    assert_eq!(alerts[0]["kind"], "fraud_warning");
    assert!(
        alerts[0]["text"]
            .as_str()
            .unwrap()
            .starts_with("The card's issuer warned that this payment may be fraudulent (the card holder says they did not make it). Check with the customer before the flowers go out"),
        "{}",
        alerts[0]["text"]
    );
    let (_, book) = admin_get(&app, &session, "/api/admin/orders/?q=Jo").await;
    let lines: Vec<&Value> = book["days"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|day| day["orders"].as_array().unwrap())
        .filter(|line| line["id"] == id)
        .collect();
    assert_eq!(
        lines[0]["payment_alerts"],
        json!(["Fraud warning: check before it goes out"])
    );
    assert_eq!(
        letters(&app, "studio@posy.localhost", "Stripe's news")
            .await
            .len(),
        1
    );
}

#[tokio::test]
async fn news_of_a_payment_that_is_no_orders_is_received_and_changes_nothing() {
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let before = crate::helpers::rows_in_all_tables(&app).await;
    let stranger = json!({"id": "ch_other", "object": "charge", "payment_intent": "pi_other",
                          "amount": 1000, "amount_refunded": 1000});
    heard_twice(&app, "evt_o1", "charge.refunded", stranger).await;
    let dispute = dispute("pi_other", "needs_response", 1_798_156_740);
    heard_twice(&app, "evt_o2", "charge.dispute.created", dispute).await;
    assert_eq!(crate::helpers::rows_in_all_tables(&app).await, before);
}

#[tokio::test]
async fn stripes_test_keys_on_an_https_shop_are_said_at_start() {
    let stripe = FakeStripe::start().await;
    let app = spawn_app_with(Options {
        stripe_api_url: Some(stripe.server.uri()),
        configure: Some(|config| config.public_url = Some("https://posy.example".into())),
        ..Options::default()
    })
    .await;
    let (status, body) = app.get_json("/readyz").await;
    assert_eq!(status, 200, "{body}");
    assert!(
        body["attention"].as_array().unwrap().iter().any(|line| line
            .as_str()
            .unwrap()
            .starts_with(
                "Stripe's test keys are set (STRIPE_SECRET_KEY starts sk_test_) on \
                 https://posy.example: no card is really charged."
            )),
        "{body}"
    );
    // Not said of a shop on http (a developer's).
    let plain = shop_on(&stripe).await;
    let (_, body) = plain.get_json("/readyz").await;
    assert!(
        !body["attention"].to_string().contains("test keys"),
        "{body}"
    );
}

#[tokio::test]
async fn a_cancellation_whose_refund_stripe_keeps_refusing_is_told_once_the_studio_settles_it() {
    let (stripe, app, session, id, ..) = paid().await;
    stripe
        .refuses_refunds(
            402,
            "invalid_request_error",
            "Charge has been disputed",
            None,
        )
        .await;
    let mut ask = refund_ask(2, "0.00", "new");
    ask["cancel"] = json!(true);
    let (status, asked) = refund(&app, &session, id, ask).await;
    assert_eq!(status, 200, "{asked}");
    // Refused four times so far; the fifth makes it failing.
    sql(
        &app,
        "UPDATE order_refunds SET attempts = 4, next_attempt_at = 0",
    )
    .await;
    let mut state = String::new();
    for _ in 0..100 {
        state = order_refunds_state(&app, &session, id).await;
        if state == "failing" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(state, "failing");
    assert!(
        letters(&app, "jo@example.com", "cancelled")
            .await
            .is_empty()
    );

    let refund_id = order(&app, &session, id).await["refunds"][0]["id"].clone();
    let settle = format!("/api/admin/orders/{id}/refunds/{refund_id}/settled/");
    let (status, settled) = admin_post(&app, &session, &settle, json!({})).await;
    assert_eq!(status, 200, "{settled}");
    let (status, _) = admin_post(&app, &session, &settle, json!({})).await;
    assert_eq!(status, 200, "a second click");
    let told = letters(&app, "jo@example.com", "cancelled").await;
    assert_eq!(told.len(), 1, "told of the cancellation once");
    assert!(
        told[0].body.contains("We have cancelled your order."),
        "{}",
        told[0].body
    );
    assert!(
        !told[0].body.contains("refunding"),
        "the money went back another way, which the studio tells of: {}",
        told[0].body
    );
}

async fn order_refunds_state(app: &TestApp, session: &str, id: i64) -> String {
    order(app, session, id).await["refunds"][0]["state"]
        .as_str()
        .unwrap()
        .to_owned()
}
