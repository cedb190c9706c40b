//! What the studio changes on an order when the customer rings (day, slot, address, card),
//! checked by core as the shop checks a new choice, each change a line of the order's history;
//! the studio's own notes; every such write refused when made from an older version of the
//! order; orders moved in bulk, each by the single move's rules; today always in the day's work.

use reqwest::Method;
use serde_json::{Value, json};

use crate::fulfilment::{delivery, studio_on_monday};
use crate::helpers::{TestApp, call};
use crate::order_admin::{day_listed, get, move_order, order_days, paid_order};

/// The shopper's delivery as the studio sends it back: without a cart.
fn choice(date: &str, slot: &str) -> Value {
    let mut choice = delivery("", date, slot, "BS3 4AA");
    choice.as_object_mut().unwrap().remove("cart_id");
    choice
}

async fn change(
    app: &TestApp,
    session: &str,
    id: i64,
    version: i64,
    fulfilment: Value,
) -> (u16, Value) {
    call(
        app,
        Method::PUT,
        &format!("/api/admin/orders/{id}/choice/"),
        Some(session),
        json!({"version": version, "fulfilment": fulfilment}),
    )
    .await
}

async fn note(app: &TestApp, session: &str, id: i64, version: i64, text: &str) -> (u16, Value) {
    call(
        app,
        Method::POST,
        &format!("/api/admin/orders/{id}/notes/"),
        Some(session),
        json!({"version": version, "text": text}),
    )
    .await
}

#[tokio::test]
async fn a_rung_in_change_moves_the_order_writes_its_history_and_a_stale_page_is_refused() {
    let (app, session) = studio_on_monday().await;
    let (id, token) = paid_order(&app, 1, "2026-12-15", "BS3 4AA").await;
    let (_, order) = get(&app, &format!("/api/admin/orders/{id}/"), &session).await;
    assert_eq!(order["version"], 0);
    assert_eq!(order["changes"], json!([]));

    let mut wanted = choice("2026-12-16", "Afternoon");
    wanted["address_line1"] = json!("6 Wells Road");
    wanted["card_message"] = json!("Happy birthday, Mum!\nSorry it is a day late");
    let (status, order) = change(&app, &session, id, 0, wanted.clone()).await;
    assert_eq!(status, 200, "{order}");
    assert_eq!(order["version"], 1);
    assert_eq!(order["fulfilment"]["date"], "2026-12-16");
    assert_eq!(order["fulfilment"]["slot"], "Afternoon");
    assert_eq!(order["fulfilment"]["slot_hours"], "13:00–18:00");
    let line = order["changes"][0]["text"].as_str().unwrap();
    for words in [
        "Day: Tuesday 15 December → Wednesday 16 December",
        "Delivery time: Morning → Afternoon",
        "Address: 4 Wells Road, Bristol, BS3 4AA → 6 Wells Road, Bristol, BS3 4AA",
        "Card message: Happy birthday, Mum! / With love → Happy birthday, Mum! / Sorry it is a day late",
    ] {
        assert!(line.contains(words), "the history says {words:?}: {line}");
    }
    assert_eq!(order["changes"][0]["by"], "studio");

    // The day's work and the diary follow: the order is now under Wednesday.
    let (_, book) = get(&app, "/api/admin/orders/", &session).await;
    let days: Vec<(&str, usize)> = order_days(&book).map(day_listed).collect();
    assert_eq!(
        days,
        vec![("2026-12-14", 0), ("2026-12-16", 1)],
        "today shown, empty"
    );

    // The same change from the page that read version 0 is refused, and changes nothing.
    let mut other = wanted.clone();
    other["card_from"] = json!("Someone else");
    let (status, body) = change(&app, &session, id, 0, other).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("What you typed is kept"),
        "{body}"
    );
    let (_, order) = get(&app, &format!("/api/admin/orders/{id}/"), &session).await;
    assert_eq!(order["fulfilment"]["card_from"], "Ann");

    // Nothing new: said so.
    let (status, body) = change(&app, &session, id, 1, wanted).await;
    assert_eq!(status, 400, "{body}");

    // The customer's own page shows the new day.
    let theirs = app.order_by_link(id, &token).await;
    assert_eq!(theirs["fulfilment"]["date"], "2026-12-16");
}

#[tokio::test]
async fn a_change_is_checked_by_core_as_the_shop_checks_it_with_the_places_left() {
    let (app, session) = studio_on_monday().await;
    let (id, _) = paid_order(&app, 1, "2026-12-15", "BS3 4AA").await;
    let (other, _) = paid_order(&app, 1, "2026-12-16", "BS3 4AA").await;

    // Sunday: the studio is closed.
    let (status, body) = change(&app, &session, id, 0, choice("2026-12-20", "Morning")).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["fields"]["fulfilment.date"]
            .as_str()
            .unwrap()
            .contains("Closed"),
        "{body}"
    );
    // Outside the delivery area.
    let mut far = choice("2026-12-15", "Morning");
    far["postcode"] = json!("EH1 1AA");
    let (status, body) = change(&app, &session, id, 0, far).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["fields"]["fulfilment.postcode"].is_string(), "{body}");
    // A collection cannot be made of a delivery here.
    let (status, body) = change(
        &app,
        &session,
        id,
        0,
        json!({"method": "collection", "date": "2026-12-15", "collection_time": "10:00"}),
    )
    .await;
    assert_eq!(status, 400, "{body}");

    // Room for one in the Morning: Wednesday's is taken by the other order, Tuesday's by this
    // one, which can keep it (its own place does not count against it).
    let (mut settings, version) = posy_server::studio::delivery::versioned(&app.db)
        .await
        .unwrap();
    settings
        .slots
        .iter_mut()
        .find(|s| s.name == "Morning")
        .unwrap()
        .capacity = Some(1);
    posy_server::studio::delivery::save(&app.db, "studio", &settings, version)
        .await
        .unwrap();
    let (status, body) = change(&app, &session, id, 0, choice("2026-12-16", "Morning")).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["fields"]["fulfilment.slot"]
            .as_str()
            .unwrap()
            .contains("Fully booked"),
        "{body}"
    );
    let mut same_place = choice("2026-12-15", "Morning");
    same_place["recipient_phone"] = json!("0117 496 0999");
    let (status, body) = change(&app, &session, id, 0, same_place).await;
    assert_eq!(status, 200, "{body}");

    // A finished order stays as it was.
    for (from, to) in [("new", "confirmed"), ("confirmed", "delivered")] {
        assert_eq!(move_order(&app, &session, other, from, to).await.0, 200);
    }
    let (status, body) = change(&app, &session, other, 0, choice("2026-12-17", "Morning")).await;
    assert_eq!(status, 400, "{body}");
}

#[tokio::test]
async fn notes_are_the_studios_own_and_a_stale_page_is_refused() {
    let (app, session) = studio_on_monday().await;
    let (id, token) = paid_order(&app, 1, "2026-12-15", "BS3 4AA").await;

    let (status, order) = note(
        &app,
        &session,
        id,
        0,
        "  Rang at 10: leave with the neighbour at 8.  ",
    )
    .await;
    assert_eq!(status, 200, "{order}");
    assert_eq!(
        order["notes"][0]["text"],
        "Rang at 10: leave with the neighbour at 8."
    );
    assert_eq!(order["notes"][0]["by"], "studio");
    assert_eq!(order["version"], 1);

    let (status, body) = note(&app, &session, id, 0, "A second thought").await;
    assert_eq!(status, 409, "{body}");
    let (status, body) = note(&app, &session, id, 1, "   ").await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["error"], "Please write the note first.");
    let (status, _) = note(&app, &session, id, 1, &"x".repeat(2001)).await;
    assert_eq!(status, 400);
    let (status, _) = note(&app, &session, 999_999, 0, "Nobody").await;
    assert_eq!(status, 404);

    // The customer never sees it: not on their page, not in a mail (the confirmation is sent).
    let theirs = app.order_by_link(id, &token).await;
    assert!(!theirs.to_string().contains("neighbour at 8"));
    assert_eq!(
        move_order(&app, &session, id, "new", "confirmed").await.0,
        200
    );
    for mail in app.mail(3).await {
        assert!(!mail.contains("neighbour at 8"), "{mail}");
    }
}

/// A bulk move's answer as (order, moved), in the order answered.
fn moved_or_not(answer: &Value) -> Vec<(i64, bool)> {
    answer["orders"]
        .as_array()
        .expect("each order's outcome")
        .iter()
        .map(|o| (o["id"].as_i64().unwrap(), o["moved"] == true))
        .collect()
}

/// Asks the bulk move of `ids` from `from` to `to`.
async fn move_in_bulk(
    app: &TestApp,
    session: &str,
    ids: &[i64],
    from: &str,
    to: &str,
) -> (u16, Value) {
    call(
        app,
        Method::POST,
        "/api/admin/orders/moves/",
        Some(session),
        json!({
            "to": to,
            "orders": ids.iter().map(|id| json!({"id": id, "from": from})).collect::<Vec<_>>(),
        }),
    )
    .await
}

#[tokio::test]
async fn two_bulk_moves_of_the_same_orders_at_once_move_each_order_once() {
    let (app, session) = studio_on_monday().await;
    let mut ids = Vec::new();
    for _ in 0..4 {
        ids.push(paid_order(&app, 1, "2026-12-15", "BS3 4AA").await.0);
    }
    // Two admins tick the same new orders and press "Mark confirmed" at the same moment.
    let ((status_a, a), (status_b, b)) = tokio::join!(
        move_in_bulk(&app, &session, &ids, "new", "confirmed"),
        move_in_bulk(&app, &session, &ids, "new", "confirmed"),
    );
    assert_eq!((status_a, status_b), (200, 200), "{a} {b}");
    assert_eq!(
        a["moved"].as_u64().unwrap() + b["moved"].as_u64().unwrap(),
        4,
        "{a} {b}"
    );
    let (a, b) = (moved_or_not(&a), moved_or_not(&b));
    for id in &ids {
        let moved_by = [&a, &b]
            .iter()
            .filter(|outcomes| outcomes.contains(&(*id, true)))
            .count();
        assert_eq!(moved_by, 1, "order {id}: {a:?} {b:?}");
        let (_, detail) = get(&app, &format!("/api/admin/orders/{id}/"), &session).await;
        assert_eq!(detail["status"], "confirmed", "{detail}");
        let history = detail["history"].as_array().expect("the order's history");
        assert_eq!(
            history
                .iter()
                .filter(|h| h["status"] == "confirmed")
                .count(),
            1,
            "{detail}"
        );
    }
}

#[tokio::test]
async fn orders_move_in_bulk_each_by_the_single_moves_rules_and_refusals_are_said() {
    let (app, session) = studio_on_monday().await;
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(paid_order(&app, 1, "2026-12-15", "BS3 4AA").await.0);
    }
    // Someone moved the second on meanwhile.
    assert_eq!(
        move_order(&app, &session, ids[1], "new", "confirmed")
            .await
            .0,
        200
    );
    let before = app.mail(7).await.len();

    let (status, answer) = move_in_bulk(&app, &session, &ids, "new", "confirmed").await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["moved"], 2);
    let outcomes = moved_or_not(&answer);
    assert_eq!(
        outcomes,
        vec![(ids[0], true), (ids[1], false), (ids[2], true)]
    );
    assert!(
        answer["orders"][0]["said"]
            .as_str()
            .unwrap()
            .ends_with("is now confirmed.")
    );
    assert!(
        answer["orders"][1]["said"]
            .as_str()
            .unwrap()
            .contains("someone else moved it"),
        "{answer}"
    );
    // Each moved order's customer is told, as by a single move.
    let mails = app.mail(before + 2).await;
    assert_eq!(
        mails.iter().filter(|m| m.contains("is confirmed")).count(),
        3
    );

    // A step core refuses is refused for each order, in core's words.
    let (status, answer) = call(
        &app,
        Method::POST,
        "/api/admin/orders/moves/",
        Some(&session),
        json!({"to": "ready_for_collection", "orders": [{"id": ids[0], "from": "confirmed"}]}),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["moved"], 0);
    assert_eq!(answer["orders"][0]["moved"], false);

    // An order named twice is moved and answered once; one that names nothing is said to, and
    // takes nothing else with it.
    let (status, answer) = call(
        &app,
        Method::POST,
        "/api/admin/orders/moves/",
        Some(&session),
        json!({"to": "ready", "orders": [
            {"id": 999_999, "from": "confirmed"},
            {"id": ids[2], "from": "confirmed"},
            {"id": ids[2], "from": "confirmed"},
        ]}),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["moved"], 1, "{answer}");
    let outcomes = moved_or_not(&answer);
    assert_eq!(outcomes, vec![(999_999, false), (ids[2], true)]);
    let (_, detail) = get(&app, &format!("/api/admin/orders/{}/", ids[2]), &session).await;
    assert_eq!(detail["status"], "ready", "{detail}");
    let history = detail["history"].as_array().expect("the order's history");
    assert_eq!(
        history.iter().filter(|h| h["status"] == "ready").count(),
        1,
        "{detail}"
    );

    // An empty list is refused.
    let (status, _) = call(
        &app,
        Method::POST,
        "/api/admin/orders/moves/",
        Some(&session),
        json!({"to": "confirmed", "orders": []}),
    )
    .await;
    assert_eq!(status, 400);
}

#[tokio::test]
async fn today_is_always_in_the_days_work() {
    let (app, session) = studio_on_monday().await;
    let (status, book) = get(&app, "/api/admin/orders/", &session).await;
    assert_eq!(status, 200, "{book}");
    // First, before the demo's workshops' days.
    assert_eq!(book["days"][0]["date"], "2026-12-14");
    assert_eq!(book["days"][0]["relative"], "Today");
    assert_eq!(book["days"][0]["orders"], json!([]));
}
