use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, set_cookie, spawn_app};

/// Every unsafe cart call with a body it would otherwise accept.
async fn unsafe_calls(app: &TestApp) -> Vec<(&'static str, Value)> {
    let (_, cart) = app.get_json("/api/cart/").await;
    let (_, list) = app.get_json("/api/products/").await;
    let vase = list
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "Glass Bud Vase")
        .unwrap()
        .clone();
    let (_, added) = app
        .post_json(
            "/api/cart/add_item/",
            &json!({"cart_id": cart["id"], "product_id": vase["id"], "quantity": 1, "variation_id": null}),
        )
        .await;
    let line = added["items"][0]["id"].clone();
    vec![
        (
            "/api/cart/add_item/",
            json!({"cart_id": cart["id"], "product_id": vase["id"], "quantity": 1, "variation_id": null}),
        ),
        (
            "/api/cart/update_quantity/",
            json!({"cart_id": cart["id"], "item_id": line, "quantity": 2}),
        ),
        (
            "/api/cart/remove_item/",
            json!({"cart_id": cart["id"], "item_id": line}),
        ),
    ]
}

async fn post(app: &TestApp, path: &str, body: &Value, headers: &[(&str, String)]) -> (u16, Value) {
    let mut request = app.client.post(app.url(path)).json(body);
    for (name, value) in headers {
        request = request.header(*name, value);
    }
    json_of(path, request.send().await.unwrap()).await
}

#[tokio::test]
async fn a_get_under_api_sets_a_readable_lax_csrf_cookie_only_when_missing() {
    let app = spawn_app().await;
    let response = app.get("/api/cart/").await;
    let cookie = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .find(|v| v.starts_with("csrftoken="))
        .expect("a csrftoken cookie");
    assert!(cookie.contains("SameSite=Lax"), "{cookie}");
    assert!(cookie.contains("Path=/"), "{cookie}");
    assert!(
        !cookie.contains("HttpOnly"),
        "the page must read it: {cookie}"
    );

    let with_cookie = app
        .client
        .get(app.url("/api/products/"))
        .header("cookie", format!("csrftoken={}", app.csrf))
        .send()
        .await
        .unwrap();
    assert_eq!(set_cookie(&with_cookie, "csrftoken"), None);

    let forged = app
        .client
        .get(app.url("/api/products/"))
        .header("cookie", "csrftoken=chosen-by-someone-else")
        .send()
        .await
        .unwrap();
    let replaced = set_cookie(&forged, "csrftoken").expect("an unsigned cookie is replaced");
    assert_ne!(replaced, "chosen-by-someone-else");
}

#[tokio::test]
async fn every_unsafe_cart_call_is_refused_without_the_matching_header() {
    let app = spawn_app().await;
    let cookie = format!("csrftoken={}", app.csrf);
    let other_token = {
        let response = app.get("/api/products/").await;
        set_cookie(&response, "csrftoken").unwrap()
    };
    for (path, body) in unsafe_calls(&app).await {
        let cases: [(&str, Vec<(&str, String)>); 5] = [
            ("no cookie and no header", vec![]),
            ("no header", vec![("cookie", cookie.clone())]),
            (
                "a header that differs from the cookie",
                vec![
                    ("cookie", cookie.clone()),
                    ("x-csrftoken", other_token.clone()),
                ],
            ),
            (
                "a cookie and header the server never signed",
                vec![
                    ("cookie", "csrftoken=abc.def".into()),
                    ("x-csrftoken", "abc.def".into()),
                ],
            ),
            (
                "a header but no cookie",
                vec![("x-csrftoken", app.csrf.clone())],
            ),
        ];
        for (why, headers) in cases {
            let (status, answer) = post(&app, path, &body, &headers).await;
            assert_eq!(status, 403, "{path} with {why}");
            assert_eq!(
                answer["error"], "Your session has expired. Please refresh the page and try again.",
                "{path} with {why}"
            );
        }
    }
}

#[tokio::test]
async fn every_unsafe_cart_call_from_another_site_is_refused_even_with_the_token() {
    let app = spawn_app().await;
    let token = vec![
        ("cookie", format!("csrftoken={}", app.csrf)),
        ("x-csrftoken", app.csrf.clone()),
    ];
    for (path, body) in unsafe_calls(&app).await {
        for extra in [
            ("origin", "https://elsewhere.example".to_owned()),
            ("sec-fetch-site", "cross-site".to_owned()),
        ] {
            let mut headers = token.clone();
            headers.push((extra.0, extra.1.clone()));
            let (status, answer) = post(&app, path, &body, &headers).await;
            assert_eq!(status, 403, "{path} with {extra:?}");
            assert!(
                answer["error"]
                    .as_str()
                    .unwrap()
                    .contains("another website"),
                "{answer}"
            );
        }
        // The shop's own origin is fine.
        let mut headers = token.clone();
        headers.push(("origin", app.base.clone()));
        headers.push(("sec-fetch-site", "same-origin".into()));
        let (status, answer) = post(&app, path, &body, &headers).await;
        assert_eq!(status, 200, "{path}: {answer}");
    }
}
