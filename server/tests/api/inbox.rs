//! The studio's inbox: enquiries read, answered through the outbox (answers come back to the
//! studio) and closed, each call refused without an admin session or the CSRF header.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, admin_session, call, spawn_app};

async fn enquire(app: &TestApp, name: &str, message: &str) {
    let (status, body) = app
        .post_json(
            "/api/contact/",
            &json!({"name": name, "email": "ada@example.com", "enquiryType": "wedding",
                    "message": message}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

async fn inbox(app: &TestApp, session: &str) -> Vec<Value> {
    let (status, list) = call(
        app,
        Method::GET,
        "/api/admin/enquiries/",
        Some(session),
        Value::Null,
    )
    .await;
    assert_eq!(status, 200, "{list}");
    list.as_array().unwrap().clone()
}

async fn new_enquiries(app: &TestApp, session: &str) -> u64 {
    let (status, summary) = call(
        app,
        Method::GET,
        "/api/admin/summary/",
        Some(session),
        Value::Null,
    )
    .await;
    assert_eq!(status, 200, "{summary}");
    summary["new_enquiries"].as_u64().unwrap()
}

#[tokio::test]
async fn an_enquiry_arrives_new_and_unread_and_is_counted() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    enquire(&app, "Ada Rose", "Flowers for a June wedding?").await;
    let list = inbox(&app, &session).await;
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["status"], "new");
    assert_eq!(list[0]["read"], false);
    assert_eq!(list[0]["replies"], json!([]));
    assert_eq!(new_enquiries(&app, &session).await, 1);

    let id = list[0]["id"].as_i64().unwrap();
    let (status, opened) = call(
        &app,
        Method::POST,
        &format!("/api/admin/enquiries/{id}/read/"),
        Some(&session),
        json!({}),
    )
    .await;
    assert_eq!(status, 200, "{opened}");
    assert_eq!(opened["read"], true);
    // Read is not answered: it still waits.
    assert_eq!(opened["status"], "new");
    assert_eq!(new_enquiries(&app, &session).await, 1);
}

#[tokio::test]
async fn a_reply_is_mailed_answered_to_the_studio_kept_and_marks_the_enquiry_answered() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    enquire(
        &app,
        "Ada Rose",
        "Flowers for a June wedding?\nAbout 60 guests.",
    )
    .await;
    let id = inbox(&app, &session).await[0]["id"].as_i64().unwrap();
    // The studio's notice of the enquiry is the first mail.
    app.mail(1).await;

    let path = format!("/api/admin/enquiries/{id}/reply/");
    let (status, answered) = call(
        &app,
        Method::POST,
        &path,
        Some(&session),
        json!({"body": "  Yes, we'd love to.\nJo  "}),
    )
    .await;
    assert_eq!(status, 200, "{answered}");
    assert_eq!(answered["status"], "answered");
    assert_eq!(answered["read"], true);
    assert_eq!(answered["replies"][0]["body"], "Yes, we'd love to.\nJo");
    assert_eq!(answered["replies"][0]["sent_by"], "studio");
    assert_eq!(new_enquiries(&app, &session).await, 0);

    // The notice, the enquirer's acknowledgement, then the reply.
    let mails = app.mail(3).await;
    let reply = mails
        .iter()
        .find(|m| m.contains("To: ada@example.com") && m.contains("Subject: Your enquiry to"))
        .expect("the reply is mailed");
    assert!(reply.contains("Reply-To: studio@posy.localhost"), "{reply}");
    assert!(reply.contains("Subject: Your enquiry to Posy"), "{reply}");
    assert!(reply.contains("Dear Ada Rose,"), "{reply}");
    assert!(reply.contains("> About 60 guests."), "{reply}");
}

#[tokio::test]
async fn an_empty_or_overlong_reply_is_refused_by_field_and_nothing_is_sent_or_kept() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    enquire(&app, "Ada Rose", "Hello").await;
    let id = inbox(&app, &session).await[0]["id"].as_i64().unwrap();
    let path = format!("/api/admin/enquiries/{id}/reply/");
    let (status, body) = call(
        &app,
        Method::POST,
        &path,
        Some(&session),
        json!({"body": " \n "}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fields"]["body"],
        "Please write a reply before sending it."
    );
    let (status, body) = call(
        &app,
        Method::POST,
        &path,
        Some(&session),
        json!({"body": "x".repeat(5001)}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fields"]["body"],
        "Please keep a reply under 5000 characters."
    );
    let list = inbox(&app, &session).await;
    assert_eq!(list[0]["status"], "new");
    assert_eq!(list[0]["replies"], json!([]));
    let (status, _) = call(
        &app,
        Method::POST,
        "/api/admin/enquiries/999/reply/",
        Some(&session),
        json!({"body": "Hi"}),
    )
    .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn an_enquiry_can_be_closed_and_opened_again_but_not_given_a_made_up_status() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    enquire(&app, "Ada Rose", "Hello").await;
    let id = inbox(&app, &session).await[0]["id"].as_i64().unwrap();
    let path = format!("/api/admin/enquiries/{id}/status/");
    let (status, closed) = call(
        &app,
        Method::POST,
        &path,
        Some(&session),
        json!({"status": "closed"}),
    )
    .await;
    assert_eq!(status, 200, "{closed}");
    assert_eq!(closed["status"], "closed");
    assert_eq!(new_enquiries(&app, &session).await, 0);
    let (status, body) = call(
        &app,
        Method::POST,
        &path,
        Some(&session),
        json!({"status": "spam"}),
    )
    .await;
    assert_eq!(status, 400);
    assert!(body["fields"]["status"].is_string(), "{body}");
    let (status, reopened) = call(
        &app,
        Method::POST,
        &path,
        Some(&session),
        json!({"status": "new"}),
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(reopened["status"], "new");
}

#[tokio::test]
async fn every_inbox_call_needs_an_admin_and_the_unsafe_ones_the_csrf_header() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    enquire(&app, "Ada Rose", "Hello").await;
    let id = inbox(&app, &session).await[0]["id"].as_i64().unwrap();
    let calls = [
        (Method::GET, "/api/admin/summary/".to_owned(), Value::Null),
        (Method::GET, "/api/admin/enquiries/".to_owned(), Value::Null),
        (
            Method::POST,
            format!("/api/admin/enquiries/{id}/read/"),
            json!({}),
        ),
        (
            Method::POST,
            format!("/api/admin/enquiries/{id}/reply/"),
            json!({"body": "Hi"}),
        ),
        (
            Method::POST,
            format!("/api/admin/enquiries/{id}/status/"),
            json!({"status": "closed"}),
        ),
    ];
    for (method, path, body) in &calls {
        let (status, _) = call(&app, method.clone(), path, None, body.clone()).await;
        assert_eq!(status, 401, "{method} {path} without a session");
    }
    for (method, path, body) in calls.iter().filter(|(m, _, _)| *m == Method::POST) {
        let response = app
            .client
            .request(method.clone(), app.url(path))
            .header(
                "cookie",
                format!("csrftoken={}; posy_session={session}", app.csrf),
            )
            .json(body)
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.status().as_u16(),
            403,
            "{method} {path} without the CSRF header"
        );
    }
    // Nothing was sent or changed by the refused calls.
    let list = inbox(&app, &session).await;
    assert_eq!(list[0]["status"], "new");
    assert_eq!(list[0]["read"], false);
}
