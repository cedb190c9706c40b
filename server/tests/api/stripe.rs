//! The Stripe path through async-stripe, against a local fake of Stripe's HTTP API: the
//! form-encoded requests it sends, real-shaped JSON answers, refusals, refunds, and webhook
//! events (signatures good, bad and stale; duplicates; an order after a crash).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use hmac::{KeyInit, Mac};
use serde_json::{Value, json};
use wiremock::matchers::{method, path, path_regex};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

use crate::checkout::{cart_with, place, refused_as_given_back};
use crate::helpers::{
    Options, TestApp, WEBHOOK_SECRET, admin_get, admin_post, spawn_app_with, sql,
};
use crate::metrics::{TOKEN, sample, scrape, with_token};

/// Stripe's API as far as Posy uses it, keeping its payment intents in memory.
pub(crate) struct FakeStripe {
    pub(crate) server: MockServer,
    pub(crate) intents: Arc<Mutex<HashMap<String, Value>>>,
}

fn form(request: &Request) -> HashMap<String, String> {
    url::form_urlencoded::parse(&request.body)
        .into_owned()
        .collect()
}

fn intent_json(id: &str, amount: i64, cart_id: &str) -> Value {
    json!({
        "id": id,
        "object": "payment_intent",
        "amount": amount,
        "amount_capturable": 0,
        "amount_received": 0,
        "capture_method": "automatic_async",
        "client_secret": format!("{id}_secret_fake"),
        "confirmation_method": "automatic",
        "created": 1_795_435_200,
        "currency": "gbp",
        "description": "Posy order",
        "latest_charge": null,
        "livemode": false,
        "metadata": {"cart_id": cart_id},
        "payment_method": null,
        "payment_method_types": ["card"],
        "status": "requires_payment_method"
    })
}

/// The fake's own notes on an intent's charge (`x_…` fields), taken out of what it answers:
/// how much was refunded, whether it is disputed, and billing details other than Sam's.
pub(crate) fn take_notes(intent: &mut Value) -> (i64, bool, Option<Value>) {
    let notes = intent.as_object_mut().unwrap();
    let refunded = notes
        .remove("x_amount_refunded")
        .map_or(0, |v| v.as_i64().unwrap());
    let disputed = notes.remove("x_disputed").is_some_and(|v| v == true);
    (refunded, disputed, notes.remove("x_billing_details"))
}

/// The charge Stripe.js made when the card was confirmed, with its billing details.
pub(crate) fn charge_json(
    intent: &Value,
    (refunded, disputed, billing): (i64, bool, Option<Value>),
) -> Value {
    let mut charge = json!({
        "id": "ch_3Posy",
        "object": "charge",
        "amount": intent["amount"],
        "amount_captured": intent["amount"],
        "amount_refunded": 0,
        "billing_details": {
            "address": {"city": "Bristol", "country": "GB", "line1": "3 Whitchurch Lane",
                        "line2": null, "postal_code": "BS14 0TJ", "state": null},
            "email": "sam@example.com",
            "name": "Sam de Rosa",
            "phone": "07700 900123"
        },
        "captured": true,
        "created": 1_795_435_260,
        "currency": intent["currency"],
        "disputed": false,
        "livemode": false,
        "metadata": {},
        "paid": true,
        "payment_intent": intent["id"],
        "refunded": false,
        "status": "succeeded"
    });
    charge["amount_refunded"] = json!(refunded);
    charge["refunded"] = json!(refunded > 0 && refunded == intent["amount"].as_i64().unwrap());
    charge["disputed"] = json!(disputed);
    if let Some(billing) = billing {
        charge["billing_details"] = billing;
    }
    charge
}

impl FakeStripe {
    /// Stripe refuses refunds with `status` and its error (`kind`, `message`): the next
    /// `times` asks, or every one with `None`; the fake's own refunds answer after that.
    pub(crate) async fn refuses_refunds(
        &self,
        status: u16,
        kind: &str,
        message: &str,
        times: Option<u64>,
    ) {
        let refusal = Mock::given(method("POST"))
            .and(path("/v1/refunds"))
            .respond_with(
                ResponseTemplate::new(status)
                    .set_body_json(json!({"error": {"type": kind, "message": message}})),
            )
            .with_priority(1);
        match times {
            Some(times) => refusal.up_to_n_times(times),
            None => refusal,
        }
        .mount(&self.server)
        .await;
    }

    pub(crate) async fn start() -> FakeStripe {
        let server = MockServer::start().await;
        let intents: Arc<Mutex<HashMap<String, Value>>> = Arc::default();
        let store = intents.clone();
        Mock::given(method("POST"))
            .and(path("/v1/payment_intents"))
            .respond_with(move |request: &Request| {
                let form = form(request);
                let mut intents = store.lock().unwrap();
                let id = format!("pi_fake_{}", intents.len() + 1);
                let intent = intent_json(
                    &id,
                    form["amount"].parse().unwrap(),
                    &form["metadata[cart_id]"],
                );
                intents.insert(id, intent.clone());
                ResponseTemplate::new(200).set_body_json(intent)
            })
            .mount(&server)
            .await;
        let store = intents.clone();
        Mock::given(method("GET"))
            .and(path_regex("^/v1/payment_intents/[^/]+$"))
            .respond_with(move |request: &Request| {
                let id = request.url.path().rsplit('/').next().unwrap();
                match store.lock().unwrap().get(id) {
                    Some(intent) => {
                        let mut intent = intent.clone();
                        let notes = take_notes(&mut intent);
                        let expands_charge = request
                            .url
                            .query_pairs()
                            .any(|(k, v)| k.starts_with("expand") && v == "latest_charge");
                        if intent["status"] == "succeeded" && expands_charge {
                            intent["latest_charge"] = charge_json(&intent, notes);
                        }
                        ResponseTemplate::new(200).set_body_json(intent)
                    }
                    None => not_found(id),
                }
            })
            .mount(&server)
            .await;
        let store = intents.clone();
        Mock::given(method("POST"))
            .and(path_regex("^/v1/payment_intents/[^/]+$"))
            .respond_with(move |request: &Request| {
                let id = request.url.path().rsplit('/').next().unwrap();
                let mut intents = store.lock().unwrap();
                match intents.get_mut(id) {
                    Some(intent) => {
                        if let Some(amount) = form(request).get("amount") {
                            intent["amount"] = json!(amount.parse::<i64>().unwrap());
                        }
                        let mut answer = intent.clone();
                        take_notes(&mut answer);
                        ResponseTemplate::new(200).set_body_json(answer)
                    }
                    None => not_found(id),
                }
            })
            .mount(&server)
            .await;
        let store = intents.clone();
        Mock::given(method("POST"))
            .and(path("/v1/refunds"))
            .respond_with(move |request: &Request| {
                let form = form(request);
                if let Some(intent) = store.lock().unwrap().get_mut(&form["payment_intent"]) {
                    // Some of it (`amount`), or all that is left.
                    let before = intent["x_amount_refunded"].as_i64().unwrap_or(0);
                    let asked = form.get("amount").map_or_else(
                        || intent["amount"].as_i64().unwrap() - before,
                        |a| a.parse::<i64>().unwrap(),
                    );
                    intent["x_amount_refunded"] = json!(before + asked);
                }
                ResponseTemplate::new(200).set_body_json(json!({
                    "id": "re_fake", "object": "refund", "amount": 4200,
                    "created": 1_795_435_300, "currency": "gbp", "metadata": {},
                    "payment_intent": form["payment_intent"], "status": "succeeded"
                }))
            })
            .mount(&server)
            .await;
        FakeStripe { server, intents }
    }

    /// What the browser's Stripe.js would do: the card is confirmed and paid.
    pub(crate) fn pay(&self, id: &str) {
        self.change(id, |intent| {
            intent["status"] = json!("succeeded");
            intent["amount_received"] = intent["amount"].clone();
        });
    }

    pub(crate) fn change(&self, id: &str, edit: impl FnOnce(&mut Value)) {
        edit(
            self.intents
                .lock()
                .unwrap()
                .get_mut(id)
                .expect("a known intent"),
        );
    }

    /// The intent as Stripe would send it in an event.
    pub(crate) fn intent(&self, id: &str) -> Value {
        let mut intent = self.intents.lock().unwrap()[id].clone();
        take_notes(&mut intent);
        intent
    }

    /// The requests received at a path, with their form bodies and idempotency keys.
    pub(crate) async fn requests(
        &self,
        verb: &str,
        at: &str,
    ) -> Vec<(HashMap<String, String>, Option<String>)> {
        self.server
            .received_requests()
            .await
            .unwrap_or_default()
            .iter()
            .filter(|r| r.method.as_str() == verb && r.url.path() == at)
            .map(|r| {
                let key = r
                    .headers
                    .get("idempotency-key")
                    .map(|v| v.to_str().unwrap().to_owned());
                (form(r), key)
            })
            .collect()
    }
}

fn not_found(id: &str) -> ResponseTemplate {
    ResponseTemplate::new(404).set_body_json(json!({"error": {
        "type": "invalid_request_error", "code": "resource_missing", "param": "intent",
        "message": format!("No such payment_intent: '{id}'")
    }}))
}

pub(crate) async fn shop_on(stripe: &FakeStripe) -> TestApp {
    spawn_app_with(Options {
        stripe_api_url: Some(stripe.server.uri()),
        ..Options::default()
    })
    .await
}

/// A cart of `quantity` Bedminsters whose checkout's intent is paid on the fake Stripe: the
/// cart and the intent.
pub(crate) async fn paid_cart(
    app: &TestApp,
    stripe: &FakeStripe,
    quantity: i64,
) -> (String, String) {
    let cart = cart_with(app, "The Bedminster", quantity).await;
    let intent = intent_for(app, &cart).await;
    stripe.pay(&intent);
    (cart, intent)
}

/// The intent id behind a cart's checkout.
pub(crate) async fn intent_for(app: &TestApp, cart: &str) -> String {
    let (status, body) = app
        .get_json(&format!("/api/payment/check_intent/?cart_id={cart}"))
        .await;
    assert_eq!(status, 200, "{body}");
    let secret = body["client_secret"].as_str().unwrap();
    secret.split("_secret_").next().unwrap().to_owned()
}

async fn orders(app: &TestApp) -> Vec<(String, String, String)> {
    use sea_orm::{ConnectionTrait, Statement};
    app.db
        .query_all_raw(Statement::from_string(
            app.db.get_database_backend(),
            "SELECT payment_intent_id, first_name, last_name FROM orders",
        ))
        .await
        .unwrap()
        .iter()
        .map(|row| {
            (
                row.try_get("", "payment_intent_id").unwrap(),
                row.try_get("", "first_name").unwrap(),
                row.try_get("", "last_name").unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn the_web_app_is_given_the_publishable_key() {
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let (_, config) = app.get_json("/api/payment/config/").await;
    assert_eq!(
        config,
        json!({"provider": "stripe", "publishable_key": "pk_test_posy"})
    );
    let (status, _) = app
        .post_json(
            "/api/payment/simulated/confirm/",
            &json!({
                "client_secret": "x", "card_number": "4242424242424242", "expiry": "12/34",
                "cvc": "123", "billing_details": {}
            }),
        )
        .await;
    assert_eq!(status, 404, "no test cards on a real provider");
}

#[tokio::test]
async fn check_intent_creates_one_gbp_intent_in_pence_with_the_cart_and_a_key() {
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let cart = cart_with(&app, "The Bedminster", 2).await;
    let intent = intent_for(&app, &cart).await;
    assert_eq!(
        intent_for(&app, &cart).await,
        intent,
        "asked again: the same intent"
    );

    let created = stripe.requests("POST", "/v1/payment_intents").await;
    assert_eq!(created.len(), 1);
    let (body, key) = &created[0];
    assert_eq!(body["amount"], "8400");
    assert_eq!(body["currency"], "gbp");
    assert_eq!(body["metadata[cart_id]"], cart);
    assert!(
        key.as_deref().is_some_and(|k| k.contains(&cart)),
        "idempotency key {key:?}"
    );
    let sent = stripe.server.received_requests().await.unwrap();
    assert_eq!(sent[0].headers["authorization"], "Bearer sk_test_posy");
}

#[tokio::test]
async fn a_changed_cart_updates_the_amount_of_its_intent() {
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let cart = cart_with(&app, "The Bedminster", 1).await;
    let intent = intent_for(&app, &cart).await;
    let bedminster = crate::helpers::product(&app, "The Bedminster").await["id"]
        .as_i64()
        .unwrap();
    crate::helpers::add(&app, &cart, bedminster, None, 2).await;
    assert_eq!(intent_for(&app, &cart).await, intent);
    let updates = stripe
        .requests("POST", &format!("/v1/payment_intents/{intent}"))
        .await;
    assert_eq!(updates.len(), 1);
    assert_eq!(updates[0].0["amount"], "12600");
    assert_eq!(stripe.intent(&intent)["amount"], 12600);
}

#[tokio::test]
async fn a_succeeded_intent_becomes_one_order() {
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let (cart, intent) = paid_cart(&app, &stripe, 1).await;
    let (status, placed) = place(&app, &intent, &cart).await;
    assert_eq!(status, 200, "{placed}");
    let (status, again) = place(&app, &intent, &cart).await;
    assert_eq!((status, &again["id"]), (200, &placed["id"]));
    assert_eq!(orders(&app).await.len(), 1);
    let retrieved = stripe
        .requests("GET", &format!("/v1/payment_intents/{intent}"))
        .await;
    assert_eq!(
        retrieved.len(),
        1,
        "the repeat is answered from the database"
    );
}

#[tokio::test]
async fn orders_are_refused_unless_the_intent_succeeded_for_this_cart_its_amount_and_gbp() {
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;

    let cart = cart_with(&app, "The Bedminster", 1).await;
    let intent = intent_for(&app, &cart).await;
    let (status, body) = place(&app, &intent, &cart).await;
    assert_eq!(status, 400, "not paid yet: {body}");

    stripe.change(&intent, |i| i["currency"] = json!("eur"));
    stripe.pay(&intent);
    let (status, body) = place(&app, &intent, &cart).await;
    assert_eq!(
        (status, body["error"].as_str().unwrap()),
        (
            400,
            "That payment was not made in pounds sterling. Please try paying again."
        )
    );

    let other = cart_with(&app, "The Bedminster", 1).await;
    let other_intent = intent_for(&app, &other).await;
    stripe.pay(&other_intent);
    let (status, body) = place(&app, &other_intent, &cart).await;
    assert_eq!(
        (status, body["error"].as_str().unwrap()),
        (
            400,
            "That payment was made for a different cart. Please try paying again."
        )
    );

    stripe.change(&other_intent, |i| i["amount"] = json!(100));
    let (status, body) = place(&app, &other_intent, &other).await;
    assert_eq!(status, 409, "paid the wrong amount: refunded, {body}");
    let refunds = stripe.requests("POST", "/v1/refunds").await;
    assert_eq!(refunds.len(), 1);
    assert_eq!(refunds[0].0["payment_intent"], other_intent);
    assert!(refunds[0].1.is_some(), "refunds carry an idempotency key");

    let (status, _) = place(&app, "pi_unknown", &cart).await;
    assert_eq!(status, 400);
    assert!(orders(&app).await.is_empty());
}

#[tokio::test]
async fn an_intent_used_once_cannot_pay_for_a_second_cart() {
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let (cart, intent) = paid_cart(&app, &stripe, 1).await;
    assert_eq!(place(&app, &intent, &cart).await.0, 200);
    let second = cart_with(&app, "The Bedminster", 1).await;
    let (status, _) = place(&app, &intent, &second).await;
    assert_eq!(status, 400);
    assert_eq!(orders(&app).await.len(), 1);
}

#[tokio::test]
async fn stock_gone_after_payment_is_refunded_through_stripe() {
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let (cart, intent) = paid_cart(&app, &stripe, 3).await;
    sql(
        &app,
        "UPDATE products SET stock = 2 WHERE name = 'The Bedminster'",
    )
    .await;
    let (status, body) = place(&app, &intent, &cart).await;
    assert_eq!(status, 409);
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("We have refunded your payment in full")
    );
    let (status, _) = place(&app, &intent, &cart).await;
    assert_eq!(status, 409);
    let refunds = stripe.requests("POST", "/v1/refunds").await;
    assert_eq!(refunds.len(), 1, "asked again, refunded once");
    assert_eq!(refunds[0].0["payment_intent"], intent);
}

/// A `payment_intent.succeeded` event for an intent, as Stripe sends it.
pub(crate) fn succeeded_event(event_id: &str, intent: &Value) -> String {
    json!({
        "id": event_id,
        "object": "event",
        "created": 1_795_435_300,
        "data": {"object": intent},
        "livemode": false,
        "pending_webhooks": 1,
        "request": {"id": null, "idempotency_key": null},
        "type": "payment_intent.succeeded"
    })
    .to_string()
}

pub(crate) fn signature(payload: &str, secret: &str, timestamp: i64) -> String {
    let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{timestamp}.{payload}").as_bytes());
    format!(
        "t={timestamp},v1={}",
        hex::encode(mac.finalize().into_bytes())
    )
}

pub(crate) async fn deliver(app: &TestApp, payload: &str, signature: &str) -> u16 {
    crate::helpers::status_of(
        app.client
            .post(app.url("/api/payment/webhook/"))
            .header("stripe-signature", signature)
            .header("content-type", "application/json")
            .body(payload.to_owned()),
    )
    .await
}

#[tokio::test]
async fn a_signed_succeeded_event_places_the_order_from_the_billing_details_once() {
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let (cart, intent) = paid_cart(&app, &stripe, 1).await;
    let event = succeeded_event("evt_1", &stripe.intent(&intent));
    let now = posy_server::store::clock::now();

    assert_eq!(
        deliver(&app, &event, &signature(&event, "whsec_wrong", now)).await,
        400,
        "bad signature"
    );
    assert_eq!(
        deliver(&app, &event, &signature(&event, WEBHOOK_SECRET, now - 600)).await,
        400,
        "stale"
    );
    assert_eq!(deliver(&app, &event, "").await, 400, "unsigned");
    assert!(orders(&app).await.is_empty());

    assert_eq!(
        deliver(&app, &event, &signature(&event, WEBHOOK_SECRET, now)).await,
        200
    );
    assert_eq!(
        deliver(&app, &event, &signature(&event, WEBHOOK_SECRET, now)).await,
        200,
        "duplicate"
    );
    let again = succeeded_event("evt_2", &stripe.intent(&intent));
    assert_eq!(
        deliver(&app, &again, &signature(&again, WEBHOOK_SECRET, now)).await,
        200
    );
    assert_eq!(
        orders(&app).await,
        vec![(intent.clone(), "Sam de".to_owned(), "Rosa".to_owned())],
        "one order, named from the card's billing details"
    );

    let (status, placed) = place(&app, &intent, &cart).await;
    assert_eq!(
        status, 200,
        "the browser arriving late gets the same order: {placed}"
    );
    assert_eq!(orders(&app).await.len(), 1);
}

#[tokio::test]
async fn a_shop_killed_between_payment_and_order_still_makes_exactly_one_order_from_the_webhook() {
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let (_, intent) = paid_cart(&app, &stripe, 1).await;
    // The shopper paid; the shop dies before the browser's order call arrives.
    let app = app.killed_and_restarted().await;
    let event = succeeded_event("evt_crash", &stripe.intent(&intent));
    let signed = signature(&event, WEBHOOK_SECRET, posy_server::store::clock::now());
    assert_eq!(deliver(&app, &event, &signed).await, 200);
    assert_eq!(deliver(&app, &event, &signed).await, 200);
    assert_eq!(orders(&app).await.len(), 1);
    let mail = app.mail(2).await;
    assert!(
        mail.iter().any(|m| m.contains("To: sam@example.com")),
        "the payer is told"
    );
}

/// The GET requests Stripe received for an intent.
async fn retrievals(stripe: &FakeStripe, intent: &str) -> usize {
    stripe
        .requests("GET", &format!("/v1/payment_intents/{intent}"))
        .await
        .len()
}

#[tokio::test]
async fn an_intent_the_shop_did_not_make_for_the_cart_is_refused_before_stripe_is_asked() {
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let cart = cart_with(&app, "The Bedminster", 1).await;
    intent_for(&app, &cart).await;
    let other = cart_with(&app, "The Bedminster", 1).await;
    let other_intent = intent_for(&app, &other).await;
    stripe.pay(&other_intent);
    for intent in [other_intent.as_str(), "pi_made_up", "pi_fake_999"] {
        let (status, body) = place(&app, intent, &cart).await;
        assert_eq!(status, 400, "{intent}: {body}");
        assert_eq!(
            body["error"],
            "That payment was made for a different cart. Please try paying again."
        );
        assert_eq!(
            retrievals(&stripe, intent).await,
            0,
            "{intent}: Stripe was asked"
        );
    }
    assert!(orders(&app).await.is_empty());
}

#[tokio::test]
async fn a_charge_refunded_or_disputed_at_stripe_never_becomes_an_order() {
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let now = posy_server::store::clock::now();
    for note in ["x_amount_refunded", "x_disputed"] {
        let (cart, intent) = paid_cart(&app, &stripe, 1).await;
        stripe.change(&intent, |i| {
            i[note] = if note == "x_disputed" {
                json!(true)
            } else {
                json!(100)
            }
        });
        let event = succeeded_event(&format!("evt_{note}"), &stripe.intent(&intent));
        let signed = signature(&event, WEBHOOK_SECRET, now);
        assert_eq!(
            deliver(&app, &event, &signed).await,
            200,
            "{note}: done with it"
        );
        refused_as_given_back(&app, &intent, &cart, note).await;
    }
    assert!(orders(&app).await.is_empty());
    let retrieved = stripe.server.received_requests().await.unwrap();
    assert!(
        retrieved
            .iter()
            .filter(|r| r.method.as_str() == "GET")
            .all(|r| r.url.query().is_some_and(|q| q.contains("latest_charge"))),
        "every retrieval expands the latest charge"
    );
}

#[tokio::test]
async fn an_intent_refunded_at_stripe_counts_as_absent_so_check_intent_makes_a_new_one() {
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let (cart, intent) = paid_cart(&app, &stripe, 1).await;
    // Refunded from Stripe's dashboard: the shop holds no refund row.
    stripe.change(&intent, |i| i["x_amount_refunded"] = i["amount"].clone());
    let second = intent_for(&app, &cart).await;
    assert_ne!(second, intent, "a new payment");
    let created = stripe.requests("POST", "/v1/payment_intents").await;
    assert_eq!(created.len(), 2);
    assert_ne!(created[0].1, created[1].1, "a new idempotency key");
    stripe.pay(&second);
    let (status, placed) = place(&app, &second, &cart).await;
    assert_eq!(status, 200, "{placed}");
}

#[tokio::test]
async fn billing_details_that_do_not_fit_still_make_an_order_flagged_for_the_studio() {
    use sea_orm::{ConnectionTrait, Statement};
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let (_, intent) = paid_cart(&app, &stripe, 1).await;
    stripe.change(&intent, |i| {
        i["x_billing_details"] = json!({
            "address": {"city": "Bris\u{0}tol", "country": "GB",
                        "line1": "3 Whitchurch Lane\r\nFlat 2", "line2": null,
                        "postal_code": format!("BS14{}0TJ", " ".repeat(40)), "state": null},
            "email": null,
            "name": format!("Sam {}", "d".repeat(150)),
            "phone": "0".repeat(60)
        });
    });
    let event = succeeded_event("evt_messy", &stripe.intent(&intent));
    let signed = signature(&event, WEBHOOK_SECRET, posy_server::store::clock::now());
    assert_eq!(deliver(&app, &event, &signed).await, 200);
    let row = app
        .db
        .query_one_raw(Statement::from_string(
            app.db.get_database_backend(),
            "SELECT city, address, postcode, phone, last_name, email, check_details FROM orders",
        ))
        .await
        .unwrap()
        .expect("the order is placed");
    let text = |column: &str| row.try_get::<String>("", column).unwrap();
    assert_eq!(text("city"), "Bristol", "the NUL dropped");
    assert_eq!(
        text("address"),
        "3 Whitchurch LaneFlat 2",
        "the line break dropped"
    );
    assert_eq!(text("postcode").chars().count(), 20, "cut to its column");
    assert_eq!(text("phone").chars().count(), 40, "cut to its column");
    assert_eq!(text("last_name").chars().count(), 100, "cut to its column");
    assert_eq!(text("email"), "");
    assert!(row.try_get::<bool>("", "check_details").unwrap(), "flagged");
    let mail = app.mail(1).await;
    let notice = mail
        .iter()
        .find(|m| m.contains("To: studio@posy.localhost"))
        .expect("the studio's notice");
    assert!(notice.contains("(check details)"), "{notice}");
}

#[tokio::test]
async fn an_event_with_fields_posy_does_not_know_or_need_still_places_the_order() {
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let (cart, intent) = paid_cart(&app, &stripe, 1).await;
    // A future API version: a new status word, new fields, and most of the old ones gone.
    let event = json!({
        "id": "evt_future", "object": "event", "api_version": "2099-01-01.future",
        "type": "payment_intent.succeeded", "created": 1_795_435_300,
        "data": {"object": {"id": intent, "object": "payment_intent", "status": "settled",
                            "metadata": {"cart_id": cart}, "shiny_new_field": {"x": 1}}}
    })
    .to_string();
    let signed = signature(&event, WEBHOOK_SECRET, posy_server::store::clock::now());
    assert_eq!(deliver(&app, &event, &signed).await, 200);
    assert_eq!(orders(&app).await.len(), 1);
}

#[tokio::test]
async fn a_bad_signature_and_an_unreadable_event_get_different_answers() {
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let now = posy_server::store::clock::now();
    let answer = |payload: &'static str, signed: String| {
        let app = &app;
        async move {
            let response = app
                .client
                .post(app.url("/api/payment/webhook/"))
                .header("stripe-signature", signed)
                .body(payload)
                .send()
                .await
                .unwrap();
            crate::helpers::json_of("webhook", response).await
        }
    };
    let garbage = "{not json";
    let (status, unsigned) = answer(garbage, signature(garbage, "whsec_wrong", now)).await;
    assert_eq!(status, 400);
    assert_eq!(
        unsigned["error"],
        "The event's signature is missing, wrong or too old."
    );
    let (status, unreadable) = answer(garbage, signature(garbage, WEBHOOK_SECRET, now)).await;
    assert_eq!(status, 400);
    assert_eq!(
        unreadable["error"],
        "The event is signed but its content could not be read."
    );
}

/// Sends a webhook body of `size` bytes over a plain socket, chunked when `chunked`, and gives
/// the status line of the answer.
fn send_large(address: &str, size: usize, chunked: bool) -> String {
    use std::io::{Read, Write};
    let mut socket = std::net::TcpStream::connect(address).unwrap();
    socket
        .set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    let length = if chunked {
        "Transfer-Encoding: chunked".to_owned()
    } else {
        format!("Content-Length: {size}")
    };
    let head = format!(
        "POST /api/payment/webhook/ HTTP/1.1\r\nHost: {address}\r\nContent-Type: \
         application/json\r\nStripe-Signature: t=1,v1=00\r\n{length}\r\n\r\n"
    );
    socket.write_all(head.as_bytes()).unwrap();
    let block = vec![b' '; 8192];
    let mut sent = 0;
    // The shop may answer and close before all is sent: write errors are expected.
    while sent < size {
        let written = if chunked {
            socket
                .write_all(format!("{:x}\r\n", block.len()).as_bytes())
                .and_then(|()| socket.write_all(&block))
                .and_then(|()| socket.write_all(b"\r\n"))
        } else {
            socket.write_all(&block)
        };
        if written.is_err() {
            break;
        }
        sent += block.len();
    }
    if chunked {
        let _ = socket.write_all(b"0\r\n\r\n");
    }
    let mut answer = Vec::new();
    let mut buf = [0u8; 1024];
    while let Ok(n) = socket.read(&mut buf) {
        if n == 0 {
            break;
        }
        answer.extend_from_slice(&buf[..n]);
        if answer.windows(2).any(|w| w == b"\r\n") {
            break;
        }
    }
    String::from_utf8_lossy(&answer)
        .lines()
        .next()
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test]
async fn an_event_larger_than_256_kib_is_refused_with_413_however_it_is_sent() {
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let address = app.base.trim_start_matches("http://").to_owned();
    for chunked in [false, true] {
        let address = address.clone();
        let status = tokio::task::spawn_blocking(move || send_large(&address, 8 << 20, chunked))
            .await
            .unwrap();
        assert!(status.contains(" 413 "), "chunked {chunked}: {status}");
    }
    // Just under the limit: read, and refused for its signature instead.
    let address = address.clone();
    let status = tokio::task::spawn_blocking(move || send_large(&address, 256 * 1024, true))
        .await
        .unwrap();
    assert!(status.contains(" 400 "), "{status}");
}

#[tokio::test]
async fn a_payment_event_for_a_cart_removed_since_is_refunded() {
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let (cart, intent) = paid_cart(&app, &stripe, 1).await;
    sql(
        &app,
        &format!("DELETE FROM cart_items WHERE cart_id = '{cart}'"),
    )
    .await;
    sql(&app, &format!("DELETE FROM carts WHERE id = '{cart}'")).await;
    let event = succeeded_event("evt_gone", &stripe.intent(&intent));
    let signed = signature(&event, WEBHOOK_SECRET, posy_server::store::clock::now());
    assert_eq!(deliver(&app, &event, &signed).await, 200);
    let refunds = stripe.requests("POST", "/v1/refunds").await;
    assert_eq!(refunds.len(), 1, "the money goes back");
    assert!(orders(&app).await.is_empty());
    let (status, _) = place(&app, &intent, &cart).await;
    assert_eq!(status, 409, "the browser hears of the refund");
}

#[tokio::test]
async fn a_refund_stripe_refuses_stays_on_the_order_and_is_retried_with_its_key_until_it_succeeds()
{
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let session = crate::helpers::admin_session(&app).await;
    let stock = crate::helpers::product(&app, "The Bedminster").await["stock"].clone();
    let (cart, intent) = paid_cart(&app, &stripe, 2).await;
    let (status, placed) = place(&app, &intent, &cart).await;
    assert_eq!(status, 200, "{placed}");
    let id = placed["id"].as_i64().unwrap();
    // Stripe is down for the first try.
    stripe
        .refuses_refunds(500, "api_error", "An unknown error occurred", Some(1))
        .await;
    // The page's key for this refund, which the provider must be asked with.
    let key = uuid::Uuid::new_v4();
    let (status, order) = admin_post(
        &app,
        &session,
        &format!("/api/admin/orders/{id}/refund/"),
        json!({"quantities": [2], "restock": [true], "delivery": false, "cancel": true,
               "reason": "The wedding is off", "refunded": "0.00", "status": "new",
               "key": key.to_string()}),
    )
    .await;
    assert_eq!(status, 200, "{order}");
    assert_eq!(order["status"], "cancelled");
    assert_eq!(
        crate::helpers::product(&app, "The Bedminster").await["stock"],
        stock,
        "both back on the shelf"
    );
    let refund = &order["refunds"][0];
    assert_eq!(refund["state"], "failed");
    assert!(
        refund["last_error"].as_str().unwrap().contains("Stripe"),
        "{refund}"
    );
    assert!(refund["next_attempt_at"].is_string());
    assert_eq!(
        order["payment"]["refunded"], "84.00",
        "owed to the customer either way"
    );

    // Its pause over, the retrier asks again with the same key and amount.
    sql(&app, "UPDATE order_refunds SET next_attempt_at = 0").await;
    let mut state = String::new();
    for _ in 0..100 {
        let (_, order) = admin_get(&app, &session, &format!("/api/admin/orders/{id}/")).await;
        state = order["refunds"][0]["state"].as_str().unwrap().to_owned();
        if state == "succeeded" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(state, "succeeded");
    let asked = stripe.requests("POST", "/v1/refunds").await;
    assert_eq!(asked.len(), 2);
    for (form, _) in &asked {
        assert_eq!(form["payment_intent"], intent);
        assert_eq!(form["amount"], "8400");
    }
    assert!(asked[0].1.is_some());
    assert_eq!(asked[0].1, asked[1].1, "the same idempotency key");
    assert!(
        asked[0]
            .1
            .as_deref()
            .unwrap()
            .contains(&key.simple().to_string()),
        "made from the page's key: {:?}",
        asked[0].1
    );
    assert_eq!(
        stripe.intents.lock().unwrap()[&intent]["x_amount_refunded"],
        8400
    );
}

#[tokio::test]
async fn a_stalled_payment_provider_holds_up_no_one_elses_cart() {
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    // Stripe takes three seconds to make an intent.
    let stalled = std::time::Duration::from_secs(3);
    Mock::given(method("POST"))
        .and(path("/v1/payment_intents"))
        .respond_with(
            ResponseTemplate::new(500)
                .set_delay(stalled)
                .set_body_json(json!({"error": {"type": "api_error", "message": "slow"}})),
        )
        .with_priority(1)
        .mount(&stripe.server)
        .await;
    let paying = cart_with(&app, "The Bedminster", 1).await;
    let (base, client) = (app.base.clone(), app.client.clone());
    let waiting = tokio::spawn(async move {
        client
            .get(format!("{base}/api/payment/check_intent/?cart_id={paying}"))
            .send()
            .await
            .unwrap()
            .status()
    });
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    // Meanwhile other shoppers' carts are written as quickly as ever.
    let sunflowers = crate::helpers::product(&app, "Sunflower Bunch").await["id"]
        .as_i64()
        .unwrap();
    for _ in 0..5 {
        let cart = crate::helpers::new_cart(&app).await;
        let started = std::time::Instant::now();
        let (status, body) = crate::helpers::add(&app, &cart, sunflowers, None, 1).await;
        assert_eq!(status, 200, "{body}");
        assert!(
            started.elapsed() < stalled / 3,
            "a cart write waited {:?} behind the stalled provider",
            started.elapsed()
        );
    }
    assert!(!waiting.is_finished(), "the provider was still stalled");
    assert_eq!(waiting.await.unwrap(), 503);
}

/// Stripe's answer to `GET /v1/webhook_endpoints`: one endpoint at `url` in `status`.
fn webhook_endpoints(url: &str, status: &str) -> Value {
    json!({
        "object": "list",
        "url": "/v1/webhook_endpoints",
        "has_more": false,
        "data": [{
            "id": "we_fake_1",
            "object": "webhook_endpoint",
            "api_version": null,
            "application": null,
            "created": 1_795_435_300,
            "description": null,
            "enabled_events": ["payment_intent.succeeded", "charge.refunded"],
            "livemode": false,
            "metadata": {},
            "status": status,
            "url": url
        }]
    })
}

#[tokio::test]
async fn posy_check_reads_the_keys_mode_and_finds_stripes_webhook_endpoint_for_the_public_url() {
    let stripe = FakeStripe::start().await;
    Mock::given(method("GET"))
        .and(path("/v1/webhook_endpoints"))
        .respond_with(ResponseTemplate::new(200).set_body_json(webhook_endpoints(
            "https://shop.example/api/payment/webhook/",
            "enabled",
        )))
        .mount(&stripe.server)
        .await;
    let app = shop_on(&stripe).await;
    let said = |config: posy_server::app::config::Config| async move {
        posy_server::app::check::check(&config, posy_server::store::clock::now())
            .await
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("\n")
    };

    let mut config = app.config().clone();
    config.public_url = Some("http://shop.example".into());
    let found = said(config.clone()).await;
    assert!(
        found.contains("✓ Stripe's keys are test keys: no real money is taken."),
        "{found}"
    );
    assert!(
        found.contains(
            "✗ Stripe has no webhook endpoint for http://shop.example/api/payment/webhook/"
        ),
        "{found}"
    );

    config.public_url = Some("https://shop.example/".into());
    let found = said(config.clone()).await;
    assert!(
        found.contains(
            "✓ Stripe sends payment_intent.succeeded to https://shop.example/api/payment/webhook/."
        ),
        "{found}"
    );
    assert!(
        found.contains("✗ Stripe's keys are test keys on an https shop"),
        "{found}"
    );
    let asked: Vec<_> = stripe
        .server
        .received_requests()
        .await
        .unwrap_or_default()
        .into_iter()
        .filter(|r| r.url.path() == "/v1/webhook_endpoints")
        .collect();
    assert_eq!(asked.len(), 2);
    assert_eq!(asked[0].url.query(), Some("limit=100"));

    config.stripe_secret_key = Some("sk_live_posy".into());
    let found = said(config.clone()).await;
    assert!(
        found.contains("✗ STRIPE_SECRET_KEY is a live key but STRIPE_PUBLISHABLE_KEY a test one"),
        "{found}"
    );

    // The example settings file's placeholders are not live keys.
    config.stripe_secret_key = Some("rk_live_...".into());
    config.stripe_publishable_key = Some("pk_live_...".into());
    let found = said(config).await;
    assert!(
        found.contains(
            "✗ STRIPE_SECRET_KEY is a placeholder (rk_live_...), not a key: put in the key from \
             the Stripe dashboard."
        ),
        "{found}"
    );
    assert!(
        found.contains("✗ STRIPE_PUBLISHABLE_KEY is a placeholder (pk_live_...)"),
        "{found}"
    );
    assert!(!found.contains("live keys"), "{found}");
}

#[tokio::test]
async fn webhook_events_are_counted_by_outcome() {
    let stripe = FakeStripe::start().await;
    let app = spawn_app_with(Options {
        stripe_api_url: Some(stripe.server.uri()),
        configure: Some(with_token),
        ..Options::default()
    })
    .await;
    let payload = succeeded_event("evt_1", &json!({"id": "pi_unknown", "metadata": {}}));
    let now = posy_server::store::clock::now();
    assert_eq!(deliver(&app, &payload, "t=1,v1=bad").await, 400);
    let status = deliver(&app, &payload, &signature(&payload, WEBHOOK_SECRET, now)).await;
    assert_eq!(
        status, 200,
        "not one of Posy's payments: received, nothing done"
    );
    let (_, text) = scrape(&app, Some(TOKEN)).await;
    assert_eq!(
        sample(&text, "posy_webhook_events_total{outcome=\"refused\"}"),
        1.0,
        "{text}"
    );
    assert_eq!(
        sample(&text, "posy_webhook_events_total{outcome=\"accepted\"}"),
        1.0,
        "{text}"
    );
}
