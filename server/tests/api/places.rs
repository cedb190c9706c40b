//! Capacities of delivery slots and collection days: placed orders and carts held while paying
//! take places; a full slot or day is "Fully booked", refused when chosen and before paying;
//! GET /api/delivery/ publishes the counts.

use posy_core::delivery::DeliverySettings;
use posy_core::schedule::{Taken, TakenDay, TakenSlot};
use posy_server::app::config::Config;
use posy_server::store::clock::parse_moment;
use serde_json::{Value, json};

use crate::builders::{Paid, pay_with_4242};
use crate::checkout::{cart_with, check_intent, client_secret, place};
use crate::fulfilment::{choose, delivery, monday_morning, shop_at};
use crate::helpers::{TestApp, count};

/// Room for one delivery in the Morning slot and one collection a day.
async fn limits(app: &TestApp) {
    let (mut settings, version) = posy_server::studio::delivery::versioned(&app.db)
        .await
        .unwrap();
    let morning = settings
        .slots
        .iter_mut()
        .find(|s| s.name == "Morning")
        .unwrap();
    morning.capacity = Some(1);
    settings.collection_capacity = Some(1);
    posy_server::studio::delivery::save(&app.db, "studio", &settings, version)
        .await
        .unwrap();
}

fn collection(cart: &str, date: &str, time: &str) -> Value {
    json!({"cart_id": cart, "method": "collection", "date": date, "collection_time": time})
}

/// A cart of sunflowers with a choice kept.
async fn chosen(app: &TestApp, choice: fn(&str) -> Value) -> String {
    let cart = cart_with(app, "Sunflower Bunch", 1).await;
    let (status, body) = choose(app, choice(&cart)).await;
    assert_eq!(status, 200, "{body}");
    cart
}

fn tuesday_morning(cart: &str) -> Value {
    delivery(cart, "2026-12-15", "Morning", "BS3 4AA")
}

fn tuesday_at_ten(cart: &str) -> Value {
    collection(cart, "2026-12-15", "10:00")
}

#[tokio::test]
async fn a_slot_with_room_for_one_refuses_a_second_delivery_once_the_first_is_ordered() {
    let app = shop_at(monday_morning).await;
    limits(&app).await;
    let first = chosen(&app, tuesday_morning).await;
    let Paid { intent, .. } = pay_with_4242(&app, &first).await;
    assert_eq!(place(&app, &intent, &first).await.0, 200);

    let second = cart_with(&app, "Sunflower Bunch", 1).await;
    let (status, body) = choose(&app, tuesday_morning(&second)).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["fields"]["slot"],
        "Fully booked. Please choose another time."
    );
    let afternoon = delivery(&second, "2026-12-15", "Afternoon", "BS3 4AA");
    assert_eq!(
        choose(&app, afternoon).await.0,
        200,
        "another slot has room"
    );
    let wednesday = delivery(&second, "2026-12-16", "Morning", "BS3 4AA");
    assert_eq!(choose(&app, wednesday).await.0, 200, "another day has room");
}

#[tokio::test]
async fn a_cart_whose_slot_filled_meanwhile_is_refused_before_paying_naming_the_slot() {
    let app = shop_at(monday_morning).await;
    limits(&app).await;
    // Both choose the one Morning place while neither pays; the first to pay holds it.
    let first = chosen(&app, tuesday_morning).await;
    let second = chosen(&app, tuesday_morning).await;
    paying(&app, &first).await;
    let (status, body) = check_intent(&app, &second).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["fields"]["slot"],
        "Fully booked. Please choose another time."
    );
    assert_eq!(
        count(&app, "simulated_payments").await,
        1,
        "no payment was made for the second"
    );
    // The first asking again keeps its place: it does not compete with itself.
    client_secret(&app, &first).await;
}

/// Prepares the cart's payment as the checkout does before paying: its page asked once when it
/// was shown, and asks again now (the spec), which is when its place counts.
async fn paying(app: &TestApp, cart: &str) {
    client_secret(app, cart).await;
    client_secret(app, cart).await;
}

/// The same Monday eleven minutes on: past a ten-minute hold.
fn eleven_minutes_on(config: &mut Config) {
    config.fake_now = parse_moment("2026-12-14T11:41:00Z");
}

#[tokio::test]
async fn a_held_cart_counts_while_held_and_stops_counting_when_its_hold_lapses() {
    let app = shop_at(monday_morning).await;
    limits(&app).await;
    let held = chosen(&app, tuesday_morning).await;
    paying(&app, &held).await;
    let other = cart_with(&app, "Sunflower Bunch", 1).await;
    let (status, body) = choose(&app, tuesday_morning(&other)).await;
    assert_eq!(status, 400, "held: {body}");
    // The holding cart may choose its own place again (which ends its hold).
    assert_eq!(choose(&app, tuesday_morning(&held)).await.0, 200);
    assert_eq!(choose(&app, tuesday_morning(&other)).await.0, 200);

    // Held again, then lapsed.
    paying(&app, &held).await;
    assert_eq!(check_intent(&app, &other).await.0, 400);
    let app = app.restarted_with(eleven_minutes_on).await;
    paying(&app, &other).await;
    let (status, body) = check_intent(&app, &held).await;
    assert_eq!(status, 400, "the lapsed cart lost its place: {body}");
}

#[tokio::test]
async fn a_collection_day_with_room_for_one_is_fully_booked_by_a_held_cart() {
    let app = shop_at(monday_morning).await;
    limits(&app).await;
    let held = chosen(&app, tuesday_at_ten).await;
    paying(&app, &held).await;
    let other = cart_with(&app, "Sunflower Bunch", 1).await;
    let (status, body) = choose(&app, collection(&other, "2026-12-15", "15:00")).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["fields"]["date"],
        "Fully booked. Please choose another day."
    );
    let (status, _) = choose(&app, collection(&other, "2026-12-16", "15:00")).await;
    assert_eq!(status, 200, "another day has room");
    // Delivery that day is not collection: it has its own places.
    let (status, _) = choose(&app, tuesday_morning(&other)).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn the_places_taken_are_published_with_the_settings() {
    let app = shop_at(monday_morning).await;
    let (_, body) = app.get_json("/api/delivery/").await;
    assert_eq!(
        body["taken"],
        json!({"slots": [], "collections": []}),
        "nothing is counted while nothing has a limit"
    );

    limits(&app).await;
    let ordered = chosen(&app, tuesday_morning).await;
    let Paid { intent, .. } = pay_with_4242(&app, &ordered).await;
    assert_eq!(place(&app, &intent, &ordered).await.0, 200);
    let held = chosen(&app, tuesday_at_ten).await;
    paying(&app, &held).await;
    // Chosen but not paying: it takes no place.
    chosen(&app, |cart| collection(cart, "2026-12-16", "10:00")).await;

    let (status, body) = app.get_json("/api/delivery/").await;
    assert_eq!(status, 200, "{body}");
    // The browser hands it to core as it is: it must read as core's type.
    let taken: Taken = serde_json::from_value(body["taken"].clone()).unwrap();
    let date = posy_core::calendar::Date::parse("2026-12-15").unwrap();
    assert_eq!(
        taken,
        Taken {
            slots: vec![TakenSlot {
                date,
                slot: "Morning".into(),
                count: 1
            }],
            collections: vec![TakenDay { date, count: 1 }],
        }
    );
    assert_eq!(body["taken"]["slots"][0]["date"], "2026-12-15");
    let settings: DeliverySettings = serde_json::from_value(body["settings"].clone()).unwrap();
    assert_eq!(settings.collection_capacity, Some(1));

    // A cart's own hold is left out when it asks.
    let (_, own) = app
        .get_json(&format!("/api/delivery/?cart_id={held}"))
        .await;
    assert_eq!(own["taken"]["collections"], json!([]));
    assert_eq!(own["taken"]["slots"], body["taken"]["slots"]);
}

#[tokio::test]
async fn shoppers_paying_at_once_for_the_last_place_in_a_slot_leave_one_holding_it() {
    let app = crate::helpers::spawn_app_with(crate::helpers::Options {
        configure: Some(|config| {
            monday_morning(config);
            crate::helpers::behind_a_proxy(config);
        }),
        ..crate::helpers::Options::default()
    })
    .await;
    limits(&app).await;
    // Thirty pieces of their own, so that no stock is shared: only the place is.
    let mut pieces = Vec::new();
    for n in 0..30 {
        use sea_orm::{ActiveModelTrait, Set};
        let piece = posy_server::store::entities::product::ActiveModel {
            category_id: Set(1),
            name: Set(format!("Buttonhole {n}")),
            description: Set(String::new()),
            image: Set(None),
            price_pence: Set(1200),
            stock: Set(1),
            position: Set(100 + n),
            active: Set(true),
            lead_days: Set(0),
            archived: Set(false),
            image_variants: Set(String::new()),
            ..Default::default()
        }
        .insert(&app.db)
        .await
        .unwrap();
        pieces.push(i64::from(piece.id));
    }
    let mut carts = Vec::new();
    for (n, piece) in pieces.iter().enumerate() {
        let cart = crate::helpers::new_cart(&app).await;
        assert_eq!(
            crate::helpers::add(&app, &cart, *piece, None, 1).await.0,
            200
        );
        assert_eq!(choose(&app, tuesday_morning(&cart)).await.0, 200);
        // The checkout page's first ask takes no place: every one of them is answered.
        let address = format!("198.51.100.{n}");
        let (status, body) = crate::checkout::check_intent_from(&app, &cart, &address).await;
        assert_eq!(status, 200, "{body}");
        carts.push(cart);
    }
    let app = &app;
    let answers = futures_util::future::join_all(carts.iter().enumerate().map(|(n, cart)| {
        let address = format!("198.51.100.{n}");
        async move { crate::checkout::check_intent_from(app, cart, &address).await }
    }))
    .await;
    let statuses: Vec<u16> = answers.iter().map(|(status, _)| *status).collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == 200).count(),
        1,
        "{answers:?}"
    );
    assert!(
        answers
            .iter()
            .filter(|(status, _)| *status == 400)
            .all(|(_, body)| body["fields"]["slot"] == "Fully booked. Please choose another time."),
        "{answers:?}"
    );
}

#[tokio::test]
async fn a_cancelled_order_gives_its_place_back() {
    let app = shop_at(monday_morning).await;
    limits(&app).await;
    let session = crate::helpers::admin_session(&app).await;
    let mut orders = Vec::new();
    for choice in [tuesday_morning as fn(&str) -> Value, tuesday_at_ten] {
        let cart = chosen(&app, choice).await;
        let Paid { intent, .. } = pay_with_4242(&app, &cart).await;
        let (status, order) = place(&app, &intent, &cart).await;
        assert_eq!(status, 200, "{order}");
        orders.push(order["id"].as_i64().unwrap());
    }
    let other = cart_with(&app, "Sunflower Bunch", 1).await;
    assert_eq!(choose(&app, tuesday_morning(&other)).await.0, 400, "full");
    assert_eq!(choose(&app, tuesday_at_ten(&other)).await.0, 400, "full");

    // Cancelled from the day's work, giving nothing back: the places are free again.
    for id in orders {
        let nothing = json!({"quantities": [0], "restock": [false], "delivery": false,
                             "cancel": true, "refunded": "0.00", "status": "new",
                             "key": uuid::Uuid::new_v4().to_string()});
        let (status, body) = crate::helpers::admin_post(
            &app,
            &session,
            &format!("/api/admin/orders/{id}/refund/"),
            nothing,
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["status"], "cancelled");
    }
    let (_, published) = app.get_json("/api/delivery/").await;
    assert_eq!(
        published["taken"],
        json!({"slots": [], "collections": []}),
        "cancelled orders take no place"
    );
    let (status, body) = choose(&app, tuesday_morning(&other)).await;
    assert_eq!(status, 200, "the Morning place is free again: {body}");
    let (status, body) = choose(&app, tuesday_at_ten(&other)).await;
    assert_eq!(status, 200, "the collection place is free again: {body}");
}

#[tokio::test]
async fn a_held_cart_takes_its_place_only_from_the_ask_just_before_paying() {
    let app = shop_at(monday_morning).await;
    limits(&app).await;
    let looking = chosen(&app, tuesday_morning).await;
    // The checkout page asks when it is shown: the shopper is only looking, so far.
    client_secret(&app, &looking).await;
    let other = cart_with(&app, "Sunflower Bunch", 1).await;
    let (status, body) = choose(&app, tuesday_morning(&other)).await;
    assert_eq!(status, 200, "a page shown takes no place: {body}");
    let (_, published) = app.get_json("/api/delivery/").await;
    assert_eq!(published["taken"]["slots"], json!([]));

    // Its ask just before paying takes the place (the other has not asked yet).
    client_secret(&app, &looking).await;
    let third = cart_with(&app, "Sunflower Bunch", 1).await;
    let (status, body) = choose(&app, tuesday_morning(&third)).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["fields"]["slot"],
        "Fully booked. Please choose another time."
    );
    let (status, body) = check_intent(&app, &other).await;
    assert_eq!(status, 400, "the other is told before paying: {body}");
}
