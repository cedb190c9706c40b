//! Gift vouchers and offer codes on workshop bookings (issue 32 on issue 31's bookings): the
//! booking's cart takes the checkout's one field, a voucher pays what is due now (all of it,
//! with no card, or part of it), the ledger holds it with the seats, and a cancellation gives
//! back to the voucher first.

use futures_util::future::join_all;
use serde_json::{Value, json};

use crate::builders::{studio_voucher, voucher_balance};
use crate::checkout::pay;
use crate::helpers::{
    Options, TestApp, admin_get, admin_post, admin_session, behind_a_proxy, count, decoded,
    post_from, spawn_app_with,
};

const WREATH: &str = "christmas-wreath-making";

/// A shop trusting its own address as a proxy, so each booker can come from an address of
/// their own.
async fn shop() -> (TestApp, String) {
    let app = spawn_app_with(Options {
        configure: Some(behind_a_proxy),
        ..Options::default()
    })
    .await;
    let session = admin_session(&app).await;
    (app, session)
}

fn form(email: &str) -> Value {
    json!({
        "seats": 1, "names": ["Ann Example"], "email": email,
        "phone": "07700 900123", "note": ""
    })
}

/// Holds a seat on the wreath workshop for `email` from `address` (again under `booking`
/// when given): the status and the payment.
async fn book(app: &TestApp, email: &str, booking: Option<&Value>, address: &str) -> (u16, Value) {
    let mut body = form(email);
    if let Some(booking) = booking {
        body["booking"] = booking["booking"].clone();
    }
    post_from(
        app,
        &format!("/api/workshops/{WREATH}/bookings/"),
        &body,
        address,
    )
    .await
}

/// A seat held for `email`, with `code` applied to its booking: the booking's payment as it
/// stands with the code.
async fn booked_with(app: &TestApp, email: &str, code: &str, address: &str) -> (Value, Value) {
    let (status, first) = book(app, email, None, address).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["amount"], "20.00", "the deposit");
    let (status, codes) = post_from(
        app,
        "/api/cart/apply_code/",
        &json!({"cart_id": first["booking"], "code": code}),
        address,
    )
    .await;
    assert_eq!(status, 200, "{codes}");
    (first, codes)
}

async fn place(app: &TestApp, booked: &Value, intent: Option<&str>) -> (u16, Value) {
    let place = json!({"booking": booked["booking"], "payment_intent_id": intent});
    app.post_json("/api/workshops/bookings/", &place).await
}

async fn pay_and_place(app: &TestApp, booked: &Value) -> (u16, Value) {
    let secret = booked["client_secret"].as_str().unwrap();
    let paid = pay(app, secret, "4242 4242 4242 4242").await;
    place(app, booked, paid["payment_intent"]["id"].as_str()).await
}

async fn attendees(app: &TestApp, session: &str) -> Value {
    let (_, list) = admin_get(app, session, "/api/admin/workshops/").await;
    let id = list
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["slug"] == WREATH)
        .unwrap()["id"]
        .clone();
    let (status, attendees) = admin_get(
        app,
        session,
        &format!("/api/admin/workshops/{id}/attendees/"),
    )
    .await;
    assert_eq!(status, 200, "{attendees}");
    attendees
}

#[tokio::test]
async fn a_booking_paid_in_full_by_voucher_needs_no_card_and_spends_the_voucher_once() {
    let (app, session) = shop().await;
    let code = studio_voucher(&app, &session, "50").await;
    let (first, codes) = booked_with(&app, "ann@example.com", &code, "198.51.100.1").await;
    assert_eq!(codes["paid_by_voucher"], "20.00", "{codes}");
    assert_eq!(codes["to_pay"], "0.00");
    assert_eq!(codes["voucher"]["left_after"], "30.00");
    let intents = count(&app, "simulated_payments").await;

    // Held again with the voucher: nothing is left for a card.
    let (status, held) = book(&app, "ann@example.com", Some(&first), "198.51.100.1").await;
    assert_eq!(status, 200, "{held}");
    assert_eq!(held["client_secret"], Value::Null, "{held}");
    assert_eq!(held["amount"], "0.00");
    assert_eq!(held["paid_by_voucher"], "20.00");
    assert_eq!(held["balance"], "25.00");
    assert_eq!(
        count(&app, "simulated_payments").await,
        intents,
        "no new intent"
    );

    let (status, placed) = place(&app, &held, None).await;
    assert_eq!(status, 200, "{placed}");
    // The same call again answers the same booking.
    let (status, again) = place(&app, &held, None).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["order_id"], placed["order_id"]);
    assert_eq!(count(&app, "orders").await, 1);
    assert_eq!(voucher_balance(&app, &code).await["balance"], "30.00");
    assert_eq!(count(&app, "voucher_movements").await, 2, "issued, spent");

    let list = attendees(&app, &session).await;
    assert_eq!(list["rows"][0]["paid"], "20.00", "{list}");
    assert_eq!(list["rows"][0]["paid_by_voucher"], "20.00", "{list}");
    let mail = app.mail(2).await;
    let confirmation = mail
        .iter()
        .map(|m| decoded(m))
        .find(|m| m.contains("To: ann@example.com"))
        .expect("the booker's confirmation");
    assert!(
        confirmation.contains("Of what you paid, £20.00 was by gift voucher."),
        "{confirmation}"
    );
}

#[tokio::test]
async fn a_booking_paid_part_by_voucher_and_part_by_card_gives_back_to_the_voucher_first() {
    let (app, session) = shop().await;
    let code = studio_voucher(&app, &session, "15").await;
    let (first, codes) = booked_with(&app, "ann@example.com", &code, "198.51.100.1").await;
    assert_eq!(codes["paid_by_voucher"], "15.00", "{codes}");
    assert_eq!(codes["to_pay"], "5.00");
    let (status, held) = book(&app, "ann@example.com", Some(&first), "198.51.100.1").await;
    assert_eq!(status, 200, "{held}");
    assert_eq!(held["amount"], "5.00");
    assert_eq!(held["paid_by_voucher"], "15.00");
    let (status, placed) = pay_and_place(&app, &held).await;
    assert_eq!(status, 200, "{placed}");
    assert_eq!(voucher_balance(&app, &code).await["balance"], "0.00");

    // Cancelled by the rule, with a refund: the voucher first, then the card.
    let order = placed["order_id"].as_i64().unwrap();
    let path = format!("/api/admin/workshops/bookings/{order}/cancel/");
    let body = json!({"key": uuid::Uuid::new_v4().to_string(), "refund": true});
    let (status, answer) = admin_post(&app, &session, &path, body.clone()).await;
    assert_eq!(status, 200, "{answer}");
    let (status, _) = admin_post(&app, &session, &path, body).await;
    assert_eq!(status, 200, "the same ask again gives nothing twice");
    assert_eq!(voucher_balance(&app, &code).await["balance"], "15.00");
    let cancelled = app.mail_saying("is cancelled").await;
    assert!(
        cancelled.contains("£15.00 is back on your gift voucher"),
        "{cancelled}"
    );
    assert!(
        cancelled.contains("We have refunded £5.00 to your card"),
        "{cancelled}"
    );
}

#[tokio::test]
async fn two_bookings_racing_for_the_same_25_pound_voucher_take_25_pounds_in_all() {
    let (app, session) = shop().await;
    let code = studio_voucher(&app, &session, "25").await;
    let mut firsts = Vec::new();
    for n in 0..2 {
        let email = format!("booker{n}@example.com");
        let (first, _) = booked_with(&app, &email, &code, &format!("198.51.100.{n}")).await;
        firsts.push((email, first));
    }
    // Both hold at once, each from an address of their own.
    let answers = join_all(firsts.iter().enumerate().map(|(n, (email, first))| {
        let app = &app;
        async move { book(app, email, Some(first), &format!("198.51.100.{n}")).await }
    }))
    .await;
    let mut by_voucher = 0;
    for (status, held) in &answers {
        assert_eq!(*status, 200, "{held}");
        by_voucher += posy_core::Money::parse(held["paid_by_voucher"].as_str().unwrap())
            .unwrap()
            .pence();
    }
    assert_eq!(by_voucher, 2500, "£25.00 held in all, never more");
    for (_, held) in &answers {
        let (status, placed) = match held["client_secret"].as_str() {
            Some(_) => pay_and_place(&app, held).await,
            None => place(&app, held, None).await,
        };
        assert_eq!(status, 200, "{placed}");
    }
    assert_eq!(voucher_balance(&app, &code).await["balance"], "0.00");
    assert_eq!(count(&app, "orders").await, 2);
    assert_eq!(count(&app, "refunds").await, 0, "nobody was refunded");
}

#[tokio::test]
async fn an_offer_code_for_any_order_takes_off_a_booking_and_one_for_tuesdays_is_refused() {
    let (app, session) = shop().await;
    let (status, made) = admin_post(
        &app,
        &session,
        "/api/admin/offers/",
        json!({"code": "WREATH5", "kind": "amount_off", "amount": "5.00"}),
    )
    .await;
    assert_eq!(status, 200, "{made}");
    let (status, made) = admin_post(
        &app,
        &session,
        "/api/admin/offers/",
        json!({"code": "TUESDAY10", "kind": "percent_off", "percent": 10, "weekdays": ["tuesday"]}),
    )
    .await;
    assert_eq!(status, 200, "{made}");

    let (first, codes) = booked_with(&app, "ann@example.com", "WREATH5", "198.51.100.1").await;
    assert_eq!(codes["discount"], "5.00", "{codes}");
    assert_eq!(codes["to_pay"], "15.00");
    // One code a booking, and one for Tuesday deliveries does not fit a workshop.
    let (status, refused) = post_from(
        &app,
        "/api/cart/remove_code/",
        &json!({"cart_id": first["booking"], "kind": "offer"}),
        "198.51.100.1",
    )
    .await;
    assert_eq!(status, 200, "{refused}");
    let (status, refused) = post_from(
        &app,
        "/api/cart/apply_code/",
        &json!({"cart_id": first["booking"], "code": "TUESDAY10"}),
        "198.51.100.1",
    )
    .await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(
        refused["fields"]["code"],
        "This code is for flowers, so it can't be used on a workshop."
    );
    let (status, _) = post_from(
        &app,
        "/api/cart/apply_code/",
        &json!({"cart_id": first["booking"], "code": "WREATH5"}),
        "198.51.100.1",
    )
    .await;
    assert_eq!(status, 200);
    let (status, held) = book(&app, "ann@example.com", Some(&first), "198.51.100.1").await;
    assert_eq!(status, 200, "{held}");
    assert_eq!(held["amount"], "15.00");
    assert_eq!(held["discount"], "5.00");
    let (status, placed) = pay_and_place(&app, &held).await;
    assert_eq!(status, 200, "{placed}");
    assert_eq!(placed["paid"], "15.00");
    assert_eq!(placed["balance"], "25.00", "the balance is as it was");
}
