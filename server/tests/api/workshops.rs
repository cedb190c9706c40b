//! Workshops you can book (issue 31): seats held while paying, the deposit now and the balance
//! later, the booking an order of the `workshop` channel.

use futures_util::future::join_all;
use serde_json::{Value, json};

use crate::checkout::pay;
use crate::helpers::{
    Options, TestApp, admin_get, admin_post, admin_put, admin_session, behind_a_proxy, decoded,
    post_from, spawn_app, spawn_app_with, sql,
};

pub(crate) const WREATH: &str = "christmas-wreath-making";

fn form(seats: u32) -> Value {
    let names: Vec<String> = (1..=seats).map(|n| format!("Guest {n} Example")).collect();
    json!({
        "seats": seats, "names": names, "email": "ann@example.com",
        "phone": "07700 900123", "note": "A nut allergy"
    })
}

/// Books `body` on `slug` as if from `address`: the status and body.
async fn book_from(app: &TestApp, slug: &str, body: &Value, address: &str) -> (u16, Value) {
    post_from(
        app,
        &format!("/api/workshops/{slug}/bookings/"),
        body,
        address,
    )
    .await
}

/// Places `booked` as paid by `intent`: the status and body.
async fn place(app: &TestApp, booked: &Value, intent: &str) -> (u16, Value) {
    let place = json!({"booking": booked["booking"], "payment_intent_id": intent});
    app.post_json("/api/workshops/bookings/", &place).await
}

/// Pays a booking's payment with the test card and places it: the status and body.
async fn pay_and_place(app: &TestApp, booked: &Value) -> (u16, Value) {
    let secret = booked["client_secret"].as_str().unwrap();
    let paid = pay(app, secret, "4242 4242 4242 4242").await;
    place(app, booked, paid["payment_intent"]["id"].as_str().unwrap()).await
}

/// The one order's row, its `columns` read.
async fn the_order(app: &TestApp, columns: &str) -> sea_orm::QueryResult {
    use sea_orm::{ConnectionTrait, Statement};
    let query = format!("SELECT {columns} FROM orders");
    let backend = app.db.get_database_backend();
    app.db
        .query_one_raw(Statement::from_string(backend, query))
        .await
        .unwrap()
        .unwrap()
}

async fn spots_left(app: &TestApp, slug: &str) -> i64 {
    let (_, workshop) = app.get_json(&format!("/api/workshops/{slug}/")).await;
    workshop["spots_left"].as_i64().unwrap()
}

#[tokio::test]
async fn a_seat_before_the_due_date_costs_the_deposit_and_the_mail_says_the_balance_and_when() {
    let app = spawn_app().await;
    let (status, booked) = book_from(&app, WREATH, &form(1), "127.0.0.1").await;
    assert_eq!(status, 200, "{booked}");
    assert_eq!(booked["amount"], "20.00");
    assert_eq!(booked["balance"], "25.00");
    assert_eq!(booked["balance_due"], "2027-11-20");
    // Held while paying: the page already shows one spot fewer.
    assert_eq!(spots_left(&app, WREATH).await, 3);

    let (status, placed) = pay_and_place(&app, &booked).await;
    assert_eq!(status, 200, "{placed}");
    assert_eq!(
        placed["message"],
        "You paid £20.00. The balance of £25.00 is due by Saturday 20 November 2027."
    );
    assert_eq!(spots_left(&app, WREATH).await, 3);
    let (status, again) = pay_and_place_again(&app, &booked).await;
    assert_eq!(status, 200, "the same booking again: {again}");
    assert_eq!(again["order_id"], placed["order_id"]);

    let mail = app.mail(2).await;
    let confirmation = mail
        .iter()
        .find(|m| m.contains("To: ann@example.com"))
        .expect("the booker's confirmation");
    let decoded = decoded(confirmation);
    assert!(
        decoded.contains("The balance of £25.00 is due by Saturday 20 November 2027"),
        "{decoded}"
    );
    assert!(decoded.contains("Names: Guest 1 Example"), "{decoded}");
    let row = the_order(&app, "channel, total_pence").await;
    let channel: String = row.try_get("", "channel").unwrap();
    let total: i64 = row.try_get("", "total_pence").unwrap();
    assert_eq!((channel.as_str(), total), ("workshop", 2000));
    // On the day's work of the workshop's date.
    let session = admin_session(&app).await;
    let (status, day) = admin_get(
        &app,
        &session,
        "/api/admin/orders/?from=2027-12-04&to=2027-12-04",
    )
    .await;
    assert_eq!(status, 200, "{day}");
    assert!(day.to_string().contains("Christmas wreath making"), "{day}");
}

/// Places the same paid booking a second time.
async fn pay_and_place_again(app: &TestApp, booked: &Value) -> (u16, Value) {
    let row = the_order(app, "payment_intent_id").await;
    let intent: String = row.try_get("", "payment_intent_id").unwrap();
    place(app, booked, &intent).await
}

#[tokio::test]
async fn after_the_due_date_a_seat_costs_the_whole_price() {
    let app = spawn_app().await;
    sql(&app, "UPDATE workshops SET balance_due = '2026-01-01'").await;
    let (_, workshop) = app.get_json(&format!("/api/workshops/{WREATH}/")).await;
    assert_eq!(
        (&workshop["pay_now"], &workshop["pays_deposit"]),
        (&json!("45.00"), &json!(false))
    );
    let (status, booked) = book_from(&app, WREATH, &form(2), "127.0.0.1").await;
    assert_eq!(status, 200, "{booked}");
    assert_eq!(
        (&booked["amount"], &booked["balance"]),
        (&json!("90.00"), &json!("0.00"))
    );
    assert_eq!(booked["balance_due"], Value::Null);
}

#[tokio::test]
async fn a_booking_form_at_fault_is_refused_in_core_words_and_holds_nothing() {
    let app = spawn_app().await;
    let mut short = form(2);
    short["names"] = json!(["Ann Example"]);
    short["email"] = json!("not an address");
    let (status, body) = book_from(&app, WREATH, &short, "127.0.0.1").await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["fields"]["names"],
        "Please give one name for each seat."
    );
    assert!(
        body["fields"]["email"]
            .as_str()
            .unwrap()
            .contains("like name@example.com")
    );
    assert_eq!(spots_left(&app, WREATH).await, 4);

    let (status, body) = book_from(&app, WREATH, &form(5), "127.0.0.1").await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        body["error"],
        "Sorry, only 4 spots are left on Christmas wreath making: please choose 4 seats or fewer."
    );
    let (status, body) = book_from(&app, "winter-table-centrepiece", &form(1), "127.0.0.1").await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        body["error"],
        "Sorry, Winter table centrepiece is fully booked. You can join the waiting list."
    );
    let (status, _) = book_from(&app, "no-such-workshop", &form(1), "127.0.0.1").await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn twenty_shoppers_racing_for_the_last_two_seats_get_two_bookings_and_eighteen_clear_answers()
{
    let app = spawn_app_with(Options {
        configure: Some(behind_a_proxy),
        ..Options::default()
    })
    .await;
    sql(
        &app,
        "UPDATE workshops SET spots_left = 2 WHERE slug = 'christmas-wreath-making'",
    )
    .await;
    let answers = join_all((0..20).map(|n| {
        let app = &app;
        async move { book_from(app, WREATH, &form(1), &format!("198.51.100.{n}")).await }
    }))
    .await;
    let mut holding = Vec::new();
    for (status, body) in answers {
        match status {
            200 => holding.push(body),
            409 => assert_eq!(
                body["error"],
                "Sorry, Christmas wreath making is fully booked. You can join the waiting list.",
            ),
            _ => panic!("{status}: {body}"),
        }
    }
    assert_eq!(
        holding.len(),
        2,
        "two hold, eighteen are told before paying"
    );
    let placed = join_all(holding.iter().map(|booked| pay_and_place(&app, booked))).await;
    for (status, body) in &placed {
        assert_eq!(*status, 200, "{body}");
    }
    assert_eq!(crate::helpers::count(&app, "refunds").await, 0);
    assert_eq!(crate::helpers::count(&app, "orders").await, 2);
    assert_eq!(spots_left(&app, WREATH).await, 0);
    let (_, workshop) = app.get_json(&format!("/api/workshops/{WREATH}/")).await;
    assert_eq!(workshop["spots_text"], "0 spots left");
    assert_eq!(workshop["fully_booked"], true);
}

/// A booking of `seats` on the wreath workshop, paid and placed: its answer.
pub(crate) async fn booked(app: &TestApp, seats: u32) -> Value {
    let (status, booked) = book_from(app, WREATH, &form(seats), "127.0.0.1").await;
    assert_eq!(status, 200, "{booked}");
    let (status, placed) = pay_and_place(app, &booked).await;
    assert_eq!(status, 200, "{placed}");
    placed
}

/// A shop with the studio signed in and one seat on the wreath workshop booked, its deposit
/// paid by card: the shop, the studio's session, the booking's answer (`access_token`,
/// `reference`…) and its order.
pub(crate) async fn one_booking() -> (TestApp, String, Value, i64) {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let placed = booked(&app, 1).await;
    let order = placed["order_id"].as_i64().unwrap();
    (app, session, placed, order)
}

/// The studio's cancelling of the wreath workshop, as its page asks it: the path and the body
/// (the same ask again, sent twice).
pub(crate) async fn wreath_cancellation(app: &TestApp, session: &str) -> (String, Value) {
    let wreath = admin_workshop(app, session, WREATH).await;
    let path = format!("/api/admin/workshops/{}/cancel/", wreath["id"]);
    let body = json!({"version": wreath["version"], "key": uuid::Uuid::new_v4().to_string()});
    (path, body)
}

/// The back office's view of a workshop by slug.
pub(crate) async fn admin_workshop(app: &TestApp, session: &str, slug: &str) -> Value {
    let (status, list) = admin_get(app, session, "/api/admin/workshops/").await;
    assert_eq!(status, 200, "{list}");
    list.as_array()
        .unwrap()
        .iter()
        .find(|w| w["slug"] == slug)
        .cloned()
        .unwrap()
}

/// The workshop form from the back office's view of one, changed by `change`.
fn body_of(workshop: &Value, change: impl FnOnce(&mut Value)) -> Value {
    let mut body = json!({
        "title": workshop["title"], "description": workshop["description"],
        "what_to_bring": workshop["what_to_bring"], "date": workshop["date"],
        "start_time": workshop["start_time"], "end_time": workshop["end_time"],
        "place": workshop["place"], "seats": workshop["seats"], "price": workshop["price"],
        "deposit": workshop["deposit"], "balance_due": workshop["balance_due"],
        "version": workshop["version"],
    });
    change(&mut body);
    body
}

/// The token of the waiting-list offer's link in the letter `offer`.
fn offer_token(offer: &str) -> String {
    let link = offer.split("offer=").nth(1).unwrap();
    link.chars().take_while(char::is_ascii_hexdigit).collect()
}

#[tokio::test]
async fn the_studio_edits_from_a_version_and_a_booking_keeps_what_it_owes() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let placed = booked(&app, 1).await;
    let wreath = admin_workshop(&app, &session, WREATH).await;
    assert_eq!(
        (&wreath["booked"], &wreath["spots_left"]),
        (&json!(1), &json!(3))
    );
    let id = wreath["id"].as_i64().unwrap();
    let path = format!("/api/admin/workshops/{id}/");
    let dearer = body_of(&wreath, |b| {
        b["price"] = json!("50.00");
        b["deposit"] = json!("25.00");
        b["seats"] = json!(6);
    });
    let (status, saved) = admin_put(&app, &session, &path, dearer.clone()).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(
        (&saved["spots_left"], &saved["version"]),
        (&json!(5), &json!(1))
    );
    // The same form again, made from the version before: refused in words.
    let (status, stale) = admin_put(&app, &session, &path, dearer).await;
    assert_eq!(status, 409, "{stale}");
    assert_eq!(stale["error"], posy_core::workshop_form::STALE_EDIT);
    // Fewer seats than are booked: refused in core's words.
    let (status, short) = admin_put(
        &app,
        &session,
        &path,
        body_of(&saved, |b| b["seats"] = json!(0)),
    )
    .await;
    assert_eq!(status, 400, "{short}");

    let (status, list) = admin_get(&app, &session, &format!("{path}attendees/")).await;
    assert_eq!(status, 200, "{list}");
    let row = &list["rows"][0];
    assert_eq!(
        (&row["paid"], &row["owed"]),
        (&json!("20.00"), &json!("25.00"))
    );
    assert_eq!(row["balance_due"], "2027-11-20");
    assert_eq!(row["note"], "A nut allergy");
    assert_eq!(row["names"], json!(["Guest 1 Example"]));

    let order = placed["order_id"].as_i64().unwrap();
    let row = balance_paid_in_studio(&app, &session, order).await;
    assert_eq!(
        (&row["owed"], &row["balance_paid"]),
        (&json!("0.00"), &json!("studio"))
    );
    let paid_path = format!("/api/admin/workshops/bookings/{order}/balance-paid/");
    let (status, again) = admin_post(&app, &session, &paid_path, json!({})).await;
    assert_eq!(status, 409, "{again}");

    // Cancelled by the rule before the balance date: the deposit is refunded, the seat is back.
    let key = uuid::Uuid::new_v4().to_string();
    let cancel = format!("/api/admin/workshops/bookings/{order}/cancel/");
    let (status, left) =
        admin_post(&app, &session, &cancel, json!({"key": key, "refund": true})).await;
    assert_eq!(status, 200, "{left}");
    assert_eq!(left["rows"], json!([]));
    assert_eq!(spots_left(&app, WREATH).await, 6);
    let (_, order_now) = admin_get(&app, &session, &format!("/api/admin/orders/{order}/")).await;
    assert_eq!(order_now["status"], "cancelled", "{order_now}");
    // The deposit went back on its card; the balance paid in the studio is the studio's to
    // hand back, and the answer says so (see workshop_refunds).
    assert_eq!(left["by_hand"]["amount"], "25.00", "{left}");
    assert_eq!(order_now["payment"]["refunded"], "45.00", "{order_now}");
    assert_eq!(order_now["net_total"], "0.00", "{order_now}");
}

#[tokio::test]
async fn cancelling_a_workshop_refunds_and_mails_every_booking_once() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    booked(&app, 1).await;
    booked(&app, 2).await;
    let (path, body) = wreath_cancellation(&app, &session).await;
    let (status, cancelled) = admin_post(&app, &session, &path, body.clone()).await;
    assert_eq!(status, 200, "{cancelled}");
    assert_eq!(cancelled["refunded"], 2);
    // The same ask again gives nothing back twice.
    let (status, _) = admin_post(&app, &session, &path, body).await;
    assert_eq!(status, 200);
    assert_eq!(crate::helpers::count(&app, "order_refunds").await, 2);
    let (_, list) = app.get_json("/api/workshops/").await;
    assert!(list.as_array().unwrap().iter().all(|w| w["slug"] != WREATH));
    let mail = app.mail(8).await;
    let told = mail
        .iter()
        .filter(|m| decoded(m).contains("the studio has had to cancel the workshop"))
        .count();
    assert_eq!(told, 2);
}

#[tokio::test]
async fn the_balance_is_paid_through_its_link_once_and_the_booker_is_mailed() {
    let app = spawn_app().await;
    let placed = booked(&app, 1).await;
    let order = placed["order_id"].as_i64().unwrap();
    let token = placed["access_token"].as_str().unwrap();
    let path = format!("/api/workshops/balance/{order}/");
    let (status, balance) = app.get_json(&format!("{path}?token={token}")).await;
    assert_eq!(status, 200, "{balance}");
    assert_eq!(
        (&balance["balance"], &balance["owed"]),
        (&json!("25.00"), &json!(true))
    );
    // Core's sentence, as the booking's answer said it, for the confirmation after a reload.
    assert_eq!(balance["message"], placed["message"], "{balance}");
    assert!(
        balance["message"]
            .as_str()
            .unwrap()
            .contains("£25.00 is due by"),
        "{balance}"
    );
    let (status, _) = app.get_json(&format!("{path}?token=wrong")).await;
    assert_eq!(status, 403);
    let secret = balance_secret(&app, order, token).await;
    assert_eq!(secret["amount"], "25.00");
    let (status, after) = pay_balance(&app, order, token, &secret).await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(
        (&after["owed"], &after["paid_how"]),
        (&json!(false), &json!("card"))
    );
    // The confirmation read again now says it is paid in full, not that a balance is due.
    let (_, again) = app.get_json(&format!("{path}?token={token}")).await;
    assert_eq!(again["message"], after["message"]);
    assert!(
        after["message"]
            .as_str()
            .unwrap()
            .starts_with("You have paid £45.00 in full"),
        "{after}"
    );
    let (status, _) = app.post_json(&path, &json!({"token": token})).await;
    assert_eq!(status, 409, "nothing more to pay");
    let mail = app.mail(3).await;
    assert!(
        mail.iter()
            .any(|m| decoded(m).contains("we have received the balance of £25.00"))
    );
}

/// The shop's clock, not the machine's, says when a balance came in (as for everything else
/// a booking records): a shop on `--fake-now` a day ahead marks it a day ahead.
#[tokio::test]
async fn a_balance_is_marked_received_on_the_shops_clock() {
    let app = spawn_app_with(Options {
        configure: Some(|config| {
            config.fake_now = Some(posy_server::store::clock::now() + 86_400);
        }),
        ..Options::default()
    })
    .await;
    let placed = booked(&app, 1).await;
    let order = placed["order_id"].as_i64().unwrap();
    let token = placed["access_token"].as_str().unwrap();
    let secret = balance_secret(&app, order, token).await;
    let (status, after) = pay_balance(&app, order, token, &secret).await;
    assert_eq!(status, 200, "{after}");
    use sea_orm::{ConnectionTrait, Statement};
    let row = app
        .db
        .query_one_raw(Statement::from_string(
            app.db.get_database_backend(),
            format!("SELECT balance_paid_at FROM workshop_bookings WHERE order_id = {order}"),
        ))
        .await
        .unwrap()
        .unwrap();
    let at: i64 = row.try_get("", "balance_paid_at").unwrap();
    let ahead = at - posy_server::store::clock::now();
    assert!(
        (86_000..=86_400).contains(&ahead),
        "marked {ahead} s from the machine's now"
    );
}

#[tokio::test]
async fn a_full_workshop_takes_waiting_names_and_a_freed_seat_is_offered_to_the_first() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let full = "winter-table-centrepiece";
    let wait = |name: &str, email: &str| json!({"name": name, "email": email, "seats": 1});
    let join = format!("/api/workshops/{full}/waiting-list/");
    let (status, said) = app.post_json(&join, &wait("Cat", "cat@example.com")).await;
    assert_eq!(status, 200, "{said}");
    assert_eq!(said["message"], posy_core::workshop::ON_THE_LIST);
    let (status, _) = app.post_json(&join, &wait("Dan", "dan@example.com")).await;
    assert_eq!(status, 200);
    let (status, refused) = app
        .post_json(
            &format!("/api/workshops/{WREATH}/waiting-list/"),
            &wait("Eve", "eve@example.com"),
        )
        .await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["error"], posy_core::workshop::NOT_FULL);

    // The studio adds a seat: it is offered to Cat, and kept for her.
    let table = admin_workshop(&app, &session, full).await;
    let more = body_of(&table, |b| b["seats"] = json!(7));
    let (status, saved) = admin_put(
        &app,
        &session,
        &format!("/api/admin/workshops/{}/", table["id"]),
        more,
    )
    .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(spots_left(&app, full).await, 0, "the offer keeps the seat");
    let (status, body) = book_from(&app, full, &form(1), "127.0.0.1").await;
    assert_eq!(status, 409, "{body}");
    let mail = app.mail(1).await;
    let offer = decoded(
        mail.iter()
            .find(|m| m.contains("To: cat@example.com"))
            .expect("Cat's offer"),
    );
    assert!(offer.contains("keeping it for you for 24 hours"), "{offer}");
    let token = offer_token(&offer);
    let mut hers = form(1);
    hers["offer"] = json!(token);
    let (status, booked) = book_from(&app, full, &hers, "127.0.0.1").await;
    assert_eq!(status, 200, "{booked}");
    // Used once only.
    let (status, used) = book_from(&app, full, &hers, "127.0.0.2").await;
    assert_eq!(status, 409, "{used}");
}

#[tokio::test]
async fn a_note_is_in_her_export_and_kept_only_until_thirty_days_after_the_workshop() {
    use posy_server::app::retention;
    use posy_server::store::clock::now;
    use posy_server::store::db::Writer;
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    booked(&app, 1).await;
    let (status, data) = admin_post(
        &app,
        &session,
        "/api/admin/customers/export/",
        json!({"email": "ann@example.com"}),
    )
    .await;
    assert_eq!(status, 200, "{data}");
    assert_eq!(data["bookings"][0]["note"], "A nut allergy");
    assert_eq!(data["bookings"][0]["workshop"], "Christmas wreath making");

    let today = posy_core::calendar::LondonTime::at(now()).unwrap().date;
    let held = |days: i64| {
        format!(
            "UPDATE workshops SET date = '{}' WHERE slug = '{WREATH}'",
            today.add_days(-days).to_wire()
        )
    };
    let writer = Writer::beside_the_shop(app.db.clone());
    let outbox = app.data_dir.join("outbox");
    sql(&app, &held(30)).await;
    let applied = retention::apply(&writer, &outbox, now()).await.unwrap();
    assert_eq!(applied.notes, 0, "kept on the thirtieth day");
    sql(&app, &held(31)).await;
    let applied = retention::apply(&writer, &outbox, now()).await.unwrap();
    assert_eq!(applied.notes, 1);
    let (_, data) = admin_post(
        &app,
        &session,
        "/api/admin/customers/export/",
        json!({"email": "ann@example.com"}),
    )
    .await;
    assert_eq!(data["bookings"][0]["note"], "");
}

#[tokio::test]
async fn a_booking_paid_through_stripe_is_one_order_and_its_cancellation_refunds_through_stripe() {
    let (stripe, app, session) = studio_on_stripe().await;
    let (status, booked) = book_from(&app, WREATH, &form(2), "127.0.0.1").await;
    assert_eq!(status, 200, "{booked}");
    let intent = intent_of(&booked);
    assert_eq!(
        stripe.intent(&intent)["amount"],
        4000,
        "two deposits, in pence"
    );
    stripe.pay(&intent);
    let place = json!({"booking": booked["booking"], "payment_intent_id": intent});
    let (status, placed) = app.post_json("/api/workshops/bookings/", &place).await;
    assert_eq!(status, 200, "{placed}");
    let (status, again) = app.post_json("/api/workshops/bookings/", &place).await;
    assert_eq!((status, &again["order_id"]), (200, &placed["order_id"]));
    assert_eq!(crate::helpers::count(&app, "orders").await, 1);

    let order = placed["order_id"].as_i64().unwrap();
    cancel_booking(&app, &session, order).await;
    let refunds = stripe.requests("POST", "/v1/refunds").await;
    assert_eq!(refunds.len(), 1, "given back once");
    assert_eq!(spots_left(&app, WREATH).await, 4);
}

#[tokio::test]
async fn the_balance_is_reminded_a_week_before_and_on_the_day_with_a_link_that_pays_it() {
    use posy_server::orders::bookings::remind_balances;
    use posy_server::store::clock::now;
    let app = spawn_app().await;
    let placed = booked(&app, 1).await;
    let today = posy_core::calendar::LondonTime::at(now()).unwrap().date;
    let due_in = |days: i64| {
        format!(
            "UPDATE workshop_bookings SET balance_due = '{}'",
            today.add_days(days).to_wire()
        )
    };
    sql(&app, &due_in(8)).await;
    assert_eq!(
        remind_balances(&app.desk, now()).await.unwrap(),
        0,
        "not yet"
    );
    sql(&app, &due_in(7)).await;
    assert_eq!(remind_balances(&app.desk, now()).await.unwrap(), 1);
    assert_eq!(
        remind_balances(&app.desk, now()).await.unwrap(),
        0,
        "once a week before"
    );
    sql(&app, &due_in(0)).await;
    assert_eq!(
        remind_balances(&app.desk, now()).await.unwrap(),
        1,
        "and on the day"
    );
    assert_eq!(remind_balances(&app.desk, now()).await.unwrap(), 0);

    let mail = app.mail(4).await;
    let reminders: Vec<String> = mail
        .iter()
        .map(|m| decoded(m))
        .filter(|m| m.contains("Subject: Your balance for Christmas wreath making"))
        .collect();
    assert_eq!(reminders.len(), 2, "{mail:?}");
    assert!(reminders.iter().any(|m| m.contains("is due today")));
    let order = placed["order_id"].as_i64().unwrap();
    let link = format!("/workshops/balance/{order}?token=");
    let token: String = reminders[0]
        .split(&link)
        .nth(1)
        .expect("the link to pay it")
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    let (status, balance) = app
        .get_json(&format!("/api/workshops/balance/{order}/?token={token}"))
        .await;
    assert_eq!(status, 200, "{balance}");
    assert_eq!(balance["owed"], true);
}

/// A shop on the fake Stripe with the studio signed in: the fake, the shop and the session.
async fn studio_on_stripe() -> (crate::stripe::FakeStripe, TestApp, String) {
    let stripe = crate::stripe::FakeStripe::start().await;
    let app = crate::stripe::shop_on(&stripe).await;
    let session = admin_session(&app).await;
    (stripe, app, session)
}

/// The studio's `body` posted to `path` twice, the second the same ask again: both are
/// answered 200.
async fn asked_twice(app: &TestApp, session: &str, path: &str, body: Value) {
    let (status, first) = admin_post(app, session, path, body.clone()).await;
    assert_eq!(status, 200, "{first}");
    let (status, again) = admin_post(app, session, path, body).await;
    assert_eq!(status, 200, "the same ask again: {again}");
}

/// The studio cancels the booking of `order` by the rule, with its refund, asking twice.
async fn cancel_booking(app: &TestApp, session: &str, order: i64) {
    let path = format!("/api/admin/workshops/bookings/{order}/cancel/");
    let body = json!({"key": uuid::Uuid::new_v4().to_string(), "refund": true});
    asked_twice(app, session, &path, body).await;
}

/// The id of the payment intent whose client secret `answer` carries.
fn intent_of(answer: &Value) -> String {
    let secret = answer["client_secret"].as_str().unwrap();
    secret.split("_secret_").next().unwrap().to_owned()
}

/// A seat on the wreath workshop whose deposit is paid through the Stripe fake and placed:
/// the order, its link's token and the deposit's intent.
async fn deposit_paid_through_stripe(
    app: &TestApp,
    stripe: &crate::stripe::FakeStripe,
) -> (i64, String, String) {
    let (status, booked) = book_from(app, WREATH, &form(1), "127.0.0.1").await;
    assert_eq!(status, 200, "{booked}");
    let deposit = intent_of(&booked);
    stripe.pay(&deposit);
    let place = json!({"booking": booked["booking"], "payment_intent_id": deposit});
    let (status, placed) = app.post_json("/api/workshops/bookings/", &place).await;
    assert_eq!(status, 200, "{placed}");
    let order = placed["order_id"].as_i64().unwrap();
    let token = placed["access_token"].as_str().unwrap().to_owned();
    (order, token, deposit)
}

/// The intent that pays the balance of `order`, asked for through its link.
async fn balance_intent(app: &TestApp, order: i64, token: &str) -> String {
    intent_of(&balance_secret(app, order, token).await)
}

/// The payment of booking `order`'s balance, started through its link (`token`): the answer,
/// with its `client_secret` and `amount`.
async fn balance_secret(app: &TestApp, order: i64, token: &str) -> Value {
    let path = format!("/api/workshops/balance/{order}/");
    let (status, secret) = app.post_json(&path, &json!({"token": token})).await;
    assert_eq!(status, 200, "{secret}");
    secret
}

/// The balance whose payment `secret` started paid by the test card, and the shop told: the
/// status and the balance as it then stands.
async fn pay_balance(app: &TestApp, order: i64, token: &str, secret: &Value) -> (u16, Value) {
    let card = secret["client_secret"].as_str().unwrap();
    let paid = pay(app, card, "4242 4242 4242 4242").await;
    let body = json!({"token": token, "payment_intent_id": paid["payment_intent"]["id"]});
    let path = format!("/api/workshops/balance/{order}/paid/");
    app.post_json(&path, &body).await
}

/// Booking `order`'s balance marked received in the studio: the attendee row as it then
/// stands.
pub(crate) async fn balance_paid_in_studio(app: &TestApp, session: &str, order: i64) -> Value {
    let path = format!("/api/admin/workshops/bookings/{order}/balance-paid/");
    let (status, row) = admin_post(app, session, &path, json!({})).await;
    assert_eq!(status, 200, "{row}");
    row
}

/// A booking on the wreath workshop paid through the Stripe fake: the deposit placed, then the
/// balance paid through its link. Answers the order, the deposit's intent and the balance's.
async fn paid_in_full_through_stripe(
    app: &TestApp,
    stripe: &crate::stripe::FakeStripe,
) -> (i64, String, String) {
    let (order, token, deposit) = deposit_paid_through_stripe(app, stripe).await;
    let balance = balance_intent(app, order, &token).await;
    assert_eq!(stripe.intent(&balance)["amount"], 2500);
    stripe.pay(&balance);
    let paid = json!({"token": token, "payment_intent_id": balance});
    let path = format!("/api/workshops/balance/{order}/paid/");
    let (status, after) = app.post_json(&path, &paid).await;
    assert_eq!(status, 200, "{after}");
    assert_eq!(after["paid_how"], "card");
    (order, deposit, balance)
}

#[tokio::test]
async fn cancelling_a_workshop_gives_back_the_balance_paid_online_on_its_own_payment_once() {
    let (stripe, app, session) = studio_on_stripe().await;
    let (_, deposit, balance) = paid_in_full_through_stripe(&app, &stripe).await;

    let (path, body) = wreath_cancellation(&app, &session).await;
    asked_twice(&app, &session, &path, body).await;

    let refunds = stripe.requests("POST", "/v1/refunds").await;
    let mut given: Vec<(String, Option<String>)> = refunds
        .iter()
        .map(|(form, _)| (form["payment_intent"].clone(), form.get("amount").cloned()))
        .collect();
    given.sort();
    let mut expected = vec![
        (deposit, Some("2000".to_owned())),
        (balance, Some("2500".to_owned())),
    ];
    expected.sort();
    assert_eq!(given, expected, "each payment given back once, on itself");
    let keys: Vec<&Option<String>> = refunds.iter().map(|(_, key)| key).collect();
    assert!(
        keys.iter().all(|k| k.is_some()) && keys[0] != keys[1],
        "{keys:?}"
    );

    let mail: Vec<String> = app.mail(6).await.iter().map(|m| decoded(m)).collect();
    assert!(
        mail.iter()
            .any(|m| m.contains("cancel the workshop. We have refunded £45.00")),
        "the cancellation says all that was given back: {mail:?}"
    );
    assert!(
        mail.iter()
            .any(|m| m.contains("refunding £25.00 (the balance of your booking)")),
        "{mail:?}"
    );
}

#[tokio::test]
async fn cancelling_a_booking_by_the_rule_gives_back_its_balance_paid_online_too() {
    let (stripe, app, session) = studio_on_stripe().await;
    let (order, _, balance) = paid_in_full_through_stripe(&app, &stripe).await;
    cancel_booking(&app, &session, order).await;
    let refunds = stripe.requests("POST", "/v1/refunds").await;
    assert_eq!(refunds.len(), 2, "the deposit and the balance, once each");
    assert!(
        refunds
            .iter()
            .any(|(form, _)| form["payment_intent"] == balance && form["amount"] == "2500")
    );
    let mail: Vec<String> = app.mail(6).await.iter().map(|m| decoded(m)).collect();
    assert!(
        mail.iter()
            .any(|m| m.contains("We have refunded £45.00 to your card")),
        "{mail:?}"
    );
}

/// `[total, refunded, net, by card]` as [`money_everywhere`] answers each.
pub(crate) fn figures(money: [&str; 4]) -> [String; 4] {
    money.map(str::to_owned)
}

/// Order `order`'s money wherever the studio reads it, as `[total, refunded, net, by card]`:
/// the order's page, its line on the orders' view of its day, the day sheet (absent once
/// cancelled) and the CSV export (net worked out from its columns).
pub(crate) async fn money_everywhere(app: &TestApp, session: &str, order: i64) -> Vec<[String; 4]> {
    let text = |v: &Value| v.as_str().unwrap().to_owned();
    let (status, page) = admin_get(app, session, &format!("/api/admin/orders/{order}/")).await;
    assert_eq!(status, 200, "{page}");
    let pay = &page["payment"];
    let mut seen = vec![[
        text(&pay["total"]),
        text(&pay["refunded"]),
        text(&page["net_total"]),
        text(&pay["paid_by_card"]),
    ]];
    // A booking is on the day's work of its workshop's date.
    let day = text(&admin_workshop(app, session, WREATH).await["date"]);
    let list = format!("/api/admin/orders/?from={day}&to={day}");
    let (status, book) = admin_get(app, session, &list).await;
    assert_eq!(status, 200, "{book}");
    let line = book["days"][0]["orders"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["id"] == order)
        .cloned()
        .unwrap();
    seen.push([
        text(&line["total"]),
        text(&line["refunded"]),
        text(&line["net_total"]),
        text(&pay["paid_by_card"]),
    ]);
    let (status, sheet) = admin_get(
        app,
        session,
        &format!("/api/admin/orders/sheet/?date={day}"),
    )
    .await;
    assert_eq!(status, 200, "{sheet}");
    if let Some(on_sheet) = sheet["orders"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["id"] == order)
    {
        seen.push([
            text(&on_sheet["payment"]["total"]),
            text(&on_sheet["payment"]["refunded"]),
            text(&on_sheet["net_total"]),
            text(&on_sheet["payment"]["paid_by_card"]),
        ]);
    }
    let csv = app
        .signed(
            reqwest::Method::GET,
            &format!("/api/admin/orders/export/?from={day}&to={day}"),
            Some(session),
        )
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let reference = text(&page["reference"]);
    let row = csv.lines().find(|l| l.starts_with(&reference)).unwrap();
    // The money is the row's last six cells: total, refunded, paid by, discount, voucher, card.
    let cells: Vec<&str> = row.rsplit(',').take(6).collect();
    let pence = |s: &str| (s.parse::<f64>().unwrap() * 100.0).round() as i64;
    let net = pence(cells[5]) - pence(cells[4]);
    seen.push([
        cells[5].to_owned(),
        cells[4].to_owned(),
        format!("{}.{:02}", net / 100, net % 100),
        cells[0].to_owned(),
    ]);
    seen
}

#[tokio::test]
async fn a_balance_given_back_counts_once_in_what_the_order_gave_back_wherever_it_is_read() {
    use crate::stripe::{FakeStripe, shop_on};
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let session = admin_session(&app).await;
    let (order, _, _) = paid_in_full_through_stripe(&app, &stripe).await;
    let cancel = format!("/api/admin/workshops/bookings/{order}/cancel/");
    let body = json!({"key": uuid::Uuid::new_v4().to_string(), "refund": true});
    let (status, _) = admin_post(&app, &session, &cancel, body).await;
    assert_eq!(status, 200);
    assert_eq!(
        money_everywhere(&app, &session, order).await,
        vec![figures(["45.00", "45.00", "0.00", "45.00"]); 3],
        "the page, the day's line and the export (a cancelled order is not on the sheet)"
    );
}

#[tokio::test]
async fn a_balance_paid_in_the_studio_counts_in_what_the_order_took_wherever_it_is_read() {
    let (app, session, _, order) = one_booking().await;
    assert_eq!(
        money_everywhere(&app, &session, order).await,
        vec![figures(["20.00", "0.00", "20.00", "20.00"]); 4]
    );
    balance_paid_in_studio(&app, &session, order).await;
    assert_eq!(
        money_everywhere(&app, &session, order).await,
        vec![figures(["45.00", "0.00", "45.00", "45.00"]); 4],
        "the page, the day's line, the sheet and the export"
    );
}

#[tokio::test]
async fn a_balance_paid_after_its_booking_was_cancelled_is_given_back_once_and_the_studio_told() {
    let (app, session, placed, order) = one_booking().await;
    let token = placed["access_token"].as_str().unwrap();
    let path = format!("/api/workshops/balance/{order}/");
    let secret = balance_secret(&app, order, token).await;

    // The studio cancels while the booker has the card form open.
    let cancel = format!("/api/admin/workshops/bookings/{order}/cancel/");
    let body = json!({"key": uuid::Uuid::new_v4().to_string(), "refund": true});
    let (status, _) = admin_post(&app, &session, &cancel, body).await;
    assert_eq!(status, 200);
    let paid = pay(
        &app,
        secret["client_secret"].as_str().unwrap(),
        "4242 4242 4242 4242",
    )
    .await;
    let intent = paid["payment_intent"]["id"].as_str().unwrap();
    for _ in 0..2 {
        let body = json!({"token": token, "payment_intent_id": intent});
        let (status, after) = app.post_json(&format!("{path}paid/"), &body).await;
        assert_eq!(status, 200, "heard of twice: {after}");
        assert_eq!(after["owed"], false);
    }

    let (status, page) = admin_get(&app, &session, &format!("/api/admin/orders/{order}/")).await;
    assert_eq!(status, 200, "{page}");
    let refunds = page["refunds"].as_array().unwrap();
    let late: Vec<&Value> = refunds.iter().filter(|r| r["amount"] == "25.00").collect();
    assert_eq!(
        late.len(),
        1,
        "the late balance given back once: {refunds:?}"
    );
    assert_eq!(page["payment"]["refunded"], "45.00", "{page}");
    assert_eq!(
        crate::helpers::count(&app, "simulated_refunds").await,
        2,
        "the deposit and the late balance, each asked of the provider once"
    );
    let told = "outbox WHERE subject LIKE 'Balance refunded for cancelled booking%'";
    assert_eq!(
        crate::helpers::count(&app, told).await,
        1,
        "the studio told once"
    );
}

#[tokio::test]
async fn a_balance_paid_through_stripe_is_marked_paid_once_whether_the_webhook_or_the_browser_comes_first()
 {
    use crate::helpers::WEBHOOK_SECRET;
    use crate::stripe::{FakeStripe, deliver, shop_on, signature, succeeded_event};
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let (order, token, _) = deposit_paid_through_stripe(&app, &stripe).await;
    let path = format!("/api/workshops/balance/{order}/");
    let balance = balance_intent(&app, order, &token).await;

    // Not paid yet: the event changes nothing.
    let now = posy_server::store::clock::now();
    let early = succeeded_event("evt_early", &stripe.intent(&balance));
    let answer = deliver(&app, &early, &signature(&early, WEBHOOK_SECRET, now)).await;
    assert_eq!(answer, 200);
    let (_, owed) = app.get_json(&format!("{path}?token={token}")).await;
    assert_eq!(owed["owed"], true, "{owed}");

    // Paid: the webhook comes first, twice, then the browser.
    stripe.pay(&balance);
    let event = succeeded_event("evt_balance", &stripe.intent(&balance));
    for _ in 0..2 {
        let answer = deliver(&app, &event, &signature(&event, WEBHOOK_SECRET, now)).await;
        assert_eq!(answer, 200, "a balance's payment is received, not an error");
    }
    let (_, after) = app.get_json(&format!("{path}?token={token}")).await;
    assert_eq!(
        (&after["owed"], &after["paid_how"]),
        (&json!(false), &json!("card")),
        "{after}"
    );
    let paid = json!({"token": token, "payment_intent_id": balance});
    let (status, again) = app.post_json(&format!("{path}paid/"), &paid).await;
    assert_eq!(status, 200, "the browser arriving late: {again}");
    assert_eq!(again["owed"], false);
    assert_eq!(crate::helpers::count(&app, "orders").await, 1);
    assert_eq!(crate::helpers::count(&app, "refunds").await, 0);
    let mail: Vec<String> = app.mail(3).await.iter().map(|m| decoded(m)).collect();
    let received = mail
        .iter()
        .filter(|m| m.contains("we have received the balance of £25.00"))
        .count();
    assert_eq!(received, 1, "told once: {mail:?}");
}

const FULL: &str = "winter-table-centrepiece";

/// Puts `name` on the full workshop's waiting list for one seat.
async fn wait_for_a_seat(app: &TestApp, name: &str, email: &str) {
    let join = format!("/api/workshops/{FULL}/waiting-list/");
    let body = json!({"name": name, "email": email, "seats": 1});
    let (status, said) = app.post_json(&join, &body).await;
    assert_eq!(status, 200, "{said}");
}

/// The studio adds one seat to the full workshop, which frees it for the waiting list.
async fn add_a_seat(app: &TestApp, session: &str) {
    let table = admin_workshop(app, session, FULL).await;
    let seats = table["seats"].as_i64().unwrap();
    let more = body_of(&table, |b| b["seats"] = json!(seats + 1));
    let path = format!("/api/admin/workshops/{}/", table["id"]);
    let (status, saved) = admin_put(app, session, &path, more).await;
    assert_eq!(status, 200, "{saved}");
}

/// The offer mailed to `email`, once its letter is in the outbox: its words and its token.
async fn offer_to(app: &TestApp, email: &str) -> (String, String) {
    let to = format!("To: {email}");
    let mut mail = Vec::new();
    for _ in 0..50 {
        mail = app.mail(1).await;
        if mail.iter().any(|m| m.contains(&to)) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let offer = decoded(
        mail.iter()
            .find(|m| m.contains(&to))
            .unwrap_or_else(|| panic!("{email}'s offer in {mail:?}")),
    );
    let token = offer_token(&offer);
    (offer, token)
}

/// An offer keeps its seat for `hours`, then lapses by itself to the next person waiting: the
/// first's link is refused, the next's books the seat.
async fn an_offer_lapses_after(app: &TestApp, hours: u32) {
    use posy_server::store::clock::now;
    use posy_server::store::db::Writer;
    use posy_server::studio::waiting::{OFFER_GONE, Offers, offer_freed};
    let session = admin_session(app).await;
    wait_for_a_seat(app, "Cat", "cat@example.com").await;
    wait_for_a_seat(app, "Dan", "dan@example.com").await;
    let offered_from = now();
    add_a_seat(app, &session).await;
    let (offer, cats) = offer_to(app, "cat@example.com").await;
    assert!(
        offer.contains(&format!("keeping it for you for {hours} hours")),
        "{offer}"
    );

    // The offers' task, on a clock driven past the offer's hours.
    let writer = Writer::beside_the_shop(app.db.clone());
    let offers = Offers {
        hours,
        public_url: "http://posy.test".into(),
    };
    let lasts = i64::from(hours) * 3600;
    let sent = offer_freed(&writer, offered_from + lasts - 60, &offers)
        .await
        .unwrap();
    assert_eq!(
        sent, 0,
        "a minute before its hours are up, the offer still keeps the seat"
    );
    let sent = offer_freed(&writer, offered_from + lasts + 120, &offers)
        .await
        .unwrap();
    assert_eq!(sent, 1, "lapsed: the seat is offered to the next");
    let (_, dans) = offer_to(app, "dan@example.com").await;

    let mut hers = form(1);
    hers["offer"] = json!(cats);
    let (status, refused) = book_from(app, FULL, &hers, "127.0.0.1").await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(refused["error"], OFFER_GONE);
    let mut his = form(1);
    his["offer"] = json!(dans);
    let (status, booked) = book_from(app, FULL, &his, "127.0.0.1").await;
    assert_eq!(status, 200, "{booked}");
}

#[tokio::test]
async fn a_waiting_list_offer_lapses_after_24_hours_to_the_next_person_waiting() {
    let app = spawn_app().await;
    an_offer_lapses_after(&app, 24).await;
}

#[tokio::test]
async fn a_waiting_list_offer_lapses_after_the_hours_the_shop_is_set_to() {
    let app = spawn_app_with(Options {
        configure: Some(|config| config.offer_hours = 3),
        ..Options::default()
    })
    .await;
    an_offer_lapses_after(&app, 3).await;
}

#[tokio::test]
async fn an_offered_seat_passes_to_its_booking_with_no_moment_for_another_shopper_to_take_it() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let app = spawn_app_with(Options {
        configure: Some(behind_a_proxy),
        ..Options::default()
    })
    .await;
    let session = admin_session(&app).await;
    let waiting = ["cat@example.com", "dan@example.com", "eve@example.com"];
    for email in waiting {
        wait_for_a_seat(&app, "Someone Waiting", email).await;
    }
    // Three times over, as the moment is short: a seat frees, is offered to the next waiting,
    // and shoppers ask for it again and again while she books it with her offer.
    for (round, email) in waiting.into_iter().enumerate() {
        add_a_seat(&app, &session).await;
        let (_, token) = offer_to(&app, email).await;
        let mut hers = form(1);
        hers["offer"] = json!(token);
        let done = AtomicBool::new(false);
        let offered = async {
            let answer = book_from(&app, FULL, &hers, &format!("203.0.113.{round}")).await;
            done.store(true, Ordering::SeqCst);
            answer
        };
        let others = join_all((0..12).map(|n| {
            let (app, done) = (&app, &done);
            async move {
                let mut answers = Vec::new();
                for wave in 0..40 {
                    if wave > 0 && done.load(Ordering::SeqCst) {
                        break;
                    }
                    let address = format!("10.{round}.{wave}.{n}");
                    answers.push(book_from(app, FULL, &form(1), &address).await);
                }
                answers
            }
        }));
        let ((status, booked), others) = tokio::join!(offered, others);
        assert_eq!(status, 200, "the seat kept for {email} is hers: {booked}");
        for (status, body) in others.into_iter().flatten() {
            assert_eq!(status, 409, "{body}");
            assert_eq!(
                body["error"],
                "Sorry, Winter table centrepiece is fully booked. You can join the waiting list."
            );
        }
        let (status, placed) = pay_and_place(&app, &booked).await;
        assert_eq!(status, 200, "{placed}");
        assert_eq!(spots_left(&app, FULL).await, 0);
    }
}

#[tokio::test]
async fn a_workshop_is_on_the_orders_day_view_of_its_date_with_no_orders_that_day() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let day = admin_workshop(&app, &session, WREATH).await["date"]
        .as_str()
        .unwrap()
        .to_owned();
    let days_of = |book: &Value| -> Vec<(String, usize)> {
        book["days"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| {
                let orders = d["orders"].as_array().unwrap().len();
                (d["date"].as_str().unwrap().to_owned(), orders)
            })
            .collect()
    };
    let ranged = format!("/api/admin/orders/?from={day}&to={day}");
    let (status, book) = admin_get(&app, &session, &ranged).await;
    assert_eq!(status, 200, "{book}");
    assert_eq!(
        days_of(&book),
        vec![(day.clone(), 0)],
        "its day, with no orders"
    );
    let (status, work) = admin_get(&app, &session, "/api/admin/orders/").await;
    assert_eq!(status, 200, "{work}");
    assert!(days_of(&work).contains(&(day.clone(), 0)), "{work}");
    // A search asks for orders alone.
    let (_, found) = admin_get(&app, &session, "/api/admin/orders/?q=nobody-at-all").await;
    assert!(days_of(&found).is_empty(), "{found}");
}
