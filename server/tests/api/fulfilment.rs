//! The florist's choice kept with the cart: core's delivery rules decide at the shop's clock
//! (fixed here with `--fake-now`), and the answer is what the cart then costs.

use posy_core::calendar::Date;
use posy_core::delivery::Closure;
use posy_server::app::config::Config;
use posy_server::store::clock::parse_moment;
use posy_server::store::entities::order;
use reqwest::Method;
use sea_orm::EntityTrait;
use serde_json::{Value, json};

use crate::builders::{OrderBuilder, Paid, pay_with_4242};
use crate::checkout::{cart_with, check_intent, place};
use crate::helpers::{
    Options, TestApp, add, admin_session, count, json_of, new_cart, product, remove_line, size_id,
    spawn_app_with,
};

/// Monday 14 December 2026, 11:30 in Bristol (GMT): before the same-day cut-off.
pub fn monday_morning(config: &mut Config) {
    config.fake_now = parse_moment("2026-12-14T11:30:00Z");
}

/// The same Monday at 12:00: same-day delivery has closed.
fn monday_noon(config: &mut Config) {
    config.fake_now = parse_moment("2026-12-14T12:00:00Z");
}

pub async fn shop_at(moment: fn(&mut Config)) -> TestApp {
    spawn_app_with(Options {
        configure: Some(moment),
        ..Options::default()
    })
    .await
}

/// The studio on Monday morning with an admin signed in: where the order desk's tests start.
pub async fn studio_on_monday() -> (TestApp, String) {
    let app = shop_at(monday_morning).await;
    let session = admin_session(&app).await;
    (app, session)
}

pub async fn choose(app: &TestApp, choice: Value) -> (u16, Value) {
    let response = app
        .signed(Method::PUT, "/api/cart/fulfilment/", None)
        .json(&choice)
        .send()
        .await
        .unwrap();
    json_of("/api/cart/fulfilment/", response).await
}

pub fn delivery(cart: &str, date: &str, slot: &str, postcode: &str) -> Value {
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
    let cart = cart_with(&app, "Sunflower Bunch", 1).await;
    let (status, totals) =
        choose(&app, delivery(&cart, "2026-12-14", "Afternoon", "bs3 4aa")).await;
    assert_eq!(status, 200, "{totals}");
    assert_eq!(
        totals,
        json!({"items": "28.00", "delivery": "5.00", "surcharge": "0.00", "total": "33.00"})
    );
    let kept = {
        let row = posy_server::store::entities::cart::Entity::find_by_id(cart.clone())
            .one(&app.db)
            .await
            .unwrap()
            .unwrap();
        serde_json::from_str::<Value>(&row.fulfilment.unwrap()).unwrap()
    };
    assert_eq!(kept["postcode"], "BS3 4AA", "kept as core parsed it, once");
    assert_eq!(kept["card_message"], "Happy birthday, Mum!\nWith love");
}

#[tokio::test]
async fn over_the_free_delivery_threshold_only_the_surcharge_is_paid_and_collection_is_free() {
    let app = shop_at(monday_morning).await;
    let over_the_threshold = cart_with(&app, "The Bedminster", 2).await;
    let sunflowers = cart_with(&app, "Sunflower Bunch", 1).await;
    let collection = json!({"cart_id": sunflowers, "method": "collection", "date": "2026-12-15", "collection_time": "10:00"});
    // The choice and what the cart then costs.
    let cases = [
        (
            delivery(&over_the_threshold, "2026-12-15", "Morning", "BS16 1AA"),
            json!({"items": "84.00", "delivery": "0.00", "surcharge": "3.00", "total": "87.00"}),
        ),
        (
            collection,
            json!({"items": "28.00", "delivery": "0.00", "surcharge": "0.00", "total": "28.00"}),
        ),
    ];
    for (choice, totals) in cases {
        let (status, body) = choose(&app, choice).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body, totals);
    }
}

#[tokio::test]
async fn each_choice_core_refuses_is_named_with_its_sentence() {
    let app = shop_at(monday_noon).await;
    let cart = cart_with(&app, "Sunflower Bunch", 1).await;
    let on = |date: &str, postcode: &str| delivery(&cart, date, "Morning", postcode);
    let mut seven_lines = on("2026-12-15", "BS3 4AA");
    seven_lines["card_message"] = json!("1\n2\n3\n4\n5\n6\n7");
    // The choice, the field blamed, and what the shopper is told.
    let cases = [
        // Noon: same-day delivery has closed.
        (
            delivery(&cart, "2026-12-14", "Afternoon", "BS3 4AA"),
            "date",
            "Order by 12:00 for same-day delivery. Please choose another day.",
        ),
        (
            on("2026-12-20", "BS3 4AA"),
            "date",
            "Closed on Sundays. Please choose another day.",
        ),
        (
            on("2026-12-25", "BS3 4AA"),
            "date",
            "Closed for Christmas. Please choose another day.",
        ),
        // Outside every zone: offered collection, never charged.
        (
            on("2026-12-15", "EX1 1AA"),
            "postcode",
            "We can't deliver to EX1 — you could collect from the studio in BS14 instead.",
        ),
        (
            seven_lines,
            "card_message",
            "Please keep the card message to 6 lines.",
        ),
    ];
    for (choice, field, sentence) in cases {
        let (status, body) = choose(&app, choice).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["fields"][field], sentence, "{body}");
    }
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
    let (_, shown) = app.get_json(&format!("/api/cart/?cart_id={cart}")).await;
    assert_eq!(
        shown["lead_days"], 2,
        "the cart says how much notice it needs"
    );
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
    let cart = cart_with(&app, "Sunflower Bunch", 1).await;
    let item =
        app.get_json(&format!("/api/cart/?cart_id={cart}")).await.1["items"][0]["id"].clone();
    assert_eq!(remove_line(&app, &cart, &item).await, 200);
    let (status, body) = choose(&app, delivery(&cart, "2026-12-15", "Morning", "BS3 4AA")).await;
    assert_eq!(status, 400, "{body}");
}

/// Closes the studio on `date` in the delivery settings.
async fn close_on(app: &TestApp, date: &str) {
    let (mut settings, version) = posy_server::studio::delivery::versioned(&app.db)
        .await
        .unwrap();
    settings.closed_on.push(Closure {
        date: Date::parse(date).unwrap(),
        reason: "a family wedding".into(),
    });
    posy_server::studio::delivery::save(&app.db, "studio", &settings, version)
        .await
        .unwrap();
}

#[tokio::test]
async fn the_payment_is_for_the_items_and_the_choices_charges_and_the_order_keeps_them() {
    let app = shop_at(monday_morning).await;
    let cart = cart_with(&app, "Sunflower Bunch", 1).await;
    let (status, totals) = choose(&app, delivery(&cart, "2026-12-15", "Morning", "BS3 4AA")).await;
    assert_eq!(status, 200, "{totals}");
    assert_eq!(
        totals["total"], "36.00",
        "£28 + £5 delivery + £3 for the morning"
    );
    let Paid { intent, amount, .. } = pay_with_4242(&app, &cart).await;
    assert_eq!(amount, 3600);
    let (status, placed) = place(&app, &intent, &cart).await;
    assert_eq!(status, 200, "{placed}");
    let id = placed["id"].as_i64().unwrap();
    let token = placed["access_token"].as_str().unwrap();
    let order = app.order_by_link(id, token).await;
    assert_eq!(order["total"], "36.00");
    assert_eq!(order["delivery_fee"], "5.00");
    assert_eq!(order["surcharge"], "3.00");
    let choice = &order["fulfilment"];
    assert_eq!(choice["method"], "delivery");
    assert_eq!(choice["day"], "Tuesday 15 December");
    assert_eq!(choice["slot"], "Morning");
    assert_eq!(
        choice["slot_hours"], "09:00–13:00",
        "the hours kept with the order"
    );
    assert_eq!(choice["postcode"], "BS3 4AA", "written as postcodes are");
    assert_eq!(choice["card_message"], "Happy birthday, Mum!\nWith love");
    assert_eq!(choice["collection_time"], "", "not asked for delivery");
    let row = order::Entity::find_by_id(id as i32)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!((row.delivery_fee_pence, row.surcharge_pence), (500, 300));
    let kept: Value = serde_json::from_str(&row.fulfilment.unwrap()).unwrap();
    assert_eq!(kept["date"], "2026-12-15");
    assert_eq!(kept["recipient_name"], "Margaret Hale");
    let mail = app.mail(2).await;
    let notice = mail
        .iter()
        .find(|m| m.contains("To: studio@posy.localhost"))
        .unwrap();
    assert!(
        notice.contains("Delivery  =C2=A35.00") || notice.contains("Delivery  £5.00"),
        "{notice}"
    );
    // The driver works from the studio's notice: the recipient's address, never the buyer's
    // billing address as "Deliver to", and answers go to the customer.
    assert!(
        notice.contains("To: 4 Wells Road, Bristol, BS3 4AA"),
        "{notice}"
    );
    assert!(!notice.contains("Deliver to:"), "{notice}");
    assert!(notice.contains("Reply-To: jo@example.com"), "{notice}");
    let to_customer = mail
        .iter()
        .find(|m| m.contains("To: jo@example.com"))
        .unwrap();
    for line in [
        // The slot with its hours (the dash as quoted-printable writes it).
        "Delivery: Tuesday 15 December, Morning (09:00=E2=80=9313:00)",
        "For: Margaret Hale, 0117 496 0000",
        "To: 4 Wells Road, Bristol, BS3 4AA",
        "Card message (from Ann):",
    ] {
        assert!(to_customer.contains(line), "{line} in {to_customer}");
    }
    assert!(!to_customer.contains("Delivering to:"), "{to_customer}");
    assert!(
        to_customer.contains("Billing address:"),
        "the buyer's own address is labelled as billing: {to_customer}"
    );
}

/// A shop on Monday morning and a cart of a Sunflower Bunch delivered to BS3 on Tuesday 15
/// December in `slot`, not paid for yet.
async fn sunflowers_on_the_15th(slot: &str) -> (TestApp, String) {
    let app = shop_at(monday_morning).await;
    let cart = OrderBuilder::of("Sunflower Bunch", 1)
        .delivered("2026-12-15", slot, "BS3 4AA")
        .cart(&app)
        .await;
    (app, cart)
}

#[tokio::test]
async fn a_choice_that_can_no_longer_be_booked_is_refused_before_any_payment() {
    let (app, cart) = sunflowers_on_the_15th("Morning").await;
    close_on(&app, "2026-12-15").await;
    let (status, body) = check_intent(&app, &cart).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["fields"]["date"],
        "Closed for a family wedding. Please choose another day."
    );
    assert_eq!(
        count(&app, "simulated_payments").await,
        0,
        "no payment was made"
    );
}

#[tokio::test]
async fn a_choice_paid_for_is_honoured_even_if_its_day_closes_while_the_card_is_confirmed() {
    let (app, cart) = sunflowers_on_the_15th("Afternoon").await;
    let Paid { intent, amount, .. } = pay_with_4242(&app, &cart).await;
    assert_eq!(amount, 3300);
    close_on(&app, "2026-12-15").await;
    let (status, placed) = place(&app, &intent, &cart).await;
    assert_eq!(status, 200, "the paid choice stands: {placed}");
}

#[tokio::test]
async fn a_choice_changed_after_the_payment_was_made_does_not_take_that_payment() {
    let (app, cart) = sunflowers_on_the_15th("Morning").await;
    let Paid { intent, .. } = pay_with_4242(&app, &cart).await;
    let collect = json!({"cart_id": cart, "method": "collection", "date": "2026-12-15", "collection_time": "10:00"});
    assert_eq!(choose(&app, collect).await.0, 200);
    let (status, body) = place(&app, &intent, &cart).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("refunded"),
        "{body}"
    );
    assert_eq!(count(&app, "orders").await, 0);
}

#[tokio::test]
async fn without_a_choice_the_payment_is_for_the_items_alone() {
    // A client that knows only the spec's calls: collection, free.
    let app = shop_at(monday_morning).await;
    let cart = cart_with(&app, "Sunflower Bunch", 1).await;
    let Paid { intent, amount, .. } = pay_with_4242(&app, &cart).await;
    assert_eq!(amount, 2800);
    let (status, placed) = place(&app, &intent, &cart).await;
    assert_eq!(status, 200, "{placed}");
    let id = placed["id"].as_i64().unwrap();
    let token = placed["access_token"].as_str().unwrap();
    let order = app.order_by_link(id, token).await;
    assert_eq!(order["fulfilment"], Value::Null);
    assert_eq!(order["delivery_fee"], "0.00");
}
