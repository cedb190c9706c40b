//! The studio's facts, workshops and the contact form.

use serde_json::{Value, json};

use crate::helpers::{
    Options, TestApp, assert_fields_say, count, json_of, pass_minutes_of_limits, spawn_app,
    spawn_app_with, sql,
};

fn enquiry() -> Value {
    json!({
        "name": "Alex Rowe", "email": "alex@example.com", "phone": "07700 900456",
        "enquiryType": "wedding",
        "message": "We're marrying at Arnos Vale next June and would love to talk about flowers."
    })
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
            {"days": "Monday to Friday", "hours": "07:30–18:00"},
            {"days": "Saturday", "hours": "08:00–16:00"},
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
    assert_eq!(wreath["slug"], "christmas-wreath-making");
    assert_eq!(
        (&wreath["price"], &wreath["deposit"], &wreath["balance"]),
        (&json!("45.00"), &json!("20.00"), &json!("25.00"))
    );
    // The spec's card: "due by November 20th", in a year the deposit still books a seat.
    assert_eq!(wreath["balance_due"], "2027-11-20");
    assert_eq!(wreath["balance_due_text"], "November 20th");
    assert_eq!(
        (&wreath["pay_now"], &wreath["pays_deposit"]),
        (&json!("20.00"), &json!(true))
    );
    assert_eq!(wreath["spots_text"], "4 spots left");
    assert_eq!(
        (&wreath["max_seats"], &wreath["fully_booked"]),
        (&json!(4), &json!(false))
    );
    assert_eq!(wreath["time"], "10:00–13:00");
    assert!(
        wreath["place"].as_str().unwrap().ends_with("BS14 8SJ"),
        "{wreath}"
    );
    assert!(
        wreath["cancellation_text"]
            .as_str()
            .unwrap()
            .starts_with("You can cancel until November 20th")
    );
    assert!(wreath["image"].as_str().unwrap().starts_with("/media/"));

    // The second demo workshop is full: Fully Booked and the waiting list show.
    let full = &list[1];
    assert_eq!(full["spots_text"], "0 spots left");
    assert_eq!(
        (&full["fully_booked"], &full["max_seats"]),
        (&json!(true), &json!(0))
    );

    sql(&app, "UPDATE workshops SET spots_left = 0").await;
    let (_, list) = app.get_json("/api/workshops/").await;
    assert_eq!(list[0]["spots_text"], "0 spots left");
}

#[tokio::test]
async fn a_workshop_is_read_by_its_slug_and_a_hidden_one_is_not_found_in_words() {
    let app = spawn_app().await;
    let (status, wreath) = app
        .get_json("/api/workshops/christmas-wreath-making/")
        .await;
    assert_eq!(status, 200, "{wreath}");
    assert_eq!(wreath["title"], "Christmas wreath making");
    assert!(
        wreath["what_to_bring"]
            .as_str()
            .unwrap()
            .contains("warm clothes")
    );
    assert_eq!(wreath["note_why"], posy_core::workshop::NOTE_WHY);

    sql(
        &app,
        "UPDATE workshops SET hidden = TRUE WHERE slug = 'christmas-wreath-making'",
    )
    .await;
    let (status, body) = app
        .get_json("/api/workshops/christmas-wreath-making/")
        .await;
    assert_eq!(status, 404);
    assert_eq!(body["error"], posy_core::workshop::GONE_FROM_SITE);
    let (_, list) = app.get_json("/api/workshops/").await;
    assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
}

#[tokio::test]
async fn an_enquiry_is_stored_and_mailed_to_the_studio() {
    let app = spawn_app().await;
    let (status, body) = app.post_json("/api/contact/", &enquiry()).await;
    assert_eq!((status, body), (200, json!({"status": "success"})));
    assert_eq!(count(&app, "enquiries").await, 1);
    let mail = app.mail(2).await;
    let notice = mail
        .iter()
        .find(|m| m.contains("To: studio@posy.localhost"))
        .expect("the studio's notice");
    assert!(notice.contains("New wedding enquiry from Alex Rowe"));
    assert!(notice.contains("About: Wedding flowers"), "{notice}");
    assert!(notice.contains("Arnos Vale"));
    // "Reply" in the studio's mail program answers the enquirer, not the shop.
    let email = enquiry()["email"].as_str().unwrap().to_owned();
    assert!(notice.contains(&format!("Reply-To: {email}")), "{notice}");
    let thanks = mail
        .iter()
        .find(|m| m.contains(&format!("\nTo: {email}")))
        .expect("the enquirer's acknowledgement");
    assert!(thanks.contains("Dear Alex,"), "{thanks}");
    assert!(thanks.contains("Arnos Vale"), "what they wrote: {thanks}");
}

#[tokio::test]
async fn an_enquiry_with_a_hidden_character_is_refused_in_words_and_stores_nothing() {
    let app = spawn_app().await;
    let mut hidden = enquiry();
    hidden["message"] = json!("Flowers for June?\u{0}\nThank you");
    hidden["name"] = json!("Alex\u{1b}Rowe");
    let (status, body) = app.post_json("/api/contact/", &hidden).await;
    assert_eq!(status, 400, "{body}");
    assert_fields_say(
        &body,
        &[
            ("name", posy_core::checkout::CONTROL_CHARACTERS),
            ("message", posy_core::enquiry::HIDDEN_IN_MESSAGE),
        ],
    );
    assert_eq!(count(&app, "enquiries").await, 0);
    // Line breaks and a pasted tab are a message's own.
    let mut lines = enquiry();
    lines["message"] = json!("Hello,\r\n\tJune the 6th?\nAlex");
    let (status, body) = app.post_json("/api/contact/", &lines).await;
    assert_eq!(status, 200, "{body}");
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
    assert_fields_say(
        &body,
        &[
            (
                "email",
                "Please enter an email address like name@example.com.",
            ),
            ("enquiryType", "Please choose what your enquiry is about."),
        ],
    );
    assert_eq!(count(&app, "enquiries").await, 0);
}

#[tokio::test]
async fn a_filled_honeypot_looks_received_but_is_dropped() {
    let app = spawn_app().await;
    let mut bot = enquiry();
    bot["website"] = json!("https://spam.example");
    let (status, body) = app.post_json("/api/contact/", &bot).await;
    assert_eq!((status, body), (200, json!({"status": "success"})));
    assert_eq!(count(&app, "enquiries").await, 0);
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
    assert_eq!(count(&app, "enquiries").await, 5);
}

#[tokio::test]
async fn the_contact_limit_and_its_window_are_settings() {
    let app = spawn_app_with(Options {
        configure: Some(|config| {
            config.enquiries_per_address = 2;
            config.enquiry_window_minutes = 60;
        }),
        ..Options::default()
    })
    .await;
    for n in 1..=2 {
        assert_eq!(
            app.post_json("/api/contact/", &enquiry()).await.0,
            200,
            "enquiry {n}"
        );
    }
    assert_eq!(
        app.post_json("/api/contact/", &enquiry()).await.0,
        429,
        "the third"
    );
    pass_minutes_of_limits(&app, 59).await;
    assert_eq!(
        app.post_json("/api/contact/", &enquiry()).await.0,
        429,
        "within the hour"
    );
    pass_minutes_of_limits(&app, 1).await;
    assert_eq!(
        app.post_json("/api/contact/", &enquiry()).await.0,
        200,
        "after the hour"
    );
    assert_eq!(count(&app, "enquiries").await, 3);
}

/// Posts the enquiry with an `X-Forwarded-For` header; the status.
async fn enquire_from(app: &TestApp, forwarded_for: &str) -> u16 {
    let response = app
        .signed(reqwest::Method::POST, "/api/contact/", None)
        .header("x-forwarded-for", forwarded_for)
        .json(&enquiry())
        .send()
        .await
        .unwrap();
    json_of("/api/contact/", response).await.0
}

#[tokio::test]
async fn fifty_parallel_enquiries_from_one_address_get_exactly_five_through() {
    let app = spawn_app().await;
    let enquiry = enquiry();
    let posts = (0..50).map(|_| app.post_json("/api/contact/", &enquiry));
    let statuses: Vec<u16> = futures_util::future::join_all(posts)
        .await
        .into_iter()
        .map(|(status, _)| status)
        .collect();
    let tally = |code| statuses.iter().filter(|s| **s == code).count();
    assert_eq!((tally(200), tally(429)), (5, 45), "{statuses:?}");
    assert_eq!(count(&app, "enquiries").await, 5);
}

#[tokio::test]
async fn the_contact_limit_starts_again_after_ten_minutes() {
    let app = spawn_app().await;
    for _ in 0..5 {
        assert_eq!(app.post_json("/api/contact/", &enquiry()).await.0, 200);
    }
    assert_eq!(app.post_json("/api/contact/", &enquiry()).await.0, 429);
    pass_minutes_of_limits(&app, 10).await;
    assert_eq!(app.post_json("/api/contact/", &enquiry()).await.0, 200);
}

#[tokio::test]
async fn a_made_up_x_forwarded_for_does_not_dodge_the_contact_limit() {
    // Without trusted proxies, and with proxies that are not this socket, the header is ignored.
    for app in [
        spawn_app().await,
        spawn_app_with(Options {
            configure: Some(|config| {
                config.trusted_proxies = vec!["10.0.0.0/8".parse().unwrap(), "::1".parse().unwrap()]
            }),
            ..Options::default()
        })
        .await,
    ] {
        for n in 1..=5 {
            assert_eq!(enquire_from(&app, &format!("198.51.100.{n}")).await, 200);
        }
        assert_eq!(enquire_from(&app, "198.51.100.99").await, 429);
        assert_eq!(count(&app, "enquiries").await, 5);
    }
}

#[tokio::test]
async fn behind_a_trusted_proxy_the_visitor_it_names_is_limited() {
    let app = spawn_app_with(Options {
        configure: Some(|config| config.trusted_proxies = vec!["127.0.0.0/8".parse().unwrap()]),
        ..Options::default()
    })
    .await;
    for _ in 0..5 {
        assert_eq!(enquire_from(&app, "198.51.100.1").await, 200);
    }
    // Entries the visitor wrote in front of the proxy's own are not believed.
    assert_eq!(enquire_from(&app, "203.0.113.7, 198.51.100.1").await, 429);
    assert_eq!(
        enquire_from(&app, "198.51.100.2").await,
        200,
        "another visitor"
    );
    // A chain of trusted proxies: the right-most untrusted entry is the visitor.
    assert_eq!(enquire_from(&app, "198.51.100.1, 127.0.0.5").await, 429);
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
    assert_eq!(body["error"], "Please fill in all required fields: Email");
}
