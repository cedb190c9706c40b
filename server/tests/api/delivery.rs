//! The delivery settings: published in core's own shape, kept in the database, and the source
//! of the opening hours the site shows; products say how much notice they need.

use posy_core::calendar::TimeOfDay;
use posy_core::delivery::{DeliverySettings, Hours};
use serde_json::json;

use crate::helpers::{product, spawn_app};

#[tokio::test]
async fn the_published_settings_are_cores_own_demo_settings() {
    let app = spawn_app().await;
    let (status, body) = app.get_json("/api/delivery/").await;
    assert_eq!(status, 200, "{body}");
    // The browser hands this JSON to core as it is: it must read as core's settings.
    let settings: DeliverySettings = serde_json::from_value(body["settings"].clone()).unwrap();
    assert_eq!(settings, DeliverySettings::demo());
    assert_eq!(body["settings"]["zones"][0]["fee"], "5.00");
    assert_eq!(body["settings"]["opening_hours"]["sunday"], json!(null));
}

#[tokio::test]
async fn the_site_shows_the_hours_the_settings_hold() {
    let app = spawn_app().await;
    let (_, site) = app.get_json("/api/site/").await;
    assert_eq!(
        site["opening_hours"],
        json!([
            {"days": "Monday to Friday", "hours": "07:30–18:00"},
            {"days": "Saturday", "hours": "08:00–16:00"},
            {"days": "Sunday", "hours": "Closed"},
        ])
    );
    let mut settings = DeliverySettings::demo();
    settings.opening_hours.saturday = None;
    settings.opening_hours.friday = Some(Hours {
        open: TimeOfDay::parse("07:30").unwrap(),
        close: TimeOfDay::parse("20:00").unwrap(),
    });
    // The demo's settings, never saved before: version 0.
    posy_server::studio::delivery::save(&app.db, "studio", &settings, 0)
        .await
        .unwrap();
    let (_, site) = app.get_json("/api/site/").await;
    assert_eq!(
        site["opening_hours"],
        json!([
            {"days": "Monday to Thursday", "hours": "07:30–18:00"},
            {"days": "Friday", "hours": "07:30–20:00"},
            {"days": "Saturday and Sunday", "hours": "Closed"},
        ])
    );
    let (_, published) = app.get_json("/api/delivery/").await;
    assert_eq!(
        published["settings"]["opening_hours"]["saturday"],
        json!(null)
    );
}

#[tokio::test]
async fn settings_that_make_no_sense_are_not_saved() {
    let app = spawn_app().await;
    let mut settings = DeliverySettings::demo();
    settings.zones[1].districts.push("BS14".into());
    let Err(posy_server::store::settings::SaveError::Problems(problems)) =
        posy_server::studio::delivery::save(&app.db, "studio", &settings, 0).await
    else {
        panic!("a district in two zones is refused");
    };
    assert_eq!(problems, ["BS14 is in more than one zone."]);
    assert_eq!(
        posy_server::studio::delivery::settings(&app.db)
            .await
            .unwrap(),
        DeliverySettings::demo(),
        "the settings in force are unchanged"
    );
}

#[tokio::test]
async fn products_say_how_many_days_notice_they_need() {
    let app = spawn_app().await;
    assert_eq!(product(&app, "Sympathy Basket").await["lead_days"], 2);
    assert_eq!(product(&app, "Christmas Door Wreath").await["lead_days"], 2);
    assert_eq!(product(&app, "Peony Posy").await["lead_days"], 0);
}
