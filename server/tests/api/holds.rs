//! Stock held while paying: from check_intent until the order is placed, the cart changes or
//! the hold lapses, a cart's lines are set aside; other shoppers are told before paying.

use futures_util::future::join_all;
use posy_server::app::config::Config;
use posy_server::store::clock::parse_moment;
use serde_json::{Value, json};

use crate::builders::{Paid, pay_with_4242};
use crate::checkout::{cart_with, check_intent, check_intent_from, client_secret, pay, place};
use crate::fulfilment::{choose, delivery, monday_morning};
use crate::helpers::{
    Options, TestApp, add, behind_a_proxy, count, product, remove_line, spawn_app, spawn_app_with,
    stock,
};

fn error(body: &Value) -> &str {
    body["error"].as_str().unwrap_or_default()
}

/// The first line of a cart.
async fn line(app: &TestApp, cart: &str) -> Value {
    app.get_json(&format!("/api/cart/?cart_id={cart}")).await.1["items"][0].clone()
}

#[tokio::test]
async fn a_shopper_needing_stock_that_other_carts_hold_is_told_before_paying() {
    // Each shopper from an address of their own: one address may hold only a third of it.
    let app = spawn_app_with(Options {
        configure: Some(behind_a_proxy),
        ..Options::default()
    })
    .await;
    stock(&app, "The Bedminster", 9).await;
    let first = cart_with(&app, "The Bedminster", 3).await;
    let (status, body) = check_intent_from(&app, &first, "198.51.100.1").await;
    assert_eq!(status, 200, "{body}");
    for (n, quantity) in [(2, 3), (3, 2)] {
        let (status, body) =
            held_from(&app, "The Bedminster", quantity, &format!("198.51.100.{n}")).await;
        assert_eq!(status, 200, "{body}");
    }

    let (status, body) = held_from(&app, "The Bedminster", 2, "198.51.100.4").await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        error(&body),
        "Only 1 of The Bedminster can be yours just now: the other 8 are in other baskets for \
         a few minutes. Please lower the quantity, or try again shortly."
    );
    let (status, body) = held_from(&app, "The Bedminster", 1, "198.51.100.5").await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = held_from(&app, "The Bedminster", 1, "198.51.100.6").await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        error(&body),
        "Only 9 of The Bedminster are left, and they are in other baskets for a few minutes; \
         please try again shortly."
    );
    assert_eq!(
        count(&app, "simulated_payments").await,
        4,
        "no payment was made for the carts told"
    );
    // A cart asking again keeps its own hold: it is not competing with itself.
    let (status, body) = check_intent_from(&app, &first, "198.51.100.1").await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn the_shop_shows_the_stock_on_hand_whatever_is_held() {
    let app = spawn_app().await;
    let cart = cart_with(&app, "The Bedminster", 3).await;
    client_secret(&app, &cart).await;
    let shown = product(&app, "The Bedminster").await;
    assert_eq!(shown["stock"], 10, "held stock is still on the shelf");
    let (_, one) = app
        .get_json(&format!("/api/products/{}/", shown["id"]))
        .await;
    assert_eq!(one["stock"], 10);
}

/// Holds the only one of The Bedminster for a cart (and a second product beside it), and shows
/// that another cart is told; answers the holding cart.
async fn held_last_one(app: &TestApp) -> String {
    stock(app, "The Bedminster", 1).await;
    let cart = cart_with(app, "The Bedminster", 1).await;
    client_secret(app, &cart).await;
    let other = cart_with(app, "The Bedminster", 1).await;
    assert_eq!(check_intent(app, &other).await.0, 409);
    // The other shopper gives up: their cart holds nothing now.
    let item = line(app, &other).await["id"].clone();
    assert_eq!(remove_line(app, &other, &item).await, 200);
    cart
}

/// Whether a new cart can hold the last one of The Bedminster now.
async fn another_can_hold(app: &TestApp) -> bool {
    let cart = cart_with(app, "The Bedminster", 1).await;
    let (status, body) = check_intent(app, &cart).await;
    assert!(status == 200 || status == 409, "{body}");
    let item = line(app, &cart).await["id"].clone();
    remove_line(app, &cart, &item).await;
    status == 200
}

#[tokio::test]
async fn any_change_to_a_held_cart_releases_its_stock() {
    let app = spawn_app_with(Options {
        configure: Some(monday_morning),
        ..Options::default()
    })
    .await;
    let sunflowers = product(&app, "Sunflower Bunch").await["id"]
        .as_i64()
        .unwrap();

    let cart = held_last_one(&app).await;
    assert!(!another_can_hold(&app).await, "held");
    assert_eq!(add(&app, &cart, sunflowers, None, 1).await.0, 200);
    assert!(another_can_hold(&app).await, "released by an add");

    let cart = held_last_one(&app).await;
    let item = line(&app, &cart).await["id"].clone();
    let (status, _) = app
        .post_json(
            "/api/cart/update_quantity/",
            &json!({"cart_id": cart, "item_id": item, "quantity": 1}),
        )
        .await;
    assert_eq!(status, 200);
    assert!(another_can_hold(&app).await, "released by an update");

    let cart = held_last_one(&app).await;
    let item = line(&app, &cart).await["id"].clone();
    assert_eq!(remove_line(&app, &cart, &item).await, 200);
    assert!(another_can_hold(&app).await, "released by a removal");

    let cart = held_last_one(&app).await;
    let (status, body) = choose(&app, delivery(&cart, "2026-12-15", "Morning", "BS3 4AA")).await;
    assert_eq!(status, 200, "{body}");
    assert!(
        another_can_hold(&app).await,
        "released by a new florist's choice"
    );

    // A refused change changes nothing, and keeps the hold.
    let cart = held_last_one(&app).await;
    let item = line(&app, &cart).await["id"].clone();
    let (status, _) = app
        .post_json(
            "/api/cart/update_quantity/",
            &json!({"cart_id": cart, "item_id": item, "quantity": 11}),
        )
        .await;
    assert_eq!(status, 400);
    assert!(!another_can_hold(&app).await, "still held");
}

#[tokio::test]
async fn a_placed_order_takes_the_stock_its_cart_held() {
    let app = spawn_app().await;
    stock(&app, "The Bedminster", 2).await;
    let cart = cart_with(&app, "The Bedminster", 1).await;
    let secret = client_secret(&app, &cart).await;
    let paid = pay(&app, &secret, "4242 4242 4242 4242").await;
    let intent = paid["payment_intent"]["id"].as_str().unwrap();
    assert_eq!(place(&app, intent, &cart).await.0, 200);
    // One left, held by nobody: the ordered cart no longer counts.
    let next = cart_with(&app, "The Bedminster", 1).await;
    client_secret(&app, &next).await;
    assert_eq!(
        count(
            &app,
            "carts WHERE held_until IS NOT NULL OR hold_address IS NOT NULL"
        )
        .await,
        1,
        "the ordered cart holds nothing and forgot the address"
    );
}

/// 2026-12-14T11:30:00Z; five minutes on; eleven minutes on (past a ten-minute hold).
fn at_half_past_eleven(config: &mut Config) {
    config.fake_now = parse_moment("2026-12-14T11:30:00Z");
}

fn five_minutes_on(config: &mut Config) {
    config.fake_now = parse_moment("2026-12-14T11:35:00Z");
}

fn eleven_minutes_on(config: &mut Config) {
    config.fake_now = parse_moment("2026-12-14T11:41:00Z");
}

#[tokio::test]
async fn a_hold_lapses_on_the_shops_clock_and_another_cart_may_hold_the_stock() {
    let app = spawn_app_with(Options {
        configure: Some(at_half_past_eleven),
        ..Options::default()
    })
    .await;
    stock(&app, "The Bedminster", 1).await;
    let first = cart_with(&app, "The Bedminster", 1).await;
    client_secret(&app, &first).await;
    let second = cart_with(&app, "The Bedminster", 1).await;
    assert_eq!(check_intent(&app, &second).await.0, 409);

    // Asking again while the hold lives keeps its end: 11:40, not 11:45.
    let app = app.restarted_with(five_minutes_on).await;
    client_secret(&app, &first).await;
    assert_eq!(check_intent(&app, &second).await.0, 409);

    let app = app.restarted_with(eleven_minutes_on).await;
    client_secret(&app, &second).await;
    let (status, body) = check_intent(&app, &first).await;
    assert_eq!(status, 409, "the first cart's hold lapsed: {body}");

    // The hourly sweep (which also runs as the shop starts) forgets the lapsed hold and the
    // address that asked for it.
    let now = parse_moment("2026-12-14T11:41:00Z").unwrap();
    posy_server::cart::holds::forget_expired(&app.db, now + 60)
        .await
        .unwrap();
    assert_eq!(
        count(
            &app,
            "carts WHERE hold_address IS NOT NULL OR held_until IS NOT NULL"
        )
        .await,
        1,
        "the live hold keeps its address"
    );
}

#[tokio::test]
async fn a_payment_whose_hold_lapsed_is_refunded_if_another_shopper_bought_the_stock_meanwhile() {
    let app = spawn_app_with(Options {
        configure: Some(at_half_past_eleven),
        ..Options::default()
    })
    .await;
    stock(&app, "The Bedminster", 1).await;
    let slow = cart_with(&app, "The Bedminster", 1).await;
    let secret = client_secret(&app, &slow).await;

    // The slow shopper's card is confirmed after their hold has lapsed; meanwhile another
    // shopper held and bought the last one.
    let app = app.restarted_with(eleven_minutes_on).await;
    let quick = cart_with(&app, "The Bedminster", 1).await;
    let Paid {
        intent: quick_intent,
        ..
    } = pay_with_4242(&app, &quick).await;
    assert_eq!(place(&app, &quick_intent, &quick).await.0, 200);
    let paid = pay(&app, &secret, "4242 4242 4242 4242").await;
    let slow_intent = paid["payment_intent"]["id"].as_str().unwrap();
    let (status, body) = place(&app, slow_intent, &slow).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        error(&body).starts_with("Sorry, The Bedminster sold out while you were paying. We have refunded your payment in full"),
        "{body}"
    );
    assert_eq!(count(&app, "orders").await, 1);
    assert_eq!(count(&app, "refunds").await, 1);
}

#[tokio::test]
async fn an_address_may_hold_three_carts_at_once() {
    let app = spawn_app_with(Options {
        configure: Some(behind_a_proxy),
        ..Options::default()
    })
    .await;
    let mut carts = Vec::new();
    for _ in 0..4 {
        carts.push(cart_with(&app, "Sunflower Bunch", 1).await);
    }
    for cart in &carts[..3] {
        let (status, body) = check_intent_from(&app, cart, "198.51.100.7").await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, body) = check_intent_from(&app, &carts[3], "198.51.100.7").await;
    assert_eq!(status, 429, "{body}");
    let (_, site) = app.get_json("/api/site/").await;
    assert_eq!(
        error(&body),
        format!(
            "Several baskets from your network are already waiting to be paid for. Please \
             finish paying for one of them or try again in a few minutes, or call us on {} and \
             we will take your order by phone.",
            site["phone"].as_str().unwrap()
        )
    );
    let (status, _) = check_intent_from(&app, &carts[0], "198.51.100.7").await;
    assert_eq!(status, 200, "a held cart may ask again");
    let (status, _) = check_intent_from(&app, &carts[3], "203.0.113.9").await;
    assert_eq!(status, 200, "another address has its own share");

    // Ten carts asking at once from one address: exactly three are held.
    let mut crowd = Vec::new();
    for _ in 0..10 {
        crowd.push(cart_with(&app, "Sunflower Bunch", 1).await);
    }
    let answers = join_all(
        crowd
            .iter()
            .map(|cart| check_intent_from(&app, cart, "192.0.2.44")),
    )
    .await;
    let statuses: Vec<u16> = answers.iter().map(|(status, _)| *status).collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == 200).count(),
        3,
        "{statuses:?}"
    );
    assert_eq!(statuses.iter().filter(|s| **s == 429).count(), 7);

    // A held cart that changes frees its place.
    let item = line(&app, &carts[1]).await["id"].clone();
    remove_line(&app, &carts[1], &item).await;
    let late = cart_with(&app, "Sunflower Bunch", 1).await;
    let (status, body) = check_intent_from(&app, &late, "198.51.100.7").await;
    assert_eq!(status, 200, "{body}");
}

/// A `posy serve` process of the real binary, killed when dropped.
struct Process {
    base: String,
    client: reqwest::Client,
    csrf: String,
    _child: tokio::process::Child,
}

impl Process {
    /// Starts the shop on a free port over `database`, with a data folder of its own, and waits
    /// until it answers. It trusts the test's address as a proxy, so each shopper's own address
    /// can be given in `X-Forwarded-For`.
    async fn start(database: &str, folder: &std::path::Path) -> Process {
        let (mut serve, base) = crate::helpers::posy_serve(folder);
        let log = std::fs::File::create(folder.join("server.log")).unwrap();
        let child = serve
            .args(["--database-url", database])
            .args(["--trusted-proxies", "127.0.0.1"])
            // Every cart is made from the test's own address.
            .args(["--new-carts-per-address", "100000"])
            .env("RUST_LOG", "warn")
            .stdout(std::process::Stdio::null())
            .stderr(log)
            .spawn()
            .expect("the posy binary starts");
        let client = reqwest::Client::builder().no_proxy().build().unwrap();
        for _ in 0..300 {
            if let Ok(response) = client.get(format!("{base}/api/products/")).send().await
                && let Some(csrf) = crate::helpers::set_cookie(&response, "csrftoken")
            {
                return Process {
                    base,
                    client,
                    csrf,
                    _child: child,
                };
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!(
            "the shop did not start: {}",
            std::fs::read_to_string(folder.join("server.log")).unwrap_or_default()
        );
    }

    async fn get_json(&self, path: &str) -> (u16, Value) {
        self.get_json_from(path, "127.0.0.1").await
    }

    /// A GET as if from `address`.
    async fn get_json_from(&self, path: &str, address: &str) -> (u16, Value) {
        let response = self
            .client
            .get(format!("{}{path}", self.base))
            .header("x-forwarded-for", address)
            .send()
            .await
            .unwrap();
        crate::helpers::json_of(path, response).await
    }

    async fn post_json(&self, path: &str, body: &Value) -> (u16, Value) {
        let response = self
            .client
            .post(format!("{}{path}", self.base))
            .header("cookie", format!("csrftoken={}", self.csrf))
            .header("x-csrftoken", &self.csrf)
            .json(body)
            .send()
            .await
            .unwrap();
        crate::helpers::json_of(path, response).await
    }

    /// A new cart holding one of a product.
    async fn cart_of(&self, product: i64) -> String {
        let (_, cart) = self.get_json("/api/cart/").await;
        let id = cart["id"].as_str().unwrap().to_owned();
        let (status, body) = self
            .post_json(
                "/api/cart/add_item/",
                &json!({"cart_id": id, "product_id": product, "quantity": 1}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        id
    }

    /// Pays for a cart with its client secret and places its order: the order call's status.
    async fn pay_and_place(&self, cart: &str, secret: &str) -> u16 {
        let (_, paid) = self
            .post_json(
                "/api/payment/simulated/confirm/",
                &json!({"client_secret": secret, "card_number": "4242 4242 4242 4242",
                        "expiry": "12/34", "cvc": "123", "billing_details": {}}),
            )
            .await;
        let intent = paid["payment_intent"]["id"].as_str().unwrap();
        let (status, _) = self
            .post_json("/api/orders/", &crate::checkout::order_body(intent, cart))
            .await;
        status
    }
}

#[tokio::test]
async fn two_shop_processes_on_one_postgresql_database_sell_ten_to_a_hundred_without_a_refund() {
    // PostgreSQL only: SQLite's shop is one process on one file.
    let Some(database) = crate::helpers::fresh_postgres_database().await else {
        return;
    };
    let folder = tempfile::tempdir().unwrap();
    // The first migrates and adds the demo catalogue; the second finds them done.
    let first = Process::start(&database, &folder.path().join("first")).await;
    let second = Process::start(&database, &folder.path().join("second")).await;
    let shops = [&first, &second];
    let (_, products) = first.get_json("/api/products/").await;
    let bedminster = products
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "The Bedminster")
        .unwrap();
    assert_eq!(bedminster["stock"], 10);
    let id = bedminster["id"].as_i64().unwrap();
    let mut carts = Vec::new();
    for n in 0..100 {
        carts.push((shops[n % 2], shops[n % 2].cart_of(id).await));
    }
    // Every shopper asks at once, each from an address of their own, half of them of the
    // process that did not make their cart.
    let answers = join_all(carts.iter().enumerate().map(|(n, (_, cart))| {
        let path = format!("/api/payment/check_intent/?cart_id={cart}");
        let address = format!("198.51.100.{n}");
        async move { shops[n / 2 % 2].get_json_from(&path, &address).await }
    }))
    .await;
    let mut holding = Vec::new();
    for ((status, body), (shop, cart)) in answers.iter().zip(&carts) {
        match status {
            200 => holding.push((*shop, cart, body["client_secret"].as_str().unwrap())),
            409 => assert!(error(body).contains("in other baskets"), "{body}"),
            _ => panic!("{status}: {body}"),
        }
    }
    assert_eq!(holding.len(), 10, "ten hold, ninety are told before paying");
    let placed = join_all(
        holding
            .iter()
            .map(|(shop, cart, secret)| shop.pay_and_place(cart, secret)),
    )
    .await;
    assert_eq!(placed, [200; 10], "no refunds");
    let (_, after) = second.get_json(&format!("/api/products/{id}/")).await;
    assert_eq!(after["stock"], 0);
    let db = sea_orm::Database::connect(&database).await.unwrap();
    use sea_orm::{EntityTrait, PaginatorTrait};
    assert_eq!(
        posy_server::store::entities::refund::Entity::find()
            .count(&db)
            .await
            .unwrap(),
        0
    );
    assert_eq!(
        posy_server::store::entities::order::Entity::find()
            .count(&db)
            .await
            .unwrap(),
        10
    );
}

/// A cart of `quantity` of `name`, its payment prepared from `address`: the status and body.
async fn held_from(app: &TestApp, name: &str, quantity: i64, address: &str) -> (u16, Value) {
    let cart = cart_with(app, name, quantity).await;
    check_intent_from(app, &cart, address).await
}

#[tokio::test]
async fn one_address_holds_at_most_twenty_pieces_counting_an_ipv6_64_as_one_address() {
    let app = spawn_app_with(Options {
        configure: Some(behind_a_proxy),
        ..Options::default()
    })
    .await;
    for name in ["Sunflower Bunch", "The Bedminster", "Dried Flower Posy"] {
        stock(&app, name, 100).await;
    }
    // One household: each device has its own address in the /64 it was given.
    let (status, body) = held_from(&app, "Sunflower Bunch", 10, "2001:db8:7:1::a").await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = held_from(&app, "The Bedminster", 10, "2001:db8:7:1::b").await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = held_from(&app, "Dried Flower Posy", 1, "2001:db8:7:1:ffff::c").await;
    assert_eq!(status, 429, "{body}");
    let (_, site) = app.get_json("/api/site/").await;
    assert_eq!(
        error(&body),
        format!(
            "You're holding as many as we can keep for one shopper while paying (20 pieces). \
             Please finish the payment you started, lower the quantities or wait a few \
             minutes, or call us on {} and we will take your order by phone.",
            site["phone"].as_str().unwrap()
        )
    );
    // The next /64 is another household.
    let (status, body) = held_from(&app, "Dried Flower Posy", 1, "2001:db8:7:2::a").await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn one_address_holds_at_most_a_third_of_a_stock_row_and_always_one() {
    let app = spawn_app_with(Options {
        configure: Some(behind_a_proxy),
        ..Options::default()
    })
    .await;
    stock(&app, "The Bedminster", 6).await;
    let (status, body) = held_from(&app, "The Bedminster", 3, "198.51.100.20").await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        error(&body),
        "We can keep at most 2 of The Bedminster for one shopper while paying, so that others \
         can buy some too. Please lower the quantity to 2."
    );
    let (status, body) = held_from(&app, "The Bedminster", 2, "198.51.100.20").await;
    assert_eq!(status, 200, "{body}");
    // Another basket from the same address counts with the first.
    let (status, body) = held_from(&app, "The Bedminster", 1, "198.51.100.20").await;
    assert_eq!(status, 409, "{body}");
    assert!(
        error(&body).contains("Your other basket already holds 2"),
        "{body}"
    );
    let (status, body) = held_from(&app, "The Bedminster", 2, "198.51.100.21").await;
    assert_eq!(status, 200, "another shopper has a share too: {body}");

    // The last one of a one-off can always be bought.
    stock(&app, "Sunflower Bunch", 1).await;
    let (status, body) = held_from(&app, "Sunflower Bunch", 1, "198.51.100.22").await;
    assert_eq!(status, 200, "{body}");
}

/// The Monday `minutes` past half past eleven.
fn minutes_on(minutes: i64) -> impl FnOnce(&mut Config) {
    move |config: &mut Config| {
        config.fake_now = parse_moment("2026-12-14T11:30:00Z").map(|t| t + minutes * 60);
    }
}

#[tokio::test]
async fn a_shopper_who_took_eleven_minutes_to_find_her_card_renews_once_and_pays() {
    let app = spawn_app_with(Options {
        configure: Some(at_half_past_eleven),
        ..Options::default()
    })
    .await;
    let cart = cart_with(&app, "Sunflower Bunch", 1).await;
    client_secret(&app, &cart).await;
    let app = app.restarted_with(minutes_on(11)).await;
    let Paid { intent, .. } = pay_with_4242(&app, &cart).await;
    let (status, body) = place(&app, &intent, &cart).await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn a_carts_hold_is_renewed_at_most_three_times_in_an_hour() {
    let mut app = spawn_app_with(Options {
        configure: Some(at_half_past_eleven),
        ..Options::default()
    })
    .await;
    let cart = cart_with(&app, "Sunflower Bunch", 1).await;
    client_secret(&app, &cart).await;
    // Each time the hold has lapsed: three renewals.
    for minutes in [11, 22, 33] {
        app = app.restarted_with(minutes_on(minutes)).await;
        client_secret(&app, &cart).await;
    }
    app = app.restarted_with(minutes_on(44)).await;
    let (status, body) = check_intent(&app, &cart).await;
    assert_eq!(status, 429, "{body}");
    assert!(
        error(&body).starts_with(
            "We have kept this basket for you as many times as we can this hour. Please try \
             again in an hour, or call us on "
        ),
        "{body}"
    );
    // An hour after its first hold, it may start again.
    app = app.restarted_with(minutes_on(61)).await;
    client_secret(&app, &cart).await;
}
