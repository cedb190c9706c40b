use std::collections::BTreeSet;

use futures_util::future::join_all;
use posy_server::cart::{EMPTY_IDLE_LIMIT, IDLE_LIMIT, remove_idle};
use posy_server::store::clock::now;
use sea_orm::{ConnectionTrait, Statement};
use serde_json::{Value, json};

use crate::helpers::{
    Options, TestApp, add, count, keys, new_cart, product, rows_in_all_tables, size_id, spawn_app,
    spawn_app_with, sql,
};

#[tokio::test]
async fn a_missing_malformed_unknown_or_ordered_cart_id_gets_a_fresh_empty_cart() {
    let app = spawn_app().await;
    let (status, fresh) = app.get_json("/api/cart/").await;
    assert_eq!(status, 200);
    assert_eq!(fresh["items"], json!([]));
    assert_eq!(fresh["total"], "0.00");
    let id = fresh["id"].as_str().unwrap();
    assert!(uuid_like(id), "{id}");

    let (_, again) = app.get_json(&format!("/api/cart/?cart_id={id}")).await;
    assert_eq!(again["id"], id, "a known cart is answered as it is");

    for bad in [
        "not-a-uuid",
        "",
        "4f1f0c0e-0000-4000-8000-000000000000",
        "1; DROP TABLE carts",
    ] {
        let (status, other) = app
            .get_json(&format!("/api/cart/?cart_id={}", urlencode(bad)))
            .await;
        assert_eq!(status, 200, "{bad}");
        assert_ne!(other["id"], id, "{bad}");
        assert!(uuid_like(other["id"].as_str().unwrap()));
        assert_eq!(other["items"], json!([]));
    }

    let vase = product(&app, "Glass Bud Vase").await["id"]
        .as_i64()
        .unwrap();
    let (status, _) = add(&app, id, vase, None, 1).await;
    assert_eq!(status, 200);
    sql(
        &app,
        &format!("UPDATE carts SET ordered_at = 1 WHERE id = '{id}'"),
    )
    .await;
    let (_, after_order) = app.get_json(&format!("/api/cart/?cart_id={id}")).await;
    assert_ne!(after_order["id"], id, "an ordered cart is finished");
}

#[tokio::test]
async fn looking_at_the_shop_without_a_cart_session_or_token_writes_nothing() {
    let app = spawn_app().await;
    let before = rows_in_all_tables(&app).await;
    let mut ids = BTreeSet::new();
    for _ in 0..30 {
        let (status, cart) = app.get_json("/api/cart/").await;
        assert_eq!(status, 200);
        let id = cart["id"].as_str().unwrap().to_owned();
        assert_eq!(
            uuid::Uuid::parse_str(&id).unwrap().get_version_num(),
            4,
            "still a version-4 UUID: {id}"
        );
        ids.insert(id);
    }
    assert_eq!(ids.len(), 30, "every visitor gets an id of their own");
    let some_id = ids.first().unwrap().clone();
    let vase = product(&app, "Glass Bud Vase").await["id"]
        .as_i64()
        .unwrap();
    for path in [
        format!("/api/cart/?cart_id={some_id}"),
        "/api/cart/?cart_id=4f1f0c0e-0000-4000-8000-000000000000".into(),
        "/api/products/".into(),
        format!("/api/products/{vase}/"),
        "/api/albums/".into(),
        "/api/site/".into(),
        "/api/workshops/".into(),
        "/api/payment/config/".into(),
        "/api/auth/me/".into(),
        "/api/orders/1?token=abc".into(),
        format!("/api/payment/check_intent/?cart_id={some_id}"),
        "/".into(),
        "/shop".into(),
    ] {
        app.get(&path).await;
    }
    assert_eq!(
        rows_in_all_tables(&app).await,
        before,
        "no GET without a cart, session or token writes a row"
    );
}

#[tokio::test]
async fn a_fresh_cart_id_is_stored_by_its_first_add_and_lives_on() {
    let app = spawn_app().await;
    let cart = new_cart(&app).await;
    assert_eq!(count_carts(&app).await, 0, "not stored by the look");
    let (_, looked_again) = app.get_json(&format!("/api/cart/?cart_id={cart}")).await;
    assert_eq!(
        looked_again["id"],
        cart.as_str(),
        "the server knows its own id"
    );
    let vase = product(&app, "Glass Bud Vase").await["id"]
        .as_i64()
        .unwrap();
    let (status, added) = add(&app, &cart, vase, None, 2).await;
    assert_eq!(status, 200, "{added}");
    assert_eq!(added["id"], cart.as_str());
    assert_eq!(count_carts(&app).await, 1, "the first add writes the row");
    let (status, _) = add(&app, &cart, vase, None, 1).await;
    assert_eq!(status, 200);
    let (_, now) = app.get_json(&format!("/api/cart/?cart_id={cart}")).await;
    assert_eq!(now["id"], cart.as_str());
    assert_eq!(now["items"][0]["quantity"], 3);
    assert_eq!(count_carts(&app).await, 1);
}

#[tokio::test]
async fn a_forged_cart_id_is_unknown_as_before() {
    let app = spawn_app().await;
    let cart = new_cart(&app).await;
    let vase = product(&app, "Glass Bud Vase").await["id"]
        .as_i64()
        .unwrap();
    let bytes = *uuid::Uuid::parse_str(&cart).unwrap().as_bytes();
    // One bit of the random half, then one of the signature half: neither is the shop's.
    for flip in [(0usize, 0x01u8), (15, 0x80)] {
        let mut forged = bytes;
        forged[flip.0] ^= flip.1;
        let forged = uuid::Uuid::from_bytes(forged).to_string();
        let (status, body) = add(&app, &forged, vase, None, 1).await;
        assert_eq!(status, 404, "{forged}: {body}");
        let (_, looked) = app.get_json(&format!("/api/cart/?cart_id={forged}")).await;
        assert_ne!(
            looked["id"],
            forged.as_str(),
            "an unknown id gets a fresh cart"
        );
    }
    assert_eq!(count_carts(&app).await, 0);
}

async fn count_carts(app: &crate::helpers::TestApp) -> i64 {
    use sea_orm::{ConnectionTrait, Statement};
    let row = app
        .db
        .query_one_raw(Statement::from_string(
            app.db.get_database_backend(),
            "SELECT COUNT(*) AS n FROM carts",
        ))
        .await
        .unwrap()
        .unwrap();
    row.try_get::<i64>("", "n").unwrap()
}

#[tokio::test]
async fn a_line_withdrawn_or_sold_out_since_it_was_added_is_marked_and_left_out_of_the_total() {
    let app = spawn_app().await;
    let cart = new_cart(&app).await;
    let vase = product(&app, "Glass Bud Vase").await["id"]
        .as_i64()
        .unwrap();
    let bedminster = product(&app, "The Bedminster").await["id"]
        .as_i64()
        .unwrap();
    add(&app, &cart, vase, None, 1).await;
    let (_, both) = add(&app, &cart, bedminster, None, 2).await;
    assert_eq!(
        both["items"][1]["available"],
        json!({"status": "on_sale", "message": null})
    );
    let full_total = both["total"].clone();

    sql(
        &app,
        &format!("UPDATE products SET active = false WHERE id = {vase}"),
    )
    .await;
    let (_, withdrawn) = app.get_json(&format!("/api/cart/?cart_id={cart}")).await;
    assert_eq!(withdrawn["items"][0]["available"]["status"], "withdrawn");
    let message = withdrawn["items"][0]["available"]["message"]
        .as_str()
        .unwrap();
    assert!(message.contains("Glass Bud Vase"), "{message}");
    assert_eq!(
        withdrawn["total"], both["items"][1]["line_total"],
        "the vase is left out"
    );
    assert_ne!(withdrawn["total"], full_total);
    assert_eq!(
        withdrawn["items"][0]["product_details"]["name"], "Glass Bud Vase",
        "the spec's fields stay"
    );

    sql(
        &app,
        &format!("UPDATE products SET stock = 0 WHERE id = {bedminster}"),
    )
    .await;
    let (_, sold_out) = app.get_json(&format!("/api/cart/?cart_id={cart}")).await;
    assert_eq!(sold_out["items"][1]["available"]["status"], "sold_out");
    assert_eq!(sold_out["total"], "0.00");

    sql(
        &app,
        &format!("UPDATE products SET stock = 1 WHERE id = {bedminster}"),
    )
    .await;
    let (_, too_few) = app.get_json(&format!("/api/cart/?cart_id={cart}")).await;
    assert_eq!(too_few["items"][1]["available"]["status"], "too_few");
}

/// A change answers with the read it decided on, the change made in it: the answer must be
/// exactly the cart as it is then read, a withdrawn line and a sized one beside it included.
#[tokio::test]
async fn each_change_answers_the_cart_exactly_as_it_is_then_read() {
    let app = spawn_app().await;
    let cart = new_cart(&app).await;
    let id = |p: &Value| p["id"].as_i64().unwrap();
    let vase = id(&product(&app, "Glass Bud Vase").await);
    let bedminster = id(&product(&app, "The Bedminster").await);
    let peony = product(&app, "Peony Posy").await;
    let large = size_id(&peony, "Large");
    let read = || async { app.get_json(&format!("/api/cart/?cart_id={cart}")).await.1 };

    let (_, answer) = add(&app, &cart, vase, None, 1).await;
    assert_eq!(answer, read().await, "a first add");
    let (_, answer) = add(&app, &cart, id(&peony), Some(large), 2).await;
    assert_eq!(answer, read().await, "a sized line added");
    sql(
        &app,
        &format!("UPDATE products SET active = false WHERE id = {vase}"),
    )
    .await;
    let (_, answer) = add(&app, &cart, bedminster, None, 1).await;
    assert_eq!(answer["items"][0]["available"]["status"], "withdrawn");
    assert_eq!(answer, read().await, "an add beside a withdrawn line");
    let (_, answer) = add(&app, &cart, id(&peony), Some(large), 1).await;
    assert_eq!(answer["items"][1]["quantity"], 3);
    assert_eq!(answer, read().await, "a line raised");
    let line = answer["items"][2]["id"].clone();
    let (status, answer) = app
        .post_json(
            "/api/cart/update_quantity/",
            &json!({"cart_id": cart, "item_id": line, "quantity": 4}),
        )
        .await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["items"][2]["quantity"], 4);
    assert_eq!(answer, read().await, "a quantity changed");
}

fn uuid_like(id: &str) -> bool {
    id.len() == 36 && id.chars().filter(|c| *c == '-').count() == 4
}

fn urlencode(s: &str) -> String {
    s.replace(' ', "%20").replace(';', "%3B")
}

#[tokio::test]
async fn an_add_answers_the_cart_in_the_specs_shape_with_totals_at_current_prices() {
    let app = spawn_app().await;
    let cart = new_cart(&app).await;
    let vase = product(&app, "Glass Bud Vase").await;
    let (status, body) = add(&app, &cart, vase["id"].as_i64().unwrap(), None, 2).await;
    assert_eq!(status, 200, "{body}");
    // Beyond the spec: the days of notice the cart needs, for the delivery rules.
    assert_eq!(
        keys(&body),
        BTreeSet::from(["id", "items", "total", "lead_days"])
    );
    assert_eq!(body["id"], cart);
    let line = &body["items"][0];
    assert_eq!(
        keys(line),
        BTreeSet::from([
            "id",
            "product_id",
            "variation_id",
            "quantity",
            "product_details",
            "variation_details",
            "line_total",
            // Added to the spec's fields: whether the line can still be paid for.
            "available"
        ])
    );
    assert_eq!(line["quantity"], 2);
    assert_eq!(line["variation_details"], Value::Null);
    assert_eq!(line["product_details"]["name"], "Glass Bud Vase");
    assert_eq!(line["product_details"]["price"], vase["price"]);
    assert!(
        line["product_details"]["image"]
            .as_str()
            .unwrap()
            .starts_with("/media/")
    );
    let unit: f64 = vase["price"].as_str().unwrap().parse().unwrap();
    assert_eq!(body["total"], format!("{:.2}", unit * 2.0));
    assert_eq!(line["line_total"], body["total"]);

    // The studio changes the price: the cart follows.
    sql(
        &app,
        &format!(
            "UPDATE products SET price_pence = 1234 WHERE id = {}",
            vase["id"]
        ),
    )
    .await;
    let (_, later) = app.get_json(&format!("/api/cart/?cart_id={cart}")).await;
    assert_eq!(later["items"][0]["product_details"]["price"], "12.34");
    assert_eq!(later["total"], "24.68");
}

#[tokio::test]
async fn a_sized_line_costs_its_sizes_price_and_adding_again_raises_the_line() {
    let app = spawn_app().await;
    let cart = new_cart(&app).await;
    let peony = product(&app, "Peony Posy").await;
    let id = peony["id"].as_i64().unwrap();
    let (large, small) = (size_id(&peony, "Large"), size_id(&peony, "Small"));

    let (status, _) = add(&app, &cart, id, Some(large), 1).await;
    assert_eq!(status, 200);
    let (_, body) = add(&app, &cart, id, Some(small), 1).await;
    let (status, body2) = add(&app, &cart, id, Some(large), 1).await;
    assert_eq!(status, 200, "{body2}");
    let items = body2["items"].as_array().unwrap();
    assert_eq!(items.len(), 2, "one line per size: {body} then {body2}");
    assert_eq!(items[0]["variation_details"]["size"], "Large");
    assert_eq!(items[0]["variation_details"]["price"], "60.00");
    assert_eq!(items[0]["product_details"]["price"], "60.00");
    assert_eq!(items[0]["quantity"], 2);
    assert_eq!(items[0]["variation_id"], large);
    assert_eq!(items[1]["variation_details"]["size"], "Small");
    assert_eq!(body2["total"], "155.00");
}

#[tokio::test]
async fn the_quantity_defaults_to_one() {
    let app = spawn_app().await;
    let cart = new_cart(&app).await;
    let vase = product(&app, "Glass Bud Vase").await;
    let (status, body) = app
        .post_json(
            "/api/cart/add_item/",
            &json!({"cart_id": cart, "product_id": vase["id"], "variation_id": null}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["items"][0]["quantity"], 1);
}

#[tokio::test]
async fn a_product_with_sizes_needs_one_of_its_own_sizes() {
    let app = spawn_app().await;
    let cart = new_cart(&app).await;
    let peony = product(&app, "Peony Posy").await;
    let basket = product(&app, "Sympathy Basket").await;
    let vase = product(&app, "Glass Bud Vase").await;
    let peony_id = peony["id"].as_i64().unwrap();

    let (status, body) = add(&app, &cart, peony_id, None, 1).await;
    assert_eq!(status, 400);
    assert_eq!(body["error"], "Please choose a size of Peony Posy.");
    assert!(body["fields"]["variation_id"].is_string());

    let (status, body) = add(&app, &cart, peony_id, Some(size_id(&basket, "Large")), 1).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["error"],
        "Please choose one of the sizes of Peony Posy."
    );

    let (status, body) = add(
        &app,
        &cart,
        vase["id"].as_i64().unwrap(),
        Some(size_id(&peony, "Large")),
        1,
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(body["error"], "Glass Bud Vase comes in one size only.");

    let (_, unchanged) = app.get_json(&format!("/api/cart/?cart_id={cart}")).await;
    assert_eq!(unchanged["items"], json!([]));
}

#[tokio::test]
async fn an_add_past_the_stock_is_refused_whole_and_names_the_product() {
    let app = spawn_app().await;
    let cart = new_cart(&app).await;
    let peony = product(&app, "Peony Posy").await;
    let id = peony["id"].as_i64().unwrap();
    let large = size_id(&peony, "Large");
    assert_eq!(
        peony["variations"][2]["stock"], 3,
        "the demo's large peony posy"
    );

    let (status, body) = add(&app, &cart, id, Some(large), 4).await;
    assert_eq!(status, 409);
    assert_eq!(body["error"], "Only 3 left of Peony Posy (Large)");

    add(&app, &cart, id, Some(large), 2).await;
    let (status, body) = add(&app, &cart, id, Some(large), 2).await;
    assert_eq!(status, 409);
    assert_eq!(
        body["error"],
        "Only 3 left of Peony Posy (Large), and your cart already has 2."
    );
    let (_, cart_now) = app.get_json(&format!("/api/cart/?cart_id={cart}")).await;
    assert_eq!(
        cart_now["items"][0]["quantity"], 2,
        "refused whole, not capped"
    );
}

#[tokio::test]
async fn a_line_never_holds_more_than_ten_or_fewer_than_one() {
    let app = spawn_app().await;
    let cart = new_cart(&app).await;
    let card = product(&app, "Pressed Flower Card").await;
    let id = card["id"].as_i64().unwrap();
    assert!(card["stock"].as_i64().unwrap() > 20);

    for (qty, why) in [(11, "more than ten"), (0, "zero"), (-3, "negative")] {
        let (status, body) = add(&app, &cart, id, None, qty).await;
        assert_eq!(status, 400, "{why}: {body}");
        assert!(body["fields"]["quantity"].is_string(), "{why}: {body}");
    }
    let (status, _) = add(&app, &cart, id, None, 6).await;
    assert_eq!(status, 200);
    let (status, body) = add(&app, &cart, id, None, 5).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["error"],
        "You can have up to 10 of Pressed Flower Card in one order, and your cart already has 6."
    );
}

#[tokio::test]
async fn sold_out_products_and_sizes_are_refused() {
    let app = spawn_app().await;
    let cart = new_cart(&app).await;
    let berries = product(&app, "Winter Berry Bouquet").await;
    assert_eq!(berries["stock"], 0);
    let (status, body) = add(&app, &cart, berries["id"].as_i64().unwrap(), None, 1).await;
    assert_eq!(status, 409);
    assert_eq!(body["error"], "Sorry, Winter Berry Bouquet is sold out.");

    let basket = product(&app, "Sympathy Basket").await;
    let (status, body) = add(
        &app,
        &cart,
        basket["id"].as_i64().unwrap(),
        Some(size_id(&basket, "Standard")),
        1,
    )
    .await;
    assert_eq!(status, 409);
    assert_eq!(
        body["error"],
        "Sorry, Sympathy Basket (Standard) is sold out."
    );
}

#[tokio::test]
async fn unknown_products_carts_and_lines_are_404s_with_a_message() {
    let app = spawn_app().await;
    let cart = new_cart(&app).await;
    let (status, body) = add(&app, &cart, 99_999, None, 1).await;
    assert_eq!(status, 404);
    assert!(body["error"].as_str().unwrap().contains("couldn't find"));

    let vase = product(&app, "Glass Bud Vase").await;
    let vase_id = vase["id"].as_i64().unwrap();
    for unknown in ["not-a-cart", "4f1f0c0e-0000-4000-8000-000000000000"] {
        let (status, body) = add(&app, unknown, vase_id, None, 1).await;
        assert_eq!(status, 404, "{unknown}");
        assert_eq!(
            body["error"],
            "We couldn't find your cart. Please refresh the page and try again."
        );
    }

    let (status, body) = app
        .post_json(
            "/api/cart/update_quantity/",
            &json!({"cart_id": cart, "item_id": 424242, "quantity": 2}),
        )
        .await;
    assert_eq!(status, 404, "{body}");
    let (status, _) = app
        .post_json(
            "/api/cart/remove_item/",
            &json!({"cart_id": cart, "item_id": 424242}),
        )
        .await;
    assert_eq!(status, 404);

    // Another shopper's line is not this cart's to change.
    let other = new_cart(&app).await;
    let (_, theirs) = add(&app, &other, vase_id, None, 1).await;
    let their_line = &theirs["items"][0]["id"];
    let (status, _) = app
        .post_json(
            "/api/cart/remove_item/",
            &json!({"cart_id": cart, "item_id": their_line}),
        )
        .await;
    assert_eq!(status, 404);
    let (_, still) = app.get_json(&format!("/api/cart/?cart_id={other}")).await;
    assert_eq!(still["items"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn an_ordered_cart_takes_no_more_changes() {
    let app = spawn_app().await;
    let cart = new_cart(&app).await;
    let vase = product(&app, "Glass Bud Vase").await;
    add(&app, &cart, vase["id"].as_i64().unwrap(), None, 1).await;
    sql(
        &app,
        &format!("UPDATE carts SET ordered_at = 1 WHERE id = '{cart}'"),
    )
    .await;
    let (status, _) = add(&app, &cart, vase["id"].as_i64().unwrap(), None, 1).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_line_can_be_changed_within_the_rules_and_removed() {
    let app = spawn_app().await;
    let cart = new_cart(&app).await;
    let rose = product(&app, "Garden Rose Hand-tie").await;
    let luxe = size_id(&rose, "Luxe");
    let (_, body) = add(&app, &cart, rose["id"].as_i64().unwrap(), Some(luxe), 1).await;
    let line = body["items"][0]["id"].clone();

    let update = |quantity: i64| json!({"cart_id": cart, "item_id": line, "quantity": quantity});
    let (status, body) = app
        .post_json("/api/cart/update_quantity/", &update(2))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["items"][0]["quantity"], 2);
    assert_eq!(body["total"], "130.00");

    let (status, body) = app
        .post_json("/api/cart/update_quantity/", &update(3))
        .await;
    assert_eq!(status, 409);
    assert_eq!(body["error"], "Only 2 left of Garden Rose Hand-tie (Luxe)");
    let (status, _) = app
        .post_json("/api/cart/update_quantity/", &update(0))
        .await;
    assert_eq!(status, 400);

    let (status, body) = app
        .post_json(
            "/api/cart/remove_item/",
            &json!({"cart_id": cart, "item_id": line}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(body["items"], json!([]));
    assert_eq!(body["total"], "0.00");
    let (status, _) = app
        .post_json(
            "/api/cart/remove_item/",
            &json!({"cart_id": cart, "item_id": line}),
        )
        .await;
    assert_eq!(status, 404, "a line goes once");
}

#[tokio::test]
async fn fifty_parallel_adds_never_raise_a_line_past_the_stock() {
    let app = spawn_app().await;
    let cart = new_cart(&app).await;
    let orchid = product(&app, "Potted White Orchid").await;
    assert_eq!(orchid["stock"], 5);
    let id = orchid["id"].as_i64().unwrap();

    let adds = (0..50).map(|_| add(&app, &cart, id, None, 1));
    let answers = join_all(adds).await;
    let ok = answers.iter().filter(|(s, _)| *s == 200).count();
    let refused = answers.iter().filter(|(s, _)| *s == 409).count();
    assert_eq!(
        (ok, refused),
        (5, 45),
        "{:?}",
        answers.iter().map(|a| a.0).collect::<Vec<_>>()
    );
    let (_, body) = app.get_json(&format!("/api/cart/?cart_id={cart}")).await;
    assert_eq!(body["items"].as_array().unwrap().len(), 1);
    assert_eq!(body["items"][0]["quantity"], 5);
}

#[tokio::test]
async fn adds_sent_at_once_are_each_decided_and_answered_on_their_own() {
    let app = spawn_app().await;
    let orchid = product(&app, "Potted White Orchid").await["id"]
        .as_i64()
        .unwrap();
    let peony = product(&app, "Peony Posy").await;
    let (peony_id, large) = (peony["id"].as_i64().unwrap(), size_id(&peony, "Large"));
    let (first, second, raised) = (
        new_cart(&app).await,
        new_cart(&app).await,
        new_cart(&app).await,
    );
    add(&app, &raised, orchid, None, 1).await;
    // Made by no shop: a well-formed id nobody was given.
    let unknown = "00000000-0000-4000-8000-000000000000";

    // Sent at once, so that they meet in batches: each is still decided on what the adds
    // before it left, and answered for itself.
    let answers = join_all([
        add(&app, &first, orchid, None, 3),
        add(&app, &first, orchid, None, 3),
        add(&app, &second, peony_id, None, 1),
        add(&app, &second, peony_id, Some(large), 2),
        add(&app, &second, orchid, None, 1),
        add(&app, &raised, orchid, None, 2),
        add(&app, unknown, orchid, None, 1),
        add(&app, &second, 999_999, None, 1),
    ])
    .await;
    let statuses: Vec<u16> = answers.iter().map(|(status, _)| *status).collect();
    // Of two adds of 3 to one line of 5 in stock, whichever came first is kept.
    let mut first_two = [statuses[0], statuses[1]];
    first_two.sort();
    assert_eq!(first_two, [200, 409], "{answers:?}");
    assert_eq!(statuses[2..], [400, 200, 200, 200, 404, 404], "{answers:?}");
    assert_eq!(answers[2].1["error"], "Please choose a size of Peony Posy.");

    // Each answer holds its own line as its add left it.
    let line = |view: &Value, product: i64| {
        view["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|line| line["product_id"] == product)
            .map(|line| line["quantity"].clone())
    };
    let kept = if statuses[0] == 200 { 0 } else { 1 };
    assert_eq!(line(&answers[kept].1, orchid), Some(json!(3)));
    assert_eq!(line(&answers[3].1, peony_id), Some(json!(2)));
    assert_eq!(line(&answers[4].1, orchid), Some(json!(1)));
    assert_eq!(line(&answers[5].1, orchid), Some(json!(3)));

    // And the carts are as the answers said.
    for (cart, lines) in [
        (&first, vec![(orchid, 3)]),
        (&second, vec![(peony_id, 2), (orchid, 1)]),
        (&raised, vec![(orchid, 3)]),
    ] {
        let (_, view) = app.get_json(&format!("/api/cart/?cart_id={cart}")).await;
        let mut held: Vec<(i64, i64)> = view["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["product_id"].as_i64().unwrap(),
                    l["quantity"].as_i64().unwrap(),
                )
            })
            .collect();
        held.sort();
        let mut lines = lines;
        lines.sort();
        assert_eq!(held, lines, "{cart}");
        assert!(
            view["items"]
                .as_array()
                .unwrap()
                .iter()
                .all(|l| l["id"].as_i64().unwrap() > 0)
        );
    }
}

#[tokio::test]
async fn idle_carts_are_removed_and_recent_or_ordered_ones_stay() {
    let app = spawn_app().await;
    let vase = product(&app, "Glass Bud Vase").await;
    let now = now();
    let long_ago = now - IDLE_LIMIT.as_secs() as i64 - 10;
    let yesterday = now - EMPTY_IDLE_LIMIT.as_secs() as i64 - 10;

    let idle_full = new_cart(&app).await;
    add(&app, &idle_full, vase["id"].as_i64().unwrap(), None, 1).await;
    let recent_full = new_cart(&app).await;
    add(&app, &recent_full, vase["id"].as_i64().unwrap(), None, 1).await;
    // A cart is stored by its first add; emptied, it stays stored.
    let mut empties = Vec::new();
    for _ in 0..2 {
        let cart = new_cart(&app).await;
        let (_, added) = add(&app, &cart, vase["id"].as_i64().unwrap(), None, 1).await;
        let line = added["items"][0]["id"].clone();
        let (status, _) = app
            .post_json(
                "/api/cart/remove_item/",
                &json!({"cart_id": cart, "item_id": line}),
            )
            .await;
        assert_eq!(status, 200);
        empties.push(cart);
    }
    let [idle_empty, recent_empty] = <[String; 2]>::try_from(empties).unwrap();
    let ordered = new_cart(&app).await;
    add(&app, &ordered, vase["id"].as_i64().unwrap(), None, 1).await;
    for (cart, at) in [
        (&idle_full, long_ago),
        (&recent_full, yesterday),
        (&idle_empty, yesterday),
        (&ordered, long_ago),
    ] {
        sql(
            &app,
            &format!("UPDATE carts SET updated_at = {at} WHERE id = '{cart}'"),
        )
        .await;
    }
    sql(
        &app,
        &format!("UPDATE carts SET ordered_at = 1 WHERE id = '{ordered}'"),
    )
    .await;

    remove_idle(&app.db, now).await.unwrap();
    let left: Vec<String> = app
        .db
        .query_all_raw(Statement::from_string(
            app.db.get_database_backend(),
            "SELECT id FROM carts",
        ))
        .await
        .unwrap()
        .into_iter()
        .map(|row| row.try_get_by_index::<String>(0).unwrap())
        .collect();
    assert!(!left.contains(&idle_full));
    assert!(!left.contains(&idle_empty));
    assert!(left.contains(&recent_full));
    assert!(left.contains(&recent_empty));
    assert!(left.contains(&ordered));
    let lines: i64 = app
        .db
        .query_one_raw(Statement::from_string(
            app.db.get_database_backend(),
            "SELECT COUNT(*) FROM cart_items",
        ))
        .await
        .unwrap()
        .unwrap()
        .try_get_by_index(0)
        .unwrap();
    assert_eq!(
        lines, 2,
        "the idle cart's line went with it; the recent and the ordered cart keep theirs"
    );
}

#[tokio::test]
async fn a_body_that_is_not_the_calls_shape_is_a_400_in_the_common_shape() {
    let app = spawn_app().await;
    let cart = new_cart(&app).await;
    let (status, body) = app
        .post_json(
            "/api/cart/add_item/",
            &json!({"cart_id": cart, "quantity": 1}),
        )
        .await;
    assert_eq!(status, 400);
    assert!(body["error"].is_string(), "{body}");
}

#[tokio::test]
async fn the_calls_answer_without_their_trailing_slash_too() {
    let app = spawn_app().await;
    let (status, _) = app.get_json("/api/cart").await;
    assert_eq!(status, 200);
    let cart = new_cart(&app).await;
    let vase = product(&app, "Glass Bud Vase").await;
    let (status, _) = app
        .post_json(
            "/api/cart/add_item",
            &json!({"cart_id": cart, "product_id": vase["id"], "quantity": 1, "variation_id": null}),
        )
        .await;
    assert_eq!(status, 200);
}

/// Adds one of product `id` to `cart` as if from `address` (the shop trusts the test as its
/// proxy).
async fn add_from(app: &TestApp, cart: &str, id: i64, address: &str) -> (u16, Value) {
    let add = json!({"cart_id": cart, "product_id": id, "quantity": 1});
    crate::helpers::post_from(app, "/api/cart/add_item/", &add, address).await
}

#[tokio::test]
async fn an_address_may_start_only_so_many_carts_an_hour() {
    let app = spawn_app_with(Options {
        configure: Some(|config| {
            crate::helpers::behind_a_proxy(config);
            config.new_carts_per_address = 2;
        }),
        ..Options::default()
    })
    .await;
    let id = product(&app, "Sunflower Bunch").await["id"]
        .as_i64()
        .unwrap();
    let mut started = Vec::new();
    for device in ["2001:db8:5:1::1", "2001:db8:5:1::2"] {
        let cart = new_cart(&app).await;
        let (status, body) = add_from(&app, &cart, id, device).await;
        assert_eq!(status, 200, "{body}");
        started.push(cart);
    }
    // A third fresh cart from the same /64 is not started, and nothing is stored for it.
    let before = count(&app, "carts").await;
    let third = new_cart(&app).await;
    let (status, body) = add_from(&app, &third, id, "2001:db8:5:1::3").await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(
        body["error"],
        "We can't start another basket for your network just now: a lot have been started \
         from it lately. Please try again in 60 minutes."
    );
    assert_eq!(count(&app, "carts").await, before);
    // The carts it has go on taking adds, and other addresses start theirs.
    let (status, body) = add_from(&app, &started[0], id, "2001:db8:5:1::3").await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = add_from(&app, &third, id, "198.51.100.9").await;
    assert_eq!(status, 200, "{body}");
}
