//! Every back-office edit says what it was made from, so a save never undoes what happened
//! while the page was open: a sale, a restock, another person's save.

use serde_json::{Value, json};

use crate::builders::OrderBuilder;
use crate::helpers::{
    admin_get, admin_post, admin_put, admin_session, product, spawn_app, stock_in_db,
};
use crate::product_admin::{admin_product, form_of, stock_change};

const CANDLE: &str = "Hand-poured Soy Candle";

#[tokio::test]
async fn a_typo_fixed_in_an_editor_opened_before_a_sale_keeps_the_sale() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    // The florist opens the Candle's editor: 15 in stock.
    let opened = admin_product(&app, &session, CANDLE).await;
    assert_eq!(opened["stock"], 15);
    let id = opened["id"].as_i64().unwrap();
    // A shopper buys 2 meanwhile.
    OrderBuilder::of(CANDLE, 2).place(&app).await;
    assert_eq!(stock_in_db(&app, CANDLE).await, 13);

    // She fixes a typo and saves: the stock she did not touch stays as the sale left it.
    let mut form = form_of(&opened);
    form["description"] = json!("Hand-poured soy wax with a cotton wick.");
    let (status, saved) =
        admin_put(&app, &session, &format!("/api/admin/products/{id}/"), form).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["stock"], 13);
    assert_eq!(
        saved["description"],
        "Hand-poured soy wax with a cotton wick."
    );
    assert_eq!(stock_in_db(&app, CANDLE).await, 13);
    assert_eq!(product(&app, CANDLE).await["stock"], 13);
}

#[tokio::test]
async fn a_stock_changed_from_a_count_that_moved_is_refused_with_the_count_now() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let opened = admin_product(&app, &session, CANDLE).await;
    let id = opened["id"].as_i64().unwrap();
    OrderBuilder::of(CANDLE, 2).place(&app).await;

    // She changed the stock from the 15 she saw to 20: the 13 now is not what she saw.
    let mut form = form_of(&opened);
    form["description"] = json!("Hand-poured soy wax with a cotton wick.");
    form["stock"] = json!(20);
    let (status, body) =
        admin_put(&app, &session, &format!("/api/admin/products/{id}/"), form).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        body["error"],
        "The stock changed to 13 while you were editing: check it and save again."
    );
    // Nothing of the save was kept.
    assert_eq!(stock_in_db(&app, CANDLE).await, 13);
    let now = admin_product(&app, &session, CANDLE).await;
    assert_eq!(now["description"], opened["description"]);

    // The list's quick change, from the 15 it showed: the same.
    let (status, body) = admin_post(
        &app,
        &session,
        &format!("/api/admin/products/{id}/stock/"),
        stock_change(&opened, None, 20),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        body["error"],
        "The stock changed to 13 while you were editing: check it and save again."
    );
    assert_eq!(stock_in_db(&app, CANDLE).await, 13);

    // From the 13 she now sees, both go through.
    let (status, body) = admin_post(
        &app,
        &session,
        &format!("/api/admin/products/{id}/stock/"),
        stock_change(&now, None, 20),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(stock_in_db(&app, CANDLE).await, 20);
    let mut form = form_of(&body);
    form["stock"] = json!(18);
    let (status, body) =
        admin_put(&app, &session, &format!("/api/admin/products/{id}/"), form).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(stock_in_db(&app, CANDLE).await, 18);
}

#[tokio::test]
async fn a_sizes_stock_that_moved_is_refused_by_the_sizes_name() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let opened = admin_product(&app, &session, "Peony Posy").await;
    let id = opened["id"].as_i64().unwrap();
    let small = opened["sizes"][0].clone();
    assert_eq!(small["size"], "Small");
    // Someone else restocks the Small from the list.
    let (status, body) = admin_post(
        &app,
        &session,
        &format!("/api/admin/products/{id}/stock/"),
        stock_change(&opened, small["id"].as_i64(), 9),
    )
    .await;
    assert_eq!(status, 200, "{body}");

    // A price change that leaves the stock alone keeps the 9.
    let mut form = form_of(&opened);
    form["sizes"][0]["price"] = json!("36.00");
    let (status, body) = admin_put(
        &app,
        &session,
        &format!("/api/admin/products/{id}/"),
        form.clone(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["sizes"][0]["stock"], 9);
    assert_eq!(body["sizes"][0]["price"], "36.00");

    // A stock change from the count she saw before the restock is refused, naming the size.
    let mut form = form_of(&opened);
    form["version"] = body["version"].clone();
    form["sizes"][0]["stock"] = json!(4);
    let (status, body) =
        admin_put(&app, &session, &format!("/api/admin/products/{id}/"), form).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        body["error"],
        "The stock of Small changed to 9 while you were editing: check it and save again."
    );
    assert_eq!(
        product(&app, "Peony Posy").await["variations"][0]["stock"],
        9
    );
}

#[tokio::test]
async fn a_product_someone_else_saved_meanwhile_is_refused_and_their_save_stands() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let theirs = admin_product(&app, &session, "Sunflower Bunch").await;
    let mine = theirs.clone();
    let id = theirs["id"].as_i64().unwrap();
    let mut form = form_of(&theirs);
    form["price"] = json!("28.00");
    let (status, saved) =
        admin_put(&app, &session, &format!("/api/admin/products/{id}/"), form).await;
    assert_eq!(status, 200, "{saved}");
    assert_ne!(saved["version"], mine["version"]);

    let mut form = form_of(&mine);
    form["name"] = json!("Sunflowers");
    let (status, body) =
        admin_put(&app, &session, &format!("/api/admin/products/{id}/"), form).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        body["error"],
        "Someone else saved this product while you were editing: reload it to see their \
         changes, then make yours again."
    );
    let now = product(&app, "Sunflower Bunch").await;
    assert_eq!(now["price"], "28.00");
    assert_eq!(now["name"], "Sunflower Bunch");

    // Archiving moves the version too: a form loaded before it would put it back on sale.
    let (status, _) = admin_post(
        &app,
        &session,
        &format!("/api/admin/products/{id}/archive/"),
        json!({}),
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = admin_put(
        &app,
        &session,
        &format!("/api/admin/products/{id}/"),
        form_of(&saved),
    )
    .await;
    assert_eq!(status, 409);
    let archived = admin_product(&app, &session, "Sunflower Bunch").await;
    let (status, body) = admin_put(
        &app,
        &session,
        &format!("/api/admin/products/{id}/"),
        form_of(&archived),
    )
    .await;
    assert_eq!(
        status, 200,
        "a form loaded after the archive is taken: {body}"
    );
}

#[tokio::test]
async fn a_change_that_does_not_say_what_it_was_made_from_is_refused() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let opened = admin_product(&app, &session, CANDLE).await;
    let id = opened["id"].as_i64().unwrap();
    for field in ["version", "stock_seen"] {
        let mut form = form_of(&opened);
        form.as_object_mut().unwrap().remove(field);
        let (status, body) =
            admin_put(&app, &session, &format!("/api/admin/products/{id}/"), form).await;
        assert_eq!(status, 400, "{field}: {body}");
        assert_eq!(
            body["error"],
            "This form is older than the shop: please reload the page."
        );
    }
    let peonies = admin_product(&app, &session, "Peony Posy").await;
    let mut form = form_of(&peonies);
    form["sizes"][0]
        .as_object_mut()
        .unwrap()
        .remove("stock_seen");
    let (status, body) = admin_put(
        &app,
        &session,
        &format!("/api/admin/products/{}/", peonies["id"]),
        form,
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(body["fields"]["sizes"].is_string(), "{body}");
}

async fn shelves(app: &crate::helpers::TestApp, session: &str) -> Vec<Value> {
    let (status, list) = admin_get(app, session, "/api/admin/categories/").await;
    assert_eq!(status, 200, "{list}");
    list.as_array().unwrap().clone()
}

#[tokio::test]
async fn a_shelf_changed_or_reordered_meanwhile_is_refused() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let loaded = shelves(&app, &session).await;
    let first = &loaded[0];
    let path = format!("/api/admin/categories/{}/", first["id"]);
    let (status, body) = admin_put(
        &app,
        &session,
        &path,
        json!({"name": "Hand-tied", "hidden": false, "version": first["version"]}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    // Another page, loaded before that rename, hides the shelf.
    let (status, body) = admin_put(
        &app,
        &session,
        &path,
        json!({"name": first["name"], "hidden": true, "version": first["version"]}),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        body["error"],
        "Someone else changed this category while you were editing: reload the page to see \
         it, then make your change again."
    );
    assert_eq!(shelves(&app, &session).await[0]["name"], "Hand-tied");
    assert_eq!(shelves(&app, &session).await[0]["hidden"], false);

    // Reordered from the order the page showed; then again from that same, older order.
    let shown: Vec<Value> = loaded.iter().map(|s| s["id"].clone()).collect();
    let mut reversed = shown.clone();
    reversed.reverse();
    let (status, body) = admin_post(
        &app,
        &session,
        "/api/admin/categories/order/",
        json!({"category_ids": reversed, "order_seen": shown}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let mut swapped = shown.clone();
    swapped.swap(0, 1);
    let (status, body) = admin_post(
        &app,
        &session,
        "/api/admin/categories/order/",
        json!({"category_ids": swapped, "order_seen": shown}),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        body["error"],
        "Someone else changed the categories' order while you were arranging them: reload \
         the page to see it, then arrange them again."
    );
    let now: Vec<Value> = shelves(&app, &session)
        .await
        .iter()
        .map(|s| s["id"].clone())
        .collect();
    assert_eq!(now, reversed);
}

#[tokio::test]
async fn the_studios_details_saved_meanwhile_are_not_undone() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let path = "/api/admin/settings/studio/";
    let (_, loaded) = admin_get(&app, &session, path).await;
    let mut theirs = loaded["facts"].clone();
    theirs["version"] = loaded["version"].clone();
    theirs["phone"] = json!("0117 496 0999");
    let (status, body) = admin_put(&app, &session, path, theirs).await;
    assert_eq!(status, 200, "{body}");
    assert_ne!(body["version"], loaded["version"]);

    let mut mine = loaded["facts"].clone();
    mine["version"] = loaded["version"].clone();
    mine["tagline"] = json!("flowers for every day");
    let (status, body) = admin_put(&app, &session, path, mine).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        body["error"],
        "Someone else saved the studio's details while you were editing: reload the page to \
         see them, then make your changes again."
    );
    let (_, site) = app.get_json("/api/site/").await;
    assert_eq!(site["phone"], "0117 496 0999");
    assert_eq!(site["tagline"], loaded["facts"]["tagline"]);
}

#[tokio::test]
async fn delivery_settings_saved_meanwhile_are_not_undone() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let path = "/api/admin/settings/delivery/";
    let (_, loaded) = admin_get(&app, &session, path).await;
    let mut theirs = loaded.clone();
    theirs["free_delivery_from"] = json!("80.00");
    let (status, body) = admin_put(&app, &session, path, theirs).await;
    assert_eq!(status, 200, "{body}");
    assert_ne!(body["version"], loaded["version"]);

    let mut mine = loaded.clone();
    mine["opening_hours"]["sunday"] = json!({"open": "10:00", "close": "14:00"});
    let (status, body) = admin_put(&app, &session, path, mine).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["orders"], json!([]));
    assert_eq!(
        body["error"],
        "Someone else saved the delivery settings while you were editing: reload the page to \
         see them, then make your changes again."
    );
    let (_, now) = admin_get(&app, &session, path).await;
    assert_eq!(now["free_delivery_from"], "80.00");
    assert_eq!(now["opening_hours"]["sunday"], Value::Null);
}
