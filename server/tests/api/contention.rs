//! A busy day: shoppers filling carts while the studio works in the back office. Every write
//! takes its turn, so none of them is refused with a 5xx ("database is locked" on SQLite,
//! where a write that began by reading could not become the writer).

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::task::JoinSet;

use crate::helpers::{
    Options, TestApp, add, admin_get, admin_post, admin_put, admin_session, new_cart, product,
    spawn_app_with,
};
use crate::product_admin::{admin_product, form_of, stock_change};

/// What one task saw: each call's name, status, answer and how long it took.
type Seen = Vec<(&'static str, u16, String, Duration)>;

/// A call's status and answer, and how long it took.
async fn timed(call: impl Future<Output = (u16, Value)>) -> (u16, String, Duration) {
    let started = Instant::now();
    let (status, body) = call.await;
    (status, body.to_string(), started.elapsed())
}

async fn shopper(app: Arc<TestApp>, products: Vec<i64>, stop: Arc<AtomicBool>) -> Seen {
    let mut seen = Seen::new();
    let mut cart = new_cart(&app).await;
    let mut adds = 0;
    while !stop.load(Ordering::Relaxed) {
        let product = products[adds % products.len()];
        let (status, body, took) = timed(add(&app, &cart, product, None, 1)).await;
        seen.push(("add_item", status, body, took));
        adds += 1;
        // A shopper fills a few lines, then another shopper starts a cart.
        if adds % 6 == 0 {
            cart = new_cart(&app).await;
        }
    }
    seen
}

/// The studio's back office: each round saves a product as its editor loaded it, moves a
/// shelf, changes stock from the list, replies to an enquiry and saves the studio's facts.
async fn studio(
    app: Arc<TestApp>,
    session: String,
    round_of: usize,
    stop: Arc<AtomicBool>,
) -> Seen {
    let mut seen = Seen::new();
    let mut round = 0usize;
    while !stop.load(Ordering::Relaxed) {
        round += 1;
        // Each studio task works on its own things, so nothing it does is another's stale.
        let (name, shelf) = [
            ("Sunflower Bunch", 0),
            ("Dried Flower Posy", 1),
            ("White Lily Sympathy Bouquet", 2),
            ("Potted White Orchid", 3),
        ][round_of % 4];
        let id = admin_product(&app, &session, name).await["id"]
            .as_i64()
            .unwrap();
        seen.push(
            save_description(
                &app,
                &session,
                name,
                &format!("Round {round} of the studio's day."),
            )
            .await,
        );

        let (_, shelves) = admin_get(&app, &session, "/api/admin/categories/").await;
        let category = shelves[shelf].clone();
        let (status, body, took) = timed(admin_put(
            &app,
            &session,
            &format!("/api/admin/categories/{}/", category["id"]),
            category_change(&category, &format!("Shelf {shelf}, round {round}")),
        ))
        .await;
        seen.push(("category change", status, body, took));

        let stocked = admin_product(&app, &session, name).await;
        let (status, body, took) = timed(admin_post(
            &app,
            &session,
            &format!("/api/admin/products/{id}/stock/"),
            stock_change(&stocked, None, 20 + (round % 5) as i64),
        ))
        .await;
        seen.push(("quick stock", status, body, took));

        let (_, inbox) = admin_get(&app, &session, "/api/admin/enquiries/").await;
        let enquiry = inbox[round_of % inbox.as_array().unwrap().len()]["id"].clone();
        let (status, body, took) = timed(admin_post(
            &app,
            &session,
            &format!("/api/admin/enquiries/{enquiry}/reply/"),
            json!({"greeting": "Dear Ada,", "body": format!("Reply {round}."), "signature": "Jo"}),
        ))
        .await;
        seen.push(("inbox reply", status, body, took));

        // One person saves the studio's facts, another the delivery settings.
        if round_of == 0 {
            let (_, facts) = admin_get(&app, &session, "/api/admin/settings/studio/").await;
            let mut saved = facts_change(&facts);
            saved["tagline"] = json!(format!("floral studio, day {round}"));
            let (status, body, took) = timed(admin_put(
                &app,
                &session,
                "/api/admin/settings/studio/",
                saved,
            ))
            .await;
            seen.push(("studio facts", status, body, took));
        }
        if round_of == 1 {
            let (_, settings) = admin_get(&app, &session, "/api/admin/settings/delivery/").await;
            let (status, body, took) = timed(admin_put(
                &app,
                &session,
                "/api/admin/settings/delivery/",
                settings,
            ))
            .await;
            seen.push(("delivery settings", status, body, took));
        }
    }
    seen
}

/// Saves product `name` as its editor loaded it, with a new description.
async fn save_description(
    app: &TestApp,
    session: &str,
    name: &str,
    description: &str,
) -> (&'static str, u16, String, Duration) {
    let loaded = admin_product(app, session, name).await;
    let mut form = form_of(&loaded);
    form["description"] = json!(description);
    let path = format!("/api/admin/products/{}/", loaded["id"]);
    let (status, body, took) = timed(admin_put(app, session, &path, form)).await;
    ("product save", status, body, took)
}

/// A shelf's change as the categories page sends it, from the list's view of the shelf.
fn category_change(shelf: &Value, name: &str) -> Value {
    json!({"name": name, "hidden": shelf["hidden"], "version": shelf["version"]})
}

/// The studio's facts as the settings page sends them, from what it loaded.
fn facts_change(loaded: &Value) -> Value {
    let mut facts = loaded["facts"].clone();
    facts["version"] = loaded["version"].clone();
    facts
}

/// Runs shoppers and the studio side by side for `secs`, and answers every call's status.
async fn busy_day(app: Arc<TestApp>, shoppers: usize, studios: usize, secs: u64) -> Seen {
    let session = admin_session(&app).await;
    for n in 0..studios {
        let (status, body) = app
            .post_json(
                "/api/contact/",
                &json!({"name": "Ada Rose", "email": "ada@example.com", "enquiryType": "wedding",
                        "message": format!("Flowers for wedding {n}?")}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
    }
    let mut products = Vec::new();
    for name in [
        "Pressed Flower Card",
        "Hand-poured Soy Candle",
        "The Bedminster",
        "Glass Bud Vase",
    ] {
        let found = product(&app, name).await;
        if found["variations"].as_array().is_none_or(Vec::is_empty) {
            products.push(found["id"].as_i64().unwrap());
        }
    }
    assert!(!products.is_empty());
    let stop = Arc::new(AtomicBool::new(false));
    let mut tasks = JoinSet::new();
    for _ in 0..shoppers {
        tasks.spawn(shopper(app.clone(), products.clone(), stop.clone()));
    }
    for n in 0..studios {
        tasks.spawn(studio(app.clone(), session.clone(), n, stop.clone()));
    }
    tokio::time::sleep(Duration::from_secs(secs)).await;
    stop.store(true, Ordering::Relaxed);
    let mut seen = Seen::new();
    while let Some(task) = tasks.join_next().await {
        seen.extend(task.unwrap());
    }
    seen
}

/// Each kind of call's count, 5xx answers, and p50 and p99 times, for the test's output.
fn report(seen: &Seen) {
    let mut kinds: Vec<&str> = seen.iter().map(|(what, ..)| *what).collect();
    kinds.sort_unstable();
    kinds.dedup();
    for kind in kinds {
        let mut took: Vec<Duration> = seen
            .iter()
            .filter(|(what, ..)| *what == kind)
            .map(|(.., took)| *took)
            .collect();
        took.sort_unstable();
        let failed = seen
            .iter()
            .filter(|(what, status, ..)| *what == kind && *status >= 500)
            .count();
        let at = |share: f64| took[((took.len() - 1) as f64 * share) as usize];
        eprintln!(
            "{kind:>18}: {:>5} calls, {failed:>4} 5xx, p50 {:>4} ms, p99 {:>4} ms",
            took.len(),
            at(0.5).as_millis(),
            at(0.99).as_millis()
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn shoppers_filling_carts_never_make_the_back_office_fail() {
    let app = Arc::new(
        spawn_app_with(Options {
            // Every shopper and the studio call from this test's one address.
            configure: Some(|config| config.enquiries_per_address = 1000),
            ..Options::default()
        })
        .await,
    );
    let seen = busy_day(app, 16, 4, 4).await;
    report(&seen);
    let office = seen.iter().filter(|(what, ..)| *what != "add_item").count();
    let failed: Vec<_> = seen
        .iter()
        .filter(|(_, status, ..)| *status >= 500)
        .collect();
    assert!(office >= 20, "the studio did little: {office}");
    assert!(
        failed.is_empty(),
        "{} of {} calls answered 5xx, e.g. {:?}",
        failed.len(),
        seen.len(),
        failed.iter().take(5).collect::<Vec<_>>()
    );
    // Nothing else went wrong either (a refusal would mean the test's calls were wrong).
    let refused: Vec<_> = seen
        .iter()
        .filter(|(_, status, ..)| *status != 200)
        .collect();
    assert!(
        refused.is_empty(),
        "{:?}",
        refused.iter().take(5).collect::<Vec<_>>()
    );
}

/// Shoppers holding a product's sizes and adding its stock to carts while the studio saves it
/// and changes its stock: every one of them locks the same stock rows. On PostgreSQL a save that
/// locked the product before its sizes, or a hold that blocked a cart line's key check, made
/// some of them wait on each other in a circle ("deadlock detected", a 500); each now locks
/// stock in the one order of `store::stock`.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn holds_adds_and_saves_on_the_same_stock_never_wait_in_a_circle() {
    let app = Arc::new(
        spawn_app_with(Options {
            configure: Some(crate::helpers::behind_a_proxy),
            ..Options::default()
        })
        .await,
    );
    let session = admin_session(&app).await;
    // Enough of everything that no hold is refused for want of stock.
    let peony = admin_product(&app, &session, "Peony Posy").await;
    let id = peony["id"].as_i64().unwrap();
    let sizes: Vec<i64> = peony["sizes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_i64().unwrap())
        .collect();
    for size in &sizes {
        let view = admin_product(&app, &session, "Peony Posy").await;
        let (status, body) = admin_post(
            &app,
            &session,
            &format!("/api/admin/products/{id}/stock/"),
            stock_change(&view, Some(*size), 3000),
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    let candle = admin_product(&app, &session, "Hand-poured Soy Candle").await;
    let candle_id = candle["id"].as_i64().unwrap();
    let (status, body) = admin_post(
        &app,
        &session,
        &format!("/api/admin/products/{candle_id}/stock/"),
        stock_change(&candle, None, 3000),
    )
    .await;
    assert_eq!(status, 200, "{body}");

    let stop = Arc::new(AtomicBool::new(false));
    let mut tasks = JoinSet::new();
    for shopper in 0..12u32 {
        let (app, sizes, stop) = (app.clone(), sizes.clone(), stop.clone());
        tasks.spawn(async move {
            let mut seen = Seen::new();
            let mut round = 0u32;
            while !stop.load(Ordering::Relaxed) {
                round += 1;
                let cart = new_cart(&app).await;
                // The sizes in a different order for each shopper, the candle first or last.
                let size = sizes[(shopper + round) as usize % sizes.len()];
                let lines = [(candle_id, None), (id, Some(size))];
                for (product, size) in lines.iter().cycle().skip(shopper as usize % 2).take(2) {
                    let (status, body, took) = timed(add(&app, &cart, *product, *size, 1)).await;
                    seen.push(("add_item", status, body, took));
                }
                let address = format!("10.{shopper}.{}.{}", round / 250, round % 250);
                let (status, body, took) =
                    timed(crate::checkout::check_intent_from(&app, &cart, &address)).await;
                seen.push(("check_intent", status, body, took));
            }
            seen
        });
    }
    for editor in 0..2 {
        let (app, session, stop) = (app.clone(), session.clone(), stop.clone());
        tasks.spawn(async move {
            let mut seen = Seen::new();
            let mut round = 0;
            while !stop.load(Ordering::Relaxed) {
                round += 1;
                let description = format!("Editor {editor}, round {round}.");
                seen.push(save_description(&app, &session, "Peony Posy", &description).await);
            }
            seen
        });
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    stop.store(true, Ordering::Relaxed);
    let mut seen = Seen::new();
    while let Some(task) = tasks.join_next().await {
        seen.extend(task.unwrap());
    }
    report(&seen);
    let holds = seen
        .iter()
        .filter(|(what, status, ..)| *what == "check_intent" && *status == 200)
        .count();
    assert!(holds >= 10, "few holds were made: {holds}");
    let failed: Vec<_> = seen
        .iter()
        .filter(|(_, status, ..)| *status >= 500)
        .collect();
    assert!(
        failed.is_empty(),
        "{} of {} calls answered 5xx, e.g. {:?}",
        failed.len(),
        seen.len(),
        failed.iter().take(3).collect::<Vec<_>>()
    );
    // A save may meet the other editor's (409); nothing else is refused.
    let refused: Vec<_> = seen
        .iter()
        .filter(|(what, status, ..)| *status != 200 && !(*what == "product save" && *status == 409))
        .collect();
    assert!(
        refused.is_empty(),
        "{:?}",
        refused.iter().take(3).collect::<Vec<_>>()
    );
}
