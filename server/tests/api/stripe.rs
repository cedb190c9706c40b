//! The Stripe path through async-stripe, against a local fake of Stripe's HTTP API: the
//! form-encoded requests it sends, real-shaped JSON answers, refusals, refunds, and webhook
//! events (signatures good, bad and stale; duplicates; an order after a crash).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use hmac::{KeyInit, Mac};
use serde_json::{Value, json};
use wiremock::matchers::{method, path, path_regex};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

use crate::checkout::cart_with;
use crate::helpers::{Options, TestApp, WEBHOOK_SECRET, spawn_app_with, sql};

/// Stripe's API as far as Posy uses it, keeping its payment intents in memory.
struct FakeStripe {
    server: MockServer,
    intents: Arc<Mutex<HashMap<String, Value>>>,
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

/// The charge Stripe.js made when the card was confirmed, with its billing details.
fn charge_json(intent: &Value) -> Value {
    json!({
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
    })
}

impl FakeStripe {
    async fn start() -> FakeStripe {
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
                        let expands_charge = request
                            .url
                            .query_pairs()
                            .any(|(k, v)| k.starts_with("expand") && v == "latest_charge");
                        if intent["status"] == "succeeded" && expands_charge {
                            intent["latest_charge"] = charge_json(&intent);
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
                        ResponseTemplate::new(200).set_body_json(intent.clone())
                    }
                    None => not_found(id),
                }
            })
            .mount(&server)
            .await;
        Mock::given(method("POST"))
            .and(path("/v1/refunds"))
            .respond_with(|request: &Request| {
                let form = form(request);
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
    fn pay(&self, id: &str) {
        self.change(id, |intent| {
            intent["status"] = json!("succeeded");
            intent["amount_received"] = intent["amount"].clone();
        });
    }

    fn change(&self, id: &str, edit: impl FnOnce(&mut Value)) {
        edit(
            self.intents
                .lock()
                .unwrap()
                .get_mut(id)
                .expect("a known intent"),
        );
    }

    fn intent(&self, id: &str) -> Value {
        self.intents.lock().unwrap()[id].clone()
    }

    /// The requests received at a path, with their form bodies and idempotency keys.
    async fn requests(
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

async fn shop_on(stripe: &FakeStripe) -> TestApp {
    spawn_app_with(Options {
        stripe_api_url: Some(stripe.server.uri()),
        ..Options::default()
    })
    .await
}

/// The intent id behind a cart's checkout.
async fn intent_for(app: &TestApp, cart: &str) -> String {
    let (status, body) = app
        .get_json(&format!("/api/payment/check_intent/?cart_id={cart}"))
        .await;
    assert_eq!(status, 200, "{body}");
    let secret = body["client_secret"].as_str().unwrap();
    secret.split("_secret_").next().unwrap().to_owned()
}

async fn place(app: &TestApp, intent: &str, cart: &str) -> (u16, Value) {
    app.post_json(
        "/api/orders/",
        &json!({
            "payment_intent_id": intent, "cart_id": cart,
            "email": "jo@example.com", "first_name": "Jo", "last_name": "Bloom",
            "address": "12 Wells Road", "city": "Bristol", "postcode": "BS14 9AB",
            "phone": "0117 496 0123"
        }),
    )
    .await
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
    let cart = cart_with(&app, "The Bedminster", 1).await;
    let intent = intent_for(&app, &cart).await;
    stripe.pay(&intent);
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
    let cart = cart_with(&app, "The Bedminster", 1).await;
    let intent = intent_for(&app, &cart).await;
    stripe.pay(&intent);
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
    let cart = cart_with(&app, "The Bedminster", 3).await;
    let intent = intent_for(&app, &cart).await;
    stripe.pay(&intent);
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
fn succeeded_event(event_id: &str, intent: &Value) -> String {
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

fn signature(payload: &str, secret: &str, timestamp: i64) -> String {
    let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{timestamp}.{payload}").as_bytes());
    format!(
        "t={timestamp},v1={}",
        hex::encode(mac.finalize().into_bytes())
    )
}

async fn deliver(app: &TestApp, payload: &str, signature: &str) -> u16 {
    app.client
        .post(app.url("/api/payment/webhook/"))
        .header("stripe-signature", signature)
        .header("content-type", "application/json")
        .body(payload.to_owned())
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

#[tokio::test]
async fn a_signed_succeeded_event_places_the_order_from_the_billing_details_once() {
    let stripe = FakeStripe::start().await;
    let app = shop_on(&stripe).await;
    let cart = cart_with(&app, "The Bedminster", 1).await;
    let intent = intent_for(&app, &cart).await;
    stripe.pay(&intent);
    let event = succeeded_event("evt_1", &stripe.intent(&intent));
    let now = posy_server::clock::now();

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
    let cart = cart_with(&app, "The Bedminster", 1).await;
    let intent = intent_for(&app, &cart).await;
    stripe.pay(&intent);
    // The shopper paid; the shop dies before the browser's order call arrives.
    let app = app.killed_and_restarted().await;
    let event = succeeded_event("evt_crash", &stripe.intent(&intent));
    let signed = signature(&event, WEBHOOK_SECRET, posy_server::clock::now());
    assert_eq!(deliver(&app, &event, &signed).await, 200);
    assert_eq!(deliver(&app, &event, &signed).await, 200);
    assert_eq!(orders(&app).await.len(), 1);
    let mail = app.mail(2).await;
    assert!(
        mail.iter().any(|m| m.contains("To: sam@example.com")),
        "the payer is told"
    );
}
