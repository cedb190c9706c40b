use std::collections::BTreeSet;

use posy_server::catalogue::bump_version;
use sea_orm::{ConnectionTrait, Statement, TransactionTrait};
use serde_json::Value;

use crate::helpers::{Options, assert_webp_sizes, keys, spawn_app, spawn_app_with, srcset_urls};

fn is_wire_money(value: &Value) -> bool {
    let s = value.as_str().unwrap_or_default();
    let (pounds, pence) = s.split_once('.').unwrap_or_default();
    !pounds.is_empty()
        && pounds.bytes().all(|b| b.is_ascii_digit())
        && pence.len() == 2
        && pence.bytes().all(|b| b.is_ascii_digit())
}

async fn products(app: &crate::helpers::TestApp) -> Vec<Value> {
    let (status, body) = app.get_json("/api/products/").await;
    assert_eq!(status, 200);
    body.as_array().expect("the list is a bare array").clone()
}

#[tokio::test]
async fn the_product_list_is_a_bare_array_in_the_specs_shape() {
    let app = spawn_app().await;
    let products = products(&app).await;
    assert!(
        products.len() >= 12,
        "the demo catalogue has at least 12 products"
    );
    let product_keys: BTreeSet<&str> = [
        "id",
        "name",
        "image",
        "description",
        "category_name",
        "price",
        "stock",
        "has_variations",
        "price_range",
        "variations",
        // Beyond the spec: the days of notice a piece needs, for the delivery rules.
        "lead_days",
        // Beyond the spec: the picture's sizes for `<img srcset>`, and the same as WebP.
        "image_srcset",
        "image_webp_srcset",
    ]
    .into();
    for product in &products {
        assert_eq!(keys(product), product_keys, "{product}");
        assert!(product["id"].is_i64());
        assert!(is_wire_money(&product["price"]), "{product}");
        assert!(
            is_wire_money(&product["price_range"]["min"])
                && is_wire_money(&product["price_range"]["max"])
        );
        for size in product["variations"].as_array().unwrap() {
            assert_eq!(keys(size), ["id", "price", "size", "stock"].into());
            assert!(is_wire_money(&size["price"]));
        }
    }
}

#[tokio::test]
async fn a_product_without_sizes_has_its_price_at_both_ends_of_its_range() {
    let app = spawn_app().await;
    let products = products(&app).await;
    let plain: Vec<_> = products
        .iter()
        .filter(|p| p["has_variations"] == false)
        .collect();
    assert!(!plain.is_empty());
    for p in plain {
        assert_eq!(p["price_range"]["min"], p["price"]);
        assert_eq!(p["price_range"]["max"], p["price"]);
        assert_eq!(p["variations"], Value::Array(vec![]));
    }
}

#[tokio::test]
async fn a_product_with_sizes_has_their_stock_together_and_their_price_range() {
    let app = spawn_app().await;
    let products = products(&app).await;
    let sized: Vec<_> = products
        .iter()
        .filter(|p| p["has_variations"] == true)
        .collect();
    assert!(sized.len() >= 3, "several products have sizes");
    for p in sized {
        let sizes = p["variations"].as_array().unwrap();
        let stock: i64 = sizes.iter().map(|s| s["stock"].as_i64().unwrap()).sum();
        assert_eq!(p["stock"].as_i64().unwrap(), stock, "{}", p["name"]);
        let pence = |v: &Value| {
            (v.as_str().unwrap().replace('.', ""))
                .parse::<i64>()
                .unwrap()
        };
        let min = sizes.iter().map(|s| pence(&s["price"])).min().unwrap();
        let max = sizes.iter().map(|s| pence(&s["price"])).max().unwrap();
        assert_eq!(pence(&p["price_range"]["min"]), min);
        assert_eq!(pence(&p["price_range"]["max"]), max);
    }
}

#[tokio::test]
async fn the_demo_catalogue_has_a_sold_out_product_and_a_sold_out_size() {
    let app = spawn_app().await;
    let products = products(&app).await;
    assert!(
        products.iter().any(|p| p["stock"] == 0),
        "one product is sold out"
    );
    assert!(
        products.iter().any(|p| p["stock"].as_i64().unwrap() > 0
            && p["variations"]
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s["stock"] == 0)),
        "one product has a sold-out size"
    );
    let categories: BTreeSet<&str> = products
        .iter()
        .map(|p| p["category_name"].as_str().unwrap())
        .collect();
    assert!(
        categories.len() >= 3,
        "products span categories: {categories:?}"
    );
}

#[tokio::test]
async fn every_demo_picture_is_served_from_media() {
    let app = spawn_app().await;
    for product in products(&app).await {
        let image = product["image"]
            .as_str()
            .expect("every demo product has a picture");
        assert!(image.starts_with("/media/products/"), "{image}");
        let response = app.get(image).await;
        assert_eq!(response.status(), 200, "{image}");
        assert_eq!(response.headers()["content-type"], "image/jpeg");
        assert!(
            response.headers()["cache-control"]
                .to_str()
                .unwrap()
                .contains("max-age")
        );
        // Drawn by art/ at 480 and 960 px and its own 1000, as JPEG and as WebP.
        let srcset = product["image_srcset"].as_str().expect("its sizes");
        assert_eq!(
            srcset_urls(srcset).last().unwrap(),
            &(image.to_owned(), 1000)
        );
        let webp_srcset = product["image_webp_srcset"].as_str().expect("its WebPs");
        assert_webp_sizes(&app, webp_srcset, srcset).await;
        let webp = app.get(&srcset_urls(webp_srcset)[0].0).await;
        assert_eq!(webp.headers()["content-type"], "image/webp");
    }
}

#[tokio::test]
async fn one_product_is_the_same_as_its_entry_in_the_list() {
    let app = spawn_app().await;
    for product in products(&app).await {
        let (status, one) = app
            .get_json(&format!("/api/products/{}/", product["id"]))
            .await;
        assert_eq!(status, 200);
        assert_eq!(one, product);
    }
}

#[tokio::test]
async fn an_unknown_product_is_a_json_404_with_a_sentence() {
    let app = spawn_app().await;
    let (status, body) = app.get_json("/api/products/99999/").await;
    assert_eq!(status, 404);
    assert_eq!(keys(&body), ["error"].into());
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("couldn't find that product")
    );
}

#[tokio::test]
async fn a_product_id_that_is_not_a_number_is_a_json_error() {
    let app = spawn_app().await;
    let (status, body) = app.get_json("/api/products/peony/").await;
    assert_eq!(status, 400);
    assert!(body["error"].is_string());
}

#[tokio::test]
async fn paths_without_their_trailing_slash_answer_too() {
    let app = spawn_app().await;
    let (status, list) = app.get_json("/api/products").await;
    assert_eq!(status, 200);
    let id = &list[0]["id"];
    let (status, one) = app.get_json(&format!("/api/products/{id}")).await;
    assert_eq!(status, 200);
    assert_eq!(one["id"], *id);
}

#[tokio::test]
async fn an_empty_shop_lists_nothing() {
    let app = spawn_app_with(Options {
        no_demo: true,
        ..Options::default()
    })
    .await;
    assert_eq!(products(&app).await, Vec::<Value>::new());
}

#[tokio::test]
async fn another_processs_change_is_served_within_the_bound() {
    let app = spawn_app().await;
    let before = products(&app).await;
    let id = before
        .iter()
        .find(|p| p["has_variations"] == false)
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    // Another process changes stock in the database and bumps the version itself (not through
    // this process's `bump_version`).
    let backend = app.db.get_database_backend();
    for statement in [
        format!("UPDATE products SET stock = 1 WHERE id = {id}"),
        "UPDATE catalogue_version SET version = version + 1 WHERE id = 1".to_owned(),
    ] {
        app.db
            .execute_raw(Statement::from_string(backend, statement))
            .await
            .unwrap();
    }
    let changed = std::time::Instant::now();
    let bound = posy_server::catalogue::FRESH_FOR;
    loop {
        let (_, after) = app.get_json(&format!("/api/products/{id}/")).await;
        if after["stock"] == 1 {
            break;
        }
        // The bound, and a margin for a slow machine.
        assert!(
            changed.elapsed() < bound * 4,
            "not served within {bound:?}: {after}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn this_processs_own_change_is_served_at_once() {
    let app = spawn_app().await;
    let id = products(&app)
        .await
        .iter()
        .find(|p| p["has_variations"] == false)
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    // Served from memory now, then changed through this process in a transaction that bumps
    // the version: the very next read has it.
    let _ = products(&app).await;
    let txn = app.db.begin().await.unwrap();
    txn.execute_raw(Statement::from_string(
        app.db.get_database_backend(),
        format!("UPDATE products SET stock = 2 WHERE id = {id}"),
    ))
    .await
    .unwrap();
    bump_version(&txn).await.unwrap();
    // Not committed yet: the old stock is still what is served.
    let (_, during) = app.get_json(&format!("/api/products/{id}/")).await;
    assert_ne!(during["stock"], 2);
    txn.commit().await.unwrap();
    let (_, after) = app.get_json(&format!("/api/products/{id}/")).await;
    assert_eq!(after["stock"], 2);
}
