//! How many statements each cart call runs, counted on the shop's own connections: the write
//! path's cost, kept from growing unnoticed. Background tasks (the outbox, the sweepers) are
//! not counted; each call is still measured a few times and its least count taken, since on a
//! busy machine the same calls can fall into batches differently.

use std::sync::atomic::Ordering;

use serde_json::{Value, json};

use crate::helpers::{TestApp, add, new_cart, product, spawn_app};

/// The fewest statements `call` ran over three runs (each on a fresh cart from `setup`).
async fn fewest<S, C, SF, CF>(app: &TestApp, setup: S, call: C) -> u64
where
    S: Fn() -> SF,
    SF: std::future::Future<Output = String>,
    C: Fn(String) -> CF,
    CF: std::future::Future<Output = (u16, Value)>,
{
    let mut least = u64::MAX;
    for _ in 0..3 {
        let cart = setup().await;
        let before = app.statements.load(Ordering::SeqCst);
        let (status, body) = call(cart).await;
        assert!(status < 300, "{body}");
        least = least.min(app.statements.load(Ordering::SeqCst) - before);
    }
    least
}

/// A cart holding one Sunflower Bunch: the cart's id and its line's.
async fn cart_with_line(app: &TestApp, product: i64) -> String {
    let cart = new_cart(app).await;
    let (_, view) = add(app, &cart, product, None, 1).await;
    format!("{cart} {}", view["items"][0]["id"])
}

fn parts(context: &str) -> (&str, &str) {
    context.split_once(' ').unwrap_or((context, ""))
}

#[tokio::test]
async fn each_cart_call_runs_no_more_statements_than_it_did() {
    let app = &spawn_app().await;
    let id = product(app, "Sunflower Bunch").await["id"]
        .as_i64()
        .unwrap();
    let fresh = || new_cart(app);
    let with_line = || cart_with_line(app, id);

    let first_add = fewest(app, fresh, |cart| async move {
        add(app, &cart, id, None, 1).await
    })
    .await;
    let raise = fewest(app, with_line, |context| async move {
        add(app, parts(&context).0, id, None, 1).await
    })
    .await;
    let update = fewest(app, with_line, |context| async move {
        let (cart, line) = parts(&context);
        let body = json!({"cart_id": cart, "item_id": line.parse::<i64>().unwrap(), "quantity": 3});
        app.post_json("/api/cart/update_quantity/", &body).await
    })
    .await;
    let remove = fewest(app, with_line, |context| async move {
        let (cart, line) = parts(&context);
        let body = json!({"cart_id": cart, "item_id": line.parse::<i64>().unwrap()});
        app.post_json("/api/cart/remove_item/", &body).await
    })
    .await;
    let view = fewest(app, with_line, |context| async move {
        app.get_json(&format!("/api/cart/?cart_id={}", parts(&context).0))
            .await
    })
    .await;
    println!(
        "statements: first add {first_add}, raise {raise}, update {update}, remove {remove}, \
         view {view}"
    );
    // Budgets: the counts when they were last lowered. Lower them when a change saves a
    // statement; a change that needs more must say why here. (On PostgreSQL the carts' own
    // connections are set not to wait for the disk when they connect, so no transaction
    // needs a statement for it.)
    for (call, ran, budget) in [
        // Was 9, 6, 5, then 4: the cart's row written and touched in one upsert; the cart's
        // lines (with their products, sizes and shelves: a hidden shelf's products show as
        // withdrawn) and the product asked for (its chosen size, its stock, how many sizes it
        // has) read together; and the line written. The answer is that read with the change.
        // Then 5: a fresh cart's first add also reads whether its row is new (once for each
        // cart the adds' task has not seen) and counts it against its address's share of new
        // carts (one upsert). The adds after it cost 3 as before.
        ("a first add", first_add, 5),
        ("raising a line", raise, 3),
        // Was 8, 6, 5, then 4: the cart's lines, the one changed with them, in one read.
        ("changing a quantity", update, 3),
        ("removing a line", remove, 3),
        // Was 4, then 3: the cart, then its lines with their products, sizes and shelves.
        ("a cart view", view, 2),
    ] {
        assert!(
            ran <= budget,
            "{call} ran {ran} statements; its budget is {budget}"
        );
    }
}

#[tokio::test]
async fn adds_sent_at_once_are_written_together() {
    let app = &spawn_app().await;
    let id = product(app, "Sunflower Bunch").await["id"]
        .as_i64()
        .unwrap();
    // How the adds fall into batches depends on when each reaches the adds' task, which a busy
    // machine spreads out: the least of three rounds, as for one call.
    let mut least = u64::MAX;
    for _ in 0..3 {
        let mut carts = Vec::new();
        for _ in 0..10 {
            carts.push(new_cart(app).await);
        }
        let before = app.statements.load(Ordering::SeqCst);
        let answers =
            futures_util::future::join_all(carts.iter().map(|cart| add(app, cart, id, None, 1)))
                .await;
        let ran = app.statements.load(Ordering::SeqCst) - before;
        assert!(
            answers.iter().all(|(status, _)| *status == 200),
            "{answers:?}"
        );
        least = least.min(ran);
    }
    println!("statements: ten adds at once {least}");
    // Alone, each first add runs 5; together, the adds waiting for a batch share its 3 and
    // its read of which carts are new (the first add is usually a batch of its own, the other
    // nine the next), and each new cart's count against its address's share is one upsert.
    assert!(
        least <= 22,
        "ten adds at once ran {least} statements; alone they run 50"
    );
}
