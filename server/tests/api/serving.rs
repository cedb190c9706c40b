use crate::helpers::spawn_app;

#[tokio::test]
async fn an_unknown_api_path_is_a_json_404() {
    let app = spawn_app().await;
    let (status, body) = app.get_json("/api/no-such-thing/").await;
    assert_eq!(status, 404);
    assert!(body["error"].as_str().unwrap().len() > 10);
}

#[tokio::test]
async fn a_wrong_method_is_a_json_error() {
    let app = spawn_app().await;
    let response = app
        .client
        .delete(app.url("/api/products/"))
        .header("cookie", format!("csrftoken={}", app.csrf))
        .header("x-csrftoken", &app.csrf)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 405);
    let body: serde_json::Value = response.json().await.unwrap();
    assert!(body["error"].is_string());
}

#[tokio::test]
async fn app_routes_fall_back_to_index_html_which_is_always_revalidated() {
    let app = spawn_app().await;
    for path in [
        "/",
        "/shop",
        "/shop/3",
        "/gallery/album/2",
        "/order-confirmation/5?token=abc",
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        let cache = response.headers()["cache-control"].to_str().unwrap();
        if path.starts_with("/order-confirmation/") {
            // The token in its address must not be kept nor passed on.
            assert_eq!(cache, "no-store");
            assert_eq!(response.headers()["referrer-policy"], "no-referrer");
        } else {
            assert!(cache.contains("no-cache"), "{path}");
        }
        assert!(
            response.text().await.unwrap().contains("Posy test app"),
            "{path}"
        );
    }
}

#[tokio::test]
async fn hashed_assets_are_cached_for_a_year_and_compressed() {
    let app = spawn_app().await;
    let response = app
        .client
        .get(app.url("/assets/app-1a2b3c.js"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(response.headers()["content-encoding"], "gzip");
}

#[tokio::test]
async fn a_missing_asset_is_a_404_not_the_app() {
    let app = spawn_app().await;
    assert_eq!(app.get("/assets/app-old.js").await.status(), 404);
}

#[tokio::test]
async fn api_answers_are_compressed_when_the_browser_accepts_it() {
    let app = spawn_app().await;
    let response = app
        .client
        .get(app.url("/api/products/"))
        .header("accept-encoding", "br")
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["content-encoding"], "br");
}

#[tokio::test]
async fn answers_are_plain_to_a_client_that_accepts_no_compression_and_say_they_vary() {
    let app = spawn_app().await;
    for accepting in [None, Some("identity"), Some("br;q=0, gzip;q=0")] {
        let mut request = app.client.get(app.url("/api/products/"));
        if let Some(value) = accepting {
            request = request.header("accept-encoding", value);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), 200, "{accepting:?}");
        assert!(
            response.headers().get("content-encoding").is_none(),
            "{accepting:?}"
        );
        let vary: Vec<_> = response.headers().get_all("vary").iter().collect();
        assert!(
            vary.iter()
                .any(|v| v.to_str().unwrap().contains("accept-encoding")),
            "{vary:?}"
        );
        let products: serde_json::Value = response.json().await.unwrap();
        assert!(!products.as_array().unwrap().is_empty());
    }
}

#[tokio::test]
async fn every_answer_carries_a_request_id_the_proxys_when_sane() {
    let app = spawn_app().await;
    let given = app
        .client
        .get(app.url("/api/products/"))
        .header("x-request-id", "caddy-7f3a")
        .send()
        .await
        .unwrap();
    assert_eq!(given.headers()["x-request-id"], "caddy-7f3a");
    // An error too, with one made here when the proxy sent none (or a strange one).
    let refused = app
        .client
        .get(app.url("/api/products/999999/"))
        .header("x-request-id", "two words")
        .send()
        .await
        .unwrap();
    assert_eq!(refused.status().as_u16(), 404);
    let made = refused.headers()["x-request-id"].to_str().unwrap();
    assert_eq!(made.len(), 32, "{made}");
    let page = app.get("/contact").await;
    assert!(page.headers().contains_key("x-request-id"));
}
