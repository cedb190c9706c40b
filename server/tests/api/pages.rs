//! A shopper's page arrives drawn: the server runs the web app's server build in its engine,
//! from the very answers the API gives, and puts those answers in the page. Here the server
//! build is a stand-in script that draws what it is given with the core's rules, so the
//! engine, the core it is given and the page's assembly are tested without the real web app
//! (the journeys test that, in Chromium).

use serde_json::{Value, json};

use crate::helpers::{TestApp, admin_put, admin_session, spawn_app};
use crate::product_admin::{admin_product, form_of};

const TEMPLATE: &str = "<!doctype html><html><head><title>Posy</title></head>\
    <body><div id=\"root\"></div><script type=\"module\" src=\"/assets/app.js\"></script></body></html>";

/// A server build that draws the shop's list with the core's words, and the page's title.
const DRAWS_THE_SHOP: &str = r#"
globalThis.renderPage = function (url, answers) {
  const given = JSON.parse(answers);
  const products = given['/api/products/'] || [];
  const site = given['/api/site/'];
  return '<title>' + url + ' · drawn</title><link rel="preload" as="image" href="/hero.jpg"/>'
    + '<h1>' + url + '</h1><p>' + site.phone + '</p><ul>'
    + products.map(p => '<li>' + p.name + ' ' + posyCore.formatMoney(p.price)
        + (posyCore.isSoldOut(p.stock) ? ' sold out' : '') + '</li>').join('')
    + '</ul><p>' + posyCore.formatMoney('1234.50') + ' ' + posyCore.itemName('Peony Posy', 'Large') + '</p>';
};
"#;

async fn shop_with(build: &str) -> TestApp {
    let app = spawn_app().await;
    std::fs::write(app.web_dir().join("index.html"), TEMPLATE).unwrap();
    std::fs::create_dir_all(app.web_dir().join("ssr")).unwrap();
    std::fs::write(app.web_dir().join("ssr/render.js"), build).unwrap();
    app
}

/// The answers the page carries (`<script id="first-load">`).
fn carried(page: &str) -> Value {
    let start = page
        .find("id=\"first-load\">")
        .expect("the page carries its answers")
        + 16;
    let end = start + page[start..].find("</script>").unwrap();
    serde_json::from_str(&page[start..end]).unwrap()
}

#[tokio::test]
async fn the_shop_arrives_drawn_from_the_live_catalogue_with_its_answers_inside() {
    let app = shop_with(DRAWS_THE_SHOP).await;
    let products: Value = app.get("/api/products/").await.json().await.unwrap();
    let site: Value = app.get("/api/site/").await.json().await.unwrap();

    let response = app.get("/shop").await;
    assert_eq!(response.status(), 200);
    let page = response.text().await.unwrap();

    // What React hoists goes in the head, and the page's title replaces the app's.
    assert!(
        page.contains("<title>/shop · drawn</title><link rel=\"preload\" as=\"image\" href=\"/hero.jpg\"/></head>"),
        "{page}"
    );
    assert_eq!(page.matches("<title>").count(), 1, "{page}");
    assert!(page.contains("<div id=\"root\"><h1>/shop</h1>"), "{page}");
    for product in products.as_array().unwrap() {
        assert!(page.contains(product["name"].as_str().unwrap()), "{page}");
    }
    // The core's own words, from Rust, under the names the browser's WebAssembly gives them.
    assert!(page.contains("£1,234.50 Peony Posy (Large)"), "{page}");
    assert!(page.contains("£"), "{page}");
    let answers = carried(&page);
    assert_eq!(answers["/api/products/"], products);
    assert_eq!(answers["/api/site/"], site);
}

#[tokio::test]
async fn a_page_shows_a_change_to_the_catalogue_at_once() {
    let app = shop_with(DRAWS_THE_SHOP).await;
    let before = app.get("/shop").await.text().await.unwrap();
    assert!(before.contains("<li>Sunflower Bunch "), "{before}");

    // The studio renames it in the back office; the next visitor sees the new name.
    let session = admin_session(&app).await;
    let sunflowers = admin_product(&app, &session, "Sunflower Bunch").await;
    let mut form = form_of(&sunflowers);
    form["name"] = json!("Winter Whites");
    let path = format!("/api/admin/products/{}/", sunflowers["id"]);
    let (status, changed) = admin_put(&app, &session, &path, form).await;
    assert_eq!(status, 200, "{changed}");
    let after = app.get("/shop").await.text().await.unwrap();
    assert!(after.contains("<li>Winter Whites "), "{after}");
    assert!(!after.contains("<li>Sunflower Bunch "), "{after}");
}

#[tokio::test]
async fn per_visitor_pages_arrive_empty_for_the_browser_to_draw() {
    let app = shop_with(DRAWS_THE_SHOP).await;
    for path in [
        "/checkout",
        "/admin/orders",
        "/order-confirmation/5?token=abc",
        "/payment-failed",
    ] {
        let page = app.get(path).await.text().await.unwrap();
        assert!(page.contains("<div id=\"root\"></div>"), "{path}: {page}");
        assert!(!page.contains("first-load"), "{path}");
    }
}

#[tokio::test]
async fn a_broken_or_missing_server_build_leaves_every_page_to_the_browser() {
    for build in [
        None,
        Some("this is not JavaScript {"),
        Some("globalThis.renderPage = () => { throw new Error('no'); };"),
        // A page stuck in a loop is stopped.
        Some("globalThis.renderPage = () => { for (;;) {} };"),
    ] {
        let app = spawn_app().await;
        std::fs::write(app.web_dir().join("index.html"), TEMPLATE).unwrap();
        if let Some(build) = build {
            std::fs::create_dir_all(app.web_dir().join("ssr")).unwrap();
            std::fs::write(app.web_dir().join("ssr/render.js"), build).unwrap();
        }
        let response = app.get("/shop").await;
        assert_eq!(response.status(), 200, "{build:?}");
        assert!(
            response
                .text()
                .await
                .unwrap()
                .contains("<div id=\"root\"></div>"),
            "{build:?}"
        );
        // The API is not held up by it.
        assert_eq!(app.get("/api/products/").await.status(), 200);
    }
}

#[tokio::test]
async fn the_server_build_is_never_served_as_a_file() {
    let app = shop_with(DRAWS_THE_SHOP).await;
    let page = app.get("/ssr/render.js").await.text().await.unwrap();
    assert!(!page.contains("renderPage"), "{page}");
}
