//! Customers' data under UK GDPR: the retention rules, each applied on a clock the test moves
//! (the shop's task runs on the real one), and export and erasure on request, each checked by
//! reading the database and the outbox folder afterwards.

use std::time::Duration;

use posy_server::app::retention::{self, Applied};
use posy_server::store::clock::{Clock, now, parse_moment};
use posy_server::store::db::Writer;
use posy_server::store::entities::{
    cart, enquiry, enquiry_reply, order, order_item, order_token, outbox,
};
use reqwest::Method;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{Value, json};

use crate::backup::{path, posy};
use crate::builders::OrderBuilder;
use crate::fulfilment::{monday_morning, shop_at};
use crate::helpers::{
    TestApp, admin_get, admin_post, admin_put, admin_session, assert_admin_only, spawn_app, sql,
};
use crate::order_admin::move_order;

const DAY: i64 = 86_400;

/// Applies the retention settings as the daily task does, on a clock moved to `moment`.
pub(crate) async fn retention_at(app: &TestApp, moment: i64) -> Applied {
    let writer = Writer::beside_the_shop(app.db.clone());
    let clock = Clock::starting_at(moment);
    retention::apply(&writer, &app.data_dir.join("outbox"), clock.now())
        .await
        .unwrap()
}

/// Waits until `count` letters are sent (written to their files and marked).
async fn sent(app: &TestApp, count: u64) {
    for _ in 0..200 {
        let done = outbox::Entity::find()
            .filter(outbox::Column::SentAt.is_not_null())
            .count(&app.db)
            .await
            .unwrap();
        if done >= count {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("fewer than {count} letters were sent");
}

/// The `.eml` files in the outbox folder, each as its text.
fn mail_files(app: &TestApp) -> Vec<String> {
    std::fs::read_dir(app.data_dir.join("outbox"))
        .map(|dir| {
            dir.filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|file| file.extension().is_some_and(|e| e == "eml"))
                .map(|file| std::fs::read_to_string(file).unwrap())
                .collect()
        })
        .unwrap_or_default()
}

async fn enquire(app: &TestApp, email: &str, message: &str) {
    let (status, body) = app
        .post_json(
            "/api/contact/",
            &json!({"name": "Ada Rose", "email": email, "phone": "07700 900456",
                    "enquiryType": "wedding", "message": message}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
}

async fn the_order(app: &TestApp, id: i64) -> order::Model {
    order::Entity::find_by_id(id as i32)
        .one(&app.db)
        .await
        .unwrap()
        .unwrap()
}

#[tokio::test]
async fn sent_mail_goes_with_its_file_after_ninety_days_and_not_before() {
    let app = spawn_app().await;
    OrderBuilder::of("Sunflower Bunch", 1).place(&app).await;
    sent(&app, 2).await;
    assert_eq!(mail_files(&app).len(), 2);

    let kept = retention_at(&app, now() + 89 * DAY).await;
    assert_eq!(kept.mail, 0);
    assert_eq!(outbox::Entity::find().count(&app.db).await.unwrap(), 2);

    let gone = retention_at(&app, now() + 91 * DAY).await;
    assert_eq!((gone.mail, gone.mail_files), (2, 2));
    assert_eq!(outbox::Entity::find().count(&app.db).await.unwrap(), 0);
    assert!(mail_files(&app).is_empty(), "the .eml files went too");
}

#[tokio::test]
async fn mail_given_up_on_goes_ninety_days_after_it_was_given_up() {
    let app = spawn_app().await;
    enquire(&app, "ada@example.com", "Flowers for June?").await;
    sent(&app, 2).await;
    // One letter never went: given up on now, and its file never written.
    let given_up = now();
    sql(
        &app,
        &format!(
            "UPDATE outbox SET sent_at = NULL, dead_at = {given_up} WHERE id = \
             (SELECT MIN(id) FROM outbox)"
        ),
    )
    .await;
    // Sent mail stays for longer than this in these settings, so only the dead one can go.
    let (status, saved) = admin_put(
        &app,
        &admin_session(&app).await,
        "/api/admin/settings/retention/",
        json!({"mail_days": 365, "card_months": 13, "enquiry_years": 2,
               "dead_mail_days": 30, "order_years": 6, "version": 0}),
    )
    .await;
    assert_eq!(status, 200, "{saved}");

    assert_eq!(retention_at(&app, given_up + 29 * DAY).await.mail, 0);
    assert_eq!(retention_at(&app, given_up + 31 * DAY).await.mail, 1);
    let left = outbox::Entity::find().all(&app.db).await.unwrap();
    assert_eq!(left.len(), 1);
    assert!(left[0].sent_at.is_some(), "the sent one stays: {left:?}");
}

#[tokio::test]
async fn the_recipients_phone_the_instructions_and_the_card_go_thirteen_months_after_the_day() {
    let app = shop_at(monday_morning).await;
    let placed = OrderBuilder::of("Sunflower Bunch", 1)
        .delivered("2026-12-15", "Morning", "bs3 4aa")
        .place(&app)
        .await;
    let choice = |row: &order::Model| -> Value {
        serde_json::from_str(row.fulfilment.as_deref().unwrap()).unwrap()
    };

    // 13 months after 15 December 2026 is 15 January 2028.
    let before = retention_at(&app, parse_moment("2028-01-14T12:00Z").unwrap()).await;
    assert_eq!(before.blanked, 0);
    let kept = choice(&the_order(&app, placed.id).await);
    assert_eq!(kept["card_message"], "Happy birthday, Mum!\nWith love");

    let after = retention_at(&app, parse_moment("2028-01-16T12:00Z").unwrap()).await;
    assert_eq!(after.blanked, 1);
    let row = the_order(&app, placed.id).await;
    let blanked = choice(&row);
    for gone in [
        "recipient_phone",
        "instructions",
        "card_message",
        "card_from",
    ] {
        assert_eq!(blanked[gone], "", "{gone}: {blanked}");
    }
    // What the delivery and the books still need stays.
    assert_eq!(blanked["recipient_name"], "Margaret Hale");
    assert_eq!(blanked["date"], "2026-12-15");
    assert_eq!(row.email, "jo@example.com");
    assert!(row.details_blanked_at.is_some());
    // A second pass finds nothing more to do.
    assert_eq!(
        retention_at(&app, parse_moment("2028-01-17T12:00Z").unwrap())
            .await
            .blanked,
        0
    );
}

#[tokio::test]
async fn an_enquiry_goes_with_its_replies_two_years_after_the_last_of_them() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    enquire(&app, "ada@example.com", "A quiet one").await;
    enquire(&app, "bea@example.com", "An old one, answered lately").await;
    // Bea's enquiry came three years ago; the studio answers it now.
    sql(
        &app,
        &format!(
            "UPDATE enquiries SET created_at = {} WHERE email = 'bea@example.com'",
            now() - 3 * 365 * DAY
        ),
    )
    .await;
    let bea = enquiry::Entity::find()
        .filter(enquiry::Column::Email.eq("bea@example.com"))
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    let (status, replied) = admin_post(
        &app,
        &session,
        &format!("/api/admin/enquiries/{}/reply/", bea.id),
        json!({"greeting": "Dear Bea,", "body": "Yes, we can help.", "signature": "Jo"}),
    )
    .await;
    assert_eq!(status, 200, "{replied}");

    // Two years on, less a day: nothing goes, though Bea's enquiry is five years old.
    let soon = now() + 729 * DAY;
    assert_eq!(retention_at(&app, soon).await.enquiries, 0);
    assert_eq!(enquiry::Entity::find().count(&app.db).await.unwrap(), 2);

    let later = now() + 732 * DAY;
    assert_eq!(retention_at(&app, later).await.enquiries, 2);
    assert_eq!(enquiry::Entity::find().count(&app.db).await.unwrap(), 0);
    assert_eq!(
        enquiry_reply::Entity::find().count(&app.db).await.unwrap(),
        0
    );
}

#[tokio::test]
async fn an_order_is_anonymised_after_six_years_keeping_the_money_the_items_and_the_district() {
    let app = shop_at(monday_morning).await;
    let placed = OrderBuilder::of("Sunflower Bunch", 1)
        .delivered("2026-12-15", "Morning", "bs3 4aa")
        .place(&app)
        .await;
    let paid = the_order(&app, placed.id).await;

    assert_eq!(retention_at(&app, now() + 2189 * DAY).await.anonymised, 0);
    assert_eq!(the_order(&app, placed.id).await.email, "jo@example.com");

    assert_eq!(retention_at(&app, now() + 2197 * DAY).await.anonymised, 1);
    let row = the_order(&app, placed.id).await;
    let kept = json!({"method": "delivery", "date": "2026-12-15", "slot": "Morning",
                      "collection_time": "", "recipient_name": "", "recipient_phone": "",
                      "address_line1": "", "address_line2": "", "city": "", "postcode": "BS3",
                      "instructions": "", "card_message": "", "card_from": ""});
    assert_anonymised(&app, &paid, &row, Some(kept), &placed.token).await;
}

/// Nothing of the customer is left on the order but the money, the items, the dates and the
/// postcode district (the choice kept as `choice`); its link no longer opens.
async fn assert_anonymised(
    app: &TestApp,
    paid: &order::Model,
    row: &order::Model,
    choice: Option<Value>,
    token: &str,
) {
    for (what, value) in [
        ("email", &row.email),
        ("first name", &row.first_name),
        ("last name", &row.last_name),
        ("address", &row.address),
        ("city", &row.city),
        ("phone", &row.phone),
    ] {
        assert_eq!(value, "", "{what}");
    }
    assert_eq!(row.postcode, "BS14", "the billing postcode's district");
    assert_eq!(row.total_pence, paid.total_pence);
    assert_eq!(row.created_at, paid.created_at);
    assert_eq!(row.status, paid.status);
    assert!(row.anonymised_at.is_some());
    let kept: Option<Value> = row
        .fulfilment
        .as_deref()
        .map(|json| serde_json::from_str(json).unwrap());
    assert_eq!(kept, choice);
    let items = order_item::Entity::find()
        .filter(order_item::Column::OrderId.eq(row.id))
        .all(&app.db)
        .await
        .unwrap();
    assert_eq!(items.len(), 1);
    assert_eq!(items[0].product_name, "Sunflower Bunch");
    let links = order_token::Entity::find()
        .filter(order_token::Column::OrderId.eq(row.id))
        .count(&app.db)
        .await
        .unwrap();
    assert_eq!(links, 0, "every link to it ended");
    let (status, _) = app
        .get_json(&format!("/api/orders/{}?token={token}", row.id))
        .await;
    assert_eq!(status, 403);
    // The cart it was made from keeps nothing of the recipient either.
    let cart = cart::Entity::find_by_id(row.cart_id.clone())
        .one(&app.db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(cart.fulfilment, None);
}

#[tokio::test]
async fn the_fake_clock_of_the_shop_is_not_the_retention_clock() {
    // The shop's calendar says 2026-12-14 whatever the real date; a pass on the real clock
    // removes nothing just placed.
    let app = shop_at(monday_morning).await;
    OrderBuilder::of("Sunflower Bunch", 1).place(&app).await;
    sent(&app, 2).await;
    assert_eq!(retention_at(&app, now()).await, Applied::default());
}

#[tokio::test]
async fn the_retention_settings_are_saved_with_a_version_refused_out_of_bounds_and_told_in_the_notice()
 {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let (status, notice) = app.get_json("/api/privacy/").await;
    assert_eq!(status, 200);
    assert_eq!(
        notice,
        json!({"mail_kept": "90 days", "card_kept": "13 months", "enquiries_kept": "2 years",
               "unsent_mail_kept": "90 days", "orders_kept": "6 years",
               "vouchers_kept": "6 years", "unpaid_vouchers_kept": "30 days", "stripe": false,
               "mail_relay": false, "object_storage": false,
               "workshop_notes_kept": "30 days after the workshop",
               "workshop_notes_why": posy_core::workshop::NOTE_WHY})
    );
    let (status, loaded) = admin_get(&app, &session, "/api/admin/settings/retention/").await;
    assert_eq!(status, 200);
    assert_eq!(loaded["version"], 0);

    let mut form = loaded.clone();
    form["order_years"] = json!(5);
    let (status, refused) = admin_put(&app, &session, "/api/admin/settings/retention/", form).await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(
        refused["error"],
        "Orders must be kept between 6 and 20 years."
    );

    let mut form = loaded.clone();
    form["mail_days"] = json!(30);
    let (status, saved) = admin_put(
        &app,
        &session,
        "/api/admin/settings/retention/",
        form.clone(),
    )
    .await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["version"], 1);
    // A version never stored, the last whole number too, is refused in words, not a crash.
    let mut unheard_of = form.clone();
    unheard_of["version"] = json!(i64::MAX);
    let (status, body) =
        admin_put(&app, &session, "/api/admin/settings/retention/", unheard_of).await;
    assert_eq!(status, 409, "{body}");
    // A page that loaded version 0 is refused in words.
    let (status, stale) = admin_put(&app, &session, "/api/admin/settings/retention/", form).await;
    assert_eq!(status, 409, "{stale}");
    assert!(
        stale["error"]
            .as_str()
            .unwrap()
            .contains("Someone else saved")
    );
    assert_eq!(
        app.get_json("/api/privacy/").await.1["mail_kept"],
        "30 days"
    );

    assert_admin_only(
        &app,
        &session,
        &[
            (Method::GET, "/api/admin/settings/retention/", json!(null)),
            (Method::PUT, "/api/admin/settings/retention/", loaded),
        ],
    )
    .await;
}

#[tokio::test]
async fn her_data_is_exported_whole_and_nobody_elses() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let placed = OrderBuilder::of("Sunflower Bunch", 1).place(&app).await;
    enquire(&app, "JO@example.com", "Do you do buttonholes?").await;
    enquire(&app, "ada@example.com", "Someone else's question").await;
    sent(&app, 6).await;

    let (status, data) = admin_post(
        &app,
        &session,
        "/api/admin/customers/export/",
        json!({"email": " Jo@Example.com "}),
    )
    .await;
    assert_eq!(status, 200, "{data}");
    let orders = data["orders"].as_array().unwrap();
    assert_eq!(orders.len(), 1);
    assert_eq!(orders[0]["reference"], format!("FS-{:06}", placed.id));
    assert_eq!(orders[0]["last_name"], "Bloom");
    assert_eq!(orders[0]["items"], json!(["1 × Sunflower Bunch at 28.00"]));
    let enquiries = data["enquiries"].as_array().unwrap();
    assert_eq!(enquiries.len(), 1);
    assert_eq!(enquiries[0]["message"], "Do you do buttonholes?");
    // Her confirmation and acknowledgement, and the studio's notices about her.
    assert_eq!(data["mail"].as_array().unwrap().len(), 4, "{data}");
    assert!(!data.to_string().contains("Someone else"));

    let (status, summary) = admin_get(
        &app,
        &session,
        "/api/admin/customers/?email=jo%40example.com",
    )
    .await;
    assert_eq!(status, 200, "{summary}");
    assert_eq!(summary["orders"].as_array().unwrap().len(), 1);
    assert!(
        summary["erase_refused"]
            .as_str()
            .unwrap()
            .contains(&format!("FS-{:06} (New) is not finished", placed.id)),
        "{summary}"
    );

    let (status, refused) = admin_post(
        &app,
        &session,
        "/api/admin/customers/export/",
        json!({"email": "not an address"}),
    )
    .await;
    assert_eq!(status, 400, "{refused}");
    let ask = json!({"email": "jo@example.com"});
    assert_admin_only(
        &app,
        &session,
        &[
            (
                Method::GET,
                "/api/admin/customers/?email=jo%40example.com",
                json!(null),
            ),
            (Method::POST, "/api/admin/customers/export/", ask.clone()),
            (Method::POST, "/api/admin/customers/erase/", ask),
        ],
    )
    .await;
}

#[tokio::test]
async fn erasure_waits_for_her_unfinished_order_then_leaves_only_the_money_and_the_district() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let placed = OrderBuilder::of("Sunflower Bunch", 1).place(&app).await;
    let paid = the_order(&app, placed.id).await;
    enquire(&app, "jo@example.com", "Do you do buttonholes?").await;
    enquire(&app, "ada@example.com", "Someone else's question").await;
    sent(&app, 6).await;

    let erase = || {
        admin_post(
            &app,
            &session,
            "/api/admin/customers/erase/",
            json!({"email": "jo@example.com"}),
        )
    };
    let (status, refused) = erase().await;
    assert_eq!(status, 409, "{refused}");
    assert_eq!(
        refused["error"],
        format!(
            "Her data cannot be erased yet: order FS-{:06} (New) is not finished, and the studio \
             still needs her details to make and hand it over. Erase it once the order is \
             delivered, collected or cancelled.",
            placed.id
        )
    );
    assert_eq!(the_order(&app, placed.id).await.email, "jo@example.com");

    let (status, moved) = move_order(&app, &session, placed.id, "new", "collected").await;
    assert_eq!(status, 200, "{moved}");
    // The collection's letter to her goes out too.
    sent(&app, 7).await;

    let (status, erased) = erase().await;
    assert_eq!(status, 200, "{erased}");
    assert_eq!(
        erased,
        json!({"orders": 1, "enquiries": 1, "mail": 5, "mail_files": 5, "vouchers": 0})
    );
    let row = the_order(&app, placed.id).await;
    let paid = order::Model {
        status: "collected".into(),
        ..paid
    };
    // Placed without a choice (collection on the first day): none to anonymise.
    assert_anonymised(&app, &paid, &row, None, &placed.token).await;

    // Nothing of hers is left in the database's letters and enquiries, or in the folder.
    assert_eq!(
        enquiry::Entity::find()
            .filter(enquiry::Column::Email.eq("jo@example.com"))
            .count(&app.db)
            .await
            .unwrap(),
        0
    );
    for letter in outbox::Entity::find().all(&app.db).await.unwrap() {
        assert!(!letter.body.contains("Bloom"), "{letter:?}");
        assert!(!letter.recipient.contains("jo@"), "{letter:?}");
    }
    let files = mail_files(&app);
    assert_eq!(files.len(), 2, "Ada's two letters stay");
    for file in files {
        assert!(
            !file.contains("jo@example.com") && !file.contains("Bloom"),
            "{file}"
        );
    }
    // Ada's enquiry is untouched.
    assert_eq!(enquiry::Entity::find().count(&app.db).await.unwrap(), 1);
}

#[tokio::test]
async fn the_command_line_exports_and_erases_her_data_beside_the_running_shop() {
    let app = spawn_app().await;
    let session = admin_session(&app).await;
    let placed = OrderBuilder::of("Sunflower Bunch", 1).place(&app).await;
    sent(&app, 2).await;
    let url = app.database_url();
    let args = |more: &[&'static str]| -> Vec<String> {
        let mut args: Vec<String> = more.iter().map(|s| (*s).to_owned()).collect();
        args.extend([
            "--data-dir".into(),
            path(&app.data_dir).to_owned(),
            "--database-url".into(),
            url.clone(),
        ]);
        args
    };
    let run = async |more: &[&'static str]| {
        let args = args(more);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        posy(&args).await
    };

    let (ok, said) = run(&["customers", "export", "jo@example.com"]).await;
    assert!(ok, "{said}");
    let exported: Value = serde_json::from_str(&said).expect(&said);
    assert_eq!(exported["orders"][0]["first_name"], "Jo");

    let (ok, said) = run(&["customers", "erase", "jo@example.com", "--yes"]).await;
    assert!(!ok, "refused while the order is new: {said}");
    assert!(said.contains("is not finished"), "{said}");

    let (status, moved) = move_order(&app, &session, placed.id, "new", "collected").await;
    assert_eq!(status, 200, "{moved}");
    let (ok, said) = run(&["customers", "erase", "jo@example.com", "--yes"]).await;
    assert!(ok, "{said}");
    assert!(said.contains("1 order(s) anonymised"), "{said}");
    assert_eq!(the_order(&app, placed.id).await.email, "");
    assert!(
        mail_files(&app).iter().all(|file| !file.contains("Bloom")),
        "her letters' files are gone"
    );
}
