//! The studio's delivery settings edited in the back office: checked by core, saved, and used
//! at once by the site's opening hours and the delivery rules.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{admin_get, admin_put, admin_session, assert_admin_only, spawn_app};

const PATH: &str = "/api/admin/settings/delivery/";

#[tokio::test]
async fn new_opening_hours_are_on_the_site_and_in_the_rules_at_once() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let (status, mut settings) = admin_get(&app, &session, PATH).await;
    assert_eq!(status, 200, "{settings}");
    assert_eq!(settings["opening_hours"]["sunday"], Value::Null);
    settings["opening_hours"]["sunday"] = json!({"open": "10:00", "close": "14:00"});
    settings["free_delivery_from"] = json!("75.00");
    settings["closed_on"] = json!([{"date": "2027-01-02", "reason": "stocktaking"}]);
    let (status, saved) = admin_put(&app, &session, PATH, settings).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["opening_hours"]["sunday"]["open"], "10:00");

    let (_, site) = app.get_json("/api/site/").await;
    let hours = site["opening_hours"].as_array().unwrap();
    let sunday = hours
        .iter()
        .find(|line| line["days"] == "Sunday")
        .expect("a line for Sunday");
    assert_eq!(sunday["hours"], "10:00–14:00");
    let (_, delivery) = app.get_json("/api/delivery/").await;
    assert_eq!(delivery["settings"]["free_delivery_from"], "75.00");
    assert_eq!(
        delivery["settings"]["closed_on"][0]["reason"],
        "stocktaking"
    );
}

#[tokio::test]
async fn settings_that_make_no_sense_are_refused_with_cores_sentences_and_nothing_changes() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let (_, original) = admin_get(&app, &session, PATH).await;
    let mut settings = original.clone();
    settings["opening_hours"]["monday"] = json!({"open": "18:00", "close": "07:30"});
    settings["zones"][1]["districts"] = json!(["BS3"]);
    let (status, body) = admin_put(&app, &session, PATH, settings).await;
    assert_eq!(status, 400, "{body}");
    let problems: Vec<&str> = body["fields"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert!(problems.iter().any(|p| p.contains("BS3")), "{problems:?}");
    assert!(problems.len() >= 2, "{problems:?}");

    let mut unreadable = original.clone();
    unreadable["zones"][0]["fee"] = json!("five pounds");
    let (status, body) = admin_put(&app, &session, PATH, unreadable).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["fields"]["settings"].is_string(), "{body}");

    let (_, now) = admin_get(&app, &session, PATH).await;
    assert_eq!(now, original);
}

#[tokio::test]
async fn only_an_admin_reads_or_changes_the_settings() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let calls = [
        (Method::GET, PATH, Value::Null),
        (Method::PUT, PATH, json!({})),
    ];
    assert_admin_only(&app, &session, &calls).await;
}
