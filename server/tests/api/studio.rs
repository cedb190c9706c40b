//! The studio's facts, workshops and the contact form.

use serde_json::{Value, json};

use crate::helpers::{TestApp, spawn_app, sql};

fn enquiry() -> Value {
    json!({
        "name": "Alex Rowe", "email": "alex@example.com", "phone": "07700 900456",
        "enquiryType": "wedding",
        "message": "We're marrying at Arnos Vale next June and would love to talk about flowers."
    })
}

async fn enquiries(app: &TestApp) -> i64 {
    use sea_orm::{ConnectionTrait, Statement};
    app.db
        .query_one_raw(Statement::from_string(
            app.db.get_database_backend(),
            "SELECT COUNT(*) AS n FROM enquiries",
        ))
        .await
        .unwrap()
        .unwrap()
        .try_get::<i64>("", "n")
        .unwrap()
}

#[tokio::test]
async fn the_site_facts_come_from_one_place() {
    let app = spawn_app().await;
    let (status, site) = app.get_json("/api/site/").await;
    assert_eq!(status, 200);
    assert_eq!(site["name"], "Posy");
    assert_eq!(site["tagline"], "floral studio");
    assert_eq!(site["delivery_area"], "Bristol");
    assert_eq!(site["collection_from"], "BS14");
    assert!(
        site["address"]
            .as_array()
            .unwrap()
            .last()
            .unwrap()
            .as_str()
            .unwrap()
            .ends_with("BS14 8SJ")
    );
    assert_eq!(
        site["opening_hours"],
        json!([
            {"days": "Monday to Friday", "hours": "7:30–18:00"},
            {"days": "Saturday", "hours": "8:00–16:00"},
            {"days": "Sunday", "hours": "Closed"}
        ])
    );
}

#[tokio::test]
async fn the_christmas_wreath_workshop_has_the_specs_prices_and_a_spots_text() {
    let app = spawn_app().await;
    let (status, list) = app.get_json("/api/workshops/").await;
    assert_eq!(status, 200);
    let wreath = &list[0];
    assert_eq!(wreath["title"], "Christmas wreath making");
    assert_eq!(
        (&wreath["price"], &wreath["deposit"], &wreath["balance"]),
        (&json!("45.00"), &json!("20.00"), &json!("25.00"))
    );
    assert_eq!(wreath["balance_due"], "2026-11-20");
    assert_eq!(wreath["spots_text"], "4 spots left");
    assert!(wreath["image"].as_str().unwrap().starts_with("/media/"));

    sql(&app, "UPDATE workshops SET spots_left = 0").await;
    let (_, list) = app.get_json("/api/workshops/").await;
    assert_eq!(list[0]["spots_text"], "0 spots left");
}

#[tokio::test]
async fn an_enquiry_is_stored_and_mailed_to_the_studio() {
    let app = spawn_app().await;
    let (status, body) = app.post_json("/api/contact/", &enquiry()).await;
    assert_eq!((status, body), (200, json!({"status": "success"})));
    assert_eq!(enquiries(&app).await, 1);
    let mail = app.mail(1).await;
    assert!(mail[0].contains("To: studio@posy.localhost"));
    assert!(mail[0].contains("New wedding enquiry from Alex Rowe"));
    assert!(mail[0].contains("Arnos Vale"));
}

#[tokio::test]
async fn an_incomplete_enquiry_names_what_is_missing_and_stores_nothing() {
    let app = spawn_app().await;
    let (status, body) = app.post_json("/api/contact/", &json!({})).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["error"],
        "Please fill in all required fields: name, email, enquiryType, message"
    );
    assert_eq!(body["fields"]["enquiryType"], "This field is required.");

    let mut odd = enquiry();
    odd["enquiryType"] = json!("party");
    odd["email"] = json!("alex at example");
    let (status, body) = app.post_json("/api/contact/", &odd).await;
    assert_eq!(status, 400);
    assert_eq!(
        body["fields"]["email"],
        "Please enter an email address like name@example.com."
    );
    assert_eq!(
        body["fields"]["enquiryType"],
        "Please choose what your enquiry is about."
    );
    assert_eq!(enquiries(&app).await, 0);
}

#[tokio::test]
async fn a_filled_honeypot_looks_received_but_is_dropped() {
    let app = spawn_app().await;
    let mut bot = enquiry();
    bot["website"] = json!("https://spam.example");
    let (status, body) = app.post_json("/api/contact/", &bot).await;
    assert_eq!((status, body), (200, json!({"status": "success"})));
    assert_eq!(enquiries(&app).await, 0);
}

#[tokio::test]
async fn one_address_may_send_five_enquiries_in_ten_minutes() {
    let app = spawn_app().await;
    for n in 1..=5 {
        let (status, _) = app.post_json("/api/contact/", &enquiry()).await;
        assert_eq!(status, 200, "enquiry {n}");
    }
    let (status, body) = app.post_json("/api/contact/", &enquiry()).await;
    assert_eq!(status, 429);
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .starts_with("You have sent us several messages")
    );
    assert_eq!(enquiries(&app).await, 5);
}

#[tokio::test]
async fn an_order_missing_a_field_names_it_rather_than_failing_to_parse() {
    let app = spawn_app().await;
    let (status, body) = app
        .post_json(
            "/api/orders/",
            &json!({"payment_intent_id": "pi_x", "cart_id": "c", "first_name": "Jo",
                    "last_name": "Bloom", "address": "1 Road", "city": "Bristol",
                    "postcode": "BS14 9AB", "phone": "0117 496 0123"}),
        )
        .await;
    assert_eq!(status, 400);
    assert_eq!(body["error"], "Please fill in all required fields: email");
}
