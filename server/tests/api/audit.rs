//! The record of who did what: each kind written with who and when as the change is made, in
//! its transaction (a refused change leaves nothing), read-only in the back office, newest
//! first, filtered by kind, admin only, and forgotten after two years on the clock it is
//! handed.

use reqwest::Method;
use serde_json::{Value, json};

use crate::builders::{Admin, OrderBuilder, ProductBuilder};
use crate::helpers::{
    TestApp, admin_delete, admin_get, admin_post, admin_put, admin_session, assert_admin_only,
    count, spawn_app,
};
use crate::order_admin::refund;
use crate::product_admin::{admin_product, form_of, stock_change};
use posy_server::store::audit::{self, Kind};
use posy_server::store::clock::{Clock, now};

/// The record's entries of `kind` (all with `None`), newest first, from its first page.
async fn entries(app: &TestApp, session: &str, kind: Option<&str>) -> Vec<Value> {
    let path = match kind {
        Some(kind) => format!("/api/admin/audit/?kind={kind}"),
        None => "/api/admin/audit/".to_owned(),
    };
    let (status, page) = admin_get(app, session, &path).await;
    assert_eq!(status, 200, "{page}");
    page["entries"].as_array().unwrap().clone()
}

/// Each entry of `kind` as `who | subject | change`, newest first.
async fn said(app: &TestApp, session: &str, kind: &str) -> Vec<String> {
    entries(app, session, Some(kind))
        .await
        .iter()
        .map(|entry| {
            assert_eq!(entry["kind"], kind);
            assert!(entry["at"].as_str().unwrap().ends_with('Z'), "{entry}");
            format!(
                "{} | {} | {}",
                entry["who"].as_str().unwrap(),
                entry["subject"].as_str().unwrap(),
                entry["change"].as_str().unwrap()
            )
        })
        .collect()
}

async fn sign_in(app: &TestApp, username: &str, password: &str) -> u16 {
    crate::helpers::status_of(
        app.signed(Method::POST, "/api/auth/login/", None)
            .json(&json!({"username": username, "password": password})),
    )
    .await
}

#[tokio::test]
async fn a_sign_in_is_recorded_and_failures_are_counted_in_one_entry_per_address() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    for _ in 0..3 {
        assert_eq!(sign_in(&app, "studio", "not-the-password").await, 401);
    }
    assert_eq!(sign_in(&app, "nobody", "a-guess").await, 401);

    assert_eq!(
        said(&app, &session, "sign-in").await,
        ["studio | from 127.0.0.1 | signed in"]
    );
    let failed = entries(&app, &session, Some("failed-sign-ins")).await;
    assert_eq!(failed.len(), 1, "{failed:?}");
    assert_eq!(failed[0]["times"], 4);
    assert_eq!(failed[0]["who"], audit::NOT_SIGNED_IN);
    assert_eq!(failed[0]["subject"], "from 127.0.0.1");
    assert_eq!(failed[0]["kind_label"], "Failed sign-ins");
    // The names tried are not kept: a password is sometimes typed there.
    assert!(!failed[0].to_string().contains("nobody"), "{failed:?}");
}

#[tokio::test]
async fn price_stock_and_product_changes_are_recorded_old_to_new() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let sunflowers = admin_product(&app, &session, "Sunflower Bunch").await;
    let id = sunflowers["id"].as_i64().unwrap();
    let (old_price, old_stock) = (sunflowers["price"].clone(), sunflowers["stock"].clone());
    let mut form = form_of(&sunflowers);
    form["name"] = json!("Sunflower Armful");
    form["price"] = json!("31.50");
    form["stock"] = json!(4);
    let (status, saved) =
        admin_put(&app, &session, &format!("/api/admin/products/{id}/"), form).await;
    assert_eq!(status, 200, "{saved}");
    let subject = format!("Sunflower Armful (#{id})");
    assert_eq!(
        said(&app, &session, "price").await,
        [format!(
            "studio | {subject} | price: £{} → £31.50",
            old_price.as_str().unwrap()
        )]
    );
    assert_eq!(
        said(&app, &session, "product").await,
        [format!(
            "studio | {subject} | name: Sunflower Bunch → Sunflower Armful"
        )]
    );

    // The list's quick change, then a product made and deleted.
    let (status, body) = admin_post(
        &app,
        &session,
        &format!("/api/admin/products/{id}/stock/"),
        stock_change(&saved, None, 9),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        said(&app, &session, "stock").await,
        [
            format!("studio | {subject} | stock: 4 → 9"),
            format!("studio | {subject} | stock: {old_stock} → 4"),
        ]
    );
    let made = ProductBuilder::new("Midwinter Posy")
        .create(&app, &session)
        .await;
    let made_id = made["id"].as_i64().unwrap();
    let (status, body) =
        admin_delete(&app, &session, &format!("/api/admin/products/{made_id}/")).await;
    assert!(status < 300, "{status} {body}");
    let made_subject = format!("Midwinter Posy (#{made_id})");
    assert_eq!(
        said(&app, &session, "product").await[..2],
        [
            format!("studio | {made_subject} | deleted"),
            format!("studio | {made_subject} | made at £38.00, 5 in stock, on sale"),
        ]
    );
}

#[tokio::test]
async fn a_refused_change_leaves_no_entry() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let opened = admin_product(&app, &session, "Sunflower Bunch").await;
    let id = opened["id"].as_i64().unwrap();
    let path = format!("/api/admin/products/{id}/");
    let mut first = form_of(&opened);
    first["price"] = json!("40.00");
    let (status, body) = admin_put(&app, &session, &path, first).await;
    assert_eq!(status, 200, "{body}");
    let before = count(&app, "audit_entries").await;

    // A second page, loaded before that save, changes the price, the name and the stock.
    let mut stale = form_of(&opened);
    stale["price"] = json!("45.00");
    stale["name"] = json!("Sunflower Armful");
    stale["stock"] = json!(30);
    let (status, body) = admin_put(&app, &session, &path, stale).await;
    assert_eq!(status, 409, "{body}");
    // A stock change from a count that moved is refused after the product's own fields were
    // written in its transaction: rolled back, record and all.
    let mut moved = form_of(&admin_product(&app, &session, "Sunflower Bunch").await);
    moved["name"] = json!("Sunflower Armful");
    moved["stock_seen"] = json!(opened["stock"].as_i64().unwrap() + 7);
    moved["stock"] = json!(1);
    let (status, body) = admin_put(&app, &session, &path, moved).await;
    assert_eq!(status, 409, "{body}");
    // Disabling the only admin who can sign in is refused.
    let (status, body) =
        admin_post(&app, &session, "/api/admin/admins/1/disable/", json!({})).await;
    assert_eq!(status, 409, "{body}");

    assert_eq!(count(&app, "audit_entries").await, before);
    assert_eq!(said(&app, &session, "product").await, Vec::<String>::new());
}

#[tokio::test]
async fn settings_saved_are_recorded_field_by_field() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let facts_path = "/api/admin/settings/studio/";
    let (_, loaded) = admin_get(&app, &session, facts_path).await;
    let mut facts = loaded["facts"].clone();
    facts["version"] = loaded["version"].clone();
    facts["phone"] = json!("0117 496 0999");
    let (status, body) = admin_put(&app, &session, facts_path, facts).await;
    assert_eq!(status, 200, "{body}");

    let delivery_path = "/api/admin/settings/delivery/";
    let (_, mut settings) = admin_get(&app, &session, delivery_path).await;
    settings["free_delivery_from"] = json!("75.00");
    let (status, body) = admin_put(&app, &session, delivery_path, settings).await;
    assert_eq!(status, 200, "{body}");

    assert_eq!(
        said(&app, &session, "settings").await,
        [
            "studio | delivery settings | free_delivery_from: \"60.00\" → \"75.00\"",
            "studio | studio facts | phone: \"0117 496 0123\" → \"0117 496 0999\"",
        ]
    );
}

#[tokio::test]
async fn admins_added_disabled_enabled_and_removed_are_recorded_with_who_did_it() {
    let app = spawn_app().await;
    // The first account, made on the shop's server.
    let by = posy_server::accounts::admins::ChangedBy {
        who: audit::COMMAND_LINE,
        notify: "studio@posy.localhost",
    };
    posy_server::accounts::admins::create(&app.db, "ruth", "a-long-ruth-password", &by)
        .await
        .unwrap();
    let session = Admin::studio().signed_in(&app).await;
    let (status, list) = admin_post(
        &app,
        &session,
        "/api/admin/admins/",
        json!({"username": "maya", "password": "sweet-peas-in-june",
               "current_password": "a-long-studio-password"}),
    )
    .await;
    assert_eq!(status, 200, "{list}");
    let maya = list[2]["id"].as_i64().unwrap();
    for change in ["disable/", "enable/"] {
        let path = format!("/api/admin/admins/{maya}/{change}");
        let (status, body) = admin_post(&app, &session, &path, json!({})).await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, body) = admin_delete(&app, &session, &format!("/api/admin/admins/{maya}/")).await;
    assert_eq!(status, 200, "{body}");

    assert_eq!(
        said(&app, &session, "admin").await,
        [
            "studio | maya | removed",
            "studio | maya | enabled again",
            "studio | maya | disabled: signed out, cannot sign in",
            "studio | maya | added",
            "A test | studio | added",
            "command line | ruth | added",
        ]
    );
}

#[tokio::test]
async fn refunds_and_exports_are_recorded() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let order = OrderBuilder::of("Sunflower Bunch", 2).place(&app).await;
    let body = json!({"quantities": [1], "restock": [false], "delivery": false,
                      "cancel": false, "reason": "one was bruised"});
    let (status, refunded) = refund(&app, &session, order.id, body).await;
    assert_eq!(status, 200, "{refunded}");
    let recorded = said(&app, &session, "refund").await;
    assert_eq!(recorded.len(), 1, "{recorded:?}");
    let reference = refunded["reference"].as_str().unwrap();
    assert!(
        recorded[0].starts_with(&format!("studio | order {reference} | £")),
        "{recorded:?}"
    );
    assert!(
        recorded[0].contains("refunded in all: £0.00 → £")
            && recorded[0].ends_with("Reason: one was bruised"),
        "{recorded:?}"
    );

    let path = "/api/admin/orders/export/?from=2026-12-01&to=2026-12-31";
    let response = app
        .signed(Method::GET, path, Some(&session))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    response.text().await.unwrap();
    assert_eq!(
        said(&app, &session, "export").await,
        [
            "studio | orders' CSV | the orders of 1 December 2026 to 31 December 2026, with the \
          customers' names, addresses and phone numbers"
        ]
    );
}

#[tokio::test]
async fn a_customers_export_and_erasure_and_the_retention_periods_are_recorded() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let (status, body) = app
        .post_json(
            "/api/contact/",
            &json!({"name": "Ada Rose", "email": "ada@example.com", "enquiryType": "wedding",
                    "message": "Flowers for June?"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let ask = json!({"email": "ada@example.com"});
    for path in [
        "/api/admin/customers/export/",
        "/api/admin/customers/erase/",
    ] {
        let (status, body) = admin_post(&app, &session, path, ask.clone()).await;
        assert_eq!(status, 200, "{body}");
    }
    assert_eq!(
        said(&app, &session, "export").await,
        ["studio | ada@example.com | her data: 0 order(s), 1 enquiry(ies), 2 letter(s)"]
    );
    // The erasure's entry outlives her data: it keeps only a hint of her address.
    let erased = said(&app, &session, "erasure").await;
    assert_eq!(erased.len(), 1);
    assert!(
        erased[0].starts_with("studio | a…@example.com | erased on request: 0 order(s)"),
        "{erased:?}"
    );
    assert!(
        !entries(&app, &session, None)
            .await
            .iter()
            .any(|e| e.to_string().contains("ada@example.com") && e["kind"] == "erasure")
    );

    let (_, periods) = admin_get(&app, &session, "/api/admin/settings/retention/").await;
    let mut changed = periods.clone();
    changed["mail_days"] = json!(periods["mail_days"].as_i64().unwrap() + 30);
    let (status, body) = admin_put(&app, &session, "/api/admin/settings/retention/", changed).await;
    assert_eq!(status, 200, "{body}");
    let settings = said(&app, &session, "settings").await;
    assert!(
        settings[0].starts_with("studio | how long data is kept | ") && settings[0].contains("→"),
        "{settings:?}"
    );
}

#[tokio::test]
async fn the_record_is_newest_first_a_page_at_a_time_and_filtered_by_kind() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    for n in 0..51 {
        audit::record(&app.db, "studio", Kind::Export, "test", &n.to_string())
            .await
            .unwrap();
    }
    let (status, first) = admin_get(&app, &session, "/api/admin/audit/?kind=export").await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(
        (first["page"].as_u64(), first["pages"].as_u64()),
        (Some(1), Some(2))
    );
    assert_eq!(first["entries"].as_array().unwrap().len(), 50);
    assert_eq!(first["entries"][0]["change"], "50");
    let kinds: Vec<&str> = first["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|kind| kind["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds.len(), Kind::ALL.len());
    assert!(kinds.contains(&"erasure"), "{kinds:?}");
    let (_, second) = admin_get(&app, &session, "/api/admin/audit/?kind=export&page=2").await;
    assert_eq!(second["entries"].as_array().unwrap().len(), 1);
    assert_eq!(second["entries"][0]["change"], "0");
    let (_, past) = admin_get(
        &app,
        &session,
        &format!("/api/admin/audit/?page={}", u64::MAX),
    )
    .await;
    assert_eq!(past["entries"], json!([]));
    // Every kind together: the exports, then older, the admin made and signed in.
    assert_eq!(entries(&app, &session, None).await.len(), 50);
    let (_, older) = admin_get(&app, &session, "/api/admin/audit/?page=2").await;
    let kinds: Vec<&str> = older["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| entry["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["export", "sign-in", "admin"]);

    // A kind the record does not keep is refused in the API's one error shape.
    let (status, body) = admin_get(&app, &session, "/api/admin/audit/?kind=prices").await;
    assert_eq!(status, 400, "{body}");
    assert!(body["error"].is_string(), "{body}");
}

#[tokio::test]
async fn entries_are_forgotten_after_two_years_on_the_clock_the_task_is_handed() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let day = 86_400;
    let written = count(&app, "audit_entries").await;
    assert!(written >= 2, "the admin made and signed in");
    let nearly = Clock::starting_at(now() + audit::KEPT_DAYS * day - day);
    assert_eq!(audit::forget_old(&app.db, nearly).await.unwrap(), 0);
    assert_eq!(count(&app, "audit_entries").await, written);
    let after = Clock::starting_at(now() + audit::KEPT_DAYS * day + day);
    assert_eq!(
        audit::forget_old(&app.db, after).await.unwrap(),
        u64::try_from(written).unwrap()
    );
    assert_eq!(entries(&app, &session, None).await, Vec::<Value>::new());
}

#[tokio::test]
async fn the_record_is_the_admins_alone() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    assert_admin_only(
        &app,
        &session,
        &[(Method::GET, "/api/admin/audit/", Value::Null)],
    )
    .await;
}
