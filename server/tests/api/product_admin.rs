//! The studio's products in the back office: listed with hidden ones, changed as core's form
//! allows, quick stock changes, and every change seen on /shop at once.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{
    TestApp, admin_get, admin_post, admin_put, admin_session, assert_admin_only, product, spawn_app,
};

/// The product form as the back office sends it, from the admin list's view of the product:
/// what it shows, and what it was made from (the version, the stock shown).
pub fn form_of(view: &Value) -> Value {
    json!({
        "name": view["name"], "description": view["description"],
        "category_id": view["category_id"], "price": view["price"],
        "stock": view["stock"], "lead_days": view["lead_days"], "visible": view["visible"],
        "sizes": view["sizes"].as_array().unwrap().iter()
            .map(|s| json!({"id": s["id"], "size": s["size"], "price": s["price"],
                            "stock": s["stock"], "stock_seen": s["stock"]}))
            .collect::<Vec<_>>(),
        "version": view["version"], "stock_seen": view["stock"],
    })
}

/// The list's quick stock change to `stock`, from the count the list showed for the product
/// (or for its size `size`).
pub fn stock_change(view: &Value, size: Option<i64>, stock: i64) -> Value {
    let shown = match size {
        Some(size) => view["sizes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["id"] == size)
            .expect("the product's size")["stock"]
            .clone(),
        None => view["stock"].clone(),
    };
    json!({"stock": stock, "size_id": size, "stock_seen": shown})
}

pub async fn admin_product(app: &TestApp, session: &str, name: &str) -> Value {
    let (status, list) = admin_get(app, session, "/api/admin/products/").await;
    assert_eq!(status, 200, "{list}");
    list.as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .cloned()
        .expect("the product")
}

#[tokio::test]
async fn a_price_and_stock_change_is_on_the_shop_at_once() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let sunflowers = admin_product(&app, &session, "Sunflower Bunch").await;
    assert!(sunflowers["sizes"].as_array().unwrap().is_empty());
    let id = sunflowers["id"].as_i64().unwrap();
    let mut form = form_of(&sunflowers);
    form["price"] = json!("£31.5");
    form["stock"] = json!(4);
    form["lead_days"] = json!(1);
    let (status, changed) =
        admin_put(&app, &session, &format!("/api/admin/products/{id}/"), form).await;
    assert_eq!(status, 200, "{changed}");
    assert_eq!(changed["price"], "31.50");
    let shop = product(&app, "Sunflower Bunch").await;
    assert_eq!(shop["price"], "31.50");
    assert_eq!(shop["stock"], 4);
    assert_eq!(shop["lead_days"], 1);

    let (status, _) = admin_post(
        &app,
        &session,
        &format!("/api/admin/products/{id}/stock/"),
        stock_change(&changed, None, 0),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(product(&app, "Sunflower Bunch").await["stock"], 0);
}

#[tokio::test]
async fn sizes_are_priced_and_stocked_one_by_one() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let peonies = admin_product(&app, &session, "Peony Posy").await;
    let id = peonies["id"].as_i64().unwrap();
    let sizes = peonies["sizes"].as_array().unwrap().clone();
    assert!(sizes.len() >= 2, "the demo posy has sizes");
    let mut form = form_of(&peonies);
    form["sizes"][0]["price"] = json!("39.00");
    form["sizes"][1]["stock"] = json!(7);
    let (status, changed) = admin_put(
        &app,
        &session,
        &format!("/api/admin/products/{id}/"),
        form.clone(),
    )
    .await;
    assert_eq!(status, 200, "{changed}");
    let shop = product(&app, "Peony Posy").await;
    assert_eq!(shop["variations"][0]["price"], "39.00");
    assert_eq!(shop["variations"][1]["stock"], 7);

    let size = sizes[0]["id"].as_i64().unwrap();
    let (status, changed) = admin_post(
        &app,
        &session,
        &format!("/api/admin/products/{id}/stock/"),
        stock_change(&changed, Some(size), 2),
    )
    .await;
    assert_eq!(status, 200);
    // The editor opened again, on the product as it is now.
    let mut form = form_of(&changed);
    assert_eq!(
        product(&app, "Peony Posy").await["variations"][0]["stock"],
        2
    );

    // A size of another product is refused, and nothing changes.
    let other = admin_product(&app, &session, "Garden Rose Hand-tie").await;
    let mut foreign = form.clone();
    foreign["sizes"][0]["id"] = other["sizes"][0]["id"].clone();
    let (status, body) = admin_put(
        &app,
        &session,
        &format!("/api/admin/products/{id}/"),
        foreign,
    )
    .await;
    assert_eq!(status, 400);
    assert!(body["fields"]["sizes"].is_string(), "{body}");
    assert_eq!(
        product(&app, "Peony Posy").await["variations"][0]["price"],
        "39.00"
    );

    // A size left out is removed; one without an id is added, in the order sent.
    let last = form["sizes"].as_array_mut().unwrap().pop().unwrap();
    form["sizes"]
        .as_array_mut()
        .unwrap()
        .push(json!({"size": "Armful", "price": "95", "stock": 1}));
    let (status, body) =
        admin_put(&app, &session, &format!("/api/admin/products/{id}/"), form).await;
    assert_eq!(status, 200, "{body}");
    let shop = product(&app, "Peony Posy").await;
    let names: Vec<&str> = shop["variations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["size"].as_str().unwrap())
        .collect();
    assert!(
        !names.contains(&last["size"].as_str().unwrap()),
        "{names:?}"
    );
    assert_eq!(names.last(), Some(&"Armful"));
    assert_eq!(shop["price_range"]["max"], "95.00");
}

#[tokio::test]
async fn a_bad_form_is_refused_field_by_field_and_changes_nothing() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let sunflowers = admin_product(&app, &session, "Sunflower Bunch").await;
    let id = sunflowers["id"].as_i64().unwrap();
    let mut form = form_of(&sunflowers);
    form["name"] = json!(" ");
    form["price"] = json!("0");
    form["stock"] = json!(-2);
    let (status, body) =
        admin_put(&app, &session, &format!("/api/admin/products/{id}/"), form).await;
    assert_eq!(status, 400);
    assert_eq!(body["fields"]["name"], "Please give the product a name.");
    assert_eq!(body["fields"]["price"], "A price must be more than £0.00.");
    assert_eq!(
        body["fields"]["stock"],
        "Stock must be a whole number from 0 to 9999."
    );
    assert_eq!(
        product(&app, "Sunflower Bunch").await["price"],
        sunflowers["price"]
    );
    let (status, body) = admin_post(
        &app,
        &session,
        &format!("/api/admin/products/{id}/stock/"),
        stock_change(&sunflowers, None, 10000),
    )
    .await;
    assert_eq!(status, 400);
    assert!(body["fields"]["stock"].is_string());
    let (status, _) = admin_post(
        &app,
        &session,
        "/api/admin/products/9999/stock/",
        json!({"stock": 1, "stock_seen": 0}),
    )
    .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_hidden_product_leaves_the_shop_but_stays_in_the_back_office() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let sunflowers = admin_product(&app, &session, "Sunflower Bunch").await;
    let id = sunflowers["id"].as_i64().unwrap();
    let mut form = form_of(&sunflowers);
    form["visible"] = json!(false);
    let (status, _) = admin_put(&app, &session, &format!("/api/admin/products/{id}/"), form).await;
    assert_eq!(status, 200);
    let (_, shop) = app.get_json("/api/products/").await;
    assert!(
        !shop
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["name"] == "Sunflower Bunch")
    );
    assert_eq!(
        admin_product(&app, &session, "Sunflower Bunch").await["visible"],
        false
    );
}

#[tokio::test]
async fn product_calls_need_an_admin() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let calls = [
        (Method::GET, "/api/admin/products/", Value::Null),
        (
            Method::POST,
            "/api/admin/products/1/stock/",
            json!({"stock": 1, "stock_seen": 0}),
        ),
        (Method::PUT, "/api/admin/products/1/", json!({})),
    ];
    assert_admin_only(&app, &session, &calls).await;
}
