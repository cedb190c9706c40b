//! The studio's orders: the day's work, the status workflow with its history and mails, the
//! customer's progress, refunds and cancellation, the day sheet, the CSV, and phone orders.

use reqwest::Method;
use serde_json::{Value, json};

use crate::builders::{OrderBuilder, Paid, pay_with_4242};
use crate::checkout::{cart_with, place};
use crate::fulfilment::{choose, delivery, studio_on_monday};
use crate::helpers::{
    TestApp, admin_get, admin_post, admin_put, assert_admin_only, product, sql, stock_in_db,
};

/// The day's work's days up to the end of 2026: the demo's workshops' days (next year) follow,
/// empty of orders.
pub fn order_days(book: &Value) -> impl Iterator<Item = &Value> {
    book["days"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["date"].as_str().unwrap() < "2027-01-01")
}

/// A day of the day's work: its date and how many orders it lists.
pub fn day_listed(day: &Value) -> (&str, usize) {
    (
        day["date"].as_str().unwrap(),
        day["orders"].as_array().unwrap().len(),
    )
}

/// A paid delivery order of `quantity` Sunflower Bunches for `date` (Morning, to `postcode`):
/// its id and link token.
pub async fn paid_order(app: &TestApp, quantity: i64, date: &str, postcode: &str) -> (i64, String) {
    let order = OrderBuilder::of("Sunflower Bunch", quantity)
        .delivered(date, "Morning", postcode)
        .place(app)
        .await;
    (order.id, order.token)
}

pub async fn get(app: &TestApp, path: &str, session: &str) -> (u16, Value) {
    admin_get(app, session, path).await
}

pub async fn move_order(
    app: &TestApp,
    session: &str,
    id: i64,
    from: &str,
    to: &str,
) -> (u16, Value) {
    admin_post(
        app,
        session,
        &format!("/api/admin/orders/{id}/status/"),
        json!({"from": from, "to": to}),
    )
    .await
}

/// Sends a refund as the order page does: what the page saw (the amount given back and the
/// status, read now unless the test says) and a fresh key, unless the test gives its own.
pub async fn refund(app: &TestApp, session: &str, id: i64, mut body: Value) -> (u16, Value) {
    if body.get("refunded").is_none() || body.get("status").is_none() {
        let (_, order) = get(app, &format!("/api/admin/orders/{id}/"), session).await;
        if body.get("refunded").is_none() {
            body["refunded"] = order["payment"]["refunded"].clone();
        }
        if body.get("status").is_none() {
            body["status"] = order["status"].clone();
        }
    }
    if body.get("key").is_none() {
        body["key"] = json!(uuid::Uuid::new_v4().to_string());
    }
    admin_post(
        app,
        session,
        &format!("/api/admin/orders/{id}/refund/"),
        body,
    )
    .await
}

/// Cancels order `id` giving nothing back: what a cancel from the day's work sends.
async fn cancel(app: &TestApp, session: &str, id: i64) -> (u16, Value) {
    let nothing = json!({"quantities": [0], "restock": [false], "delivery": false, "cancel": true});
    refund(app, session, id, nothing).await
}

/// The order after a refund that must succeed.
async fn refunded(app: &TestApp, session: &str, id: i64, body: Value) -> Value {
    let (status, order) = refund(app, session, id, body).await;
    assert_eq!(status, 200, "{order}");
    order
}

#[tokio::test]
async fn a_paid_order_is_in_the_days_work_under_its_day_and_moves_along_its_workflow() {
    let (app, session) = studio_on_monday().await;
    let (id, token) = paid_order(&app, 1, "2026-12-15", "BS3 4AA").await;

    let (status, book) = get(&app, "/api/admin/orders/", &session).await;
    assert_eq!(status, 200, "{book}");
    assert_eq!(book["today"], "2026-12-14");
    // Today comes first, always, here with nothing booked.
    assert_eq!(book["days"][0]["date"], "2026-12-14");
    assert_eq!(book["days"][0]["orders"], json!([]));
    let day = &book["days"][1];
    assert_eq!(day["date"], "2026-12-15");
    assert_eq!(day["relative"], "Tomorrow");
    assert_eq!(day["day"], "Tuesday 15 December");
    assert_eq!(
        (day["deliveries"].as_i64(), day["collections"].as_i64()),
        (Some(1), Some(0))
    );
    let line = &day["orders"][0];
    assert_eq!(line["id"], id);
    assert_eq!(line["status"], "new");
    assert_eq!(line["when"], "Morning");
    assert_eq!(line["recipient"], "Margaret Hale");
    assert_eq!(line["postcode"], "BS3 4AA");
    assert_eq!(line["items"], "1 × Sunflower Bunch");
    let (_, summary) = get(&app, "/api/admin/summary/", &session).await;
    assert_eq!(summary["new_orders"], 1);

    // Confirmed: kept with who and when, and the customer told.
    let (status, order) = move_order(&app, &session, id, "new", "confirmed").await;
    assert_eq!(status, 200, "{order}");
    assert_eq!(order["status"], "confirmed");
    let last = order["history"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (last["status"].as_str(), last["by"].as_str()),
        (Some("confirmed"), Some("studio"))
    );
    let mail = app.mail(3).await;
    let told = mail
        .iter()
        .find(|m| m.contains("is confirmed"))
        .expect("the customer's mail")
        .replace("=\r\n", "")
        .replace("=\n", "");
    assert!(told.contains("To: jo@example.com"), "{told}");
    assert!(told.contains("Tuesday 15 December"), "{told}");
    assert!(told.contains("/order-confirmation/"), "{told}");

    // The customer's page shows the step and its time.
    let theirs = app.order_by_link(id, &token).await;
    assert_eq!(theirs["status"], "confirmed");
    let steps: Vec<(&str, bool, bool)> = theirs["progress"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["label"].as_str().unwrap(),
                s["done"] == true,
                s["at"].is_string(),
            )
        })
        .collect();
    assert_eq!(
        steps,
        vec![
            ("Order placed", true, true),
            ("Confirmed", true, true),
            ("Out for delivery", false, false),
            ("Delivered", false, false)
        ]
    );

    // Skipping forward, one step back, and nothing more than that.
    let (status, order) = move_order(&app, &session, id, "confirmed", "out_for_delivery").await;
    assert_eq!(status, 200, "{order}");
    assert_eq!(order["moves"]["back"]["status"], "ready");
    let (status, body) = move_order(&app, &session, id, "out_for_delivery", "confirmed").await;
    assert_eq!(status, 400);
    assert_eq!(body["error"], "Only the last step can be undone.");
    let (status, body) = move_order(&app, &session, id, "confirmed", "ready").await;
    assert_eq!(status, 409, "a page out of date is refused: {body}");
    let (status, _) = move_order(&app, &session, id, "out_for_delivery", "ready").await;
    assert_eq!(status, 200, "one step back");
    let (status, _) = move_order(&app, &session, id, "ready", "delivered").await;
    assert_eq!(status, 200);
    let (status, body) = move_order(&app, &session, id, "delivered", "out_for_delivery").await;
    assert_eq!(status, 400);
    assert_eq!(
        body["error"],
        "This order is delivered, so its status can no longer change."
    );
    let (status, body) = move_order(&app, &session, id, "delivered", "collected").await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = cancel(&app, &session, id).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["error"],
        "This order is delivered, so it can no longer be cancelled; give money back with a \
         refund instead."
    );
    // Delivered told the customer too (placed ×2, confirmed, out for delivery, delivered).
    let mail = app.mail(5).await;
    assert!(mail.iter().any(|m| m.contains("has been delivered")));
    assert!(
        !mail
            .iter()
            .any(|m| m.contains("Subject: Your order FS-") && m.contains(": ready"))
    );
}

#[tokio::test]
async fn a_busy_days_work_draws_its_first_200_orders_and_counts_every_one() {
    let (app, session) = studio_on_monday().await;
    paid_order(&app, 1, "2026-12-15", "BS3 4AA").await;
    // 256 orders for Tuesday: copies of the first, doubled, then one more for Wednesday, placed
    // last.
    crate::order_ledger::double_orders(&app, 8).await;
    let (wednesday, _) = paid_order(&app, 1, "2026-12-16", "BS4 1AA").await;

    let (status, book) = get(&app, "/api/admin/orders/", &session).await;
    assert_eq!(status, 200, "{book}");
    assert_eq!(
        (book["found"].as_i64(), book["listed"].as_i64()),
        (Some(257), Some(200))
    );
    let days: Vec<(&str, usize, i64, i64)> = order_days(&book)
        .map(|d| {
            let (date, listed) = day_listed(d);
            (
                date,
                listed,
                d["not_listed"].as_i64().unwrap(),
                d["deliveries"].as_i64().unwrap(),
            )
        })
        .collect();
    // Every day keeps its counts; the lines stop at 200, in the list's order.
    assert_eq!(
        days,
        vec![
            ("2026-12-14", 0, 0, 0),
            ("2026-12-15", 200, 56, 256),
            ("2026-12-16", 0, 1, 1)
        ]
    );
    assert!(
        book["days"][1]["orders"]
            .as_array()
            .unwrap()
            .iter()
            .all(|o| o["status"] == "new" && o["date"] == "2026-12-15"),
        "{}",
        book["days"][1]
    );
    // A narrower list draws what the wider one left out.
    let (_, day) = get(
        &app,
        "/api/admin/orders/?from=2026-12-16&to=2026-12-16",
        &session,
    )
    .await;
    assert_eq!(day["days"][0]["orders"][0]["id"], wednesday);
    assert_eq!(day["days"][0]["not_listed"], 0);
}

#[tokio::test]
async fn past_days_unfinished_orders_come_first_as_overdue_and_search_finds_any_order() {
    let (app, session) = studio_on_monday().await;
    let (late, _) = paid_order(&app, 1, "2026-12-15", "BS3 4AA").await;
    let (done, _) = paid_order(&app, 1, "2026-12-16", "BS4 1AA").await;
    let (ahead, _) = paid_order(&app, 1, "2026-12-16", "BS3 2BB").await;
    // Two of them were for last week: one never delivered, one delivered.
    sql(
        &app,
        &format!("UPDATE orders SET fulfil_date = '2026-12-10' WHERE id IN ({late}, {done})"),
    )
    .await;
    sql(
        &app,
        &format!("UPDATE orders SET status = 'delivered' WHERE id = {done}"),
    )
    .await;

    let (_, book) = get(&app, "/api/admin/orders/", &session).await;
    let days: Vec<(&str, Vec<i64>)> = book["days"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["date"].as_str().unwrap(),
                d["orders"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|o| o["id"].as_i64().unwrap())
                    .collect(),
            )
        })
        // The demo's workshops' days (next year) follow, empty of orders.
        .filter(|(date, _)| *date < "2027-01-01")
        .collect();
    assert_eq!(
        days,
        vec![
            ("2026-12-10", vec![late]),
            ("2026-12-14", vec![]),
            ("2026-12-16", vec![ahead])
        ]
    );
    assert_eq!(book["days"][0]["orders"][0]["overdue"], true);
    assert_eq!(book["days"][2]["orders"][0]["overdue"], false);

    for (words, expected) in [
        (format!("FS-{done:06}"), vec![done]),
        ("bs32bb".to_owned(), vec![ahead]),
        ("BS3 2BB".to_owned(), vec![ahead]),
        ("margaret".to_owned(), vec![ahead, done, late]),
        ("JO@EXAMPLE".to_owned(), vec![ahead, done, late]),
        ("nobody".to_owned(), vec![]),
    ] {
        let (status, found) = get(
            &app,
            &format!("/api/admin/orders/?q={}", urlencode(&words)),
            &session,
        )
        .await;
        assert_eq!(status, 200, "{found}");
        let ids: Vec<i64> = found["days"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|d| {
                d["orders"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|o| o["id"].as_i64().unwrap())
            })
            .collect();
        let mut sorted = ids.clone();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        let mut want = expected.clone();
        want.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!(sorted, want, "{words}");
    }
    let (status, _) = get(
        &app,
        "/api/admin/orders/?status=delivered&method=delivery",
        &session,
    )
    .await;
    assert_eq!(status, 200);
    // A range typed backwards means the same days.
    let forwards = get(
        &app,
        "/api/admin/orders/?from=2026-12-01&to=2026-12-20",
        &session,
    )
    .await;
    let backwards = get(
        &app,
        "/api/admin/orders/?from=2026-12-20&to=2026-12-01",
        &session,
    )
    .await;
    assert_eq!(forwards.0, 200, "{}", forwards.1);
    assert_eq!(backwards, forwards);
    for bad in ["status=shipped", "method=post", "from=15-12-2026"] {
        let (status, body) = get(&app, &format!("/api/admin/orders/?{bad}"), &session).await;
        assert_eq!(status, 400, "{bad}: {body}");
        assert!(body["fields"].is_object(), "{body}");
    }
}

fn urlencode(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

#[tokio::test]
async fn refunds_give_back_chosen_items_restock_them_and_cancel_with_the_customer_told() {
    let (app, session) = studio_on_monday().await;
    let before = stock_in_db(&app, "Sunflower Bunch").await;
    let (id, _) = paid_order(&app, 2, "2026-12-15", "BS3 4AA").await;
    assert_eq!(stock_in_db(&app, "Sunflower Bunch").await, before - 2);

    // One of the two back, and on the shelf again.
    let order = refunded(
        &app,
        &session,
        id,
        json!({"quantities": [1], "restock": [true], "delivery": false, "cancel": false,
               "reason": "One stem broke"}),
    )
    .await;
    assert_eq!(
        order["status"], "new",
        "a partial refund leaves the order running"
    );
    assert_eq!(order["payment"]["refunded"], "28.00");
    assert_eq!(order["items"][0]["refunded_quantity"], 1);
    assert_eq!(order["refunds"][0]["state"], "succeeded");
    assert_eq!(order["refunds"][0]["what"], "1 × Sunflower Bunch");
    assert_eq!(stock_in_db(&app, "Sunflower Bunch").await, before - 1);
    let payment = order["payment"]["reference"].as_str().unwrap().to_owned();
    let given = simulated_refunds(&app, &payment).await;
    assert_eq!(given, vec![2800]);

    // No more than is left, and something.
    for (quantity, why) in [
        (2, "Only 1 of Sunflower Bunch can still be refunded."),
        (
            0,
            "Please choose what to refund: an item, or the delivery charge.",
        ),
    ] {
        let choice = json!({"quantities": [quantity], "restock": [false], "delivery": false, "cancel": false});
        let (status, body) = refund(&app, &session, id, choice).await;
        assert_eq!(status, 400);
        assert_eq!(body["error"], why);
    }

    // Cancelled with the rest and the delivery charge; the flowers were made, so not restocked.
    let order = refunded(
        &app,
        &session,
        id,
        json!({"quantities": [1], "restock": [false], "delivery": true, "cancel": true,
               "reason": "The recipient is away"}),
    )
    .await;
    assert_eq!(order["status"], "cancelled");
    assert_eq!(order["payment"]["refunded"], order["total"]);
    assert_eq!(order["can_refund"], false);
    assert_eq!(order["moves"]["next"], Value::Null);
    let last = order["history"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["status"], "cancelled");
    assert!(
        last["note"]
            .as_str()
            .unwrap()
            .contains("The recipient is away"),
        "{last}"
    );
    assert_eq!(stock_in_db(&app, "Sunflower Bunch").await, before - 1);
    assert_eq!(simulated_refunds(&app, &payment).await, vec![2800, 3600]);
    let mail = app.mail(4).await;
    let cancelled = mail
        .iter()
        .find(|m| m.contains("has been cancelled"))
        .expect("told");
    assert!(cancelled.contains("To: jo@example.com"));
    let (status, body) = cancel(&app, &session, id).await;
    assert_eq!(status, 400);
    assert_eq!(body["error"], "This order is already cancelled.");
    let (_, book) = get(&app, "/api/admin/orders/", &session).await;
    assert_eq!(book["days"][1]["cancelled"], 1);
    assert_eq!(
        book["days"][1]["deliveries"], 0,
        "a cancelled order is not counted as work"
    );
}

async fn simulated_refunds(app: &TestApp, payment: &str) -> Vec<i64> {
    use sea_orm::{ConnectionTrait, Statement};
    app.db
        .query_all_raw(Statement::from_string(
            app.db.get_database_backend(),
            format!(
                "SELECT amount FROM simulated_refunds WHERE payment_intent_id = '{payment}' \
                 ORDER BY created_at, amount"
            ),
        ))
        .await
        .unwrap()
        .iter()
        .map(|row| row.try_get::<i64>("", "amount").unwrap())
        .collect()
}

#[tokio::test]
async fn the_day_sheet_runs_by_slot_then_postcode_and_the_csv_keeps_formulas_as_text() {
    let (app, session) = studio_on_monday().await;
    let (later, _) = {
        let cart = cart_with(&app, "Sunflower Bunch", 1).await;
        let mut choice = delivery(&cart, "2026-12-15", "Afternoon", "BS3 1AA");
        choice["card_message"] = json!("=HYPERLINK(\"http://evil\")");
        choice["recipient_name"] = json!("+Sam, the neighbour");
        assert_eq!(choose(&app, choice).await.0, 200);
        let Paid { intent, .. } = pay_with_4242(&app, &cart).await;
        let (_, placed) = place(&app, &intent, &cart).await;
        (placed["id"].as_i64().unwrap(), ())
    };
    let (far, _) = paid_order(&app, 1, "2026-12-15", "BS4 9ZZ").await;
    let (near, _) = paid_order(&app, 1, "2026-12-15", "BS3 2AA").await;

    let (status, sheet) = get(&app, "/api/admin/orders/sheet/?date=2026-12-15", &session).await;
    assert_eq!(status, 200, "{sheet}");
    assert_eq!(sheet["day"], "Tuesday 15 December");
    let slots: Vec<(&str, &str, i64)> = sheet["slots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap(),
                s["hours"].as_str().unwrap(),
                s["deliveries"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        slots,
        vec![
            ("Morning", "09:00–13:00", 2),
            ("Afternoon", "13:00–18:00", 1)
        ],
        "each slot with its hours and deliveries"
    );
    assert_eq!(
        sheet["to_make"],
        json!([{"name": "Sunflower Bunch", "quantity": 3}]),
        "the bench's tally"
    );
    let sheet = &sheet["orders"];
    let ids: Vec<i64> = sheet
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_i64().unwrap())
        .collect();
    assert_eq!(
        ids,
        vec![near, far, later],
        "Morning by postcode, then Afternoon"
    );
    assert_eq!(
        sheet[2]["fulfilment"]["card_message"],
        "=HYPERLINK(\"http://evil\")"
    );

    let (file, csv) = export(&app, &session, "2026-12-14", "2026-12-20").await;
    assert!(file.contains("posy-orders-2026-12-14-to-2026-12-20.csv"));
    let rows: Vec<&str> = csv.split("\r\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(rows.len(), 4, "a header and three orders: {csv}");
    assert!(rows[0].starts_with("Reference,Status,Method,Date"));
    assert!(
        csv.contains("\"'=HYPERLINK(\"\"http://evil\"\")\""),
        "{csv}"
    );
    assert!(csv.contains("\"'+Sam, the neighbour\""), "{csv}");
    // Over a year, typed backwards: the same days, forwards.
    let (file, all) = export(&app, &session, "2027-06-01", "2026-01-01").await;
    assert!(file.contains("posy-orders-2026-01-01-to-2027-06-01.csv"));
    assert!(rows.iter().all(|row| all.contains(row)), "{all}");
}

/// The orders of the days `from` to `to` as CSV: the file's disposition and its text.
async fn export(app: &TestApp, session: &str, from: &str, to: &str) -> (String, String) {
    let path = format!("/api/admin/orders/export/?from={from}&to={to}");
    let response = app
        .signed(Method::GET, &path, Some(session))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let header = |name: &str| response.headers()[name].to_str().unwrap().to_owned();
    assert!(header("content-type").starts_with("text/csv"));
    let file = header("content-disposition");
    (file, response.text().await.unwrap())
}

fn phone_order(items: Value) -> Value {
    json!({
        "first_name": "Peggy", "last_name": "Olsen", "phone": "0117 496 0555", "email": "",
        "payment_note": "Card on the phone",
        "items": items,
        "fulfilment": {"method": "collection", "date": "2026-12-14", "collection_time": "15:00",
                       "card_message": "For the shop window"}
    })
}

#[tokio::test]
async fn an_order_taken_by_phone_takes_stock_and_is_in_the_days_work_and_bad_ones_write_nothing() {
    let (app, session) = studio_on_monday().await;
    let sunflowers = product(&app, "Sunflower Bunch").await;
    let id = sunflowers["id"].as_i64().unwrap();
    let stock = sunflowers["stock"].as_i64().unwrap();

    let (status, body) = admin_post(
        &app,
        &session,
        "/api/admin/orders/",
        json!({"first_name": "", "last_name": "Olsen", "phone": "ring me", "payment_note": "",
               "items": [], "fulfilment": {"method": "collection"}}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    for field in ["first_name", "phone", "payment_note", "items"] {
        assert!(body["fields"][field].is_string(), "{field}: {body}");
    }
    let (status, body) = admin_post(
        &app,
        &session,
        "/api/admin/orders/",
        phone_order(json!([{"product_id": id, "quantity": stock + 1}])),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["fields"]["items.0"]
            .as_str()
            .unwrap()
            .contains("Sunflower Bunch"),
        "{body}"
    );
    assert_eq!(
        stock_in_db(&app, "Sunflower Bunch").await,
        stock,
        "nothing taken"
    );

    let (status, taken) = admin_post(
        &app,
        &session,
        "/api/admin/orders/",
        phone_order(json!([{"product_id": id, "quantity": 2}])),
    )
    .await;
    assert_eq!(status, 200, "{taken}");
    let order_id = taken["id"].as_i64().unwrap();
    assert_eq!(stock_in_db(&app, "Sunflower Bunch").await, stock - 2);
    let (_, book) = get(&app, "/api/admin/orders/", &session).await;
    let today = &book["days"][0];
    assert_eq!(today["relative"], "Today");
    assert_eq!(today["collections"], 1);
    assert_eq!(today["orders"][0]["id"], order_id);
    assert_eq!(today["orders"][0]["studio_order"], true);
    let (_, order) = get(&app, &format!("/api/admin/orders/{order_id}/"), &session).await;
    assert_eq!(order["payment"]["paid_by"], "studio");
    assert_eq!(order["payment"]["note"], "Card on the phone");
    assert_eq!(order["payment"]["taken_by"], "studio");
    assert_eq!(order["total"], "56.00");
    // Given back by hand: the provider is not asked.
    let order = refunded(
        &app,
        &session,
        order_id,
        json!({"quantities": [2], "restock": [true], "delivery": false, "cancel": true}),
    )
    .await;
    assert_eq!(order["refunds"][0]["state"], "by_hand");
    assert_eq!(stock_in_db(&app, "Sunflower Bunch").await, stock);
}

#[tokio::test]
async fn a_delivery_taken_by_phone_keeps_its_slots_hours_and_needs_no_recipient_phone() {
    let (app, session) = studio_on_monday().await;
    let id = product(&app, "Sunflower Bunch").await["id"]
        .as_i64()
        .unwrap();
    let mut body = phone_order(json!([{"product_id": id, "quantity": 1}]));
    body["fulfilment"] = json!({"method": "delivery", "date": "2026-12-15", "slot": "Morning",
        "recipient_name": "Amy Cole", "address_line1": "27 North Street", "city": "Bristol",
        "postcode": "BS3 1AA"});
    let (status, taken) = admin_post(&app, &session, "/api/admin/orders/", body).await;
    assert_eq!(status, 200, "{taken}");
    let order_id = taken["id"].as_i64().unwrap();
    let (_, order) = get(&app, &format!("/api/admin/orders/{order_id}/"), &session).await;
    assert_eq!(order["fulfilment"]["slot"], "Morning");
    assert_eq!(order["fulfilment"]["slot_hours"], "09:00–13:00");
    assert_eq!(order["fulfilment"]["recipient_phone"], "");
}

#[tokio::test]
async fn every_orders_call_needs_the_admin_and_every_change_the_csrf_header() {
    let (app, session) = studio_on_monday().await;
    let (id, _) = paid_order(&app, 1, "2026-12-15", "BS3 4AA").await;
    let calls = [
        (Method::GET, "/api/admin/orders/".to_owned(), Value::Null),
        (Method::GET, format!("/api/admin/orders/{id}/"), Value::Null),
        (
            Method::GET,
            "/api/admin/orders/sheet/?date=2026-12-15".to_owned(),
            Value::Null,
        ),
        (
            Method::GET,
            "/api/admin/orders/export/?from=2026-12-14&to=2026-12-15".to_owned(),
            Value::Null,
        ),
        (
            Method::POST,
            format!("/api/admin/orders/{id}/status/"),
            json!({"from": "new", "to": "confirmed"}),
        ),
        (
            Method::POST,
            format!("/api/admin/orders/{id}/refund/"),
            json!({"quantities": [1], "restock": [true], "delivery": false, "cancel": true}),
        ),
        (
            Method::POST,
            "/api/admin/orders/".to_owned(),
            phone_order(json!([])),
        ),
    ];
    assert_admin_only(&app, &session, &calls).await;
    let (_, order) = get(&app, &format!("/api/admin/orders/{id}/"), &session).await;
    assert_eq!(order["status"], "new", "nothing changed");
    let (status, _) = get(&app, "/api/admin/orders/99999/", &session).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_skip_that_mails_the_customer_is_marked_so_the_page_can_ask_first() {
    let (app, session) = studio_on_monday().await;
    let (id, _) = paid_order(&app, 1, "2026-12-15", "BS3 4AA").await;

    let (status, order) = get(&app, &format!("/api/admin/orders/{id}/"), &session).await;
    assert_eq!(status, 200, "{order}");
    let mails = |moves: &Value| -> Vec<(String, bool)> {
        moves
            .as_array()
            .unwrap()
            .iter()
            .map(|m| {
                (
                    m["status"].as_str().unwrap().to_owned(),
                    m["mails_customer"].as_bool().unwrap(),
                )
            })
            .collect()
    };
    assert_eq!(order["moves"]["next"]["mails_customer"], true, "Confirmed");
    assert_eq!(
        mails(&order["moves"]["later"]),
        vec![
            ("ready".to_owned(), false),
            ("out_for_delivery".to_owned(), true),
            ("delivered".to_owned(), true)
        ]
    );
    let (_, order) = move_order(&app, &session, id, "new", "confirmed").await;
    assert_eq!(
        order["moves"]["back"]["mails_customer"], false,
        "an undo tells no one"
    );
}

#[tokio::test]
async fn after_a_part_refund_the_days_work_shows_the_refunded_line_and_the_net_amount() {
    let (app, session) = studio_on_monday().await;
    let (id, _) = paid_order(&app, 2, "2026-12-15", "BS3 4AA").await;
    let (_, book) = get(&app, "/api/admin/orders/", &session).await;
    let line = &book["days"][1]["orders"][0];
    let total = line["total"].as_str().unwrap().to_owned();
    assert_eq!(line["refunded"], "0.00");
    assert_eq!(line["net_total"], total);

    let order = refunded(
        &app,
        &session,
        id,
        json!({"quantities": [1], "restock": [false], "delivery": false, "cancel": false}),
    )
    .await;
    assert_eq!(order["payment"]["refunded"], "28.00");
    // 2 × £28.00 and £8.00 for the Morning delivery to BS3, less one bunch.
    assert_eq!(total, "64.00");
    let net = "36.00";
    assert_eq!(order["net_total"], net, "{order}");

    let (_, book) = get(&app, "/api/admin/orders/", &session).await;
    let line = &book["days"][1]["orders"][0];
    assert_eq!(line["total"], total, "what was paid stays on record");
    assert_eq!(line["refunded"], "28.00");
    assert_eq!(line["net_total"], net);
    assert_eq!(
        line["lines"],
        json!([{"name": "Sunflower Bunch", "quantity": 2, "refunded_quantity": 1}])
    );
}

async fn save_settings(
    app: &TestApp,
    session: &str,
    settings: &Value,
    warned_of: Option<&str>,
) -> (u16, Value) {
    let path = match warned_of {
        Some(ids) => format!("/api/admin/settings/delivery/?orders_warned_of={ids}"),
        None => "/api/admin/settings/delivery/".to_owned(),
    };
    admin_put(app, session, &path, settings.clone()).await
}

#[tokio::test]
async fn closing_a_day_with_orders_warns_with_them_until_confirmed_and_flags_them_in_the_days_work()
{
    let (app, session) = studio_on_monday().await;
    let (first, _) = paid_order(&app, 1, "2026-12-15", "BS3 4AA").await;
    let (cancelled, _) = paid_order(&app, 1, "2026-12-15", "BS3 4AA").await;
    let (status, _) = cancel(&app, &session, cancelled).await;
    assert_eq!(status, 200);
    let (_, original) = get(&app, "/api/admin/settings/delivery/", &session).await;

    // Saving settings that close no booked day is not held up.
    let (status, body) = save_settings(&app, &session, &original, None).await;
    assert_eq!(status, 200, "{body}");
    // The page now holds the settings as saved (their new version).
    let original = body;

    let mut closing = original.clone();
    closing["closed_on"] = json!([{"date": "2026-12-15", "reason": "a wedding"}]);
    let (status, body) = save_settings(&app, &session, &closing, None).await;
    assert_eq!(status, 409, "{body}");
    let reference = format!("FS-{first:06}");
    assert_eq!(
        body["orders"],
        json!([{
            "id": first, "reference": reference, "customer": "Jo Bloom", "method": "delivery",
            "date": "2026-12-15", "day": "Tuesday 15 December", "closed": "Closed for a wedding"
        }]),
        "the cancelled order needs nothing of the day"
    );
    let said = body["error"].as_str().unwrap();
    assert!(
        said.contains("Tuesday 15 December already has an order")
            && said.contains(&format!("{reference} for Jo Bloom")),
        "{said}"
    );
    let (_, now) = get(&app, "/api/admin/settings/delivery/", &session).await;
    assert_eq!(now, original, "nothing was saved");

    // An order booked after the warning was shown is warned of too.
    let (second, _) = paid_order(&app, 1, "2026-12-15", "BS4 1AA").await;
    let (status, body) = save_settings(&app, &session, &closing, Some(&first.to_string())).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["orders"].as_array().unwrap().len(), 2);
    let (status, body) = save_settings(&app, &session, &closing, Some("12,twelve")).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["fields"]["orders_warned_of"].is_string(), "{body}");

    // Confirmed: saved, and each order still to make is flagged in the day's work.
    let both = format!("{first},{second}");
    let (status, body) = save_settings(&app, &session, &closing, Some(&both)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["closed_on"][0]["reason"], "a wedding");
    let (_, book) = get(&app, "/api/admin/orders/", &session).await;
    let flags: Vec<(i64, Value)> = book["days"][1]["orders"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["id"].as_i64().unwrap(), o["studio_closed"].clone()))
        .collect();
    assert!(
        flags.contains(&(first, json!("Closed for a wedding"))),
        "{flags:?}"
    );
    assert!(
        flags.contains(&(second, json!("Closed for a wedding"))),
        "{flags:?}"
    );
    assert!(flags.contains(&(cancelled, Value::Null)), "{flags:?}");
    let (_, order) = get(&app, &format!("/api/admin/orders/{first}/"), &session).await;
    assert_eq!(order["studio_closed"], "Closed for a wedding");

    // Once closed, saving again does not warn of the same day.
    closing["version"] = body["version"].clone();
    let (status, body) = save_settings(&app, &session, &closing, None).await;
    assert_eq!(status, 200, "{body}");
}
