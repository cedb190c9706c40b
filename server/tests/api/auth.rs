//! The admin's sign-in: accounts, sessions, the failure limit, and admin calls refused without
//! a session.

use serde_json::{Value, json};

use crate::helpers::{TestApp, json_of, set_cookie, spawn_app, sql};

const PASSWORD: &str = "hellebores-in-january";

async fn with_admin() -> TestApp {
    let app = spawn_app().await;
    posy_server::auth::create_admin(&app.db, "ruth", PASSWORD)
        .await
        .expect("an admin account");
    app
}

/// Signs in; the status, body and the session cookie set.
async fn login(app: &TestApp, username: &str, password: &str) -> (u16, Value, Option<String>) {
    let response = app
        .client
        .post(app.url("/api/auth/login/"))
        .header("cookie", format!("csrftoken={}", app.csrf))
        .header("x-csrftoken", &app.csrf)
        .json(&json!({"username": username, "password": password}))
        .send()
        .await
        .unwrap();
    let cookie = set_cookie(&response, "posy_session");
    let raw = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("posy_session="))
        .map(str::to_owned);
    if let Some(raw) = &raw {
        assert!(
            raw.contains("HttpOnly") && raw.contains("SameSite=Lax"),
            "{raw}"
        );
    }
    let (status, body) = json_of("/api/auth/login/", response).await;
    (status, body, cookie)
}

async fn with_session(app: &TestApp, method: &str, path: &str, session: &str) -> (u16, Value) {
    let request = match method {
        "GET" => app.client.get(app.url(path)),
        _ => app.client.post(app.url(path)).json(&json!({})),
    };
    let response = request
        .header(
            "cookie",
            format!("csrftoken={}; posy_session={session}", app.csrf),
        )
        .header("x-csrftoken", &app.csrf)
        .send()
        .await
        .unwrap();
    json_of(path, response).await
}

#[tokio::test]
async fn a_visitor_is_not_an_admin_and_admin_calls_answer_401() {
    let app = with_admin().await;
    let (status, me) = app.get_json("/api/auth/me/").await;
    assert_eq!(
        (status, me),
        (200, json!({"is_admin": false, "username": null}))
    );
    for path in ["/api/admin/enquiries/"] {
        let (status, body) = app.get_json(path).await;
        assert_eq!(status, 401, "{path}");
        assert_eq!(
            body["error"],
            "Please sign in as the studio's admin to do that."
        );
        let (status, _) = with_session(&app, "GET", path, "made-up").await;
        assert_eq!(status, 401, "{path} with a made-up session");
    }
}

#[tokio::test]
async fn signing_in_opens_a_session_that_signing_out_ends() {
    let app = with_admin().await;
    let (status, body, session) = login(&app, "ruth", PASSWORD).await;
    assert_eq!(
        (status, body),
        (200, json!({"is_admin": true, "username": "ruth"}))
    );
    let session = session.expect("a session cookie");
    let (_, me) = with_session(&app, "GET", "/api/auth/me/", &session).await;
    assert_eq!(me, json!({"is_admin": true, "username": "ruth"}));
    let (status, _) = with_session(&app, "GET", "/api/admin/enquiries/", &session).await;
    assert_eq!(status, 200);

    let (_, again, second) = login(&app, "ruth", PASSWORD).await;
    assert_eq!(again["is_admin"], true);
    assert_ne!(
        second.unwrap(),
        session,
        "a new session id at every sign-in"
    );

    let (status, out) = with_session(&app, "POST", "/api/auth/logout/", &session).await;
    assert_eq!(
        (status, out),
        (200, json!({"is_admin": false, "username": null}))
    );
    let (_, me) = with_session(&app, "GET", "/api/auth/me/", &session).await;
    assert_eq!(me["is_admin"], false);
    let (status, _) = with_session(&app, "GET", "/api/admin/enquiries/", &session).await;
    assert_eq!(
        status, 401,
        "the session is gone on the server, not only the cookie"
    );
}

#[tokio::test]
async fn a_wrong_password_or_unknown_name_gets_the_same_401() {
    let app = with_admin().await;
    let (status, wrong, cookie) = login(&app, "ruth", "not-the-password").await;
    assert_eq!(status, 401);
    assert!(cookie.is_none());
    let (status, unknown, _) = login(&app, "nobody", PASSWORD).await;
    assert_eq!((status, &unknown), (401, &wrong));
    let (status, empty, _) = login(&app, "", "").await;
    assert_eq!(status, 400);
    assert_eq!(empty["fields"]["password"], "Please enter your password.");
}

#[tokio::test]
async fn five_failures_in_fifteen_minutes_lock_that_name_from_that_address() {
    let app = with_admin().await;
    for _ in 0..5 {
        assert_eq!(login(&app, "ruth", "guess").await.0, 401);
    }
    let (status, body, cookie) = login(&app, "ruth", PASSWORD).await;
    assert_eq!(status, 429, "even the right password waits");
    assert!(cookie.is_none());
    assert!(body["error"].as_str().unwrap().contains("wait 15 minutes"));
    sql(
        &app,
        "UPDATE login_failures SET created_at = created_at - 1000",
    )
    .await;
    assert_eq!(
        login(&app, "ruth", PASSWORD).await.0,
        200,
        "after the window"
    );
}

#[tokio::test]
async fn a_session_idle_for_eight_hours_has_ended() {
    let app = with_admin().await;
    let (_, _, session) = login(&app, "ruth", PASSWORD).await;
    let session = session.unwrap();
    sql(
        &app,
        "UPDATE sessions SET last_seen_at = last_seen_at - 8 * 60 * 60 - 1",
    )
    .await;
    let (status, _) = with_session(&app, "GET", "/api/admin/enquiries/", &session).await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn signing_in_needs_the_csrf_token_like_every_change() {
    let app = with_admin().await;
    let response = app
        .client
        .post(app.url("/api/auth/login/"))
        .json(&json!({"username": "ruth", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 403);
    assert!(crate::helpers::set_cookie(&response, "posy_session").is_none());
}

#[tokio::test]
async fn accounts_need_a_real_password_and_a_free_name() {
    let app = with_admin().await;
    assert!(
        posy_server::auth::create_admin(&app.db, "ruth", PASSWORD)
            .await
            .is_err()
    );
    assert!(
        posy_server::auth::create_admin(&app.db, "ben", "short")
            .await
            .is_err()
    );
    assert!(
        posy_server::auth::create_admin(&app.db, "  ", PASSWORD)
            .await
            .is_err()
    );
}

#[tokio::test]
async fn the_studio_reads_enquiries_newest_first() {
    let app = with_admin().await;
    for name in ["First Sender", "Second Sender"] {
        let (status, _) = app
            .post_json(
                "/api/contact/",
                &json!({"name": name, "email": "a@example.com", "enquiryType": "general",
                        "message": "Hello there"}),
            )
            .await;
        assert_eq!(status, 200);
    }
    let (_, _, session) = login(&app, "ruth", PASSWORD).await;
    let (_, list) = with_session(&app, "GET", "/api/admin/enquiries/", &session.unwrap()).await;
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Second Sender", "First Sender"]);
}
