//! Gift vouchers and offer codes (issue 32): a voucher sold in the studio, applied at the
//! checkout, paying part or all of an order; its balance look-up; offer codes' conditions; and
//! the ledger that cannot be overspent when twenty carts race for the same £25.

use futures_util::future::join_all;
use serde_json::{Value, json};

use crate::builders::{Admin, studio_voucher, voucher_balance};
use crate::checkout::{cart_with, check_intent_from, order_body, pay, place};
use crate::fulfilment::{choose, delivery, monday_morning};
use crate::helpers::{
    Options, TestApp, admin_get, admin_post, admin_put, behind_a_proxy, count, get_from, post_from,
    spawn_app_with, stock,
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

/// The shop, with the studio signed in: its session.
async fn studio_shop() -> (TestApp, String) {
    let app = shop().await;
    let session = Admin::studio().signed_in(&app).await;
    (app, session)
}

/// An offer code made in the back office on `terms`: the offer as made.
async fn offer(app: &TestApp, session: &str, terms: Value) -> Value {
    let (status, made) = admin_post(app, session, "/api/admin/offers/", terms).await;
    assert_eq!(status, 200, "{made}");
    made
}

/// The shop, with the studio signed in and an offer code made on `terms`: its session.
async fn shop_with_offer(terms: Value) -> (TestApp, String) {
    let (app, session) = studio_shop().await;
    offer(&app, &session, terms).await;
    (app, session)
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

#[tokio::test]
async fn a_voucher_pays_part_of_an_order_and_the_card_pays_the_rest() {
    let (app, session) = studio_shop().await;
    let code = studio_voucher(&app, &session, "25").await;
    assert_eq!(
        voucher_balance(&app, &code.to_lowercase().replace('-', " ")).await["sentence"],
        "This voucher has £25.00 left. Spend it by 14 December 2028."
    );

    // The Bedminster, £42.00, collected: £25.00 by voucher, £17.00 by card.
    let cart = cart_with(&app, "The Bedminster", 1).await;
    let (status, codes) = apply(&app, &cart, &code, "198.51.100.1").await;
    assert_eq!(status, 200, "{codes}");
    assert_eq!(codes["paid_by_voucher"], "25.00");
    assert_eq!(codes["to_pay"], "17.00");
    assert_eq!(codes["voucher"]["left_after"], "0.00");
    // What the checkout judges the voucher on again in the browser.
    assert_eq!(
        (&codes["voucher"]["balance"], &codes["voucher"]["voided"]),
        (&json!("25.00"), &json!(false))
    );

    let (status, intent) = check_intent_from(&app, &cart, "198.51.100.1").await;
    assert_eq!(status, 200, "{intent}");
    assert_eq!(intent["total"], "17.00");
    assert_eq!(intent["order_total"], "42.00");
    assert_eq!(intent["paid_by_voucher"], "25.00");
    assert_eq!(intent["nothing_to_pay"], false);
    // Held for the cart while it pays: nothing is left to look up.
    assert_eq!(voucher_balance(&app, &code).await["balance"], "0.00");

    let (status, placed) = pay_and_place(&app, &cart, &intent).await;
    assert_eq!(status, 200, "{placed}");
    assert_eq!(
        voucher_balance(&app, &code).await["sentence"],
        "This voucher has £0.00 left."
    );
    assert_eq!(count(&app, "voucher_movements").await, 2, "issued, spent");
}

#[tokio::test]
async fn a_voucher_covering_the_whole_order_needs_no_card() {
    let (app, session) = studio_shop().await;
    let code = studio_voucher(&app, &session, "100").await;
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
    assert_eq!(voucher_balance(&app, &code).await["balance"], "58.00");
}

#[tokio::test]
async fn twenty_carts_spending_the_same_25_pounds_at_once_take_25_pounds_in_all() {
    let (app, session) = studio_shop().await;
    let code = studio_voucher(&app, &session, "25").await;
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
    assert_eq!(voucher_balance(&app, &code).await["balance"], "0.00");
    assert_eq!(count(&app, "refunds").await, 0, "nobody was refunded");
}

#[tokio::test]
async fn a_tuesday_code_is_refused_on_a_wednesday_with_its_sentence() {
    let (app, session) = studio_shop().await;
    let made = offer(
        &app,
        &session,
        json!({"code": "Tuesday 10", "kind": "percent_off", "percent": 10,
               "weekdays": ["tuesday"]}),
    )
    .await;
    assert_eq!(made["summary"], "10% off, Tuesday deliveries");

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
    // What the checkout judges the code on again in the browser when the day changes.
    let terms = &codes["offer"]["terms"];
    assert_eq!(
        (&terms["kind"], &terms["percent"], &terms["weekdays"]),
        (&json!("percent_off"), &json!(10), &json!(["tuesday"]))
    );
    assert_eq!(
        (&terms["withdrawn"], &terms["used_up"]),
        (&json!(false), &json!(false))
    );
    assert_eq!(codes["lines"].as_array().map(Vec::len), Some(1));
    assert_eq!(codes["lines"][0]["total"], "42.00");

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
    let (app, session) = studio_shop().await;
    offer(
        &app,
        &session,
        json!({"code": "Tuesday 10", "kind": "percent_off", "percent": 10,
               "weekdays": ["tuesday"], "slots": ["Morning"]}),
    )
    .await;
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
    let (app, session) = studio_shop().await;
    let code = studio_voucher(&app, &session, "50").await;
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
    let void = format!("/api/admin/vouchers/{id}/void/");
    let lost = |version: i32| json!({"version": version, "note": "lost"});
    let (status, stale) = admin_post(&app, &session, &void, lost(1)).await;
    assert_eq!(status, 409, "{stale}");
    let (status, voided) = admin_post(&app, &session, &void, lost(2)).await;
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
    let (app, session) = studio_shop().await;
    let terms = json!({"code": "Tuesday 10", "kind": "percent_off", "percent": 10,
                       "weekdays": ["tuesday"]});
    let made = offer(&app, &session, terms).await;
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

/// The shop's voucher form for a £`value` voucher for Sam, sent on `send_on` (empty: today).
fn gift(value: &str, send_on: &str) -> Value {
    json!({
        "value": value, "buyer_name": "Jo Bloom", "buyer_email": "jo@example.com",
        "recipient_name": "Sam Green", "recipient_email": "sam@example.com",
        "message": "Happy Christmas", "send_on": send_on
    })
}

/// What the shop holds for `email` erased at her request: the answer, what was erased.
async fn erased_at_her_request(app: &TestApp, session: &str, email: &str) -> Value {
    let ask = json!({"email": email});
    let (status, erased) = admin_post(app, session, "/api/admin/customers/erase/", ask).await;
    assert_eq!(status, 200, "{erased}");
    erased
}

/// A purchase of `value` pounds pressed again, naming the voucher the first press answered
/// (`voucher_id`) and a `client_secret`.
fn pressed_again(value: &str, voucher_id: &Value, client_secret: &Value) -> Value {
    let mut again = gift(value, "");
    again["voucher_id"] = voucher_id.clone();
    again["client_secret"] = client_secret.clone();
    again
}

/// The intent id inside a client secret.
fn intent_of(secret: &Value) -> String {
    let secret = secret.as_str().unwrap();
    secret.split("_secret_").next().unwrap().to_owned()
}

/// Pays for the voucher purchase `started` by the test card and asks for it to be issued: the
/// voucher as bought.
async fn pay_for_voucher(app: &TestApp, started: &Value) -> Value {
    let paid = pay(
        app,
        started["client_secret"].as_str().unwrap(),
        "4242 4242 4242 4242",
    )
    .await;
    let path = format!("/api/vouchers/{}/paid/", started["voucher_id"]);
    let intent = paid["payment_intent"]["id"].as_str().unwrap();
    let (status, bought) = app
        .post_json(&path, &json!({"payment_intent_id": intent}))
        .await;
    assert_eq!(status, 200, "{bought}");
    bought
}

/// How many vouchers have been issued.
async fn issued(app: &TestApp) -> i64 {
    use sea_orm::{ConnectionTrait, Statement};
    let row = app
        .db
        .query_one_raw(Statement::from_string(
            app.db.get_database_backend(),
            "SELECT COUNT(*) AS n FROM vouchers WHERE status = 'issued'",
        ))
        .await
        .unwrap()
        .unwrap();
    row.try_get("", "n").unwrap()
}

#[tokio::test]
async fn a_voucher_paid_through_stripe_is_issued_once_by_two_events_and_the_browser() {
    use crate::helpers::WEBHOOK_SECRET;
    use crate::stripe::{FakeStripe, deliver, shop_on, signature, succeeded_event};
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let (status, started) = app.post_json("/api/vouchers/", &gift("25", "")).await;
    assert_eq!(status, 200, "{started}");
    assert_eq!(started["total"], "25.00");
    let intent = intent_of(&started["client_secret"]);
    let (made, key) = stripe
        .requests("POST", "/v1/payment_intents")
        .await
        .remove(0);
    assert_eq!(made["amount"], "2500");
    assert_eq!(
        key.unwrap(),
        format!("posy-voucher-{}", started["voucher_id"])
    );

    // Before the card is paid, an event changes nothing.
    let now = posy_server::store::clock::now();
    let early = succeeded_event("evt_early", &stripe.intent(&intent));
    assert_eq!(
        deliver(&app, &early, &signature(&early, WEBHOOK_SECRET, now)).await,
        200
    );
    assert_eq!(issued(&app).await, 0, "not paid yet");

    stripe.pay(&intent);
    let event = succeeded_event("evt_v1", &stripe.intent(&intent));
    let signed = signature(&event, WEBHOOK_SECRET, now);
    assert_eq!(deliver(&app, &event, &signed).await, 200);
    assert_eq!(
        deliver(&app, &event, &signed).await,
        200,
        "the same event again"
    );
    let again = succeeded_event("evt_v2", &stripe.intent(&intent));
    assert_eq!(
        deliver(&app, &again, &signature(&again, WEBHOOK_SECRET, now)).await,
        200
    );
    // The browser's confirmation, arriving last, finds it issued.
    let (status, paid) = app
        .post_json(
            &format!("/api/vouchers/{}/paid/", started["voucher_id"]),
            &json!({"payment_intent_id": intent}),
        )
        .await;
    assert_eq!(status, 200, "{paid}");
    assert_eq!(paid["value"], "25.00");
    assert_eq!(issued(&app).await, 1);
    assert_eq!(count(&app, "voucher_movements").await, 1, "issued once");
    assert_eq!(count(&app, "outbox").await, 2, "one receipt, one voucher");
    let mail = app.mail(2).await;
    assert!(mail.iter().any(|m| m.contains("To: sam@example.com")));
}

#[tokio::test]
async fn pay_pressed_again_after_a_refused_card_keeps_one_voucher_and_one_payment() {
    let app = shop().await;
    let (status, first) = post_from(&app, "/api/vouchers/", &gift("25", ""), "198.51.100.7").await;
    assert_eq!(status, 200, "{first}");
    let declined = pay(
        &app,
        first["client_secret"].as_str().unwrap(),
        "4000 0000 0000 0002",
    )
    .await;
    assert_eq!(declined["error"]["message"], "Your card was declined.");

    // Another address naming the voucher and its secret starts a purchase of its own; so does
    // someone behind the same address (an office) who names the voucher without the secret.
    let theirs = pressed_again("25", &first["voucher_id"], &first["client_secret"]);
    let (status, other) = post_from(&app, "/api/vouchers/", &theirs, "203.0.113.9").await;
    assert_eq!(status, 200, "{other}");
    assert_ne!(other["voucher_id"], first["voucher_id"]);
    let guessed = pressed_again("25", &first["voucher_id"], &other["client_secret"]);
    let (status, colleague) = post_from(&app, "/api/vouchers/", &guessed, "198.51.100.7").await;
    assert_eq!(status, 200, "{colleague}");
    assert_ne!(colleague["voucher_id"], first["voucher_id"]);

    // Pressed again from the page, the value corrected to £30: the same voucher and payment.
    let again = pressed_again("30", &first["voucher_id"], &first["client_secret"]);
    let (status, second) = post_from(&app, "/api/vouchers/", &again, "198.51.100.7").await;
    assert_eq!(status, 200, "{second}");
    assert_eq!(second["voucher_id"], first["voucher_id"]);
    assert_eq!(second["client_secret"], first["client_secret"]);
    assert_eq!(second["total"], "30.00");
    let paid = pay(
        &app,
        second["client_secret"].as_str().unwrap(),
        "4242 4242 4242 4242",
    )
    .await;
    let intent = paid["payment_intent"]["id"].as_str().unwrap();
    let path = format!("/api/vouchers/{}/paid/", second["voucher_id"]);
    let (status, bought) = app
        .post_json(&path, &json!({"payment_intent_id": intent}))
        .await;
    assert_eq!(status, 200, "{bought}");
    assert_eq!(bought["value"], "30.00");
    assert_eq!(issued(&app).await, 1);
    assert_eq!(
        count(&app, "vouchers").await,
        3,
        "this purchase's and the two others'"
    );
    assert_eq!(
        count(&app, "simulated_payments").await,
        3,
        "one payment each"
    );
}

#[tokio::test]
async fn a_voucher_for_a_later_day_is_mailed_at_8_uk_time_on_that_day_and_not_before() {
    use posy_server::orders::vouchers::send_due;
    use posy_server::store::clock::parse_moment;
    let app = shop().await;
    let (status, started) = app
        .post_json("/api/vouchers/", &gift("50", "2026-12-25"))
        .await;
    assert_eq!(status, 200, "{started}");
    let bought = pay_for_voucher(&app, &started).await;
    assert_eq!(
        bought["sentence"],
        "We'll e-mail Sam Green the voucher on Friday 25 December at 8am."
    );
    assert_eq!(count(&app, "outbox").await, 1, "the buyer's receipt only");

    let at = |moment: &str| parse_moment(moment).unwrap();
    for early in [
        "2026-12-14T11:31:00Z",
        "2026-12-24T23:59:00Z",
        "2026-12-25T07:59:59Z",
    ] {
        assert_eq!(send_due(&app.desk, at(early)).await.unwrap(), 0, "{early}");
    }
    assert_eq!(count(&app, "outbox").await, 1);
    // Christmas morning at 08:00 in London (GMT in December).
    assert_eq!(
        send_due(&app.desk, at("2026-12-25T08:00:00Z"))
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        send_due(&app.desk, at("2026-12-25T08:01:00Z"))
            .await
            .unwrap(),
        0,
        "once"
    );
    let mail = app.mail(2).await;
    let letter = mail
        .iter()
        .find(|m| m.contains("To: sam@example.com"))
        .expect("Sam's voucher");
    assert!(letter.contains("Happy Christmas"), "{letter}");
}

/// The subjects and bodies of the letters queued for `email`.
async fn letters_to(app: &TestApp, email: &str) -> Vec<String> {
    use posy_server::store::entities::outbox;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
    outbox::Entity::find()
        .filter(outbox::Column::Recipient.eq(email))
        .all(&app.db)
        .await
        .unwrap()
        .into_iter()
        .map(|letter| format!("{}\n{}", letter.subject, letter.body))
        .collect()
}

#[tokio::test]
async fn a_refund_of_an_order_paid_partly_by_voucher_goes_where_the_studio_chooses_and_says_so() {
    use crate::order_admin::refund;
    let (app, session) = studio_shop().await;
    let code = studio_voucher(&app, &session, "25").await;
    stock(&app, "Sunflower Bunch", 10).await;
    // Two Sunflower Bunches, £56.00: £25.00 by voucher, £31.00 by card.
    let cart = cart_with(&app, "Sunflower Bunch", 2).await;
    let (status, codes) = apply(&app, &cart, &code, "198.51.100.1").await;
    assert_eq!(status, 200, "{codes}");
    let (status, intent) = check_intent_from(&app, &cart, "198.51.100.1").await;
    assert_eq!(status, 200, "{intent}");
    assert_eq!(intent["total"], "31.00");
    let (status, placed) = pay_and_place(&app, &cart, &intent).await;
    assert_eq!(status, 200, "{placed}");
    let id = placed["id"].as_i64().unwrap();
    let one_bunch = |to: &str| {
        json!({"quantities": [1], "restock": [false], "delivery": false, "cancel": false,
               "reason": "Wilted", "to": to})
    };

    // The card first, as the studio chose: £28.00 of the card's £31.00, none to the voucher.
    let (status, body) = refund(&app, &session, id, one_bunch("card_first")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(voucher_balance(&app, &code).await["balance"], "0.00");
    assert!(
        letters_to(&app, "jo@example.com")
            .await
            .iter()
            .all(|l| !l.contains("gift voucher")),
        "nothing was put back on the voucher"
    );

    // The other bunch by default: the voucher first, £25.00, then £3.00 to the card.
    let (status, body) = refund(&app, &session, id, one_bunch("voucher_first")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(voucher_balance(&app, &code).await["balance"], "25.00");
    assert_eq!(
        count(&app, "voucher_movements").await,
        3,
        "issued, spent, given back"
    );
    let hint = format!("••••-••••-{}", &code[10..]);
    let letters = letters_to(&app, "jo@example.com").await;
    assert!(
        letters.iter().any(|l| l.contains(&format!(
            "We have put £25.00 back on your gift voucher {hint}, which paid for your order"
        ))),
        "{letters:#?}"
    );
}

#[tokio::test]
async fn a_vouchers_people_and_message_are_exported_erased_and_anonymised_after_six_years() {
    use crate::helpers::admin_session;
    use crate::privacy::retention_at;
    let app = shop().await;
    let session = admin_session(&app).await;
    let code = studio_voucher(&app, &session, "25").await;
    let export = |email: &str| {
        admin_post(
            &app,
            &session,
            "/api/admin/customers/export/",
            json!({"email": email}),
        )
    };
    // Held for the buyer and for the recipient alike.
    for email in ["JO@example.com", "sam@example.com"] {
        let (status, data) = export(email).await;
        assert_eq!(status, 200, "{data}");
        let held = &data["vouchers"][0];
        assert_eq!(held["code"], code.as_str(), "{data}");
        assert_eq!(held["buyer_name"], "Jo Bloom");
        assert_eq!(held["recipient_email"], "sam@example.com");
        assert_eq!(held["message"], "Happy Christmas");
    }

    // Erased at the recipient's request: the people and the message go, the money stays.
    let erased = erased_at_her_request(&app, &session, "sam@example.com").await;
    assert_eq!(erased["vouchers"], 1, "{erased}");
    let (_, data) = export("jo@example.com").await;
    assert_eq!(data["vouchers"], json!([]), "{data}");
    let (_, list) = admin_get(&app, &session, "/api/admin/vouchers/").await;
    assert!(!list.to_string().contains("Happy Christmas"), "{list}");
    assert!(!list.to_string().contains("Jo Bloom"), "{list}");
    assert_eq!(voucher_balance(&app, &code).await["balance"], "25.00");

    // Another, anonymised by retention after the orders' six years and not before.
    studio_voucher(&app, &session, "30").await;
    let now = posy_server::store::clock::now();
    let day = 86_400;
    assert_eq!(retention_at(&app, now + 2189 * day).await.vouchers, 0);
    assert_eq!(retention_at(&app, now + 2197 * day).await.vouchers, 1);
    let (_, data) = export("jo@example.com").await;
    assert_eq!(data["vouchers"], json!([]), "{data}");
}

#[tokio::test]
async fn an_unpaid_vouchers_people_go_when_an_unpaid_cart_would_and_a_paid_ones_stay() {
    use crate::helpers::admin_session;
    use crate::privacy::retention_at;
    let app = shop().await;
    let session = admin_session(&app).await;
    // A purchase started whose card was never paid, and a voucher sold the same day.
    let (status, started) = app.post_json("/api/vouchers/", &gift("40", "")).await;
    assert_eq!(status, 200, "{started}");
    studio_voucher(&app, &session, "25").await;
    let held = |email: &'static str| {
        let (app, session) = (&app, &session);
        async move {
            let (status, data) = admin_post(
                app,
                session,
                "/api/admin/customers/export/",
                json!({"email": email}),
            )
            .await;
            assert_eq!(status, 200, "{data}");
            data["vouchers"].as_array().unwrap().clone()
        }
    };
    assert_eq!(held("jo@example.com").await.len(), 2);

    // An unpaid cart goes after lying idle for 30 days; the unpaid voucher's people with it.
    let now = posy_server::store::clock::now();
    let day = 86_400;
    let before = retention_at(&app, now + 29 * day).await;
    assert_eq!((before.unpaid_vouchers, before.vouchers), (0, 0));
    let after = retention_at(&app, now + 31 * day).await;
    assert_eq!((after.unpaid_vouchers, after.vouchers), (1, 0));
    let kept = held("jo@example.com").await;
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(kept[0]["value"], "25.00", "the paid one stays");

    // Paid after all (a card confirmed that late): issued, and no letter to an empty address.
    pay_for_voucher(&app, &started).await;
    assert_eq!(issued(&app).await, 2);
    assert_eq!(letters_to(&app, "").await, Vec::<String>::new());
}

/// A voucher sold in the studio for `send_on`: the voucher as the back office shows it.
async fn sold_for(app: &TestApp, session: &str, send_on: &str) -> Value {
    let mut sale = gift("25", send_on);
    sale["payment_note"] = json!("Card on the phone");
    let (status, sold) = admin_post(app, session, "/api/admin/vouchers/", sale).await;
    assert_eq!(status, 200, "{sold}");
    sold
}

#[tokio::test]
async fn a_studio_sale_missing_the_buyer_is_refused_in_the_studios_words() {
    let (app, session) = studio_shop().await;
    let mut sale = gift("25", "");
    sale["payment_note"] = json!("Card on the phone");
    sale["buyer_name"] = json!("");
    sale["buyer_email"] = json!(" ");
    let (status, refused) = admin_post(&app, &session, "/api/admin/vouchers/", sale).await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(
        refused["error"],
        "Please fill in all required fields: Buyer’s name, Buyer’s e-mail"
    );
    assert_eq!(refused["fields"]["buyer_name"], "This field is required.");
    assert_eq!(issued(&app).await, 0);
}

#[tokio::test]
async fn a_voucher_erased_before_its_day_is_not_mailed_and_the_studio_sees_why() {
    use posy_server::orders::vouchers::send_due;
    use posy_server::store::clock::parse_moment;
    let (app, session) = studio_shop().await;
    let sold = sold_for(&app, &session, "2026-12-25").await;
    assert_eq!(sold["sent_at"], Value::Null, "{sold}");
    assert_eq!(sold["anonymised_at"], Value::Null, "{sold}");

    let erased = erased_at_her_request(&app, &session, "sam@example.com").await;
    assert_eq!(erased["vouchers"], 1, "{erased}");

    // Christmas morning: nobody is left to send it to, so nothing is mailed, then or later.
    let at = |moment: &str| parse_moment(moment).unwrap();
    for moment in ["2026-12-25T08:00:00Z", "2026-12-26T08:00:00Z"] {
        assert_eq!(
            send_due(&app.desk, at(moment)).await.unwrap(),
            0,
            "{moment}"
        );
    }
    assert_eq!(letters_to(&app, "").await, Vec::<String>::new());
    assert_eq!(
        letters_to(&app, "sam@example.com").await,
        Vec::<String>::new()
    );

    // The studio sees why it was not sent; the code still works for whoever has it.
    let path = format!("/api/admin/vouchers/{}/", sold["id"]);
    let (status, shown) = admin_get(&app, &session, &path).await;
    assert_eq!(status, 200, "{shown}");
    assert_eq!(shown["sent_at"], Value::Null, "{shown}");
    assert!(shown["anonymised_at"].is_i64(), "{shown}");
    assert_eq!(
        voucher_balance(&app, sold["code"].as_str().unwrap()).await["balance"],
        "25.00"
    );
}

#[tokio::test]
async fn a_voucher_for_a_summer_day_is_mailed_at_8_london_time_which_is_7_utc() {
    use posy_server::orders::vouchers::send_due;
    use posy_server::store::clock::parse_moment;
    let (app, session) = studio_shop().await;
    sold_for(&app, &session, "2027-06-21").await;
    let at = |moment: &str| parse_moment(moment).unwrap();
    assert_eq!(
        send_due(&app.desk, at("2027-06-21T06:59:59Z"))
            .await
            .unwrap(),
        0,
        "07:59 in London"
    );
    assert_eq!(
        send_due(&app.desk, at("2027-06-21T07:00:00Z"))
            .await
            .unwrap(),
        1,
        "08:00 in London, British Summer Time"
    );
    assert_eq!(letters_to(&app, "sam@example.com").await.len(), 1);
}

#[tokio::test]
async fn vouchers_bought_ahead_for_a_later_day_never_hold_up_one_due_today() {
    use posy_server::orders::vouchers::send_due;
    use posy_server::store::clock::parse_moment;
    use posy_server::store::entities::voucher;
    use sea_orm::{EntityTrait, Set};
    let (app, session) = studio_shop().await;
    // Two hundred bought first for New Year's Day, more than one pass takes.
    let ahead = (0..200).map(|n| voucher::ActiveModel {
        code: Set(format!("AHEAD-{n:04}")),
        value_pence: Set(2500),
        status: Set("issued".into()),
        expires_on: Set("2029-01-01".into()),
        version: Set(1),
        created_at: Set(0),
        buyer_name: Set("Jo Bloom".into()),
        buyer_email: Set("jo@example.com".into()),
        message: Set(String::new()),
        send_on: Set("2027-01-01".into()),
        paid_by: Set("studio".into()),
        ..Default::default()
    });
    voucher::Entity::insert_many(ahead)
        .exec(&app.db)
        .await
        .unwrap();
    sold_for(&app, &session, "2026-12-15").await;
    let morning = parse_moment("2026-12-15T08:00:00Z").unwrap();
    assert_eq!(send_due(&app.desk, morning).await.unwrap(), 1);
    assert_eq!(letters_to(&app, "sam@example.com").await.len(), 1);
}

async fn remove(app: &TestApp, cart: &str, kind: &str) -> (u16, Value) {
    post_from(
        app,
        "/api/cart/remove_code/",
        &json!({"cart_id": cart, "kind": kind}),
        "198.51.100.1",
    )
    .await
}

#[tokio::test]
async fn an_amount_off_never_makes_the_total_negative_and_remove_code_takes_each_code_off() {
    let (app, session) =
        shop_with_offer(json!({"code": "TAKE50", "kind": "amount_off", "amount": "50.00"})).await;
    offer(
        &app,
        &session,
        json!({"code": "TAKE5", "kind": "amount_off", "amount": "5.00"}),
    )
    .await;
    let code = studio_voucher(&app, &session, "10").await;
    let cart = cart_with(&app, "Sunflower Bunch", 1).await;

    let (status, codes) = apply(&app, &cart, "take50", "198.51.100.1").await;
    assert_eq!(status, 200, "{codes}");
    assert_eq!(codes["discount"], "28.00", "no more than the items");
    assert_eq!(codes["total"], "0.00");
    assert_eq!(codes["to_pay"], "0.00");
    let (status, body) = apply(&app, &cart, "TAKE5", "198.51.100.1").await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(error(&body), "Only one offer code can be used on an order.");

    // Off again, and the smaller one on with the voucher: £28.00 less £5.00, £10.00 by voucher.
    let (status, codes) = remove(&app, &cart, "offer").await;
    assert_eq!(status, 200, "{codes}");
    assert_eq!(codes["offer"], Value::Null);
    assert_eq!(codes["total"], "28.00");
    apply(&app, &cart, "TAKE5", "198.51.100.1").await;
    let (status, codes) = apply(&app, &cart, &code, "198.51.100.1").await;
    assert_eq!(status, 200, "{codes}");
    assert_eq!(codes["total"], "23.00");
    assert_eq!(codes["paid_by_voucher"], "10.00");
    assert_eq!(codes["to_pay"], "13.00");
    let (status, codes) = remove(&app, &cart, "voucher").await;
    assert_eq!(status, 200, "{codes}");
    assert_eq!(codes["voucher"], Value::Null);
    assert_eq!(codes["paid_by_voucher"], "0.00");
    assert_eq!(codes["to_pay"], "23.00");
    let (status, intent) = check_intent_from(&app, &cart, "198.51.100.1").await;
    assert_eq!(status, 200, "{intent}");
    assert_eq!(intent["total"], "23.00");
    assert_eq!(
        voucher_balance(&app, &code).await["balance"],
        "10.00",
        "nothing held"
    );
}

#[tokio::test]
async fn free_delivery_takes_the_fee_off_a_delivery_and_is_refused_for_a_collection() {
    let (app, _) = shop_with_offer(json!({"code": "FREEDEL", "kind": "free_delivery"})).await;
    let cart = cart_with(&app, "Sunflower Bunch", 1).await;
    let (status, body) = choose(&app, delivery(&cart, "2026-12-15", "Morning", "BS14 9AB")).await;
    assert_eq!(status, 200, "{body}");
    let (status, codes) = apply(&app, &cart, "FREEDEL", "198.51.100.1").await;
    assert_eq!(status, 200, "{codes}");
    assert_ne!(codes["delivery"], "0.00", "{codes}");
    assert_eq!(codes["discount"], codes["delivery"], "{codes}");
    // The items and the slot's surcharge are still paid; only the fee goes.
    assert_eq!(codes["surcharge"], "3.00", "{codes}");
    assert_eq!(codes["total"], "31.00", "{codes}");

    let collection = json!({"cart_id": cart, "method": "collection", "date": "2026-12-15",
                            "collection_time": "10:00"});
    let (status, body) = choose(&app, collection).await;
    assert_eq!(status, 200, "{body}");
    let (_, codes) = get_from(
        &app,
        &format!("/api/cart/codes/?cart_id={cart}"),
        "198.51.100.1",
    )
    .await;
    assert_eq!(codes["problems"], json!(["This code is for deliveries."]));
    assert_eq!(codes["discount"], "0.00");
    let (status, body) = check_intent_from(&app, &cart, "198.51.100.1").await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(error(&body), "This code is for deliveries.");
}

/// `check_intent` with the e-mail address typed into the checkout.
async fn asked(app: &TestApp, cart: &str, email: &str) -> (u16, Value) {
    app.get_json(&format!(
        "/api/payment/check_intent/?cart_id={cart}&email={email}"
    ))
    .await
}

#[tokio::test]
async fn a_code_for_one_use_per_email_is_refused_to_the_same_address_before_paying() {
    let (app, _) = shop_with_offer(
        json!({"code": "ONCE10", "kind": "percent_off", "percent": 10, "once_per_email": true}),
    )
    .await;
    stock(&app, "Sunflower Bunch", 10).await;
    let first = cart_with(&app, "Sunflower Bunch", 1).await;
    apply(&app, &first, "ONCE10", "198.51.100.1").await;
    let (status, intent) = asked(&app, &first, "jo@example.com").await;
    assert_eq!(status, 200, "{intent}");
    let (status, placed) = pay_and_place(&app, &first, &intent).await;
    assert_eq!(status, 200, "{placed}");

    let second = cart_with(&app, "Sunflower Bunch", 1).await;
    let (status, codes) = apply(&app, &second, "ONCE10", "198.51.100.1").await;
    assert_eq!(status, 200, "{codes}");
    let (status, body) = asked(&app, &second, "JO%40Example.com").await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        error(&body),
        "This code has already been used with this e-mail address."
    );
    let (status, intent) = asked(&app, &second, "ada@example.com").await;
    assert_eq!(status, 200, "another address may: {intent}");
    assert_eq!(intent["total"], "25.20");
}

#[tokio::test]
async fn no_code_applies_to_buying_a_voucher() {
    let (app, _) =
        shop_with_offer(json!({"code": "TAKE5", "kind": "amount_off", "amount": "5.00"})).await;
    let mut form = gift("25", "");
    form["code"] = json!("TAKE5");
    let (status, started) = app.post_json("/api/vouchers/", &form).await;
    assert_eq!(status, 200, "{started}");
    assert_eq!(started["total"], "25.00");
    assert_eq!(count(&app, "offer_uses").await, 0, "the code was not used");
}
