//! Gift vouchers and offer codes (issue 32): a voucher sold in the studio, applied at the
//! checkout, paying part or all of an order; its balance look-up; offer codes' conditions; and
//! the ledger that cannot be overspent when twenty carts race for the same £25.

use futures_util::future::join_all;
use serde_json::{Value, json};

use crate::builders::Admin;
use crate::checkout::{cart_with, check_intent_from, order_body, pay, place};
use crate::fulfilment::{choose, delivery, monday_morning};
use crate::helpers::{
    Options, TestApp, admin_get, admin_post, admin_put, behind_a_proxy, count, spawn_app_with,
    stock,
};

fn error(body: &Value) -> &str {
    body["error"].as_str().unwrap_or_default()
}

/// A shop on Monday 14 December 2026 at 11:30, trusting its own address as a proxy so each
/// shopper can come from an address of their own.
async fn shop() -> TestApp {
    spawn_app_with(Options {
        configure: Some(|config| {
            monday_morning(config);
            behind_a_proxy(config);
        }),
        ..Options::default()
    })
    .await
}

/// A voucher of `value` pounds sold in the studio: its code.
async fn voucher(app: &TestApp, session: &str, value: &str) -> String {
    let (status, body) = admin_post(
        app,
        session,
        "/api/admin/vouchers/",
        json!({
            "value": value, "buyer_name": "Jo Bloom", "buyer_email": "jo@example.com",
            "recipient_name": "Sam Green", "recipient_email": "sam@example.com",
            "message": "Happy Christmas", "payment_note": "Card on the phone"
        }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["code"].as_str().unwrap().to_owned()
}

/// A POST as if from `address`.
async fn post_from(app: &TestApp, path: &str, body: &Value, address: &str) -> (u16, Value) {
    let response = app
        .signed(reqwest::Method::POST, path, None)
        .header("x-forwarded-for", address)
        .json(body)
        .send()
        .await
        .unwrap();
    crate::helpers::json_of(path, response).await
}

async fn get_from(app: &TestApp, path: &str, address: &str) -> (u16, Value) {
    let response = app
        .client
        .get(app.url(path))
        .header("x-forwarded-for", address)
        .send()
        .await
        .unwrap();
    crate::helpers::json_of(path, response).await
}

async fn apply(app: &TestApp, cart: &str, code: &str, address: &str) -> (u16, Value) {
    post_from(
        app,
        "/api/cart/apply_code/",
        &json!({"cart_id": cart, "code": code}),
        address,
    )
    .await
}

/// Pays for `cart` by the test card the payment `intent` asks for, and places its order.
async fn pay_and_place(app: &TestApp, cart: &str, intent: &Value) -> (u16, Value) {
    let paid = pay(
        app,
        intent["client_secret"].as_str().unwrap(),
        "4242 4242 4242 4242",
    )
    .await;
    place(app, paid["payment_intent"]["id"].as_str().unwrap(), cart).await
}

async fn balance(app: &TestApp, code: &str) -> Value {
    let (status, body) = post_from(
        app,
        "/api/vouchers/balance/",
        &json!({"code": code}),
        "203.0.113.200",
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body
}

#[tokio::test]
async fn a_voucher_pays_part_of_an_order_and_the_card_pays_the_rest() {
    let app = shop().await;
    let session = Admin::studio().signed_in(&app).await;
    let code = voucher(&app, &session, "25").await;
    assert_eq!(
        balance(&app, &code.to_lowercase().replace('-', " ")).await["sentence"],
        "This voucher has £25.00 left. Spend it by 14 December 2028."
    );

    // The Bedminster, £42.00, collected: £25.00 by voucher, £17.00 by card.
    let cart = cart_with(&app, "The Bedminster", 1).await;
    let (status, codes) = apply(&app, &cart, &code, "198.51.100.1").await;
    assert_eq!(status, 200, "{codes}");
    assert_eq!(codes["paid_by_voucher"], "25.00");
    assert_eq!(codes["to_pay"], "17.00");
    assert_eq!(codes["voucher"]["left_after"], "0.00");

    let (status, intent) = check_intent_from(&app, &cart, "198.51.100.1").await;
    assert_eq!(status, 200, "{intent}");
    assert_eq!(intent["total"], "17.00");
    assert_eq!(intent["order_total"], "42.00");
    assert_eq!(intent["paid_by_voucher"], "25.00");
    assert_eq!(intent["nothing_to_pay"], false);
    // Held for the cart while it pays: nothing is left to look up.
    assert_eq!(balance(&app, &code).await["balance"], "0.00");

    let (status, placed) = pay_and_place(&app, &cart, &intent).await;
    assert_eq!(status, 200, "{placed}");
    assert_eq!(
        balance(&app, &code).await["sentence"],
        "This voucher has £0.00 left."
    );
    assert_eq!(count(&app, "voucher_movements").await, 2, "issued, spent");
}

#[tokio::test]
async fn a_voucher_covering_the_whole_order_needs_no_card() {
    let app = shop().await;
    let session = Admin::studio().signed_in(&app).await;
    let code = voucher(&app, &session, "100").await;
    let cart = cart_with(&app, "The Bedminster", 1).await;
    let (status, body) = apply(&app, &cart, &code, "198.51.100.1").await;
    assert_eq!(status, 200, "{body}");
    let (status, intent) = check_intent_from(&app, &cart, "198.51.100.1").await;
    assert_eq!(status, 200, "{intent}");
    assert_eq!(intent["nothing_to_pay"], true);
    assert_eq!(intent["client_secret"], "");
    assert_eq!(intent["total"], "0.00");
    assert_eq!(count(&app, "simulated_payments").await, 0, "no intent");

    let mut body = order_body("", &cart);
    body["payment_intent_id"] = Value::Null;
    let (status, placed) = app.post_json("/api/orders/", &body).await;
    assert_eq!(status, 200, "{placed}");
    // The same call again finds the same order.
    let (status, again) = app.post_json("/api/orders/", &body).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["id"], placed["id"]);
    assert_eq!(balance(&app, &code).await["balance"], "58.00");
}

#[tokio::test]
async fn twenty_carts_spending_the_same_25_pounds_at_once_take_25_pounds_in_all() {
    let app = shop().await;
    let session = Admin::studio().signed_in(&app).await;
    let code = voucher(&app, &session, "25").await;
    stock(&app, "Sunflower Bunch", 100).await;
    let mut carts = Vec::new();
    for n in 0..20 {
        let cart = cart_with(&app, "Sunflower Bunch", 1).await;
        let (status, body) = apply(&app, &cart, &code, &format!("198.51.100.{n}")).await;
        assert_eq!(status, 200, "{body}");
        carts.push(cart);
    }
    // Every shopper asks at once, each from an address of their own.
    let answers = join_all(carts.iter().enumerate().map(|(n, cart)| {
        let app = &app;
        async move { check_intent_from(app, cart, &format!("198.51.100.{n}")).await }
    }))
    .await;
    let mut by_voucher = 0;
    let mut paying = Vec::new();
    for ((status, body), cart) in answers.iter().zip(&carts) {
        match status {
            200 => {
                let pence = posy_core::Money::parse(body["paid_by_voucher"].as_str().unwrap())
                    .unwrap()
                    .pence();
                by_voucher += pence;
                paying.push((cart.clone(), body.clone()));
            }
            409 => assert_eq!(
                error(body),
                "This voucher has nothing left on it.",
                "{body}"
            ),
            other => panic!("{other}: {body}"),
        }
    }
    assert_eq!(by_voucher, 2500, "£25.00 held in all, never more");
    // Every one that was answered pays and is placed; the voucher is spent exactly once.
    for (cart, intent) in paying {
        let (status, placed) = pay_and_place(&app, &cart, &intent).await;
        assert_eq!(status, 200, "{placed}");
    }
    assert_eq!(balance(&app, &code).await["balance"], "0.00");
    assert_eq!(count(&app, "refunds").await, 0, "nobody was refunded");
}

#[tokio::test]
async fn a_tuesday_code_is_refused_on_a_wednesday_with_its_sentence() {
    let app = shop().await;
    let session = Admin::studio().signed_in(&app).await;
    let (status, offer) = admin_post(
        &app,
        &session,
        "/api/admin/offers/",
        json!({"code": "Tuesday 10", "kind": "percent_off", "percent": 10,
               "weekdays": ["tuesday"]}),
    )
    .await;
    assert_eq!(status, 200, "{offer}");
    assert_eq!(offer["summary"], "10% off, Tuesday deliveries");

    let cart = cart_with(&app, "The Bedminster", 1).await;
    let (status, body) = choose(&app, delivery(&cart, "2026-12-16", "Morning", "BS14 9AB")).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = apply(&app, &cart, "tuesday10", "198.51.100.1").await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(error(&body), "This code is for Tuesday deliveries.");
    assert_eq!(
        body["fields"]["code"],
        "This code is for Tuesday deliveries."
    );

    let (status, body) = choose(&app, delivery(&cart, "2026-12-15", "Morning", "BS14 9AB")).await;
    assert_eq!(status, 200, "{body}");
    let (status, codes) = apply(&app, &cart, "TUESDAY10", "198.51.100.1").await;
    assert_eq!(status, 200, "{codes}");
    assert_eq!(codes["offer"]["discount"], "4.20");
    assert_eq!(codes["discount"], "4.20");

    // Moved to the Wednesday, the code stays on the cart, takes nothing off, and the
    // payment is refused with its sentence before any card.
    let (status, body) = choose(&app, delivery(&cart, "2026-12-16", "Morning", "BS14 9AB")).await;
    assert_eq!(status, 200, "{body}");
    let (status, codes) = get_from(
        &app,
        &format!("/api/cart/codes/?cart_id={cart}"),
        "198.51.100.1",
    )
    .await;
    assert_eq!(status, 200, "{codes}");
    assert_eq!(codes["discount"], "0.00");
    assert_eq!(
        codes["problems"],
        json!(["This code is for Tuesday deliveries."])
    );
    let (status, body) = check_intent_from(&app, &cart, "198.51.100.1").await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(error(&body), "This code is for Tuesday deliveries.");
}

#[tokio::test]
async fn an_offer_is_judged_on_the_day_the_checkout_shows_before_the_choice_is_kept() {
    let app = shop().await;
    let session = Admin::studio().signed_in(&app).await;
    let (status, offer) = admin_post(
        &app,
        &session,
        "/api/admin/offers/",
        json!({"code": "Tuesday 10", "kind": "percent_off", "percent": 10,
               "weekdays": ["tuesday"], "slots": ["Morning"]}),
    )
    .await;
    assert_eq!(status, 200, "{offer}");
    // No choice kept yet (the address is still empty): the page's Wednesday is judged.
    let cart = cart_with(&app, "The Bedminster", 1).await;
    let wednesday = json!({"cart_id": cart, "code": "tuesday10", "method": "delivery",
                           "date": "2026-12-16", "slot": ""});
    let (status, body) = post_from(&app, "/api/cart/apply_code/", &wednesday, "198.51.100.1").await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["fields"]["code"],
        "This code is for Tuesday deliveries."
    );
    // A Tuesday without its slot yet waits for the slot; a day that is not a date is no day.
    for (date, slot) in [("2026-12-15", ""), ("someday", "")] {
        let shown = json!({"cart_id": cart, "code": "tuesday10", "method": "delivery",
                           "date": date, "slot": slot});
        let (status, codes) =
            post_from(&app, "/api/cart/apply_code/", &shown, "198.51.100.1").await;
        assert_eq!(status, 200, "{date}: {codes}");
        assert_eq!(codes["problems"], json!([]), "{date}: {codes}");
    }
    // The codes as the page shows them: its Tuesday afternoon is out of the code's slots,
    // and its collection too.
    let (status, codes) = get_from(
        &app,
        &format!("/api/cart/codes/?cart_id={cart}&method=delivery&date=2026-12-15&slot=Afternoon"),
        "198.51.100.1",
    )
    .await;
    assert_eq!(status, 200, "{codes}");
    assert_eq!(
        codes["problems"],
        json!(["This code is for deliveries in the Morning slot."])
    );
    assert_eq!(codes["discount"], "0.00");
    let (_, codes) = get_from(
        &app,
        &format!("/api/cart/codes/?cart_id={cart}&method=collection&date=2026-12-15"),
        "198.51.100.1",
    )
    .await;
    assert_eq!(
        codes["problems"],
        json!(["This code is for deliveries in the Morning slot."])
    );
}

#[tokio::test]
async fn codes_tried_are_limited_per_address_with_a_sentence() {
    let app = shop().await;
    let cart = cart_with(&app, "The Bedminster", 1).await;
    for n in 0..20 {
        // Each from another address of the same IPv6 /64: one address.
        let address = format!("2001:db8:1:2::{n:x}");
        let (status, body) = apply(&app, &cart, "K7QM-2XHD-9PRT", &address).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(
            error(&body),
            "We can't find that gift voucher or offer code. Please check it and try again."
        );
    }
    let (status, body) = apply(&app, &cart, "K7QM-2XHD-9PRT", "2001:db8:1:2::99").await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(
        error(&body),
        "Too many codes tried from here. Please wait an hour, or call the studio."
    );
    let (status, _) = apply(&app, &cart, "K7QM-2XHD-9PRT", "2001:db8:1:3::1").await;
    assert_eq!(status, 400, "another /64 has its own tries");
}

#[tokio::test]
async fn the_studio_extends_and_voids_a_voucher_from_the_version_it_saw() {
    let app = shop().await;
    let session = Admin::studio().signed_in(&app).await;
    let code = voucher(&app, &session, "50").await;
    let (_, list) = crate::helpers::admin_get(&app, &session, "/api/admin/vouchers/").await;
    let id = list[0]["id"].as_i64().unwrap();
    assert_eq!(list[0]["code"], code.as_str());
    let (status, extended) = admin_post(
        &app,
        &session,
        &format!("/api/admin/vouchers/{id}/extend/"),
        json!({"version": 1, "expires_on": "2029-01-31"}),
    )
    .await;
    assert_eq!(status, 200, "{extended}");
    assert_eq!(extended["expires_on"], "2029-01-31");
    let (status, stale) = admin_post(
        &app,
        &session,
        &format!("/api/admin/vouchers/{id}/void/"),
        json!({"version": 1, "note": "lost"}),
    )
    .await;
    assert_eq!(status, 409, "{stale}");
    let (status, voided) = admin_post(
        &app,
        &session,
        &format!("/api/admin/vouchers/{id}/void/"),
        json!({"version": 2, "note": "lost"}),
    )
    .await;
    assert_eq!(status, 200, "{voided}");
    assert_eq!(voided["status"], "voided");
    assert_eq!(voided["balance"], "0.00");
    let kinds: Vec<&str> = voided["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["issued", "extended", "voided"]);
    let cart = cart_with(&app, "The Bedminster", 1).await;
    let (status, body) = apply(&app, &cart, &code, "198.51.100.1").await;
    assert_eq!(status, 400, "{body}");
    assert!(
        error(&body).starts_with("This voucher has been cancelled."),
        "{body}"
    );
}

#[tokio::test]
async fn the_studio_edits_and_ends_an_offer_code_from_the_version_it_saw() {
    let app = shop().await;
    let session = Admin::studio().signed_in(&app).await;
    let terms = json!({"code": "Tuesday 10", "kind": "percent_off", "percent": 10,
                       "weekdays": ["tuesday"]});
    let (status, made) = admin_post(&app, &session, "/api/admin/offers/", terms).await;
    assert_eq!(status, 200, "{made}");
    assert_eq!(made["weekdays"], json!(["tuesday"]));
    let id = made["id"].as_i64().unwrap();
    let path = format!("/api/admin/offers/{id}/");

    // The days are the published words only.
    let wrong_day = json!({"version": 1, "code": "TUESDAY10", "kind": "percent_off",
                           "percent": 10, "weekdays": ["Tuesday"]});
    let (status, body) = admin_put(&app, &session, &path, wrong_day).await;
    assert_eq!(status, 400, "{body}");

    let edit = |version: i64| {
        json!({"version": version, "code": "TUESDAY15", "kind": "percent_off", "percent": 15,
               "weekdays": ["tuesday", "saturday"]})
    };
    let (status, edited) = admin_put(&app, &session, &path, edit(1)).await;
    assert_eq!(status, 200, "{edited}");
    assert_eq!(edited["version"], 2);
    assert_eq!(edited["code"], "TUESDAY15");
    assert_eq!(edited["weekdays"], json!(["tuesday", "saturday"]));
    let (status, stale) = admin_put(&app, &session, &path, edit(1)).await;
    assert_eq!(status, 409, "{stale}");
    let mut other = edit(1);
    other["code"] = json!("SATURDAY5");
    let (status, gone) = admin_put(&app, &session, "/api/admin/offers/999/", other).await;
    assert_eq!(status, 404, "{gone}");

    let end = format!("/api/admin/offers/{id}/end/");
    let (status, stale) = admin_post(&app, &session, &end, json!({"version": 1})).await;
    assert_eq!(status, 409, "{stale}");
    let (status, ended) = admin_post(&app, &session, &end, json!({"version": 2})).await;
    assert_eq!(status, 200, "{ended}");
    assert!(ended["ended_at"].is_i64(), "{ended}");
    let (status, gone) = admin_post(
        &app,
        &session,
        "/api/admin/offers/999/end/",
        json!({"version": 1}),
    )
    .await;
    assert_eq!(status, 404, "{gone}");

    let (status, record) = admin_get(&app, &session, "/api/admin/audit/?kind=offer").await;
    assert_eq!(status, 200, "{record}");
    let said: Vec<String> = record["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| format!("{} | {}", e["subject"], e["change"]))
        .collect();
    assert_eq!(said.len(), 3, "{said:?}");
    assert!(said[0].starts_with("\"TUESDAY15\" | \"ended\""), "{said:?}");
    assert!(
        said[1].starts_with("\"TUESDAY15\" | \"changed: "),
        "{said:?}"
    );
    assert!(said[2].starts_with("\"TUESDAY10\" | \"made: "), "{said:?}");
}
