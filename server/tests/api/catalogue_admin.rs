//! The back office's catalogue: products made (nothing written when the form is at fault),
//! given a picture through the gallery's pipeline, archived or deleted, and the shelves made,
//! renamed, reordered and hidden, each change seen on /shop at once; 401 and 403 for all.

use std::io::Cursor;

use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::builders::{OrderBuilder, ProductBuilder};
use crate::files::{jpeg_with_gps, noisy_png};
use crate::helpers::{
    Options, TestApp, admin_delete, admin_get, admin_post, admin_put, admin_session,
    assert_admin_only, assert_fields_say, assert_one_picture_only, assert_webp_sizes, post_form,
    product, rows_in_all_tables, spawn_app, spawn_app_with, srcset_urls,
};
use crate::product_admin::admin_product;

async fn shelves(app: &TestApp, session: &str) -> Vec<Value> {
    let (status, list) = admin_get(app, session, "/api/admin/categories/").await;
    assert_eq!(status, 200, "{list}");
    list.as_array().unwrap().clone()
}

fn shelf_id(shelves: &[Value], name: &str) -> i64 {
    shelves
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("a shelf called {name}"))["id"]
        .as_i64()
        .unwrap()
}

async fn shop_names(app: &TestApp) -> Vec<String> {
    let (_, list) = app.get_json("/api/products/").await;
    list.as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .collect()
}

/// The shelves' names in the order /shop shows them.
async fn shop_shelves(app: &TestApp) -> Vec<String> {
    let (_, list) = app.get_json("/api/products/").await;
    let mut names: Vec<String> = Vec::new();
    for product in list.as_array().unwrap() {
        let name = product["category_name"].as_str().unwrap().to_owned();
        if names.last() != Some(&name) {
            names.push(name);
        }
    }
    names
}

async fn shop_image(app: &TestApp, name: &str) -> String {
    product(app, name).await["image"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn upload(app: &TestApp, session: &str, id: i64, name: &str, bytes: Vec<u8>) -> (u16, Value) {
    let path = format!("/api/admin/products/{id}/picture/");
    let form = Form::new().part("picture", Part::bytes(bytes).file_name(name.to_owned()));
    post_form(app, &path, session, form).await
}

/// The Midwinter Posy, made on the Seasonal shelf: its id.
async fn midwinter_posy(app: &TestApp, session: &str) -> i64 {
    let seasonal = shelf_id(&shelves(app, session).await, "Seasonal");
    let made = ProductBuilder::new("Midwinter Posy")
        .shelf(seasonal)
        .create(app, session)
        .await;
    made["id"].as_i64().unwrap()
}

#[tokio::test]
async fn a_product_is_made_on_its_shelf_with_sizes_and_shown_at_once() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let seasonal = shelf_id(&shelves(&app, &session).await, "Seasonal");
    let made = ProductBuilder::new("Midwinter Posy")
        .shelf(seasonal)
        .sizes(json!([
            {"size": "Petite", "price": "30", "stock": 2},
            {"size": "Full", "price": "48.5", "stock": 0},
        ]))
        .create(&app, &session)
        .await;
    assert_eq!(made["category_id"], seasonal);
    assert_eq!(made["archived"], false);
    assert_eq!(made["ordered"], false);
    let shop = product(&app, "Midwinter Posy").await;
    assert_eq!(shop["category_name"], "Seasonal");
    assert_eq!(shop["price"], "30.00");
    assert_eq!(shop["stock"], 2);
    assert_eq!(shop["variations"][1]["size"], "Full");
    assert_eq!(shop["image_srcset"], Value::Null);

    // Moved to another shelf.
    let plants = shelf_id(&shelves(&app, &session).await, "Plants");
    let mut moved = crate::product_admin::form_of(&made);
    moved["category_id"] = json!(plants);
    let id = made["id"].as_i64().unwrap();
    let (status, body) =
        admin_put(&app, &session, &format!("/api/admin/products/{id}/"), moved).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        product(&app, "Midwinter Posy").await["category_name"],
        "Plants"
    );
}

#[tokio::test]
async fn a_bad_new_product_is_refused_field_by_field_and_nothing_is_written() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let before = rows_in_all_tables(&app).await;
    let (status, body) = ProductBuilder::new("")
        .shelf(0)
        .with("price", json!("0"))
        .send(&app, &session)
        .await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["fields"]["name"], "Please give the product a name.");
    assert_eq!(
        body["fields"]["category_id"],
        "Please choose the category it is shown under."
    );
    assert_eq!(body["fields"]["price"], "A price must be more than £0.00.");

    let (status, body) = ProductBuilder::new("Midwinter Posy")
        .sizes(json!([
            {"size": "Large", "price": "30", "stock": 1},
            {"size": "large", "price": "x", "stock": 1},
        ]))
        .send(&app, &session)
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["error"], "Please check the sizes.");
    assert_fields_say(
        &body,
        &[
            ("sizes.1.size", "Each size needs its own name."),
            ("sizes.1.price", "Please give a price like 45.00."),
        ],
    );

    let (status, body) = ProductBuilder::new("Midwinter Posy")
        .shelf(9999)
        .send(&app, &session)
        .await;
    assert_eq!(status, 400);
    assert!(body["fields"]["category_id"].is_string(), "{body}");
    assert_eq!(rows_in_all_tables(&app).await, before, "nothing written");
    assert!(
        !shop_names(&app)
            .await
            .contains(&"Midwinter Posy".to_owned())
    );
}

#[tokio::test]
async fn a_picture_is_kept_upright_in_three_widths_without_its_exif_and_replaced_safely() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let id = midwinter_posy(&app, &session).await;

    let (status, body) = upload(&app, &session, id, "../../midwinter.jpg", jpeg_with_gps()).await;
    assert_eq!(status, 200, "{body}");
    let shop = product(&app, "Midwinter Posy").await;
    let image = shop["image"].as_str().unwrap().to_owned();
    assert!(
        image.starts_with("/media/products/") && image.ends_with("-1600.jpg"),
        "{image}"
    );
    assert!(!image.contains("midwinter"), "a generated name");
    let srcset = shop["image_srcset"].as_str().unwrap();
    for width in ["480w", "960w", "1600w"] {
        assert!(srcset.contains(width), "{srcset}");
    }
    let webps = srcset_urls(shop["image_webp_srcset"].as_str().unwrap());
    assert_webp_sizes(&app, shop["image_webp_srcset"].as_str().unwrap(), srcset).await;
    let stored = app.get(&image).await.bytes().await.unwrap();
    assert!(!stored.windows(4).any(|w| w == b"Exif"), "EXIF is gone");
    let picture = image::load_from_memory(&stored).unwrap();
    assert_eq!((picture.width(), picture.height()), (1600, 1067));
    let small = srcset
        .split(", ")
        .next()
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    assert_eq!(
        image::load_from_memory(&app.get(small).await.bytes().await.unwrap())
            .unwrap()
            .width(),
        480
    );

    // Not a picture: refused by content, and the old picture stays.
    let (status, body) = upload(&app, &session, id, "notes.jpg", b"just some text".to_vec()).await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["fields"]["picture"]
            .as_str()
            .unwrap()
            .starts_with("notes.jpg is not")
    );
    assert_eq!(
        product(&app, "Midwinter Posy").await["image"],
        image.as_str()
    );

    // Replaced: the new files are in place, the old ones gone.
    let mut png = Vec::new();
    image::DynamicImage::new_rgb8(800, 1000)
        .write_to(&mut Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    let (status, body) = upload(&app, &session, id, "again.png", png).await;
    assert_eq!(status, 200, "{body}");
    let replaced = body["image"].as_str().unwrap();
    assert_ne!(replaced, image);
    assert_eq!(app.get(replaced).await.status(), 200);
    assert_eq!(
        app.get(&image).await.status(),
        404,
        "the old picture is removed"
    );
    for (webp, _) in &webps {
        assert_eq!(app.get(webp).await.status(), 404, "and its WebPs: {webp}");
    }

    // No file, a part the form does not have, or an unknown product.
    let path = format!("/api/admin/products/{id}/picture/");
    assert_one_picture_only(
        &app,
        &session,
        &path,
        "Please send one picture: a product has one.",
    )
    .await;
    let form = Form::new()
        .text("note", "a stray field")
        .part("picture", Part::bytes(jpeg_with_gps()).file_name("a.jpg"));
    let (status, body) = post_form(&app, &path, &session, form).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["error"],
        "This form has a part the shop does not take. Please send only the form's own fields."
    );
    let (status, _) = upload(&app, &session, 9999, "a.jpg", jpeg_with_gps()).await;
    assert_eq!(status, 404);
    assert_eq!(shop_image(&app, "Midwinter Posy").await, replaced);
}

/// An answer given before the request's body was read says the connection ends with it, so the
/// client sends its next request down a new one: hyper closes a connection whose body it was not
/// asked to read, and a request sent down it as it closed was reset (CI, once). A refusal that
/// read the upload to its end keeps the connection.
#[tokio::test]
async fn an_answer_before_the_upload_was_read_ends_its_connection_and_says_so() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let picture = || Part::bytes(vec![0xa5; 4_000_000]).file_name("a.jpg");
    let path = "/api/admin/products/9999/picture/";
    let response = app
        .signed(Method::POST, path, Some(&session))
        .multipart(Form::new().part("picture", picture()))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 404);
    assert_eq!(response.headers()["connection"], "close");

    let id = admin_product(&app, &session, "Sunflower Bunch").await["id"]
        .as_i64()
        .unwrap();
    let path = format!("/api/admin/products/{id}/picture/");
    let form = Form::new()
        .part("picture", picture())
        .part("picture", picture());
    let response = app
        .signed(Method::POST, &path, Some(&session))
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 413);
    assert_eq!(response.headers().get("connection"), None);
}

#[tokio::test]
async fn a_picture_larger_than_a_json_body_is_streamed_within_the_gallerys_limits() {
    let app = spawn_app_with(Options {
        configure: Some(|config| config.max_image_mb = 2),
        ..Options::default()
    })
    .await;
    let session = admin_session(&app).await;
    let id = admin_product(&app, &session, "Sunflower Bunch").await["id"]
        .as_i64()
        .unwrap();
    // Past the 1 MiB a JSON body may be, under the 2 MB a picture may be.
    let big = noisy_png(760, 700);
    assert!((1_100_000..2_000_000).contains(&big.len()), "{}", big.len());
    let (status, body) = upload(&app, &session, id, "big.png", big).await;
    assert_eq!(status, 200, "{body}");
    let image = body["image"].as_str().unwrap();
    assert_eq!(app.get(image).await.status(), 200, "{image}");

    // Past the picture's limit: refused with the gallery's sentence, the picture kept.
    let (status, body) = upload(&app, &session, id, "huge.png", noisy_png(1000, 800)).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        body["fields"]["picture"],
        "huge.png is larger than the 2 MB allowed for a picture."
    );
    assert_eq!(shop_image(&app, "Sunflower Bunch").await, image);
}

#[tokio::test]
async fn a_phone_sized_picture_of_3_mib_is_taken_within_the_shops_own_picture_limit() {
    // The shop as it starts by default: pictures up to POSY_MAX_IMAGE_MB (25 MB).
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let id = admin_product(&app, &session, "Sunflower Bunch").await["id"]
        .as_i64()
        .unwrap();
    let big = noisy_png(1100, 1000);
    assert!(big.len() > 3 * 1024 * 1024, "{}", big.len());
    let (status, body) = upload(&app, &session, id, "sunflowers.png", big).await;
    assert_eq!(status, 200, "{body}");
    let image = body["image"].as_str().unwrap();
    assert_eq!(app.get(image).await.status(), 200, "{image}");
    assert_eq!(shop_image(&app, "Sunflower Bunch").await, image);
}

#[tokio::test]
async fn a_picture_sent_as_text_rather_than_a_file_is_refused_with_a_sentence() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let id = admin_product(&app, &session, "Sunflower Bunch").await["id"]
        .as_i64()
        .unwrap();
    let before = shop_image(&app, "Sunflower Bunch").await;
    let path = format!("/api/admin/products/{id}/picture/");
    let form = Form::new().text("picture", "sunflowers.jpg");
    let (status, body) = post_form(&app, &path, &session, form).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["error"], "Please send pictures and videos as files.");
    assert_eq!(body["fields"]["picture"], "Not a file.");
    assert_eq!(shop_image(&app, "Sunflower Bunch").await, before);
}

#[tokio::test]
async fn an_ordered_product_is_archived_never_deleted_and_its_order_keeps_its_snapshot() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let placed = OrderBuilder::of("The Bedminster", 1).place(&app).await;

    let bedminster = admin_product(&app, &session, "The Bedminster").await;
    assert_eq!(bedminster["ordered"], true);
    let id = bedminster["id"].as_i64().unwrap();
    let (status, body) = admin_delete(&app, &session, &format!("/api/admin/products/{id}/")).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        body["error"],
        "This product has been ordered, so it can only be archived: its orders keep it."
    );

    let (status, archived) = admin_post(
        &app,
        &session,
        &format!("/api/admin/products/{id}/archive/"),
        json!({}),
    )
    .await;
    assert_eq!(status, 200, "{archived}");
    assert_eq!(archived["archived"], true);
    assert_eq!(archived["visible"], false);
    assert!(
        !shop_names(&app)
            .await
            .contains(&"The Bedminster".to_owned())
    );
    let (status, _) = app.get_json(&format!("/api/products/{id}/")).await;
    assert_eq!(status, 404);
    // Carts can no longer take it.
    let fresh = crate::helpers::new_cart(&app).await;
    let (status, _) = crate::helpers::add(&app, &fresh, id, None, 1).await;
    assert_ne!(status, 200);
    // The order keeps its line.
    let (order_id, token) = (placed.id, placed.token);
    let order = app.order_by_link(order_id, &token).await;
    assert_eq!(order["items"][0]["product_name"], "The Bedminster");
    // Still listed in the back office; saving it does not put it back on sale.
    let listed = admin_product(&app, &session, "The Bedminster").await;
    assert_eq!(listed["archived"], true);
    let mut form = crate::product_admin::form_of(&listed);
    form["visible"] = json!(true);
    let (status, _) = admin_put(&app, &session, &format!("/api/admin/products/{id}/"), form).await;
    assert_eq!(status, 200);
    assert!(
        !shop_names(&app)
            .await
            .contains(&"The Bedminster".to_owned())
    );

    // Restored: back, hidden until put on sale.
    let (status, restored) = admin_post(
        &app,
        &session,
        &format!("/api/admin/products/{id}/restore/"),
        json!({}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(restored["archived"], false);
    assert_eq!(restored["visible"], false);
    let mut form = crate::product_admin::form_of(&restored);
    form["visible"] = json!(true);
    admin_put(&app, &session, &format!("/api/admin/products/{id}/"), form).await;
    assert!(
        shop_names(&app)
            .await
            .contains(&"The Bedminster".to_owned())
    );
}

#[tokio::test]
async fn a_demo_products_new_picture_leaves_the_demo_files_that_albums_show() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let peony = product(&app, "Peony Posy").await;
    let demo_files: Vec<(String, u32)> = [
        peony["image_srcset"].as_str().unwrap(),
        peony["image_webp_srcset"].as_str().unwrap(),
    ]
    .into_iter()
    .flat_map(srcset_urls)
    .collect();
    assert_eq!(demo_files.len(), 6);
    let id = peony["id"].as_i64().unwrap();
    let (status, body) = upload(&app, &session, id, "new.jpg", jpeg_with_gps()).await;
    assert_eq!(status, 200, "{body}");
    assert_ne!(product(&app, "Peony Posy").await["image"], peony["image"]);
    for (file, _) in &demo_files {
        assert_eq!(app.get(file).await.status(), 200, "{file} stays");
    }
}

#[tokio::test]
async fn a_product_never_ordered_is_deleted_with_its_picture() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let id = midwinter_posy(&app, &session).await;
    let (_, pictured) = upload(&app, &session, id, "a.jpg", jpeg_with_gps()).await;
    let image = pictured["image"].as_str().unwrap().to_owned();
    let webps = srcset_urls(
        product(&app, "Midwinter Posy").await["image_webp_srcset"]
            .as_str()
            .unwrap(),
    );
    let (status, body) = admin_delete(&app, &session, &format!("/api/admin/products/{id}/")).await;
    assert_eq!(status, 200, "{body}");
    assert!(
        !shop_names(&app)
            .await
            .contains(&"Midwinter Posy".to_owned())
    );
    assert_eq!(app.get(&image).await.status(), 404);
    for (webp, _) in &webps {
        assert_eq!(app.get(webp).await.status(), 404, "{webp}");
    }
    let (status, _) = admin_delete(&app, &session, &format!("/api/admin/products/{id}/")).await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn shelves_are_made_renamed_reordered_and_hidden_and_the_shop_follows() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let (status, list) = admin_post(
        &app,
        &session,
        "/api/admin/categories/",
        json!({"name": "  Weddings "}),
    )
    .await;
    assert_eq!(status, 200, "{list}");
    let list = list.as_array().unwrap();
    assert_eq!(list.last().unwrap()["name"], "Weddings");
    assert_eq!(list.last().unwrap()["products"], 0);

    // Names are checked by core.
    for (name, why) in [
        ("bouquets", "There is already a category called bouquets."),
        (" ", "Please give the category a name."),
    ] {
        let (status, body) = admin_post(
            &app,
            &session,
            "/api/admin/categories/",
            json!({"name": name}),
        )
        .await;
        assert_eq!(status, 400);
        assert_eq!(body["fields"]["name"], why);
    }

    // Renamed: the shop's products carry the new name.
    let bouquets = shelf_id(list, "Bouquets");
    let (status, _) = change_shelf(&app, &session, bouquets, "Hand-tied bouquets", false).await;
    assert_eq!(status, 200);
    assert_eq!(
        product(&app, "Peony Posy").await["category_name"],
        "Hand-tied bouquets"
    );
    // Its own name again (another capitalisation) is fine.
    let (status, _) = change_shelf(&app, &session, bouquets, "hand-tied Bouquets", false).await;
    assert_eq!(status, 200);

    // Reordered: the shop's shelves follow.
    let before = shop_shelves(&app).await;
    let mut ids: Vec<i64> = shelves(&app, &session)
        .await
        .iter()
        .map(|s| s["id"].as_i64().unwrap())
        .collect();
    ids.reverse();
    let shown: Vec<i64> = ids.iter().rev().copied().collect();
    let (status, _) = admin_post(
        &app,
        &session,
        "/api/admin/categories/order/",
        json!({"category_ids": ids, "order_seen": shown}),
    )
    .await;
    assert_eq!(status, 200);
    let mut reversed = before.clone();
    reversed.reverse();
    assert_eq!(shop_shelves(&app).await, reversed);
    let shown = ids.clone();
    ids.pop();
    let (status, body) = admin_post(
        &app,
        &session,
        "/api/admin/categories/order/",
        json!({"category_ids": ids, "order_seen": shown}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fields"]["category_ids"],
        "Please list every category once."
    );

    // Hidden: its products leave the shop and carts (a line already in one is withdrawn);
    // shown again, they are back.
    let bedminster_id = product(&app, "The Bedminster").await["id"]
        .as_i64()
        .unwrap();
    let holding = crate::helpers::new_cart(&app).await;
    let (status, _) = crate::helpers::add(&app, &holding, bedminster_id, None, 1).await;
    assert_eq!(status, 200);
    let (status, _) = change_shelf(&app, &session, bouquets, "Bouquets", true).await;
    assert_eq!(status, 200);
    assert!(
        !shop_names(&app)
            .await
            .contains(&"The Bedminster".to_owned())
    );
    assert!(!shop_shelves(&app).await.contains(&"Bouquets".to_owned()));
    let bedminster = admin_product(&app, &session, "The Bedminster").await;
    let cart = crate::helpers::new_cart(&app).await;
    let (status, _) =
        crate::helpers::add(&app, &cart, bedminster["id"].as_i64().unwrap(), None, 1).await;
    assert_ne!(
        status, 200,
        "a hidden shelf's product cannot be added to a cart"
    );
    let (_, held) = app.get_json(&format!("/api/cart/?cart_id={holding}")).await;
    assert_eq!(
        held["items"][0]["available"]["status"], "withdrawn",
        "{held}"
    );
    assert_eq!(held["total"], "0.00", "{held}");
    let (status, _) = change_shelf(&app, &session, bouquets, "Bouquets", false).await;
    assert_eq!(status, 200);
    assert!(
        shop_names(&app)
            .await
            .contains(&"The Bedminster".to_owned())
    );

    let (status, _) = admin_put(
        &app,
        &session,
        "/api/admin/categories/9999/",
        json!({"name": "Nowhere", "hidden": false, "version": 0}),
    )
    .await;
    assert_eq!(status, 404);
}

/// The categories page's change to shelf `id`, made from the version the page loaded.
async fn change_shelf(
    app: &TestApp,
    session: &str,
    id: i64,
    name: &str,
    hidden: bool,
) -> (u16, Value) {
    let version = shelves(app, session)
        .await
        .iter()
        .find(|s| s["id"] == id)
        .expect("the shelf")["version"]
        .clone();
    admin_put(
        app,
        session,
        &format!("/api/admin/categories/{id}/"),
        json!({"name": name, "hidden": hidden, "version": version}),
    )
    .await
}

fn product_form() -> Value {
    ProductBuilder::new("Midwinter Posy").form()
}

#[tokio::test]
async fn every_catalogue_call_needs_an_admin_and_the_unsafe_ones_the_csrf_header() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let before = rows_in_all_tables(&app).await;
    let calls = [
        (Method::GET, "/api/admin/products/", Value::Null),
        (Method::POST, "/api/admin/products/", product_form()),
        (Method::PUT, "/api/admin/products/1/", product_form()),
        (Method::DELETE, "/api/admin/products/1/", Value::Null),
        (Method::POST, "/api/admin/products/1/archive/", json!({})),
        (Method::POST, "/api/admin/products/1/restore/", json!({})),
        (
            Method::POST,
            "/api/admin/products/1/stock/",
            json!({"stock": 1, "stock_seen": 0}),
        ),
        (Method::GET, "/api/admin/categories/", Value::Null),
        (
            Method::POST,
            "/api/admin/categories/",
            json!({"name": "New"}),
        ),
        (
            Method::PUT,
            "/api/admin/categories/1/",
            json!({"name": "New", "hidden": true, "version": 0}),
        ),
        (
            Method::POST,
            "/api/admin/categories/order/",
            json!({"category_ids": [1], "order_seen": [1]}),
        ),
    ];
    assert_admin_only(&app, &session, &calls).await;
    // The picture upload too.
    let form = Form::new().part("picture", Part::bytes(jpeg_with_gps()).file_name("a.jpg"));
    let response = app
        .signed(Method::POST, "/api/admin/products/1/picture/", None)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 401);
    let form = Form::new().part("picture", Part::bytes(jpeg_with_gps()).file_name("a.jpg"));
    let response = app
        .without_csrf_header(Method::POST, "/api/admin/products/1/picture/", &session)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 403);
    assert_eq!(rows_in_all_tables(&app).await, before, "nothing changed");
}
