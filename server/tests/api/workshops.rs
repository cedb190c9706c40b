//! Workshops you can book (issue 31): seats held while paying, the deposit now and the balance
//! later, the booking an order of the `workshop` channel.

use futures_util::future::join_all;
use serde_json::{Value, json};

use crate::checkout::pay;
use crate::helpers::{Options, TestApp, behind_a_proxy, json_of, spawn_app, spawn_app_with, sql};

const WREATH: &str = "christmas-wreath-making";

fn form(seats: u32) -> Value {
    let names: Vec<String> = (1..=seats).map(|n| format!("Guest {n} Example")).collect();
    json!({
        "seats": seats, "names": names, "email": "ann@example.com",
        "phone": "07700 900123", "note": "A nut allergy"
    })
}

/// Books `body` on `slug` as if from `address`: the status and body.
async fn book_from(app: &TestApp, slug: &str, body: &Value, address: &str) -> (u16, Value) {
    let path = format!("/api/workshops/{slug}/bookings/");
    let response = app
        .client
        .post(app.url(&path))
        .header("cookie", format!("csrftoken={}", app.csrf))
        .header("x-csrftoken", &app.csrf)
        .header("x-forwarded-for", address)
        .json(body)
        .send()
        .await
        .unwrap();
    json_of(&path, response).await
}

/// Pays a booking's payment with the test card and places it: the status and body.
async fn pay_and_place(app: &TestApp, booked: &Value) -> (u16, Value) {
    let paid = pay(
        app,
        booked["client_secret"].as_str().unwrap(),
        "4242 4242 4242 4242",
    )
    .await;
    let intent = paid["payment_intent"]["id"].as_str().unwrap();
    app.post_json(
        "/api/workshops/bookings/",
        &json!({"booking": booked["booking"], "payment_intent_id": intent}),
    )
    .await
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
    let (status, again) = pay_and_place_again(&app, &booked, &placed).await;
    assert_eq!(status, 200, "the same booking again: {again}");
    assert_eq!(again["order_id"], placed["order_id"]);

    let mail = app.mail(2).await;
    let confirmation = mail
        .iter()
        .find(|m| m.contains("To: ann@example.com"))
        .expect("the booker's confirmation");
    // Quoted-printable: soft line breaks and the pound sign undone.
    let decoded = confirmation
        .replace("=\r\n", "")
        .replace("=\n", "")
        .replace("=C2=A3", "£");
    assert!(
        decoded.contains("The balance of £25.00 is due by Saturday 20 November 2027"),
        "{decoded}"
    );
    assert!(decoded.contains("Names: Guest 1 Example"), "{decoded}");
    let (channel, total): (String, i64) = {
        use sea_orm::{ConnectionTrait, Statement};
        let row = app
            .db
            .query_one_raw(Statement::from_string(
                app.db.get_database_backend(),
                "SELECT channel, total_pence FROM orders",
            ))
            .await
            .unwrap()
            .unwrap();
        (
            row.try_get("", "channel").unwrap(),
            row.try_get("", "total_pence").unwrap(),
        )
    };
    assert_eq!((channel.as_str(), total), ("workshop", 2000));
}

/// Places the same paid booking a second time.
async fn pay_and_place_again(app: &TestApp, booked: &Value, _placed: &Value) -> (u16, Value) {
    use sea_orm::{ConnectionTrait, Statement};
    let row = app
        .db
        .query_one_raw(Statement::from_string(
            app.db.get_database_backend(),
            "SELECT payment_intent_id FROM orders",
        ))
        .await
        .unwrap()
        .unwrap();
    let intent: String = row.try_get("", "payment_intent_id").unwrap();
    app.post_json(
        "/api/workshops/bookings/",
        &json!({"booking": booked["booking"], "payment_intent_id": intent}),
    )
    .await
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
