//! The back office's Admins: the list, adding an admin, changing one's own password (the
//! current one asked again) and signing out everywhere; each admin only.

use reqwest::Method;
use serde_json::{Value, json};

use crate::builders::Admin;
use crate::helpers::{
    TestApp, admin_get, admin_post, admin_session, assert_admin_only, json_of, set_cookie,
    spawn_app,
};

/// The helpers' admin's password.
const STUDIO_PASSWORD: &str = "a-long-studio-password";

/// Signs in; the status and the session cookie.
async fn sign_in(app: &TestApp, username: &str, password: &str) -> (u16, Option<String>) {
    let response = app
        .signed(Method::POST, "/api/auth/login/", None)
        .json(&json!({"username": username, "password": password}))
        .send()
        .await
        .unwrap();
    let cookie = set_cookie(&response, "posy_session");
    (response.status().as_u16(), cookie)
}

/// Whether a session is still signed in.
async fn signed_in(app: &TestApp, session: &str) -> bool {
    let (_, me) = admin_get(app, session, "/api/auth/me/").await;
    me["is_admin"] == true
}

#[tokio::test]
async fn an_admin_adds_another_who_can_then_sign_in() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let (status, list) = admin_get(&app, &session, "/api/admin/admins/").await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["username"], "studio");
    assert_eq!(list[0]["is_you"], true);
    assert!(list[0]["created"].as_str().unwrap().ends_with('Z'));

    let (status, list) = admin_post(
        &app,
        &session,
        "/api/admin/admins/",
        json!({"username": " maya ", "password": "sweet-peas-in-june"}),
    )
    .await;
    assert_eq!(status, 200, "{list}");
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["username"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["studio", "maya"]);
    assert_eq!(list[1]["is_you"], false);
    let (status, cookie) = sign_in(&app, "maya", "sweet-peas-in-june").await;
    assert_eq!(status, 200);
    assert!(cookie.is_some());
}

#[tokio::test]
async fn a_taken_name_an_empty_one_and_a_weak_password_are_refused_with_a_sentence() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    for (body, field, sentence) in [
        (
            json!({"username": "studio", "password": "sweet-peas-in-june"}),
            "username",
            "There is already an admin called studio. Please choose another username.",
        ),
        (
            json!({"username": "  ", "password": "sweet-peas-in-june"}),
            "username",
            "Please give a username.",
        ),
        (
            json!({"username": "maya", "password": "short"}),
            "password",
            "Please choose a password of at least 12 characters.",
        ),
        (
            json!({"username": "maya", "password": "p".repeat(1025)}),
            "password",
            "Please keep the password to 1,024 characters at most.",
        ),
    ] {
        let (status, answer) = admin_post(&app, &session, "/api/admin/admins/", body).await;
        assert_eq!(status, 400, "{answer}");
        assert_eq!(answer["fields"][field], sentence, "{answer}");
    }
    let (_, list) = admin_get(&app, &session, "/api/admin/admins/").await;
    assert_eq!(list.as_array().unwrap().len(), 1, "nobody was added");
}

#[tokio::test]
async fn changing_the_password_keeps_this_session_and_ends_the_others() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let (_, other) = sign_in(&app, "studio", STUDIO_PASSWORD).await;
    let other = other.expect("a second session");
    let path = "/api/admin/account/password/";

    let (status, answer) = admin_post(
        &app,
        &session,
        path,
        json!({"current_password": "not-my-password", "new_password": "hellebores-in-january"}),
    )
    .await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(
        answer["fields"]["current_password"],
        "That is not your current password. Please try again."
    );
    let (status, answer) = admin_post(
        &app,
        &session,
        path,
        json!({"current_password": STUDIO_PASSWORD, "new_password": "short"}),
    )
    .await;
    assert_eq!(status, 400, "{answer}");
    assert_eq!(
        answer["fields"]["new_password"],
        "Please choose a password of at least 12 characters."
    );
    assert!(signed_in(&app, &other).await, "refusals end nothing");

    let (status, answer) = admin_post(
        &app,
        &session,
        path,
        json!({"current_password": STUDIO_PASSWORD, "new_password": "hellebores-in-january"}),
    )
    .await;
    assert_eq!(status, 200, "{answer}");
    assert!(signed_in(&app, &session).await, "this session stays");
    assert!(!signed_in(&app, &other).await, "the other session ended");
    assert_eq!(sign_in(&app, "studio", STUDIO_PASSWORD).await.0, 401);
    assert_eq!(
        sign_in(&app, "studio", "hellebores-in-january").await.0,
        200
    );
}

#[tokio::test]
async fn wrong_current_passwords_are_limited_like_sign_ins() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let wrong = json!({"current_password": "guess", "new_password": "hellebores-in-january"});
    for _ in 0..5 {
        let (status, _) = admin_post(
            &app,
            &session,
            "/api/admin/account/password/",
            wrong.clone(),
        )
        .await;
        assert_eq!(status, 400);
    }
    let right =
        json!({"current_password": STUDIO_PASSWORD, "new_password": "hellebores-in-january"});
    let (status, answer) = admin_post(&app, &session, "/api/admin/account/password/", right).await;
    assert_eq!(status, 429, "{answer}");
    assert_eq!(
        answer["error"],
        "Too many wrong passwords. Please wait 15 minutes and try again."
    );
    // The same count as signing in: that is locked too.
    assert_eq!(sign_in(&app, "studio", STUDIO_PASSWORD).await.0, 429);
}

#[tokio::test]
async fn signing_out_everywhere_ends_every_session_of_the_account_only() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let (_, other) = sign_in(&app, "studio", STUDIO_PASSWORD).await;
    let other = other.unwrap();
    Admin::named("maya", "sweet-peas-in-june")
        .create(&app)
        .await;
    let (_, maya) = sign_in(&app, "maya", "sweet-peas-in-june").await;
    let maya = maya.unwrap();

    let response = app
        .signed(
            Method::POST,
            "/api/admin/account/sign-out-everywhere/",
            Some(&session),
        )
        .send()
        .await
        .unwrap();
    let cleared = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.starts_with("posy_session=;") && v.contains("Max-Age=0"));
    let (status, body) = json_of("sign-out-everywhere", response).await;
    assert_eq!(status, 200, "{body}");
    assert!(cleared, "the cookie is cleared");
    assert!(!signed_in(&app, &session).await);
    assert!(!signed_in(&app, &other).await);
    assert!(
        signed_in(&app, &maya).await,
        "another admin's session stays"
    );
}

#[tokio::test]
async fn every_admins_call_needs_a_session_and_the_unsafe_ones_the_csrf_header() {
    let app = spawn_app().await;
    let calls = [
        (Method::GET, "/api/admin/admins/", Value::Null),
        (
            Method::POST,
            "/api/admin/admins/",
            json!({"username": "evil", "password": "sweet-peas-in-june"}),
        ),
        (
            Method::POST,
            "/api/admin/account/password/",
            json!({"current_password": STUDIO_PASSWORD, "new_password": "hellebores-in-january"}),
        ),
        (
            Method::POST,
            "/api/admin/account/sign-out-everywhere/",
            json!({}),
        ),
    ];
    let session = admin_session(&app).await;
    assert_admin_only(&app, &session, &calls).await;
    // Nothing happened: no admin added, the password and the session as they were.
    let (_, list) = admin_get(&app, &session, "/api/admin/admins/").await;
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert!(signed_in(&app, &session).await);
    assert_eq!(sign_in(&app, "studio", STUDIO_PASSWORD).await.0, 200);
}
