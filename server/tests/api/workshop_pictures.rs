//! A workshop's picture (issue 31): uploaded, replaced and removed in the back office through
//! the pipeline product pictures take, and shown on /workshops and its page in its sizes.

use reqwest::Method;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::files::{jpeg_with_gps, noisy_png};
use crate::helpers::{
    TestApp, admin_delete, admin_get, admin_put, admin_session, assert_admin_only,
    assert_one_picture_only, assert_webp_sizes, post_form, spawn_app, srcset_urls,
};

const WREATH: &str = "christmas-wreath-making";

async fn upload(app: &TestApp, session: &str, id: i64, name: &str, bytes: Vec<u8>) -> (u16, Value) {
    let path = format!("/api/admin/workshops/{id}/picture/");
    let form = Form::new().part("picture", Part::bytes(bytes).file_name(name.to_owned()));
    post_form(app, &path, session, form).await
}

/// The wreath workshop as the site shows it.
async fn on_site(app: &TestApp) -> Value {
    let (status, workshop) = app.get_json(&format!("/api/workshops/{WREATH}/")).await;
    assert_eq!(status, 200, "{workshop}");
    workshop
}

/// The wreath workshop's id in the back office, and its picture there.
async fn in_back_office(app: &TestApp, session: &str) -> (i64, Value) {
    let (status, list) = admin_get(app, session, "/api/admin/workshops/").await;
    assert_eq!(status, 200, "{list}");
    let row = list
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["slug"] == WREATH)
        .cloned()
        .unwrap();
    (row["id"].as_i64().unwrap(), row["image"].clone())
}

#[tokio::test]
async fn the_demo_workshops_show_their_pictures_in_sizes() {
    let app = spawn_app().await;
    let wreath = on_site(&app).await;
    assert_eq!(wreath["image"], "/media/products/christmas-door-wreath.jpg");
    let srcset = wreath["image_srcset"].as_str().unwrap();
    let widths: Vec<u32> = srcset_urls(srcset).iter().map(|(_, w)| *w).collect();
    assert_eq!(widths, [480, 960, 1000], "{srcset}");
    assert_webp_sizes(&app, wreath["image_webp_srcset"].as_str().unwrap(), srcset).await;
}

#[tokio::test]
async fn a_workshop_picture_is_uploaded_replaced_and_removed_and_a_non_picture_refused() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let (id, demo) = in_back_office(&app, &session).await;
    assert_eq!(demo, "/media/products/christmas-door-wreath.jpg");

    // Uploaded: upright, without its EXIF, in three widths with WebPs, on the site at once.
    let (status, body) = upload(&app, &session, id, "../wreath.jpg", jpeg_with_gps()).await;
    assert_eq!(status, 200, "{body}");
    let image = body["image"].as_str().unwrap().to_owned();
    assert!(
        image.starts_with("/media/workshops/") && image.ends_with("-1600.jpg"),
        "{image}"
    );
    assert!(!image.contains("wreath"), "a generated name");
    let shown = on_site(&app).await;
    assert_eq!(shown["image"], image.as_str());
    let srcset = shown["image_srcset"].as_str().unwrap().to_owned();
    let widths: Vec<u32> = srcset_urls(&srcset).iter().map(|(_, w)| *w).collect();
    assert_eq!(widths, [480, 960, 1600], "{srcset}");
    let webp_srcset = shown["image_webp_srcset"].as_str().unwrap().to_owned();
    assert_webp_sizes(&app, &webp_srcset, &srcset).await;
    let stored = app.get(&image).await.bytes().await.unwrap();
    assert!(!stored.windows(4).any(|w| w == b"Exif"), "EXIF is gone");
    let (_, list) = app.get_json("/api/workshops/").await;
    assert_eq!(list[0]["image_srcset"], srcset.as_str(), "and on its card");
    // The demo's picture is the shop's product's too: it stays.
    assert_eq!(
        app.get("/media/products/christmas-door-wreath.jpg")
            .await
            .status(),
        200
    );

    // Not a picture: refused by its content in words, and the picture kept.
    let (status, body) = upload(&app, &session, id, "notes.jpg", b"just some text".to_vec()).await;
    assert_eq!(status, 400, "{body}");
    let why = body["fields"]["picture"].as_str().unwrap();
    assert!(why.starts_with("notes.jpg is not"), "{why}");
    assert_eq!(on_site(&app).await["image"], image.as_str());

    // Replaced: the new files in place, the old ones and their WebPs gone.
    let (status, body) = upload(&app, &session, id, "again.jpg", jpeg_with_gps()).await;
    assert_eq!(status, 200, "{body}");
    let replaced = body["image"].as_str().unwrap().to_owned();
    assert_ne!(replaced, image);
    assert_eq!(app.get(&replaced).await.status(), 200);
    assert_eq!(app.get(&image).await.status(), 404, "the old picture goes");
    for (webp, _) in srcset_urls(&webp_srcset) {
        assert_eq!(app.get(&webp).await.status(), 404, "and its WebPs: {webp}");
    }

    // A save of the form, from the version loaded before the picture, keeps the picture.
    let (_, list) = admin_get(&app, &session, "/api/admin/workshops/").await;
    let w = list
        .as_array()
        .unwrap()
        .iter()
        .find(|w| w["id"] == id)
        .unwrap();
    let form = json!({
        "title": w["title"], "description": "Moss, pine and oranges.",
        "what_to_bring": w["what_to_bring"], "date": w["date"],
        "start_time": w["start_time"], "end_time": w["end_time"], "place": w["place"],
        "seats": w["seats"], "price": w["price"], "deposit": w["deposit"],
        "balance_due": w["balance_due"], "version": w["version"],
    });
    let (status, saved) =
        admin_put(&app, &session, &format!("/api/admin/workshops/{id}/"), form).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["image"], replaced.as_str());

    // Removed: the site shows none (the page's own stand-in), and its files are gone.
    let path = format!("/api/admin/workshops/{id}/picture/");
    let (status, body) = admin_delete(&app, &session, &path).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["image"], Value::Null);
    let shown = on_site(&app).await;
    assert_eq!(shown["image"], Value::Null);
    assert_eq!(shown["image_srcset"], Value::Null);
    assert_eq!(app.get(&replaced).await.status(), 404);

    // Each change is in the record.
    let (_, audit) = admin_get(&app, &session, "/api/admin/audit/?kind=workshop").await;
    let said = audit.to_string();
    // The demo's art was its picture: the upload replaced it.
    for what in ["picture replaced", "picture removed"] {
        assert!(said.contains(what), "{what}: {said}");
    }

    // None sent, two sent, or an unknown workshop.
    let one = "Please send one picture: a workshop has one.";
    assert_one_picture_only(&app, &session, &path, one).await;
    let (status, _) = upload(&app, &session, 9999, "a.jpg", jpeg_with_gps()).await;
    assert_eq!(status, 404);
    let (status, _) = admin_delete(&app, &session, "/api/admin/workshops/9999/picture/").await;
    assert_eq!(status, 404);

    assert_admin_only(
        &app,
        &session,
        &[
            (Method::POST, path.clone(), json!({})),
            (Method::DELETE, path, json!({})),
        ],
    )
    .await;
}

#[tokio::test]
async fn a_workshop_picture_larger_than_a_json_body_is_streamed() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let (id, _) = in_back_office(&app, &session).await;
    // Past the 1 MiB a JSON body may be: a phone's photo is larger still.
    let big = noisy_png(760, 700);
    assert!(big.len() > 1_100_000, "{}", big.len());
    let (status, body) = upload(&app, &session, id, "big.png", big).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(on_site(&app).await["image"], body["image"]);
}
