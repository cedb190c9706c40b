//! Checkout on the simulated provider (the embedded default): check_intent, the test cards,
//! orders and their links, mail, refusals, and no overselling under load.

use futures_util::future::join_all;
use serde_json::{Value, json};

use crate::builders::{OrderBuilder, Paid};
use crate::helpers::{
    Options, TestApp, add, behind_a_proxy, count, new_cart, product, spawn_app, spawn_app_with,
    sql, stock_in_db,
};

/// A cart holding `quantity` of a demo product that has no sizes.
pub async fn cart_with(app: &TestApp, name: &str, quantity: i64) -> String {
    let cart = new_cart(app).await;
    let id = product(app, name).await["id"].as_i64().unwrap();
    let (status, body) = add(app, &cart, id, None, quantity).await;
    assert_eq!(status, 200, "{body}");
    cart
}

pub async fn check_intent(app: &TestApp, cart: &str) -> (u16, Value) {
    app.get_json(&format!("/api/payment/check_intent/?cart_id={cart}"))
        .await
}

/// check_intent as if from `address`: the test shops trust their own address as a proxy when
/// [`crate::helpers::behind_a_proxy`] configures them.
pub async fn check_intent_from(app: &TestApp, cart: &str, address: &str) -> (u16, Value) {
    let path = format!("/api/payment/check_intent/?cart_id={cart}");
    crate::helpers::get_from(app, &path, address).await
}

pub async fn client_secret(app: &TestApp, cart: &str) -> String {
    let (status, body) = check_intent(app, cart).await;
    assert_eq!(status, 200, "{body}");
    body["client_secret"].as_str().unwrap().to_owned()
}

pub async fn pay(app: &TestApp, secret: &str, card: &str) -> Value {
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

/// The checkout form's details for an order paid with `intent`.
pub fn order_body(intent: &str, cart: &str) -> Value {
    json!({
        "payment_intent_id": intent, "cart_id": cart,
        "email": "jo@example.com", "first_name": "Jo", "last_name": "Bloom",
        "address": "12 Wells Road", "city": "Bristol", "postcode": "bs14 9ab",
        "phone": "0117 496 0123"
    })
}

/// Places the order for a paid cart, as the browser does.
pub async fn place(app: &TestApp, intent: &str, cart: &str) -> (u16, Value) {
    app.post_json("/api/orders/", &order_body(intent, cart))
        .await
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
    let before = stock_in_db(&app, "The Bedminster").await;
    let Paid { cart, intent, .. } = OrderBuilder::of("The Bedminster", 2).paid(&app).await;

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

    assert_eq!(stock_in_db(&app, "The Bedminster").await, before - 2);
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
    let Paid { cart, intent, .. } = OrderBuilder::of("The Bedminster", 1).paid(&app).await;
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

/// A shop, a cart of one The Bedminster, and the client secret of its payment.
async fn bedminster_to_pay() -> (TestApp, String, String) {
    let app = spawn_app().await;
    let cart = cart_with(&app, "The Bedminster", 1).await;
    let secret = client_secret(&app, &cart).await;
    (app, cart, secret)
}

#[tokio::test]
async fn declined_cards_give_stripes_messages_and_make_no_order() {
    let (app, cart, secret) = bedminster_to_pay().await;
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

/// The end of the simulated 3-D Secure step: the shopper completes it or fails it.
async fn authenticate(app: &TestApp, secret: &str, succeed: bool) -> Value {
    let step = json!({"client_secret": secret, "succeed": succeed});
    let (_, body) = app
        .post_json("/api/payment/simulated/authenticate/", &step)
        .await;
    body
}

#[tokio::test]
async fn the_3d_secure_card_pays_only_when_authenticated() {
    let (app, _, secret) = bedminster_to_pay().await;
    let needs = pay(&app, &secret, "4000 0027 6000 3184").await;
    assert_eq!(needs["payment_intent"]["status"], "requires_action");
    let failed = authenticate(&app, &secret, false).await;
    assert_eq!(
        failed["error"]["code"],
        "payment_intent_authentication_failure"
    );

    let again = pay(&app, &secret, "4000 0027 6000 3184").await;
    assert_eq!(again["payment_intent"]["status"], "requires_action");
    let passed = authenticate(&app, &secret, true).await;
    assert_eq!(passed["payment_intent"]["status"], "succeeded", "{passed}");
}

#[tokio::test]
async fn an_order_with_missing_or_malformed_details_is_refused_and_can_be_sent_again() {
    let app = spawn_app().await;
    let Paid { cart, intent, .. } = OrderBuilder::of("The Bedminster", 1).paid(&app).await;
    let mut body = order_body(&intent, &cart);
    body["email"] = json!("");
    body["phone"] = json!("  ");
    let (status, refused) = app.post_json("/api/orders/", &body).await;
    assert_eq!(status, 400);
    assert_eq!(
        refused["error"],
        "Please fill in all required fields: Email, Phone"
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
    let Paid { intent, .. } = OrderBuilder::of("The Bedminster", 1).paid(&app).await;
    let other = cart_with(&app, "The Bedminster", 1).await;
    let (status, body) = place(&app, &intent, &other).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["error"],
        "That payment was made for a different cart. Please try paying again."
    );
    // Any intent but the one the shop made for the cart is refused before the provider is
    // asked: it is not the cart's payment.
    let (status, body) = place(&app, "pi_sim_unknown", &other).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["error"],
        "That payment was made for a different cart. Please try paying again."
    );
}

#[tokio::test]
async fn an_intent_used_for_one_order_cannot_order_another_cart() {
    let app = spawn_app().await;
    let Paid { cart, intent, .. } = OrderBuilder::of("The Bedminster", 1).paid(&app).await;
    let (status, _) = place(&app, &intent, &cart).await;
    assert_eq!(status, 200);
    let other = cart_with(&app, "The Bedminster", 1).await;
    let (status, body) = place(&app, &intent, &other).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(count(&app, "orders").await, 1);
}

/// Two Bedminsters paid for, and then only one left on the shelf before the order is placed.
async fn two_paid_for_and_one_left(app: &TestApp) -> Paid {
    let paid = OrderBuilder::of("The Bedminster", 2).paid(app).await;
    sql(
        app,
        "UPDATE products SET stock = 1 WHERE name = 'The Bedminster'",
    )
    .await;
    paid
}

#[tokio::test]
async fn stock_gone_after_payment_refunds_it_and_says_so() {
    let app = spawn_app().await;
    let Paid { cart, intent, .. } = two_paid_for_and_one_left(&app).await;
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
    assert_eq!(
        stock_in_db(&app, "The Bedminster").await,
        1,
        "nothing taken"
    );
    let (_, refunded) = app.get_json(&format!("/api/cart/?cart_id={cart}")).await;
    assert_eq!(
        refunded["id"],
        cart.as_str(),
        "the cart stays open to pay again"
    );
    // The cart still holds 2, more than is left, until the stock is back (six: one shopper may
    // hold a third of it while paying).
    sql(
        &app,
        "UPDATE products SET stock = 6 WHERE name = 'The Bedminster'",
    )
    .await;
    let new_secret = client_secret(&app, &cart).await;
    assert!(
        !new_secret.starts_with(&intent),
        "a new payment, not the refunded one"
    );
}

#[tokio::test]
async fn a_cart_changed_while_paying_is_refunded_not_ordered_at_the_wrong_price() {
    let app = spawn_app().await;
    let Paid { cart, intent, .. } = OrderBuilder::of("The Bedminster", 1).paid(&app).await;
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
    let Paid { cart, intent, .. } = OrderBuilder::of("The Bedminster", 1).paid(&app).await;
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
    // A hundred shoppers, each from an address of their own, through the shop's proxy.
    let app = spawn_app_with(Options {
        configure: Some(behind_a_proxy),
        ..Options::default()
    })
    .await;
    let mut carts = Vec::new();
    for _ in 0..100 {
        carts.push(cart_with(&app, "The Bedminster", 1).await);
    }
    assert_eq!(stock_in_db(&app, "The Bedminster").await, 10);
    // Everyone reaches the card form at once: ten carts hold the ten, the rest are told.
    let app = &app;
    let answers = join_all(carts.iter().enumerate().map(|(n, cart)| {
        let address = format!("198.51.100.{n}");
        async move { check_intent_from(app, cart, &address).await }
    }))
    .await;
    let mut holding = Vec::new();
    for ((status, body), cart) in answers.iter().zip(&carts) {
        match status {
            200 => holding.push((cart, body["client_secret"].as_str().unwrap())),
            409 => assert_eq!(
                body["error"],
                "Only 10 of The Bedminster are left, and they are in other baskets for a few \
                 minutes; please try again shortly."
            ),
            _ => panic!("{status}: {body}"),
        }
    }
    assert_eq!(
        holding.len(),
        10,
        "ten get an intent, ninety are told before paying"
    );
    assert_eq!(count(app, "simulated_payments").await, 10);
    let placing = holding.iter().map(|(cart, secret)| async move {
        let paid = pay(app, secret, "4242 4242 4242 4242").await;
        let intent = paid["payment_intent"]["id"].as_str().unwrap().to_owned();
        place(app, &intent, cart).await
    });
    let placed = join_all(placing).await;
    assert!(
        placed.iter().all(|(status, _)| *status == 200),
        "{:?}",
        placed.iter().find(|(s, _)| *s != 200)
    );
    assert_eq!(count(app, "orders").await, 10);
    assert_eq!(count(app, "refunds").await, 0);
    assert_eq!(stock_in_db(app, "The Bedminster").await, 0);
}

/// The date an order placed at 2026-11-23T12:00:00Z is said to be placed on.
const PLACED_AT: i64 = 1_795_435_200;

#[tokio::test]
async fn a_repeat_order_hands_out_links_only_for_15_minutes_then_points_to_the_mail() {
    let app = spawn_app().await;
    let Paid { cart, intent, .. } = OrderBuilder::of("The Bedminster", 1).paid(&app).await;
    let (status, first) = place(&app, &intent, &cart).await;
    assert_eq!(status, 200, "{first}");
    // Within 15 minutes: a retry gets the order and a fresh token.
    sql(&app, "UPDATE orders SET created_at = created_at - 840").await;
    let (status, again) = place(&app, &intent, &cart).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["id"], first["id"]);
    assert!(
        again["access_token"]
            .as_str()
            .is_some_and(|t| t.len() >= 32)
    );
    // Later: the same call can no longer renew the link.
    sql(&app, &format!("UPDATE orders SET created_at = {PLACED_AT}")).await;
    let tokens = count(&app, "order_tokens").await;
    let (status, body) = place(&app, &intent, &cart).await;
    assert_eq!(
        (status, &body),
        (
            409,
            &json!({"error": "This order was placed on 23 November 2026; its link is in your confirmation e-mail."})
        )
    );
    assert_eq!(count(&app, "order_tokens").await, tokens, "no token minted");
}

#[tokio::test]
async fn a_payment_refunded_or_disputed_since_never_becomes_an_order() {
    let app = spawn_app().await;
    for column in ["refunded", "disputed"] {
        let Paid { cart, intent, .. } = OrderBuilder::of("The Bedminster", 1).paid(&app).await;
        sql(
            &app,
            &format!("UPDATE simulated_payments SET {column} = TRUE WHERE id = '{intent}'"),
        )
        .await;
        refused_as_given_back(&app, &intent, &cart, column).await;
    }
    assert_eq!(count(&app, "orders").await, 0);
    assert_eq!(
        stock_in_db(&app, "The Bedminster").await,
        10,
        "nothing taken"
    );
}

/// Placing the order for `cart` with `intent` is refused: the payment has been refunded or
/// disputed since (`why` says how, for the failure's message).
pub async fn refused_as_given_back(app: &TestApp, intent: &str, cart: &str, why: &str) {
    let (status, body) = place(app, intent, cart).await;
    assert_eq!(status, 409, "{why}: {body}");
    let error = body["error"].as_str().unwrap();
    assert!(
        error.starts_with("This payment has been refunded or disputed"),
        "{why}: {body}"
    );
}

#[tokio::test]
async fn a_payment_refunded_at_the_provider_counts_as_absent_so_the_shopper_can_pay_again() {
    let app = spawn_app().await;
    let Paid { cart, intent, .. } = OrderBuilder::of("The Bedminster", 1).paid(&app).await;
    // Refunded from the provider's dashboard, say: the shop holds no refund row for it.
    sql(
        &app,
        &format!("UPDATE simulated_payments SET refunded = TRUE WHERE id = '{intent}'"),
    )
    .await;
    let secret = client_secret(&app, &cart).await;
    assert!(!secret.starts_with(&intent), "a new payment: {secret}");
    let paid = pay(&app, &secret, "4242 4242 4242 4242").await;
    let new_intent = paid["payment_intent"]["id"].as_str().unwrap();
    let (status, placed) = place(&app, new_intent, &cart).await;
    assert_eq!(status, 200, "{placed}");
}

#[tokio::test]
async fn a_refund_is_recorded_with_the_carts_state_and_the_studios_notice() {
    let app = spawn_app().await;
    let Paid { cart, intent, .. } = two_paid_for_and_one_left(&app).await;
    let (status, _) = place(&app, &intent, &cart).await;
    assert_eq!(status, 409);
    let (again, _) = place(&app, &intent, &cart).await;
    assert_eq!(again, 409);
    assert_eq!(count(&app, "refunds").await, 1);
    let mail = app.mail(1).await;
    let notices: Vec<_> = mail
        .iter()
        .filter(|m| m.contains("To: studio@posy.localhost") && m.contains(&intent))
        .collect();
    assert_eq!(notices.len(), 1, "told once: {mail:?}");
    assert!(
        notices[0].contains("Subject: A payment was refunded"),
        "{}",
        notices[0]
    );
    assert_eq!(
        count(&app, "carts WHERE payment_intent_id IS NULL").await,
        1,
        "the cart forgot the refunded intent"
    );
}

/// Two carts with the same two items, added in opposite orders, paid and placed at once.
#[tokio::test]
async fn two_paid_carts_holding_the_same_items_in_opposite_orders_always_both_become_orders() {
    let app = spawn_app().await;
    sql(
        &app,
        "UPDATE products SET stock = 1000 WHERE name IN ('The Bedminster', 'Sunflower Bunch')",
    )
    .await;
    sql(&app, "UPDATE catalogue_version SET version = version + 1").await;
    let first = product(&app, "The Bedminster").await["id"]
        .as_i64()
        .unwrap();
    let second = product(&app, "Sunflower Bunch").await["id"]
        .as_i64()
        .unwrap();
    let mut failures = Vec::new();
    for _ in 0..100 {
        let mut paid = Vec::new();
        for items in [[first, second], [second, first]] {
            let cart = new_cart(&app).await;
            for item in items {
                let (status, body) = add(&app, &cart, item, None, 1).await;
                assert_eq!(status, 200, "{body}");
            }
            let secret = client_secret(&app, &cart).await;
            let intent = pay(&app, &secret, "4242 4242 4242 4242").await["payment_intent"]["id"]
                .as_str()
                .unwrap()
                .to_owned();
            paid.push((cart, intent));
        }
        let answers = join_all(paid.iter().map(|(cart, intent)| place(&app, intent, cart))).await;
        failures.extend(answers.into_iter().filter(|(status, _)| *status != 200));
    }
    assert!(
        failures.is_empty(),
        "{} failed: {:?}",
        failures.len(),
        failures.first()
    );
    assert_eq!(count(&app, "orders").await, 200);
    assert_eq!(count(&app, "refunds").await, 0);
}

/// Renames a table away and back: while it is away, every order fails to be written.
async fn rename(app: &TestApp, from: &str, to: &str) {
    sql(app, &format!("ALTER TABLE {from} RENAME TO {to}")).await;
}

#[tokio::test]
async fn a_database_failure_after_payment_is_retried_until_the_order_is_written() {
    let app = spawn_app().await;
    let Paid { cart, intent, .. } = OrderBuilder::of("The Bedminster", 1).paid(&app).await;
    rename(&app, "order_tokens", "order_tokens_away").await;
    let placing = place(&app, &intent, &cart);
    let repair = async {
        tokio::time::sleep(std::time::Duration::from_millis(60)).await;
        rename(&app, "order_tokens_away", "order_tokens").await;
    };
    let ((status, placed), ()) = tokio::join!(placing, repair);
    assert_eq!(status, 200, "{placed}");
    assert_eq!(count(&app, "orders").await, 1);
    assert_eq!(count(&app, "refunds").await, 0);
}

#[tokio::test]
async fn a_database_failure_that_outlasts_the_retries_is_refunded_recorded_and_mailed() {
    let app = spawn_app().await;
    let Paid { cart, intent, .. } = OrderBuilder::of("The Bedminster", 1).paid(&app).await;
    rename(&app, "order_tokens", "order_tokens_away").await;
    let (status, body) = place(&app, &intent, &cart).await;
    rename(&app, "order_tokens_away", "order_tokens").await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("Sorry, we could not record your order just now, so we have refunded"),
        "{body}"
    );
    assert_eq!(count(&app, "orders").await, 0);
    assert_eq!(count(&app, "refunds").await, 1);
    assert_eq!(
        count(
            &app,
            &format!("simulated_payments WHERE id = '{intent}' AND refunded = TRUE")
        )
        .await,
        1,
        "the money went back"
    );
    let mail = app.mail(1).await;
    assert!(
        mail.iter()
            .any(|m| m.contains("To: studio@posy.localhost") && m.contains(&intent)),
        "the studio is told"
    );
    assert_eq!(
        stock_in_db(&app, "The Bedminster").await,
        10,
        "nothing taken"
    );
}

#[tokio::test]
async fn checkout_fields_longer_than_their_columns_or_with_control_characters_are_refused() {
    let app = spawn_app().await;
    let Paid { cart, intent, .. } = OrderBuilder::of("The Bedminster", 1).paid(&app).await;
    for (field, value, words) in [
        (
            "phone",
            format!("0117 {}496 0123", "- ".repeat(20)),
            "under 40",
        ),
        ("postcode", format!("BS14{}9AB", " ".repeat(20)), "under 20"),
        ("first_name", "Jo\0".to_owned(), "on one line"),
        (
            "address",
            "12 Wells Road\r\nBristol".to_owned(),
            "on one line",
        ),
    ] {
        let mut body = order_body(&intent, &cart);
        body[field] = json!(value);
        let (status, refused) = app.post_json("/api/orders/", &body).await;
        assert_eq!(status, 400, "{field}: {refused}");
        assert!(
            refused["fields"][field].as_str().unwrap().contains(words),
            "{field}: {refused}"
        );
    }
    assert_eq!(count(&app, "orders").await, 0);
    let (status, placed) = place(&app, &intent, &cart).await;
    assert_eq!(status, 200, "{placed}");
}

#[tokio::test]
async fn a_product_withdrawn_while_the_shopper_paid_is_not_sold_but_refunded() {
    let app = spawn_app().await;
    let before = stock_in_db(&app, "The Bedminster").await;
    let Paid { cart, intent, .. } = OrderBuilder::of("The Bedminster", 1).paid(&app).await;
    sql(
        &app,
        "UPDATE products SET active = false WHERE name = 'The Bedminster'",
    )
    .await;
    let (status, body) = place(&app, &intent, &cart).await;
    assert_eq!(status, 409, "{body}");
    let message = body["error"].as_str().unwrap();
    assert!(
        message.contains("The Bedminster is no longer on sale") && message.contains("refunded"),
        "{message}"
    );
    assert_eq!(count(&app, "orders").await, 0);
    assert_eq!(count(&app, "refunds").await, 1);
    sql(
        &app,
        "UPDATE products SET active = true WHERE name = 'The Bedminster'",
    )
    .await;
    assert_eq!(stock_in_db(&app, "The Bedminster").await, before);
}

/// Everything the shop logs from now on, for every test in this binary.
fn captured_logs() -> std::sync::Arc<std::sync::Mutex<Vec<u8>>> {
    use std::sync::{Arc, Mutex, OnceLock};
    static LOGS: OnceLock<Arc<Mutex<Vec<u8>>>> = OnceLock::new();
    LOGS.get_or_init(|| {
        let logs = Arc::new(Mutex::new(Vec::new()));
        let sink = logs.clone();
        let _ = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::DEBUG)
            .with_ansi(false)
            .with_writer(move || Writer(sink.clone()))
            .try_init();
        logs
    })
    .clone()
}

struct Writer(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Writer {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test]
async fn log_lines_name_ids_never_an_email_address_or_what_a_visitor_typed() {
    let logs = captured_logs();
    let app = spawn_app().await;
    let Paid { cart, intent, .. } = OrderBuilder::of("The Bedminster", 1).paid(&app).await;
    let (status, body) = place(&app, &intent, &cart).await;
    assert_eq!(status, 200, "{body}");
    let (status, _) = app
        .post_json(
            "/api/contact/",
            &json!({"name": "Ann Other", "email": "ann.other@example.com",
                    "enquiryType": "general", "message": "Secret plans for a surprise party"}),
        )
        .await;
    assert_eq!(status, 200);
    // The confirmation, the studio's notice and the enquiry are written (and logged).
    app.mail(3).await;
    let text = String::from_utf8_lossy(&logs.lock().unwrap()).into_owned();
    assert!(text.contains("order placed"), "the shop logged: {text}");
    for secret in [
        "@example.com",
        "Jo Bloom",
        "Wells Road",
        "surprise party",
        "Ann Other",
    ] {
        assert!(!text.contains(secret), "{secret} in the log: {text}");
    }
}
