//! The back office's Admins: the list, adding an admin (one's own password given again, the
//! studio told), disabling, enabling and removing one (never the last who can sign in), names
//! unique whatever their capitals, passwords a guesser would try refused, changing one's own
//! password (the current one asked again) and signing out everywhere; each admin only.

use reqwest::Method;
use serde_json::{Value, json};

use crate::backup::{create_ruth, path, posy_with};
use crate::builders::Admin;
use crate::helpers::{
    TestApp, admin_delete, admin_get, admin_post, admin_session, assert_admin_only, json_of,
    set_cookie, spawn_app, sql,
};

/// The helpers' admin's password.
const STUDIO_PASSWORD: &str = "a-long-studio-password";

/// Said of a password a guesser would try early.
const GUESSABLE: &str = "That password is too easy to guess: it is a common password, or close \
     to one. Please choose another (three or four unrelated words work well).";

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
        json!({"username": " maya ", "password": "sweet-peas-in-june",
               "current_password": STUDIO_PASSWORD}),
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
    for (username, password, field, sentence) in [
        (
            "studio",
            "sweet-peas-in-june",
            "username",
            "There is already an admin called studio. Please choose another username.",
        ),
        (
            "Studio",
            "sweet-peas-in-june",
            "username",
            "There is already an admin called studio. Please choose another username.",
        ),
        (
            "  ",
            "sweet-peas-in-june",
            "username",
            "Please give a username.",
        ),
        (
            "maya",
            "short",
            "password",
            "Please choose a password of at least 12 characters.",
        ),
        (
            "maya",
            &"p".repeat(1025),
            "password",
            "Please keep the password to 1,024 characters at most.",
        ),
        ("maya", "password1234", "password", GUESSABLE),
        ("maya", "maya12345678", "password", GUESSABLE),
        ("maya", "qwertyuiop123", "password", GUESSABLE),
    ] {
        let body = json!({"username": username, "password": password,
                          "current_password": STUDIO_PASSWORD});
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
            json!({"username": "evil", "password": "sweet-peas-in-june",
                   "current_password": STUDIO_PASSWORD}),
        ),
        (Method::POST, "/api/admin/admins/1/disable/", json!({})),
        (Method::POST, "/api/admin/admins/1/enable/", json!({})),
        (Method::DELETE, "/api/admin/admins/1/", Value::Null),
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

/// The admin called `name` in a list.
fn row<'a>(list: &'a Value, name: &str) -> &'a Value {
    list.as_array()
        .unwrap()
        .iter()
        .find(|a| a["username"] == name)
        .unwrap_or_else(|| panic!("{name} is not listed: {list}"))
}

/// Adds maya (who can sign in) as the studio; her id.
async fn add_maya(app: &TestApp, session: &str) -> i64 {
    let (status, list) = admin_post(
        app,
        session,
        "/api/admin/admins/",
        json!({"username": "maya", "password": "sweet-peas-in-june",
               "current_password": STUDIO_PASSWORD}),
    )
    .await;
    assert_eq!(status, 200, "{list}");
    row(&list, "maya")["id"].as_i64().unwrap()
}

#[tokio::test]
async fn adding_an_admin_needs_your_own_password_and_tells_the_studio() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let path = "/api/admin/admins/";
    for (current, sentence) in [
        ("", "Please enter your current password."),
        (
            "not-my-password",
            "That is not your current password. Please try again.",
        ),
    ] {
        let body = json!({"username": "maya", "password": "sweet-peas-in-june",
                          "current_password": current});
        let (status, answer) = admin_post(&app, &session, path, body).await;
        assert_eq!(status, 400, "{answer}");
        assert_eq!(answer["fields"]["current_password"], sentence, "{answer}");
    }
    let (_, list) = admin_get(&app, &session, path).await;
    assert_eq!(list.as_array().unwrap().len(), 1, "nobody was added");

    add_maya(&app, &session).await;
    let mail = app.mail(1).await;
    let notice = mail
        .iter()
        .find(|m| m.contains("Subject: A new admin: maya"))
        .unwrap_or_else(|| panic!("the studio is told: {mail:?}"));
    assert!(notice.contains("To: studio@posy.localhost"), "{notice}");
    assert!(notice.contains("studio added maya as an admin"), "{notice}");
}

#[tokio::test]
async fn names_are_one_whatever_their_capitals() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    // Signing in as STUDIO is signing in as studio.
    assert_eq!(sign_in(&app, "STUDIO", STUDIO_PASSWORD).await.0, 200);
    let refused = crate::builders::create_admin(&app, "Studio", "sweet-peas-in-june").await;
    assert!(refused.is_err(), "the command line refuses it too");
    let (_, list) = admin_get(&app, &session, "/api/admin/admins/").await;
    assert_eq!(list.as_array().unwrap().len(), 1);
    assert_eq!(list[0]["clashes"], false);
}

#[tokio::test]
async fn a_shop_that_already_has_ruth_and_ruth_starts_and_lists_them_as_clashing() {
    let app = spawn_app().await;
    Admin::named("Ruth", "sweet-peas-in-june")
        .create(&app)
        .await;
    // Made before names were one whatever their capitals.
    sql(
        &app,
        "INSERT INTO admins (username, password_hash, created_at) \
         SELECT 'ruth', password_hash, created_at + 1 FROM admins WHERE username = 'Ruth'",
    )
    .await;
    let app = app.killed_and_restarted().await;
    let session = admin_session(&app).await;
    let (status, list) = admin_get(&app, &session, "/api/admin/admins/").await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(row(&list, "Ruth")["clashes"], true);
    assert_eq!(row(&list, "ruth")["clashes"], true);
    assert_eq!(row(&list, "studio")["clashes"], false);
    // Each exact name still signs in as itself; a third spelling cannot tell which is meant.
    assert_eq!(sign_in(&app, "ruth", "sweet-peas-in-june").await.0, 200);
    assert_eq!(sign_in(&app, "Ruth", "sweet-peas-in-june").await.0, 200);
    assert_eq!(sign_in(&app, "RUTH", "sweet-peas-in-june").await.0, 401);
    // Removing one ends the clash.
    let id = row(&list, "ruth")["id"].as_i64().unwrap();
    let (status, list) = admin_delete(&app, &session, &format!("/api/admin/admins/{id}/")).await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(row(&list, "Ruth")["clashes"], false);
}

#[tokio::test]
async fn a_disabled_admin_is_signed_out_and_refused_until_enabled_again() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let maya_id = add_maya(&app, &session).await;
    let (_, maya) = sign_in(&app, "maya", "sweet-peas-in-june").await;
    let maya = maya.unwrap();

    let path = format!("/api/admin/admins/{maya_id}/disable/");
    let (status, list) = admin_post(&app, &session, &path, json!({})).await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(row(&list, "maya")["disabled"], true);
    assert!(!signed_in(&app, &maya).await, "her session ended at once");
    assert_eq!(sign_in(&app, "maya", "sweet-peas-in-june").await.0, 401);
    // Again: nothing changes, nobody is told twice.
    let (status, _) = admin_post(&app, &session, &path, json!({})).await;
    assert_eq!(status, 200);

    let path = format!("/api/admin/admins/{maya_id}/enable/");
    let (status, list) = admin_post(&app, &session, &path, json!({})).await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(row(&list, "maya")["disabled"], false);
    assert_eq!(sign_in(&app, "maya", "sweet-peas-in-june").await.0, 200);
    let mail = app.mail(3).await;
    let subjects: Vec<&str> = mail
        .iter()
        .filter_map(|m| m.lines().find(|l| l.starts_with("Subject: ")))
        .collect();
    assert_eq!(
        subjects,
        [
            "Subject: A new admin: maya",
            "Subject: Admin maya disabled",
            "Subject: Admin maya enabled again"
        ]
    );
}

#[tokio::test]
async fn the_last_admin_who_can_sign_in_cannot_be_disabled_or_removed() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let (_, list) = admin_get(&app, &session, "/api/admin/admins/").await;
    let studio_id = row(&list, "studio")["id"].as_i64().unwrap();
    let last = "studio is the only admin who can sign in, so they cannot be disabled: add or \
                enable another admin first.";
    let (status, answer) = admin_post(
        &app,
        &session,
        &format!("/api/admin/admins/{studio_id}/disable/"),
        json!({}),
    )
    .await;
    assert_eq!(status, 409, "{answer}");
    assert_eq!(answer["error"], last);

    // A disabled admin does not count as one who can sign in.
    let maya_id = add_maya(&app, &session).await;
    let disable = format!("/api/admin/admins/{maya_id}/disable/");
    assert_eq!(admin_post(&app, &session, &disable, json!({})).await.0, 200);
    let (status, answer) =
        admin_delete(&app, &session, &format!("/api/admin/admins/{studio_id}/")).await;
    assert_eq!(status, 409, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("cannot be removed")
    );
    assert!(signed_in(&app, &session).await, "nothing was done");

    let remove_maya = format!("/api/admin/admins/{maya_id}/");
    let (status, list) = admin_delete(&app, &session, &remove_maya).await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(list.as_array().unwrap().len(), 1);
    let (status, answer) = admin_delete(&app, &session, &remove_maya).await;
    assert_eq!(status, 404, "{answer}");
}

#[tokio::test]
async fn two_admins_disabling_each_other_at_once_leave_one_who_can_sign_in() {
    for _ in 0..5 {
        let app = spawn_app().await;
        let studio = admin_session(&app).await;
        let maya_id = add_maya(&app, &studio).await;
        let (_, maya) = sign_in(&app, "maya", "sweet-peas-in-june").await;
        let maya = maya.unwrap();
        let (_, list) = admin_get(&app, &studio, "/api/admin/admins/").await;
        let studio_id = row(&list, "studio")["id"].as_i64().unwrap();
        let disable_maya = format!("/api/admin/admins/{maya_id}/disable/");
        let disable_studio = format!("/api/admin/admins/{studio_id}/disable/");
        let (a, b) = tokio::join!(
            admin_post(&app, &studio, &disable_maya, json!({})),
            admin_post(&app, &maya, &disable_studio, json!({})),
        );
        let mut statuses = [a.0, b.0];
        statuses.sort();
        // Both may be refused when one lands after the other's session was ended (401); never
        // both done.
        assert!(
            statuses == [200, 401] || statuses == [200, 409],
            "{statuses:?}: {} / {}",
            a.1,
            b.1
        );
        let enabled: i64 = crate::helpers::count(&app, "admins WHERE disabled_at IS NULL").await;
        assert_eq!(enabled, 1);
    }
}

#[tokio::test]
async fn the_command_line_disables_enables_and_removes_by_name_but_never_the_last() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    add_maya(&app, &session).await;
    let data = path(&app.data_dir).to_owned();
    let url = app.database_url();
    // Told to the studio's address as the shop has it, never a default.
    let told = async |action: &str, name: &str, env: &[(&str, &str)]| {
        posy_with(
            &[
                "admin",
                action,
                "--username",
                name,
                "--data-dir",
                &data,
                "--database-url",
                &url,
            ],
            env,
        )
        .await
    };
    let run = async |action: &str, name: &str| {
        told(
            action,
            name,
            &[("POSY_STUDIO_EMAIL", "studio@posy.localhost")],
        )
        .await
    };
    let (ok, said) = told("disable", "maya", &[]).await;
    assert!(!ok, "{said}");
    assert!(
        said.contains(
            "POSY_STUDIO_EMAIL is not set, and the change is told to the studio's address: run \
             the command through posy-run"
        ),
        "{said}"
    );
    assert_eq!(sign_in(&app, "maya", "sweet-peas-in-june").await.0, 200);
    let (ok, said) = run("disable", "MAYA").await;
    assert!(ok, "{said}");
    assert_eq!(sign_in(&app, "maya", "sweet-peas-in-june").await.0, 401);
    let (ok, said) = run("enable", "maya").await;
    assert!(ok, "{said}");
    assert_eq!(sign_in(&app, "maya", "sweet-peas-in-june").await.0, 200);
    let (ok, said) = run("remove", "maya").await;
    assert!(ok, "{said}");
    let (ok, said) = run("remove", "studio").await;
    assert!(!ok, "the last admin stays: {said}");
    assert!(said.contains("only admin who can sign in"), "{said}");
    let (ok, said) = run("disable", "nobody").await;
    assert!(!ok, "{said}");
    assert!(said.contains("there is no admin called nobody"), "{said}");
    assert!(signed_in(&app, &session).await);
}

#[tokio::test]
async fn admin_create_without_a_terminal_names_the_password_variable() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("shop");
    // Run with stdin not a terminal (the child reads from nothing) and no password.
    let (ok, said) = create_ruth(
        &data,
        &[],
        &[("POSY_STUDIO_EMAIL", "studio@posy.localhost")],
    )
    .await;
    assert!(!ok, "{said}");
    assert!(
        said.contains(
            "there is no terminal to ask for the password on: set POSY_ADMIN_PASSWORD to the \
             new account's password; nothing was made"
        ),
        "{said}"
    );
    assert!(!data.exists(), "nothing was made");
}
