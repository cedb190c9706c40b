//! check_intent's guards: lines no longer on sale, how often a cart and an address may ask,
//! and carts that were paid but never ordered (they get their order) or refunded (they can pay
//! again, and are told why).

use futures_util::future::join_all;
use serde_json::{Value, json};

use crate::builders::pay_with_4242;
use crate::checkout::{cart_with, check_intent, client_secret};
use crate::helpers::{
    Options, TestApp, add, count, new_cart, product, spawn_app, spawn_app_with, sql,
};

async fn orders(app: &TestApp) -> i64 {
    count(app, "orders").await
}

#[tokio::test]
async fn a_line_withdrawn_or_sold_out_after_it_was_added_cannot_be_paid_for() {
    let app = spawn_app().await;
    let cart = cart_with(&app, "The Bedminster", 2).await;
    let vase = product(&app, "Glass Bud Vase").await["id"]
        .as_i64()
        .unwrap();
    add(&app, &cart, vase, None, 1).await;
    let (status, _) = check_intent(&app, &cart).await;
    assert_eq!(status, 200);

    sql(
        &app,
        &format!("UPDATE products SET active = false WHERE id = {vase}"),
    )
    .await;
    let (status, body) = check_intent(&app, &cart).await;
    assert_eq!(status, 409, "{body}");
    let message = body["error"].as_str().unwrap();
    assert!(
        message.contains("Glass Bud Vase") && message.contains("no longer on sale"),
        "{message}"
    );

    sql(
        &app,
        &format!("UPDATE products SET active = true WHERE id = {vase}"),
    )
    .await;
    sql(
        &app,
        "UPDATE products SET stock = 0 WHERE name = 'The Bedminster'",
    )
    .await;
    let (status, body) = check_intent(&app, &cart).await;
    assert_eq!(status, 409, "{body}");
    let message = body["error"].as_str().unwrap();
    assert!(
        message.contains("The Bedminster") && message.contains("sold out"),
        "{message}"
    );
}

/// The studio's phone number as the shop gives it.
async fn studio_phone(app: &TestApp) -> String {
    let (status, site) = app.get_json("/api/site/").await;
    assert_eq!(status, 200, "{site}");
    site["phone"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn an_unchanged_cart_may_be_looked_at_any_number_of_times() {
    // Every view of /checkout asks, and again before paying: none of that costs anything.
    let app = spawn_app().await;
    let cart = cart_with(&app, "The Bedminster", 1).await;
    let first = client_secret(&app, &cart).await;
    for look in 0..30 {
        let (status, body) = check_intent(&app, &cart).await;
        assert_eq!(status, 200, "look {look}: {body}");
        assert_eq!(body["client_secret"], first.as_str(), "the same intent");
    }
    // Its twenty paid-for attempts are all still there: the next change is answered.
    add(&app, &cart, bedminster(&app).await, None, 1).await;
    let (status, body) = check_intent(&app, &cart).await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn looks_are_limited_too_but_ten_times_as_generously() {
    // Each look still asks the provider for the cart's intent: not without end.
    let app = spawn_app_with(Options {
        max_intents_per_cart: Some(2),
        ..Options::default()
    })
    .await;
    let cart = cart_with(&app, "The Bedminster", 1).await;
    for look in 0..20 {
        let (status, body) = check_intent(&app, &cart).await;
        assert_eq!(status, 200, "look {look}: {body}");
    }
    let (status, body) = check_intent(&app, &cart).await;
    assert_eq!(status, 429, "{body}");
    let message = body["error"].as_str().unwrap();
    assert!(
        message.contains("too many payment attempts for this cart")
            && message.contains(&studio_phone(&app).await),
        "{message}"
    );
}

async fn bedminster(app: &TestApp) -> i64 {
    product(app, "The Bedminster").await["id"].as_i64().unwrap()
}

#[tokio::test]
async fn a_cart_whose_amount_changes_each_time_gets_twenty_attempts_then_the_phone() {
    let app = spawn_app_with(Options {
        // The attempts' limit is what is counted here: each change ends the cart's hold, and
        // so each ask starts it again, which the hold's renewals would refuse first.
        configure: Some(|config| config.max_hold_renewals = 100),
        ..Options::default()
    })
    .await;
    let cart = new_cart(&app).await;
    let (_, body) = add(&app, &cart, bedminster(&app).await, None, 1).await;
    let line = body["items"][0]["id"].clone();
    for attempt in 0..20 {
        let (status, body) = check_intent(&app, &cart).await;
        assert_eq!(status, 200, "attempt {attempt}: {body}");
        // Each change of amount makes the next call change the intent at the provider.
        let quantity = if attempt % 2 == 0 { 2 } else { 1 };
        let change = json!({"cart_id": cart, "item_id": line, "quantity": quantity});
        let (status, body) = app.post_json("/api/cart/update_quantity/", &change).await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, body) = check_intent(&app, &cart).await;
    assert_eq!(status, 429, "{body}");
    let message = body["error"].as_str().unwrap();
    let phone = studio_phone(&app).await;
    assert!(
        message.contains("too many payment attempts for this cart")
            && message.contains(&format!("call us on {phone}")),
        "{message}"
    );
    let other = cart_with(&app, "The Bedminster", 1).await;
    let (status, _) = check_intent(&app, &other).await;
    assert_eq!(status, 200, "another cart has its own share");
}

#[tokio::test]
async fn an_address_is_limited_over_all_its_carts_counted_atomically() {
    let app = spawn_app_with(Options {
        max_intents_per_address: Some(5),
        // The attempts' limit is what is counted here, not the carts held.
        max_holds_per_address: Some(100),
        ..Options::default()
    })
    .await;
    // Nor a third of the stock, which one address may hold.
    crate::helpers::sql(
        &app,
        "UPDATE products SET stock = 100 WHERE name = 'The Bedminster'",
    )
    .await;
    crate::helpers::sql(&app, "UPDATE catalogue_version SET version = version + 1").await;
    let mut carts = Vec::new();
    for _ in 0..12 {
        carts.push(cart_with(&app, "The Bedminster", 1).await);
    }
    let answers = join_all(carts.iter().map(|cart| check_intent(&app, cart))).await;
    let statuses: Vec<u16> = answers.iter().map(|(status, _)| *status).collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == 200).count(),
        5,
        "{statuses:?}"
    );
    assert_eq!(
        statuses.iter().filter(|s| **s == 429).count(),
        7,
        "{statuses:?}"
    );
    let refused = answers.iter().find(|(status, _)| *status == 429).unwrap();
    let message = refused.1["error"].as_str().unwrap();
    let phone = studio_phone(&app).await;
    assert!(
        message.contains("from your network") && message.contains(&phone),
        "{message}"
    );
}

#[tokio::test]
async fn a_paid_cart_without_an_order_gets_its_order_from_check_intent() {
    let app = spawn_app().await;
    let cart = cart_with(&app, "The Bedminster", 1).await;
    pay_with_4242(&app, &cart).await;
    // The browser never came back to place the order.
    assert_eq!(orders(&app).await, 0);
    let (status, body) = check_intent(&app, &cart).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        orders(&app).await,
        1,
        "placed from the card's billing details"
    );
    let order = body["order"]["order_id"].as_i64().unwrap();
    let message = body["error"].as_str().unwrap();
    assert!(message.contains(&format!("FS-{order:06}")), "{message}");
    let token = body["order"]["access_token"].as_str().unwrap();
    let (status, shown) = app
        .get_json(&format!("/api/orders/{order}?token={token}"))
        .await;
    assert_eq!(status, 200, "{shown}");
    assert_eq!(shown["email"], "jo@example.com");

    let (status, again) = check_intent(&app, &cart).await;
    assert_eq!(status, 409, "{again}");
    assert_eq!(again["order"]["order_id"], order);
    assert_eq!(
        again["order"]["access_token"],
        Value::Null,
        "no new link for an old order"
    );
    assert_eq!(orders(&app).await, 1);
}

#[tokio::test]
async fn a_refunded_payment_gives_a_new_secret_and_says_why() {
    let app = spawn_app().await;
    let cart = cart_with(&app, "The Bedminster", 2).await;
    pay_with_4242(&app, &cart).await;
    sql(
        &app,
        "UPDATE products SET stock = 1 WHERE name = 'The Bedminster'",
    )
    .await;
    sql(&app, "UPDATE catalogue_version SET version = version + 1").await;
    // The shopper comes back: the order cannot be had, so the payment is refunded.
    let (status, body) = check_intent(&app, &cart).await;
    assert_eq!(status, 409, "the cart now holds more than is left: {body}");
    // Six: enough for the two, which is as many as one shopper may hold of it while paying.
    sql(
        &app,
        "UPDATE products SET stock = 6 WHERE name = 'The Bedminster'",
    )
    .await;
    let (status, body) = check_intent(&app, &cart).await;
    assert_eq!(status, 200, "{body}");
    let refunded = body["refunded"].as_str().unwrap();
    assert!(refunded.contains("refunded"), "{refunded}");
    assert!(body["client_secret"].as_str().is_some());
    assert_eq!(orders(&app).await, 0);
    pay_with_4242(&app, &cart).await;
}
