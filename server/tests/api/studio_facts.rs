//! The studio's facts in the back office: saved, refused with a sentence per field (nothing
//! saved), shown by `GET /api/site/` at once, admin only.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{admin_get, admin_post, admin_put, admin_session, call, spawn_app};

const PATH: &str = "/api/admin/settings/studio/";

#[tokio::test]
async fn the_demo_studio_is_in_force_until_the_studio_saves_its_own() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let (status, body) = admin_get(&app, &session, PATH).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["facts"]["name"], "Posy");
    assert_eq!(body["facts"]["phone"], "0117 496 0123");
    assert_eq!(body["facts"]["postcode"], "BS14 8SJ");
    assert_eq!(body["limits"]["name"], 40);
    let (_, site) = app.get_json("/api/site/").await;
    assert_eq!(site["phone_international"], "+441174960123");
    assert_eq!(
        site["address"],
        json!([
            "Posy Floral Studio",
            "Unit 4, Stockwood Mews",
            "Stockwood Lane, Whitchurch",
            "Bristol BS14 8SJ"
        ])
    );
    assert_eq!(
        site["delivery_note"],
        "We deliver across Bristol, or collect from our studio in BS14."
    );
    assert_eq!(site["social"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn saved_facts_are_on_the_site_at_once_tidied_by_core() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let (_, before) = admin_get(&app, &session, PATH).await;
    // Read once, so the shop holds a copy in memory that the save must replace.
    app.get_json("/api/site/").await;
    let mut facts = before["facts"].clone();
    facts["version"] = before["version"].clone();
    facts["name"] = json!("Petal & Stem");
    facts["phone"] = json!("+44 (0)117 496 0999");
    facts["email"] = json!("  hello@petal.example ");
    facts["address_line_3"] = json!("");
    facts["town"] = json!("Bath");
    facts["postcode"] = json!("ba1 1aa");
    facts["pinterest"] = json!("");
    let (status, saved) = admin_put(&app, &session, PATH, facts).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["facts"]["postcode"], "BA1 1AA");
    assert_eq!(saved["facts"]["email"], "hello@petal.example");

    let (_, site) = app.get_json("/api/site/").await;
    assert_eq!(site["name"], "Petal & Stem");
    assert_eq!(site["phone"], "+44 (0)117 496 0999");
    assert_eq!(site["phone_international"], "+441174960999");
    assert_eq!(site["email"], "hello@petal.example");
    assert_eq!(
        site["address"],
        json!([
            "Posy Floral Studio",
            "Unit 4, Stockwood Mews",
            "Bath BA1 1AA"
        ])
    );
    assert_eq!(site["collection_from"], "BA1");
    assert_eq!(site["delivery_area"], "Bath");
    let networks: Vec<&str> = site["social"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(networks, ["Instagram", "Facebook"]);
    // The hours still come from the delivery settings.
    assert!(!site["opening_hours"].as_array().unwrap().is_empty());

    // And the mails sign with them: a reply to an enquiry.
    let (status, _) = app
        .post_json(
            "/api/contact/",
            &json!({"name": "Ada", "email": "ada@example.com", "enquiryType": "general",
                    "message": "Hello"}),
        )
        .await;
    assert_eq!(status, 200);
    let (_, list) = admin_get(&app, &session, "/api/admin/enquiries/").await;
    let id = list[0]["id"].as_i64().unwrap();
    // The reply is offered the studio's sign-off as its signature, and is sent with it.
    let sign_off = list[0]["sign_off"].as_str().unwrap().to_owned();
    assert!(sign_off.ends_with("Posy Floral Studio"), "{sign_off}");
    let path = format!("/api/admin/enquiries/{id}/reply/");
    let (status, body) = admin_post(
        &app,
        &session,
        &path,
        json!({"greeting": list[0]["greeting"], "body": "Yes", "signature": sign_off}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    // The notice, the enquirer's acknowledgement, then the reply.
    let mails = app.mail(3).await;
    let reply = mails
        .iter()
        .find(|m| m.contains("To: ada@example.com") && m.contains("Subject: Your enquiry to"))
        .expect("the reply is mailed");
    assert!(
        reply.contains("Subject: Your enquiry to Petal & Stem"),
        "{reply}"
    );
}

#[tokio::test]
async fn facts_at_fault_are_refused_a_sentence_each_and_nothing_is_saved() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let (_, before) = admin_get(&app, &session, PATH).await;
    let mut facts = before["facts"].clone();
    facts["version"] = before["version"].clone();
    facts["name"] = json!("  ");
    facts["phone"] = json!("+1 415 555 0100");
    facts["email"] = json!("hello@");
    facts["postcode"] = json!("BS14");
    facts["instagram"] = json!("instagram.com/posy");
    facts["town"] = json!("B".repeat(101));
    let (status, body) = admin_put(&app, &session, PATH, facts).await;
    assert_eq!(status, 400, "{body}");
    let fields = body["fields"].as_object().unwrap();
    let named: Vec<&str> = fields.keys().map(String::as_str).collect();
    assert_eq!(
        named,
        ["email", "instagram", "name", "phone", "postcode", "town"]
    );
    assert_eq!(
        fields["phone"],
        "Please give a UK phone number, like 0117 496 0123 or +44 117 496 0123."
    );
    assert_eq!(
        fields["name"],
        "Please give the studio's name, as the nav shows it."
    );
    assert_eq!(
        fields["postcode"],
        "Please enter a full UK postcode, like BS14 8AB."
    );
    let (_, after) = admin_get(&app, &session, PATH).await;
    assert_eq!(after, before);
    let (_, site) = app.get_json("/api/site/").await;
    assert_eq!(site["name"], "Posy");

    // A field that is not text is refused as unreadable, also with nothing saved.
    let mut wrong = before["facts"].clone();
    wrong["version"] = before["version"].clone();
    wrong["phone"] = json!(1174960123);
    let (status, _) = admin_put(&app, &session, PATH, wrong).await;
    assert_eq!(status, 400);
    let (_, after) = admin_get(&app, &session, PATH).await;
    assert_eq!(after, before);
}

#[tokio::test]
async fn only_an_admin_reads_or_saves_the_facts_and_saving_needs_the_csrf_header() {
    let app = spawn_app().await;
    let (status, _) = call(&app, Method::GET, PATH, None, Value::Null).await;
    assert_eq!(status, 401);
    let (status, _) = call(&app, Method::PUT, PATH, None, json!({"name": "Evil"})).await;
    assert_eq!(status, 401);
    let session = admin_session(&app).await;
    let (_, before) = admin_get(&app, &session, PATH).await;
    let mut facts = before["facts"].clone();
    facts["version"] = before["version"].clone();
    facts["name"] = json!("Evil");
    let response = app
        .without_csrf_header(Method::PUT, PATH, &session)
        .json(&facts)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 403);
    let (_, site) = app.get_json("/api/site/").await;
    assert_eq!(site["name"], "Posy");
}
