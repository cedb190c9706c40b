//! Checkout on the simulated provider (the embedded default): check_intent, the test cards,
//! orders and their links, mail, refusals, and no overselling under load.

use futures_util::future::join_all;
use serde_json::{Value, json};

use crate::helpers::{Options, TestApp, add, new_cart, product, spawn_app, spawn_app_with, sql};

/// A cart holding `quantity` of a demo product that has no sizes.
pub async fn cart_with(app: &TestApp, name: &str, quantity: i64) -> String {
    let cart = new_cart(app).await;
    let id = product(app, name).await["id"].as_i64().unwrap();
    let (status, body) = add(app, &cart, id, None, quantity).await;
    assert_eq!(status, 200, "{body}");
    cart
}

async fn check_intent(app: &TestApp, cart: &str) -> (u16, Value) {
    app.get_json(&format!("/api/payment/check_intent/?cart_id={cart}"))
        .await
}

async fn client_secret(app: &TestApp, cart: &str) -> String {
    let (status, body) = check_intent(app, cart).await;
    assert_eq!(status, 200, "{body}");
    body["client_secret"].as_str().unwrap().to_owned()
}

async fn pay(app: &TestApp, secret: &str, card: &str) -> Value {
    let (status, body) = app
        .post_json(
            "/api/payment/simulated/confirm/",
            &json!({
                "client_secret": secret,
                "card_number": card,
                "expiry": "12/34",
                "cvc": "123",
                "billing_details": {
                    "name": "Jo Bloom", "email": "jo@example.com", "phone": "0117 496 0123",
                    "address": {"line1": "12 Wells Road", "city": "Bristol",
                                "postal_code": "BS14 9AB", "country": "GB"}
                }
            }),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    body
}

fn order_body(intent: &str, cart: &str) -> Value {
    json!({
        "payment_intent_id": intent, "cart_id": cart,
        "email": "jo@example.com", "first_name": "Jo", "last_name": "Bloom",
        "address": "12 Wells Road", "city": "Bristol", "postcode": "bs14 9ab",
        "phone": "0117 496 0123"
    })
}

async fn place(app: &TestApp, intent: &str, cart: &str) -> (u16, Value) {
    app.post_json("/api/orders/", &order_body(intent, cart))
        .await
}

/// A cart paid for with 4242…: its id and the intent's id.
async fn paid_cart(app: &TestApp, name: &str, quantity: i64) -> (String, String) {
    let cart = cart_with(app, name, quantity).await;
    let secret = client_secret(app, &cart).await;
    let paid = pay(app, &secret, "4242 4242 4242 4242").await;
    assert_eq!(paid["payment_intent"]["status"], "succeeded", "{paid}");
    (
        cart,
        paid["payment_intent"]["id"].as_str().unwrap().to_owned(),
    )
}

async fn stock_of(app: &TestApp, name: &str) -> i64 {
    product(app, name).await["stock"].as_i64().unwrap()
}

async fn count(app: &TestApp, table: &str) -> i64 {
    use sea_orm::{ConnectionTrait, Statement};
    let row = app
        .db
        .query_one_raw(Statement::from_string(
            app.db.get_database_backend(),
            format!("SELECT COUNT(*) AS n FROM {table}"),
        ))
        .await
        .unwrap()
        .unwrap();
    row.try_get::<i64>("", "n").unwrap()
}

#[tokio::test]
async fn the_web_app_is_told_payments_are_simulated() {
    let app = spawn_app().await;
    let (status, config) = app.get_json("/api/payment/config/").await;
    assert_eq!(status, 200);
    assert_eq!(
        config,
        json!({"provider": "simulated", "publishable_key": null})
    );
}

#[tokio::test]
async fn an_empty_unknown_or_missing_cart_has_nothing_to_pay() {
    let app = spawn_app().await;
    let empty = new_cart(&app).await;
    for query in [
        format!("?cart_id={empty}"),
        "?cart_id=00000000-0000-4000-8000-000000000000".to_owned(),
        "?cart_id=nonsense".to_owned(),
        String::new(),
    ] {
        let (status, body) = app
            .get_json(&format!("/api/payment/check_intent/{query}"))
            .await;
        assert_eq!(status, 400, "{query}: {body}");
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .starts_with("Your cart is empty")
                || body["error"]
                    .as_str()
                    .unwrap()
                    .starts_with("We couldn't find your cart"),
            "{body}"
        );
    }
}

#[tokio::test]
async fn the_intent_follows_the_cart_total_computed_by_the_server() {
    let app = spawn_app().await;
    let cart = cart_with(&app, "The Bedminster", 1).await;
    let first = client_secret(&app, &cart).await;
    let again = client_secret(&app, &cart).await;
    assert_eq!(first, again, "one intent per cart");
    let bedminster = product(&app, "The Bedminster").await["id"]
        .as_i64()
        .unwrap();
    add(&app, &cart, bedminster, None, 1).await;
    let after_change = client_secret(&app, &cart).await;
    assert_eq!(
        after_change, first,
        "the same intent, brought to the new amount"
    );
    let paid = pay(&app, &after_change, "4242424242424242").await;
    assert_eq!(
        paid["payment_intent"]["amount"], 8400,
        "2 × £42.00 in pence"
    );
    assert_eq!(paid["payment_intent"]["currency"], "gbp");
}

#[tokio::test]
async fn paying_with_4242_makes_an_order_that_its_link_opens() {
    let app = spawn_app().await;
    let before = stock_of(&app, "The Bedminster").await;
    let (cart, intent) = paid_cart(&app, "The Bedminster", 2).await;

    let (status, placed) = place(&app, &intent, &cart).await;
    assert_eq!(status, 200, "{placed}");
    let id = placed["id"].as_i64().unwrap();
    assert_eq!(placed["order_id"], format!("FS-{id:06}"));
    let token = placed["access_token"].as_str().unwrap();
    assert!(token.len() >= 32, "at least 128 random bits");

    let response = app.get(&format!("/api/orders/{id}?token={token}")).await;
    assert_eq!(response.headers()["cache-control"], "no-store");
    assert_eq!(response.headers()["referrer-policy"], "no-referrer");
    let order: Value = response.json().await.unwrap();
    assert_eq!(order["access_token"], token);
    assert_eq!(order["email"], "jo@example.com");
    assert_eq!(
        order["postcode"], "BS14 9AB",
        "stored as a postcode is written"
    );
    assert_eq!(order["total"], "84.00");
    assert_eq!(
        order["items"],
        json!([{"product_name": "The Bedminster", "quantity": 2,
                "product_price": "42.00", "line_total": "84.00"}])
    );

    assert_eq!(stock_of(&app, "The Bedminster").await, before - 2);
    let (_, cart_now) = app.get_json(&format!("/api/cart/?cart_id={cart}")).await;
    assert_ne!(
        cart_now["id"],
        cart.as_str(),
        "an ordered cart takes no more changes"
    );

    let mail = app.mail(2).await;
    let to_customer = mail
        .iter()
        .find(|m| m.contains("To: jo@example.com"))
        .expect("a confirmation to the customer");
    assert!(to_customer.contains(&format!("FS-{id:06}")));
    assert!(to_customer.contains(&format!("/order-confirmation/{id}?token=")));
    assert!(
        !to_customer.contains(token),
        "the mail's link has a token of its own"
    );
    assert!(mail.iter().any(|m| m.contains("To: studio@posy.localhost")));
}

#[tokio::test]
async fn placing_the_same_order_again_answers_the_same_order_with_a_new_token() {
    let app = spawn_app().await;
    let (cart, intent) = paid_cart(&app, "The Bedminster", 1).await;
    let (_, first) = place(&app, &intent, &cart).await;
    let (status, second) = place(&app, &intent, &cart).await;
    assert_eq!(status, 200, "{second}");
    assert_eq!(first["id"], second["id"]);
    assert_ne!(first["access_token"], second["access_token"]);
    for placed in [&first, &second] {
        let (status, _) = app
            .get_json(&format!(
                "/api/orders/{}?token={}",
                placed["id"],
                placed["access_token"].as_str().unwrap()
            ))
            .await;
        assert_eq!(status, 200, "every token handed out opens the order");
    }
    assert_eq!(count(&app, "orders").await, 1);
}

#[tokio::test]
async fn declined_cards_give_stripes_messages_and_make_no_order() {
    let app = spawn_app().await;
    let cart = cart_with(&app, "The Bedminster", 1).await;
    let secret = client_secret(&app, &cart).await;
    let declined = pay(&app, &secret, "4000 0000 0000 0002").await;
    assert_eq!(declined["error"]["message"], "Your card was declined.");
    assert_eq!(declined["payment_intent"], Value::Null);
    let broke = pay(&app, &secret, "4000 0000 0000 9995").await;
    assert_eq!(
        broke["error"]["message"],
        "Your card has insufficient funds."
    );

    let intent_id = secret.split("_secret_").next().unwrap();
    let (status, body) = place(&app, intent_id, &cart).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("requires payment method"),
        "{body}"
    );
    assert_eq!(count(&app, "orders").await, 0);
}

#[tokio::test]
async fn the_3d_secure_card_pays_only_when_authenticated() {
    let app = spawn_app().await;
    let cart = cart_with(&app, "The Bedminster", 1).await;
    let secret = client_secret(&app, &cart).await;
    let needs = pay(&app, &secret, "4000 0027 6000 3184").await;
    assert_eq!(needs["payment_intent"]["status"], "requires_action");

    let (_, failed) = app
        .post_json(
            "/api/payment/simulated/authenticate/",
            &json!({"client_secret": secret, "succeed": false}),
        )
        .await;
    assert_eq!(
        failed["error"]["code"],
        "payment_intent_authentication_failure"
    );

    let again = pay(&app, &secret, "4000 0027 6000 3184").await;
    assert_eq!(again["payment_intent"]["status"], "requires_action");
    let (_, passed) = app
        .post_json(
            "/api/payment/simulated/authenticate/",
            &json!({"client_secret": secret, "succeed": true}),
        )
        .await;
    assert_eq!(passed["payment_intent"]["status"], "succeeded", "{passed}");
}

#[tokio::test]
async fn an_order_with_missing_or_malformed_details_is_refused_and_can_be_sent_again() {
    let app = spawn_app().await;
    let (cart, intent) = paid_cart(&app, "The Bedminster", 1).await;
    let mut body = order_body(&intent, &cart);
    body["email"] = json!("");
    body["phone"] = json!("  ");
    let (status, refused) = app.post_json("/api/orders/", &body).await;
    assert_eq!(status, 400);
    assert_eq!(
        refused["error"],
        "Please fill in all required fields: email, phone"
    );
    assert_eq!(refused["fields"]["email"], "This field is required.");
    body["email"] = json!("jo@example.com");
    body["phone"] = json!("0117 496 0123");
    body["postcode"] = json!("NOT A POSTCODE");
    let (status, refused) = app.post_json("/api/orders/", &body).await;
    assert_eq!(status, 400);
    assert_eq!(
        refused["fields"]["postcode"],
        "Please enter a full UK postcode, like BS14 8AB."
    );
    assert_eq!(count(&app, "orders").await, 0, "nothing half-written");

    let (status, placed) = place(&app, &intent, &cart).await;
    assert_eq!(status, 200, "the payment still becomes an order: {placed}");
}

#[tokio::test]
async fn a_payment_for_another_cart_or_unknown_to_the_provider_is_refused() {
    let app = spawn_app().await;
    let (_, intent) = paid_cart(&app, "The Bedminster", 1).await;
    let other = cart_with(&app, "The Bedminster", 1).await;
    let (status, body) = place(&app, &intent, &other).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["error"],
        "That payment was made for a different cart. Please try paying again."
    );
    let (status, body) = place(&app, "pi_sim_unknown", &other).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["error"],
        "We couldn't find that payment. Please try paying again."
    );
}

#[tokio::test]
async fn an_intent_used_for_one_order_cannot_order_another_cart() {
    let app = spawn_app().await;
    let (cart, intent) = paid_cart(&app, "The Bedminster", 1).await;
    let (status, _) = place(&app, &intent, &cart).await;
    assert_eq!(status, 200);
    let other = cart_with(&app, "The Bedminster", 1).await;
    let (status, body) = place(&app, &intent, &other).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(count(&app, "orders").await, 1);
}

#[tokio::test]
async fn stock_gone_after_payment_refunds_it_and_says_so() {
    let app = spawn_app().await;
    let (cart, intent) = paid_cart(&app, "The Bedminster", 2).await;
    sql(
        &app,
        "UPDATE products SET stock = 1 WHERE name = 'The Bedminster'",
    )
    .await;
    sql(&app, "UPDATE catalogue_version SET version = version + 1").await;
    let (status, body) = place(&app, &intent, &cart).await;
    assert_eq!(status, 409);
    let message = body["error"].as_str().unwrap();
    assert!(message.starts_with("Sorry, The Bedminster sold out while you were paying. We have refunded your payment in full"), "{message}");
    let (status, again) = place(&app, &intent, &cart).await;
    assert_eq!(
        (status, &again),
        (409, &body),
        "asking again gives the same answer"
    );
    assert_eq!(count(&app, "orders").await, 0);
    assert_eq!(count(&app, "refunds").await, 1);
    assert_eq!(stock_of(&app, "The Bedminster").await, 1, "nothing taken");
    let (_, refunded) = app.get_json(&format!("/api/cart/?cart_id={cart}")).await;
    assert_eq!(
        refunded["id"],
        cart.as_str(),
        "the cart stays open to pay again"
    );
    let new_secret = client_secret(&app, &cart).await;
    assert!(
        !new_secret.starts_with(&intent),
        "a new payment, not the refunded one"
    );
}

#[tokio::test]
async fn a_cart_changed_while_paying_is_refunded_not_ordered_at_the_wrong_price() {
    let app = spawn_app().await;
    let (cart, intent) = paid_cart(&app, "The Bedminster", 1).await;
    let bedminster = product(&app, "The Bedminster").await["id"]
        .as_i64()
        .unwrap();
    add(&app, &cart, bedminster, None, 1).await;
    let (status, body) = place(&app, &intent, &cart).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("Your cart changed while you were paying")
    );
    assert_eq!(count(&app, "orders").await, 0);
}

#[tokio::test]
async fn wrong_expired_or_missing_tokens_and_unknown_orders_all_get_the_same_403() {
    let app = spawn_app_with(Options {
        order_link_days: Some(0),
        ..Options::default()
    })
    .await;
    let (cart, intent) = paid_cart(&app, "The Bedminster", 1).await;
    let (_, placed) = place(&app, &intent, &cart).await;
    let id = placed["id"].as_i64().unwrap();
    let expired = placed["access_token"].as_str().unwrap();
    let expected = json!({"error": "This order link has expired for security reasons. Please check your email for order details."});
    for path in [
        format!("/api/orders/{id}?token={expired}"),
        format!("/api/orders/{id}?token=0123456789abcdef0123456789abcdef"),
        format!("/api/orders/{id}"),
        format!("/api/orders/{}?token={expired}", id + 1),
    ] {
        let (status, body) = app.get_json(&path).await;
        assert_eq!((status, &body), (403, &expected), "{path}");
    }
    let (status, body) = app
        .get_json(&format!("/api/orders/abc?token={expired}"))
        .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["error"],
        "Part of that address is not what we expected. Please check the link."
    );
}

#[tokio::test]
async fn a_hundred_shoppers_paying_at_once_for_ten_in_stock_make_exactly_ten_orders() {
    let app = spawn_app().await;
    let mut carts = Vec::new();
    for _ in 0..100 {
        carts.push(paid_cart(&app, "The Bedminster", 1).await);
    }
    assert_eq!(stock_of(&app, "The Bedminster").await, 10);
    let answers = join_all(carts.iter().map(|(cart, intent)| place(&app, intent, cart))).await;
    let placed = answers.iter().filter(|(status, _)| *status == 200).count();
    let refused = answers.iter().filter(|(status, _)| *status == 409).count();
    assert_eq!(
        (placed, refused),
        (10, 90),
        "{:?}",
        answers.iter().find(|(s, _)| *s != 200 && *s != 409)
    );
    assert_eq!(count(&app, "orders").await, 10);
    assert_eq!(count(&app, "refunds").await, 90);
    assert_eq!(stock_of(&app, "The Bedminster").await, 0);
}
