//! Builders for the set-ups tests repeat, as crates.io's `CrateBuilder`: a thing made with
//! plain defaults, changed only where a test says, through the shop's own calls.
//!
//! ```ignore
//! let session = Admin::studio().signed_in(&app).await;
//! let made = ProductBuilder::new("Midwinter Posy").shelf(seasonal).create(&app, &session).await;
//! let order = OrderBuilder::of("Sunflower Bunch", 2).delivered("2026-12-15", "Morning", "BS3 4AA").place(&app).await;
//! ```

use reqwest::Method;
use serde_json::{Value, json};

use crate::checkout::{cart_with, client_secret, pay, place};
use crate::fulfilment::{choose, delivery};
use crate::helpers::{TestApp, admin_post, call, json_of, post_from, set_cookie};

/// An admin account, made in the database and signed in through the API.
pub struct Admin {
    username: &'static str,
    password: &'static str,
}

/// Makes an account as `posy admin create` does, the studio told at its test address.
pub async fn create_admin(
    app: &TestApp,
    username: &str,
    password: &str,
) -> Result<posy_server::accounts::auth::Admin, posy_server::accounts::admins::AdminsError> {
    let by = posy_server::accounts::admins::ChangedBy {
        who: "A test",
        notify: "studio@posy.localhost",
    };
    posy_server::accounts::admins::create(&app.db, username, password, &by).await
}

impl Admin {
    /// The helpers' admin: `studio`, with a long password.
    pub fn studio() -> Admin {
        Admin {
            username: "studio",
            password: "a-long-studio-password",
        }
    }

    pub fn named(username: &'static str, password: &'static str) -> Admin {
        Admin { username, password }
    }

    /// Makes the account.
    pub async fn create(&self, app: &TestApp) {
        create_admin(app, self.username, self.password)
            .await
            .expect("an admin account");
    }

    /// Makes the account and signs in: the session cookie's value.
    pub async fn signed_in(&self, app: &TestApp) -> String {
        self.create(app).await;
        let path = "/api/auth/login/";
        let response = app
            .signed(Method::POST, path, None)
            .json(&json!({"username": self.username, "password": self.password}))
            .send()
            .await
            .unwrap();
        let session = set_cookie(&response, "posy_session");
        let (status, body) = json_of(path, response).await;
        assert_eq!(status, 200, "{body}");
        session.expect("signed in")
    }
}

/// A product as the back office's form makes it: 5 at £38 on shelf 1, on sale, without sizes
/// or notice, until a test says otherwise.
pub struct ProductBuilder {
    form: Value,
}

impl ProductBuilder {
    pub fn new(name: &str) -> ProductBuilder {
        ProductBuilder {
            form: json!({
                "name": name, "description": "Hellebores and ivy, tied with velvet.",
                "category_id": 1, "price": "38", "stock": 5, "lead_days": 0,
                "visible": true, "sizes": [],
            }),
        }
    }

    /// On this shelf.
    pub fn shelf(self, id: i64) -> ProductBuilder {
        self.with("category_id", json!(id))
    }

    /// With these sizes, each `{"size", "price", "stock"}`.
    pub fn sizes(self, sizes: Value) -> ProductBuilder {
        self.with("sizes", sizes)
    }

    /// With any other field of the form as given.
    pub fn with(mut self, field: &str, value: Value) -> ProductBuilder {
        self.form[field] = value;
        self
    }

    /// The form as it would be sent.
    pub fn form(self) -> Value {
        self.form
    }

    /// Sends the form: the status and answer, whatever they are.
    pub async fn send(self, app: &TestApp, session: &str) -> (u16, Value) {
        let path = "/api/admin/products/";
        call(app, Method::POST, path, Some(session), self.form).await
    }

    /// Makes the product: the back office's view of it.
    pub async fn create(self, app: &TestApp, session: &str) -> Value {
        let (status, made) = self.send(app, session).await;
        assert_eq!(status, 200, "{made}");
        made
    }
}

/// A cart paid for with the card that succeeds (4242…), not yet an order.
pub struct Paid {
    pub cart: String,
    /// The payment intent's id.
    pub intent: String,
    /// What was paid, in pence.
    pub amount: i64,
}

/// An order as a shopper makes one: a cart of one demo product without sizes, with a delivery
/// when a test asks for one, paid with 4242… and placed with the checkout form; a test takes
/// it as far as it needs (the cart, the payment, the order).
pub struct OrderBuilder<'a> {
    product: &'a str,
    quantity: i64,
    /// The day, slot and postcode of a delivery.
    delivery: Option<(&'a str, &'a str, &'a str)>,
}

/// An order placed: its id and link token.
pub struct Placed {
    pub id: i64,
    pub token: String,
}

impl<'a> OrderBuilder<'a> {
    pub fn of(product: &'a str, quantity: i64) -> OrderBuilder<'a> {
        OrderBuilder {
            product,
            quantity,
            delivery: None,
        }
    }

    /// Delivered on `date` in `slot` to `postcode` (to Margaret Hale, with a card).
    pub fn delivered(
        mut self,
        date: &'a str,
        slot: &'a str,
        postcode: &'a str,
    ) -> OrderBuilder<'a> {
        self.delivery = Some((date, slot, postcode));
        self
    }

    /// The cart, with its delivery chosen, not paid for yet.
    pub async fn cart(&self, app: &TestApp) -> String {
        let cart = cart_with(app, self.product, self.quantity).await;
        if let Some((date, slot, postcode)) = self.delivery {
            let (status, body) = choose(app, delivery(&cart, date, slot, postcode)).await;
            assert_eq!(status, 200, "{body}");
        }
        cart
    }

    /// The cart, paid for.
    pub async fn paid(&self, app: &TestApp) -> Paid {
        pay_with_4242(app, &self.cart(app).await).await
    }

    /// The order, placed.
    pub async fn place(&self, app: &TestApp) -> Placed {
        let Paid { cart, intent, .. } = self.paid(app).await;
        let (status, placed) = place(app, &intent, &cart).await;
        assert_eq!(status, 200, "{placed}");
        Placed {
            id: placed["id"].as_i64().unwrap(),
            token: placed["access_token"].as_str().unwrap().to_owned(),
        }
    }
}

/// Pays for `cart` as it stands with the card that succeeds.
pub async fn pay_with_4242(app: &TestApp, cart: &str) -> Paid {
    let secret = client_secret(app, cart).await;
    let paid = pay(app, &secret, "4242 4242 4242 4242").await;
    assert_eq!(paid["payment_intent"]["status"], "succeeded", "{paid}");
    Paid {
        cart: cart.to_owned(),
        intent: paid["payment_intent"]["id"].as_str().unwrap().to_owned(),
        amount: paid["payment_intent"]["amount"].as_i64().unwrap(),
    }
}

/// A voucher of `value` pounds sold in the studio: its code.
pub async fn studio_voucher(app: &TestApp, session: &str, value: &str) -> String {
    let (status, body) = admin_post(
        app,
        session,
        "/api/admin/vouchers/",
        json!({
            "value": value, "buyer_name": "Jo Bloom", "buyer_email": "jo@example.com",
            "recipient_name": "Sam Green", "recipient_email": "sam@example.com",
            "message": "Happy Christmas", "payment_note": "Card on the phone"
        }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["code"].as_str().unwrap().to_owned()
}

/// What the voucher `code` has left, as its holder looks it up: `balance`, `sentence`…
pub async fn voucher_balance(app: &TestApp, code: &str) -> Value {
    let (status, body) = post_from(
        app,
        "/api/vouchers/balance/",
        &json!({"code": code}),
        "203.0.113.200",
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body
}
