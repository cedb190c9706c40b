//! The florist's choice kept with the cart: core's delivery rules decide at the shop's clock
//! (fixed here with `--fake-now`), and the answer is what the cart then costs.

use posy_server::clock::parse_moment;
use posy_server::config::Config;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{Options, TestApp, add, json_of, new_cart, product, size_id, spawn_app_with};

/// Monday 14 December 2026, 11:30 in Bristol (GMT): before the same-day cut-off.
fn monday_morning(config: &mut Config) {
    config.fake_now = parse_moment("2026-12-14T11:30:00Z");
}

/// The same Monday at 12:00: same-day delivery has closed.
fn monday_noon(config: &mut Config) {
    config.fake_now = parse_moment("2026-12-14T12:00:00Z");
}

async fn shop_at(moment: fn(&mut Config)) -> TestApp {
    spawn_app_with(Options {
        configure: Some(moment),
        ..Options::default()
    })
    .await
}

/// A cart holding `quantity` of a product without sizes.
async fn cart_of(app: &TestApp, name: &str, quantity: i64) -> String {
    let cart = new_cart(app).await;
    let id = product(app, name).await["id"].as_i64().unwrap();
    assert_eq!(add(app, &cart, id, None, quantity).await.0, 200);
    cart
}

async fn choose(app: &TestApp, choice: Value) -> (u16, Value) {
    let response = app
        .signed(Method::PUT, "/api/cart/fulfilment/", None)
        .json(&choice)
        .send()
        .await
        .unwrap();
    json_of("/api/cart/fulfilment/", response).await
}

fn delivery(cart: &str, date: &str, slot: &str, postcode: &str) -> Value {
    json!({
        "cart_id": cart,
        "method": "delivery",
        "date": date,
        "slot": slot,
        "recipient_name": "Margaret Hale",
        "recipient_phone": "0117 496 0000",
        "address_line1": "4 Wells Road",
        "city": "Bristol",
        "postcode": postcode,
        "card_message": "Happy birthday, Mum!\nWith love",
        "card_from": "Ann",
    })
}

#[tokio::test]
async fn a_delivery_today_before_the_cut_off_costs_the_zones_fee_and_is_kept() {
    let app = shop_at(monday_morning).await;
    let cart = cart_of(&app, "Sunflower Bunch", 1).await;
    let (status, totals) =
        choose(&app, delivery(&cart, "2026-12-14", "Afternoon", "bs3 4aa")).await;
    assert_eq!(status, 200, "{totals}");
    assert_eq!(
        totals,
        json!({"items": "28.00", "delivery": "5.00", "surcharge": "0.00", "total": "33.00"})
    );
    let kept = {
        use sea_orm::EntityTrait;
        let row = posy_server::entities::cart::Entity::find_by_id(cart.clone())
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        serde_json::from_str::<Value>(&row.fulfilment.unwrap()).unwrap()
    };
    assert_eq!(kept["postcode"], "bs3 4aa", "kept as the shopper sent it");
    assert_eq!(kept["card_message"], "Happy birthday, Mum!\nWith love");
}

#[tokio::test]
async fn from_the_free_delivery_threshold_only_the_slots_surcharge_is_paid() {
    let app = shop_at(monday_morning).await;
    let cart = cart_of(&app, "The Bedminster", 2).await;
    let (status, totals) = choose(&app, delivery(&cart, "2026-12-15", "Morning", "BS16 1AA")).await;
    assert_eq!(status, 200, "{totals}");
    assert_eq!(
        totals,
        json!({"items": "84.00", "delivery": "0.00", "surcharge": "3.00", "total": "87.00"})
    );
}

#[tokio::test]
async fn collection_is_free() {
    let app = shop_at(monday_morning).await;
    let cart = cart_of(&app, "Sunflower Bunch", 1).await;
    let choice = json!({"cart_id": cart, "method": "collection", "date": "2026-12-15", "collection_time": "10:00"});
    let (status, totals) = choose(&app, choice).await;
    assert_eq!(status, 200, "{totals}");
    assert_eq!(totals["delivery"], "0.00");
    assert_eq!(totals["total"], "28.00");
}

#[tokio::test]
async fn each_choice_core_refuses_is_named_with_its_sentence() {
    let app = shop_at(monday_noon).await;
    let cart = cart_of(&app, "Sunflower Bunch", 1).await;
    // Noon: same-day delivery has closed.
    let (status, body) = choose(&app, delivery(&cart, "2026-12-14", "Afternoon", "BS3 4AA")).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["fields"]["date"],
        "Order by 12:00 for same-day delivery. Please choose another day."
    );
    // Sundays are closed.
    let (_, body) = choose(&app, delivery(&cart, "2026-12-20", "Morning", "BS3 4AA")).await;
    assert!(
        body["fields"]["date"]
            .as_str()
            .unwrap()
            .starts_with("Closed on Sundays"),
        "{body}"
    );
    // Christmas Day.
    let (_, body) = choose(&app, delivery(&cart, "2026-12-25", "Morning", "BS3 4AA")).await;
    assert!(
        body["fields"]["date"]
            .as_str()
            .unwrap()
            .starts_with("Closed for Christmas"),
        "{body}"
    );
    // Outside every zone: offered collection, never charged.
    let (status, body) = choose(&app, delivery(&cart, "2026-12-15", "Morning", "EX1 1AA")).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fields"]["postcode"],
        "We can't deliver to EX1 — you could collect from the studio in BS14 instead."
    );
    // Seven lines on the card.
    let mut long = delivery(&cart, "2026-12-15", "Morning", "BS3 4AA");
    long["card_message"] = json!("1\n2\n3\n4\n5\n6\n7");
    let (_, body) = choose(&app, long).await;
    assert_eq!(
        body["fields"]["card_message"],
        "Please keep the card message to 6 lines."
    );
    // Nothing chosen at all: the spec's missing-fields message.
    let (status, body) = choose(&app, json!({"cart_id": cart})).await;
    assert_eq!(status, 400);
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("Please fill in all required fields: "),
        "{body}"
    );
    assert!(body["fields"]["method"].is_string());
}

#[tokio::test]
async fn a_piece_that_needs_notice_moves_the_earliest_day() {
    let app = shop_at(monday_morning).await;
    let cart = new_cart(&app).await;
    let basket = product(&app, "Sympathy Basket").await;
    let large = size_id(&basket, "Large");
    let id = basket["id"].as_i64().unwrap();
    assert_eq!(add(&app, &cart, id, Some(large), 1).await.0, 200);
    let (status, body) = choose(&app, delivery(&cart, "2026-12-15", "Morning", "BS3 4AA")).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fields"]["date"],
        "Needs 2 days' notice. Please choose another day."
    );
    let (status, _) = choose(&app, delivery(&cart, "2026-12-16", "Morning", "BS3 4AA")).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn an_unknown_or_empty_cart_is_refused() {
    let app = shop_at(monday_morning).await;
    let unknown = "8f0c9d4e-1b2a-4c3d-9e8f-7a6b5c4d3e2f";
    let (status, _) = choose(&app, delivery(unknown, "2026-12-15", "Morning", "BS3 4AA")).await;
    assert_eq!(status, 404);
    let cart = cart_of(&app, "Sunflower Bunch", 1).await;
    let item =
        app.get_json(&format!("/api/cart/?cart_id={cart}")).await.1["items"][0]["id"].clone();
    let (status, _) = app
        .post_json(
            "/api/cart/remove_item/",
            &json!({"cart_id": cart, "item_id": item}),
        )
        .await;
    assert_eq!(status, 200);
    let (status, body) = choose(&app, delivery(&cart, "2026-12-15", "Morning", "BS3 4AA")).await;
    assert_eq!(status, 400, "{body}");
}
