//! The studio's inbox: enquiries read, answered through the outbox (answers come back to the
//! studio) and closed, each call refused without an admin session or the CSRF header.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, admin_get, admin_post, admin_session, assert_admin_only, spawn_app};

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
    let (status, list) = admin_get(app, session, "/api/admin/enquiries/").await;
    assert_eq!(status, 200, "{list}");
    list.as_array().unwrap().clone()
}

async fn new_enquiries(app: &TestApp, session: &str) -> u64 {
    let (status, summary) = admin_get(app, session, "/api/admin/summary/").await;
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
    let (status, opened) = admin_post(
        &app,
        &session,
        &format!("/api/admin/enquiries/{id}/read/"),
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
    let (status, answered) = admin_post(
        &app,
        &session,
        &path,
        json!({"greeting": "Dear Ada,", "body": "  Yes, we'd love to.  ", "signature": "Jo\nPosy"}),
    )
    .await;
    assert_eq!(status, 200, "{answered}");
    assert_eq!(answered["status"], "answered");
    assert_eq!(answered["read"], true);
    assert_eq!(
        answered["replies"][0]["body"],
        "Dear Ada,\n\nYes, we'd love to.\n\nJo\nPosy"
    );
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
    assert!(reply.contains("Dear Ada,"), "{reply}");
    assert!(reply.contains("> About 60 guests."), "{reply}");
}

#[tokio::test]
async fn an_empty_or_overlong_reply_is_refused_by_field_and_nothing_is_sent_or_kept() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    enquire(&app, "Ada Rose", "Hello").await;
    let id = inbox(&app, &session).await[0]["id"].as_i64().unwrap();
    let path = format!("/api/admin/enquiries/{id}/reply/");
    let (status, body) = admin_post(
        &app,
        &session,
        &path,
        json!({"greeting": "Dear Ada,", "body": " \n ", "signature": "Jo"}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fields"]["body"],
        "Please write a reply before sending it."
    );
    let (status, body) = admin_post(
        &app,
        &session,
        &path,
        json!({"greeting": "Dear Ada,", "body": "x".repeat(5001), "signature": "Jo"}),
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
    let (status, _) = admin_post(
        &app,
        &session,
        "/api/admin/enquiries/999/reply/",
        json!({"greeting": "Dear Ada,", "body": "Hi", "signature": "Jo"}),
    )
    .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn an_enquiry_offers_a_greeting_by_first_name_and_the_studios_sign_off() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    enquire(&app, "Hannah Price", "Flowers for a June wedding?").await;

    let list = inbox(&app, &session).await;
    assert_eq!(list[0]["greeting"], "Dear Hannah,");
    let sign_off = list[0]["sign_off"].as_str().unwrap();
    assert!(sign_off.starts_with("With best wishes,\n"), "{sign_off}");
    assert!(sign_off.len() > "With best wishes,\n".len(), "{sign_off}");
}

#[tokio::test]
async fn a_reply_is_mailed_exactly_as_previewed_with_one_greeting() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    enquire(
        &app,
        "Hannah Price",
        "Flowers for a June wedding?\nAbout 60 guests.",
    )
    .await;
    let id = inbox(&app, &session).await[0]["id"].as_i64().unwrap();
    app.mail(1).await;

    let (status, answered) = admin_post(
        &app,
        &session,
        &format!("/api/admin/enquiries/{id}/reply/"),
        json!({
            "greeting": " Hello Hannah, ",
            "body": "Yes, we would love to.\r\nCould you call us?",
            "signature": "All the best,\r\nJo at Posy",
        }),
    )
    .await;
    assert_eq!(status, 200, "{answered}");

    // The preview's text, to the character: the florist's greeting and signature, no other.
    let letter = "Hello Hannah,\n\nYes, we would love to.\nCould you call us?\n\nAll the best,\nJo at Posy\n\nYou wrote:\n> Flowers for a June wedding?\n> About 60 guests.\n";
    // The notice, the enquirer's acknowledgement, then the reply.
    let mails = app.mail(3).await;
    let reply = mails
        .iter()
        .find(|m| m.contains("\nTo: ada@example.com") && m.contains("Subject: Your enquiry to"))
        .expect("the reply is mailed")
        .replace("\r\n", "\n");
    assert!(reply.contains(letter), "{reply}");
    assert!(!reply.contains("Dear"), "one greeting only: {reply}");
}

#[tokio::test]
async fn a_reply_without_a_greeting_or_signature_is_refused_by_field_and_nothing_is_sent() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    enquire(&app, "Ada Rose", "Hello").await;
    let id = inbox(&app, &session).await[0]["id"].as_i64().unwrap();
    app.mail(1).await;
    let path = format!("/api/admin/enquiries/{id}/reply/");

    let cases = [
        (
            json!({"greeting": " ", "body": "Yes.", "signature": "Jo"}),
            "greeting",
            "Please write a greeting to open the reply, such as “Dear Hannah,”.",
        ),
        (
            json!({"greeting": "Dear Ada,\nand Tom,", "body": "Yes.", "signature": "Jo"}),
            "greeting",
            "Please keep the greeting on one line.",
        ),
        (
            json!({"greeting": "x".repeat(201), "body": "Yes.", "signature": "Jo"}),
            "greeting",
            "Please keep the greeting under 200 characters.",
        ),
        (
            json!({"greeting": "Dear Ada,", "body": "Yes.", "signature": "\n"}),
            "signature",
            "Please sign the reply, so they know who wrote it.",
        ),
        (
            json!({"greeting": "Dear Ada,", "body": "Yes.", "signature": "x".repeat(501)}),
            "signature",
            "Please keep the signature under 500 characters.",
        ),
    ];
    for (reply, field, why) in cases {
        let (status, body) = admin_post(&app, &session, &path, reply).await;
        assert_eq!(status, 400, "{body}");
        assert_eq!(body["fields"][field], why, "{body}");
        assert_eq!(body["error"], why, "{body}");
    }

    // Every part at fault is named at once.
    let (status, body) = admin_post(
        &app,
        &session,
        &path,
        json!({"greeting": "", "body": "", "signature": ""}),
    )
    .await;
    assert_eq!(status, 400);
    for field in ["greeting", "body", "signature"] {
        assert!(body["fields"][field].is_string(), "{field}: {body}");
    }

    let list = inbox(&app, &session).await;
    assert_eq!(list[0]["status"], "new");
    assert_eq!(list[0]["replies"], json!([]));
    let mails = app.mail(2).await;
    assert_eq!(
        mails.len(),
        2,
        "only the studio's notice and the enquirer's acknowledgement"
    );
    assert!(
        !mails.iter().any(|m| m.contains("Subject: Your enquiry to")),
        "no reply was sent"
    );
}

#[tokio::test]
async fn an_enquiry_can_be_closed_and_opened_again_but_not_given_a_made_up_status() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    enquire(&app, "Ada Rose", "Hello").await;
    let id = inbox(&app, &session).await[0]["id"].as_i64().unwrap();
    let path = format!("/api/admin/enquiries/{id}/status/");
    let (status, closed) = admin_post(&app, &session, &path, json!({"status": "closed"})).await;
    assert_eq!(status, 200, "{closed}");
    assert_eq!(closed["status"], "closed");
    assert_eq!(new_enquiries(&app, &session).await, 0);
    let (status, body) = admin_post(&app, &session, &path, json!({"status": "spam"})).await;
    assert_eq!(status, 400);
    assert!(body["fields"]["status"].is_string(), "{body}");
    let (status, reopened) = admin_post(&app, &session, &path, json!({"status": "new"})).await;
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
            json!({"greeting": "Dear Ada,", "body": "Hi", "signature": "Jo"}),
        ),
        (
            Method::POST,
            format!("/api/admin/enquiries/{id}/status/"),
            json!({"status": "closed"}),
        ),
    ];
    assert_admin_only(&app, &session, &calls).await;
    // Nothing was sent or changed by the refused calls.
    let list = inbox(&app, &session).await;
    assert_eq!(list[0]["status"], "new");
    assert_eq!(list[0]["read"], false);
}
