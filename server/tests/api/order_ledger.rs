//! Two people at the studio on one order, and the refunds and mails that must happen once: a
//! refund sent twice (a double click, a retried slow answer) or by two pages at once gives
//! back once; a cancel and a move at once leave one winner and tell the other where the order
//! went; a refund the provider keeps refusing is told to the studio once and can be settled
//! elsewhere; an undone and redone step mails once; a restock with no shelf left says so; the
//! year's CSV is quoted for every spreadsheet and sent as it is read.

use serde_json::{Value, json};

use crate::builders::pay_with_4242;
use crate::checkout::place;
use crate::fulfilment::studio_on_monday;
use crate::helpers::{
    TestApp, add, admin_get, admin_post, count, new_cart, product, size_id, sql, stock_in_db,
};
use crate::order_admin::{get, move_order, paid_order, refund};

/// How many of the simulated provider's refunds gave back on `payment`, and in all.
async fn given_back(app: &TestApp, payment: &str) -> (i64, i64) {
    use sea_orm::{ConnectionTrait, Statement};
    let row = app
        .db
        .query_one_raw(Statement::from_string(
            app.db.get_database_backend(),
            format!(
                "SELECT COUNT(*) AS n, CAST(COALESCE(SUM(amount), 0) AS BIGINT) AS total FROM simulated_refunds \
                 WHERE payment_intent_id = '{payment}'"
            ),
        ))
        .await
        .unwrap()
        .unwrap();
    (
        row.try_get::<i64>("", "n").unwrap(),
        row.try_get::<i64>("", "total").unwrap(),
    )
}

/// One of two Sunflower Bunches back on the shelf, as the page sends it with `key` and what it
/// saw.
fn one_back(key: &str, refunded: &str, status: &str) -> Value {
    json!({"quantities": [1], "restock": [true], "delivery": false, "cancel": false,
           "reason": "One stem broke", "refunded": refunded, "status": status, "key": key})
}

#[tokio::test]
async fn a_refund_sent_twice_at_once_and_again_later_with_one_key_gives_back_once() {
    let (app, session) = studio_on_monday().await;
    let before = stock_in_db(&app, "Sunflower Bunch").await;
    let (id, _) = paid_order(&app, 2, "2026-12-15", "BS3 4AA").await;
    let mails = count(&app, "outbox").await;
    let key = uuid::Uuid::new_v4().to_string();
    let body = one_back(&key, "0.00", "new");

    // A double click: the same submission twice at the same moment.
    let (first, second) = tokio::join!(
        refund(&app, &session, id, body.clone()),
        refund(&app, &session, id, body.clone())
    );
    assert_eq!((first.0, second.0), (200, 200), "{first:?} {second:?}");
    for (_, order) in [&first, &second] {
        assert_eq!(order["payment"]["refunded"], "28.00", "{order}");
        assert_eq!(order["refunds"].as_array().unwrap().len(), 1, "{order}");
    }
    // A slow answer retried a while later: the first answer again, nothing more given.
    let (status, again) = refund(&app, &session, id, body).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["payment"]["refunded"], "28.00");
    assert_eq!(again["items"][0]["refunded_quantity"], 1);
    assert_eq!(again["refunds"].as_array().unwrap().len(), 1);

    let payment = again["payment"]["reference"].as_str().unwrap().to_owned();
    assert_eq!(
        given_back(&app, &payment).await,
        (1, 2800),
        "one provider refund"
    );
    assert_eq!(
        stock_in_db(&app, "Sunflower Bunch").await,
        before - 1,
        "restocked once"
    );
    assert_eq!(
        count(&app, "outbox").await,
        mails + 1,
        "the customer is mailed once"
    );
}

#[tokio::test]
async fn two_pages_refunding_one_order_at_once_give_back_once_and_the_later_is_told_what_happened()
{
    let (app, session) = studio_on_monday().await;
    let before = stock_in_db(&app, "Sunflower Bunch").await;
    let (id, _) = paid_order(&app, 2, "2026-12-15", "BS3 4AA").await;
    // Two people opened the order when nothing had been given back; each refunds one stem.
    let (a, b) = (uuid::Uuid::new_v4(), uuid::Uuid::new_v4());
    let (first, second) = tokio::join!(
        refund(&app, &session, id, one_back(&a.to_string(), "0.00", "new")),
        refund(&app, &session, id, one_back(&b.to_string(), "0.00", "new"))
    );
    let mut statuses = [first.0, second.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{first:?} {second:?}");
    let refused = if first.0 == 409 { &first.1 } else { &second.1 };
    assert_eq!(
        refused["error"],
        "Someone refunded £28.00 on this order while you had it open: check the order and \
         refund again if it is still needed."
    );
    let (_, order) = get(&app, &format!("/api/admin/orders/{id}/"), &session).await;
    assert_eq!(order["payment"]["refunded"], "28.00");
    let payment = order["payment"]["reference"].as_str().unwrap().to_owned();
    assert_eq!(given_back(&app, &payment).await, (1, 2800));
    assert_eq!(stock_in_db(&app, "Sunflower Bunch").await, before - 1);

    // A page opened before that refund is refused later too, whatever it asks.
    let (status, body) = refund(
        &app,
        &session,
        id,
        one_back(&uuid::Uuid::new_v4().to_string(), "0.00", "new"),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    // Read again, the page gives the second stem back (a new submission, so a new key).
    let fresh = uuid::Uuid::new_v4().to_string();
    let (status, order) = refund(&app, &session, id, one_back(&fresh, "28.00", "new")).await;
    assert_eq!(status, 200, "{order}");
    assert_eq!(order["payment"]["refunded"], "56.00");
    assert_eq!(given_back(&app, &payment).await, (2, 5600));
}

#[tokio::test]
async fn a_cancel_and_a_move_at_once_leave_one_winner_and_tell_the_other_where_the_order_went() {
    let (app, session) = studio_on_monday().await;
    for _ in 0..4 {
        let (id, _) = paid_order(&app, 1, "2026-12-15", "BS3 4AA").await;
        let (status, _) = move_order(&app, &session, id, "new", "confirmed").await;
        assert_eq!(status, 200);
        // Both pages show it confirmed: one cancels, the other sends it out.
        let cancel = json!({"quantities": [0], "restock": [false], "delivery": false,
                            "cancel": true, "refunded": "0.00", "status": "confirmed",
                            "key": uuid::Uuid::new_v4().to_string()});
        let (cancelled, moved) = tokio::join!(
            refund(&app, &session, id, cancel),
            move_order(&app, &session, id, "confirmed", "out_for_delivery")
        );
        let (_, order) = get(&app, &format!("/api/admin/orders/{id}/"), &session).await;
        match (cancelled.0, moved.0) {
            (200, 409) => {
                assert_eq!(order["status"], "cancelled");
                assert_eq!(
                    moved.1["error"],
                    "The order moved to cancelled while you had it open: check it and try again \
                     if it is still needed."
                );
            }
            (409, 200) => {
                assert_eq!(order["status"], "out_for_delivery");
                assert_eq!(
                    cancelled.1["error"],
                    "The order moved to out for delivery while you had it open: check it and \
                     try again if it is still needed."
                );
            }
            other => panic!("one must win and one be told: {other:?} {cancelled:?} {moved:?}"),
        }
    }
}

#[tokio::test]
async fn a_cancel_or_a_move_from_a_page_out_of_date_is_refused_with_where_the_order_is() {
    let (app, session) = studio_on_monday().await;
    let (id, _) = paid_order(&app, 1, "2026-12-15", "BS3 4AA").await;
    let (status, _) = move_order(&app, &session, id, "new", "confirmed").await;
    assert_eq!(status, 200);
    // A page still showing it new.
    let key = uuid::Uuid::new_v4().to_string();
    let cancel = json!({"quantities": [0], "restock": [false], "delivery": false,
                        "cancel": true, "refunded": "0.00", "status": "new", "key": key});
    let (status, body) = refund(&app, &session, id, cancel).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        body["error"],
        "The order moved to confirmed while you had it open: check it and try again if it is \
         still needed."
    );
    let (status, body) = move_order(&app, &session, id, "new", "out_for_delivery").await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        body["error"],
        "The order moved to confirmed while you had it open: check it and try again if it is \
         still needed."
    );
    let (_, order) = get(&app, &format!("/api/admin/orders/{id}/"), &session).await;
    assert_eq!(order["status"], "confirmed", "nothing changed");

    // A cancellation that gives nothing back, sent twice: the second finds the first.
    let cancel = json!({"quantities": [0], "restock": [false], "delivery": false,
                        "cancel": true, "refunded": "0.00", "status": "confirmed", "key": key});
    let (status, first) = refund(&app, &session, id, cancel.clone()).await;
    assert_eq!(status, 200, "{first}");
    let (status, again) = refund(&app, &session, id, cancel).await;
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["status"], "cancelled");
    let cancels = again["history"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["status"] == "cancelled")
        .count();
    assert_eq!(cancels, 1);
}

/// Takes the whole payment of order `id` as if refunded in the provider's own dashboard, so
/// the provider refuses every refund the shop asks for on it.
async fn refunded_outside_the_shop(app: &TestApp, payment: &str, pence: i64) {
    sql(
        app,
        &format!(
            "INSERT INTO simulated_refunds (idempotency_key, payment_intent_id, amount, \
             created_at) VALUES ('dashboard-{payment}', '{payment}', {pence}, 0)"
        ),
    )
    .await;
}

/// Waits until refund `refund_id`'s attempts reach `attempts`, then answers the order.
async fn after_attempt(app: &TestApp, session: &str, id: i64, attempts: i64) -> Value {
    for _ in 0..100 {
        let (_, order) = get(app, &format!("/api/admin/orders/{id}/"), session).await;
        if order["refunds"][0]["attempts"].as_i64() >= Some(attempts) {
            return order;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the refund was not tried {attempts} times");
}

async fn studio_told(app: &TestApp) -> usize {
    use sea_orm::{ConnectionTrait, Statement};
    let row = app
        .db
        .query_one_raw(Statement::from_string(
            app.db.get_database_backend(),
            "SELECT COUNT(*) AS n FROM outbox WHERE subject LIKE '%keeps failing%'",
        ))
        .await
        .unwrap()
        .unwrap();
    row.try_get::<i64>("", "n").unwrap() as usize
}

/// What the shop's health says needs a person, now.
async fn needs_a_person(app: &TestApp) -> Vec<String> {
    posy_server::store::health::Health {
        db: app.db.clone(),
        data_dir: app.data_dir.clone(),
        media_dir: None,
        at_start: Default::default(),
    }
    .check(posy_server::store::clock::now())
    .await
    .attention
}

#[tokio::test]
async fn a_refund_the_provider_keeps_refusing_is_told_to_the_studio_once_and_can_be_settled_elsewhere()
 {
    let (app, session) = studio_on_monday().await;
    let (id, _) = paid_order(&app, 1, "2026-12-15", "BS3 4AA").await;
    let (_, order) = get(&app, &format!("/api/admin/orders/{id}/"), &session).await;
    let payment = order["payment"]["reference"].as_str().unwrap().to_owned();
    refunded_outside_the_shop(&app, &payment, 4000).await;

    let (status, order) = refund(
        &app,
        &session,
        id,
        json!({"quantities": [1], "restock": [false], "delivery": false, "cancel": false}),
    )
    .await;
    assert_eq!(status, 200, "{order}");
    assert_eq!(order["refunds"][0]["state"], "failed");
    let refund_id = order["refunds"][0]["id"].as_i64().unwrap();
    // Settling is for a refund refused again and again, not one still being tried.
    let settle = format!("/api/admin/orders/{id}/refunds/{refund_id}/settled/");
    let (status, body) = admin_post(&app, &session, &settle, json!({})).await;
    assert_eq!(status, 400, "{body}");

    // Refused four times so far; the fifth makes it failing and tells the studio.
    sql(
        &app,
        "UPDATE order_refunds SET attempts = 4, next_attempt_at = 0",
    )
    .await;
    let order = after_attempt(&app, &session, id, 5).await;
    assert_eq!(order["refunds"][0]["state"], "failing", "{order}");
    assert_eq!(studio_told(&app).await, 1);
    // The confirmation, the studio's notice of the order and this one: the customer is not
    // told of a refund the provider refuses.
    let mail = app.mail(3).await;
    assert!(
        !mail
            .iter()
            .any(|m| m.contains("Subject: A refund on your order")),
        "{mail:?}"
    );
    let letter = mail
        .into_iter()
        .find(|m| m.contains("keeps failing"))
        .expect("the studio's letter")
        .replace("=\r\n", "")
        .replace("=\n", "");
    assert!(letter.contains("To: studio@posy.localhost"), "{letter}");
    assert!(letter.contains(&format!("/admin/orders/{id}")), "{letter}");
    // Still asked for, at the slow pace, and told once only.
    let next = order["refunds"][0]["next_attempt_at"].as_str().unwrap();
    assert!(!next.is_empty());
    sql(&app, "UPDATE order_refunds SET next_attempt_at = 0").await;
    let order = after_attempt(&app, &session, id, 6).await;
    assert_eq!(order["refunds"][0]["state"], "failing");
    assert_eq!(studio_told(&app).await, 1, "told once");
    let attention = needs_a_person(&app).await;
    assert!(
        attention
            .iter()
            .any(|a| a.starts_with("1 refund(s) the payment provider keeps refusing")),
        "{attention:?}"
    );

    // The studio gave it back in the shop: settled, in the history with who, asked no more.
    let (status, order) = admin_post(&app, &session, &settle, json!({})).await;
    assert_eq!(status, 200, "{order}");
    assert_eq!(order["refunds"][0]["state"], "settled_elsewhere");
    let said = order["changes"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(said["by"], "studio");
    assert!(
        said["text"]
            .as_str()
            .unwrap()
            .contains("was given back another way"),
        "{said}"
    );
    let (status, _) = admin_post(&app, &session, &settle, json!({})).await;
    assert_eq!(status, 200, "a second click changes nothing");
    sql(&app, "UPDATE order_refunds SET next_attempt_at = 0").await;
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    let (_, order) = get(&app, &format!("/api/admin/orders/{id}/"), &session).await;
    assert_eq!(order["refunds"][0]["attempts"], 6, "not asked again");
    let attention = needs_a_person(&app).await;
    assert!(
        !attention.iter().any(|a| a.contains("refund")),
        "{attention:?}"
    );
}

#[tokio::test]
async fn a_checkout_refund_the_provider_refused_is_listed_until_the_studio_settles_it() {
    let (app, session) = studio_on_monday().await;
    sql(
        &app,
        "INSERT INTO refunds (payment_intent_id, cart_id, reason, succeeded, created_at) VALUES \
         ('pi_refused', 'c1', 'The last Peony Posy was sold while you were paying.', FALSE, 0)",
    )
    .await;
    let attention = needs_a_person(&app).await;
    assert!(
        attention
            .iter()
            .any(|a| a.starts_with("1 payment(s) that could not become orders")),
        "{attention:?}"
    );
    let (status, list) = admin_get(&app, &session, "/api/admin/payments/unrefunded/").await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(list[0]["payment"], "pi_refused");

    let settle = "/api/admin/payments/unrefunded/pi_refused/settled/";
    let (status, list) = admin_post(&app, &session, settle, json!({})).await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(list, json!([]));
    let attention = needs_a_person(&app).await;
    assert!(
        !attention.iter().any(|a| a.contains("payment(s)")),
        "{attention:?}"
    );
    let (status, _) = admin_post(
        &app,
        &session,
        "/api/admin/payments/unrefunded/pi_unknown/settled/",
        json!({}),
    )
    .await;
    assert_eq!(status, 404);
}

#[tokio::test]
async fn a_step_undone_and_done_again_mails_the_customer_once() {
    let (app, session) = studio_on_monday().await;
    let (id, _) = paid_order(&app, 1, "2026-12-15", "BS3 4AA").await;
    for (from, to) in [("new", "confirmed"), ("confirmed", "out_for_delivery")] {
        let (status, body) = move_order(&app, &session, id, from, to).await;
        assert_eq!(status, 200, "{body}");
    }
    let (mails, links) = (
        count(&app, "outbox").await,
        count(&app, "order_tokens").await,
    );
    // A slip: back to ready, then out again.
    let (status, order) = move_order(&app, &session, id, "out_for_delivery", "ready").await;
    assert_eq!(status, 200, "{order}");
    assert_eq!(order["moves"]["next"]["status"], "out_for_delivery");
    assert_eq!(
        order["moves"]["next"]["mails_customer"], false,
        "the page says the customer heard already"
    );
    let (status, _) = move_order(&app, &session, id, "ready", "out_for_delivery").await;
    assert_eq!(status, 200);
    assert_eq!(count(&app, "outbox").await, mails, "no second mail");
    assert_eq!(count(&app, "order_tokens").await, links, "no new link");
    // A step not reached before is still told.
    let (status, _) = move_order(&app, &session, id, "out_for_delivery", "delivered").await;
    assert_eq!(status, 200);
    assert_eq!(count(&app, "outbox").await, mails + 1);
}

#[tokio::test]
async fn a_restock_of_a_size_since_deleted_puts_nothing_on_the_products_own_stock_and_says_so() {
    let (app, session) = studio_on_monday().await;
    let peony = product(&app, "Peony Posy").await;
    let large = size_id(&peony, "Large");
    let cart = new_cart(&app).await;
    let (status, body) = add(&app, &cart, peony["id"].as_i64().unwrap(), Some(large), 1).await;
    assert_eq!(status, 200, "{body}");
    let paid = pay_with_4242(&app, &cart).await;
    let (status, placed) = place(&app, &paid.intent, &cart).await;
    assert_eq!(status, 200, "{placed}");
    let id = placed["id"].as_i64().unwrap();
    // The studio stops selling Large; the order's line keeps its name and price.
    sql(&app, &format!("DELETE FROM variations WHERE id = {large}")).await;
    let before = stock_in_db(&app, "Peony Posy").await;

    let (status, order) = refund(
        &app,
        &session,
        id,
        json!({"quantities": [1], "restock": [true], "delivery": false, "cancel": false}),
    )
    .await;
    assert_eq!(status, 200, "{order}");
    assert_eq!(
        stock_in_db(&app, "Peony Posy").await,
        before,
        "not on the product's own stock, which a product with sizes never sells"
    );
    let said = order["changes"].as_array().unwrap().last().cloned();
    assert_eq!(
        said.map(|s| s["text"].clone()),
        Some(json!(
            "1 × Peony Posy (Large) could not go back on the shelf: its size is no longer in the \
             shop."
        ))
    );
}

#[tokio::test]
async fn the_csv_quotes_semicolons_and_is_sent_as_it_is_read_page_by_page() {
    let (app, session) = studio_on_monday().await;
    let (id, _) = paid_order(&app, 1, "2026-12-15", "BS3 4AA").await;
    sql(
        &app,
        &format!("UPDATE orders SET first_name = 'Jo; Sam', last_name = '=1+2' WHERE id = {id}"),
    )
    .await;
    // More orders than one page holds: copies of the first, doubled until there are 512.
    double_orders(&app, 9).await;
    let response = app
        .client
        .get(app.url("/api/admin/orders/export/?from=2026-12-01&to=2026-12-31"))
        .header("Cookie", format!("posy_session={session}"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    assert!(
        response.headers().get("content-length").is_none(),
        "streamed, not built whole first: {:?}",
        response.headers()
    );
    let csv = response.text().await.unwrap();
    let rows: Vec<&str> = csv.split("\r\n").filter(|r| !r.is_empty()).collect();
    assert_eq!(rows.len(), 1 + 512, "a header and every order, once");
    assert!(rows[1].contains(",\"Jo; Sam\",'=1+2,"), "{}", rows[1]);
    let mut references: Vec<&str> = rows[1..].iter().map(|r| &r[..9]).collect();
    references.dedup();
    assert_eq!(references.len(), 512, "no order twice");
}

/// Every order copied, `times` over (each copy with a cart and payment of its own, which are
/// unique): 2^`times` as many orders.
pub async fn double_orders(app: &TestApp, times: usize) {
    let columns = order_columns();
    for generation in 0..times {
        let copied = columns
            .replace("cart_id", &format!("'c{generation}-' || id"))
            .replace("payment_intent_id", &format!("'pi{generation}-' || id"));
        sql(
            app,
            &format!("INSERT INTO orders ({columns}) SELECT {copied} FROM orders"),
        )
        .await;
    }
}

/// Every column of `orders` but its id, for copying rows.
fn order_columns() -> String {
    use posy_server::store::entities::order;
    use sea_orm::Iterable;
    order::Column::iter()
        .filter(|c| !matches!(c, order::Column::Id))
        .map(|c| sea_orm::IdenStatic::as_str(&c).to_owned())
        .collect::<Vec<_>>()
        .join(", ")
}
