//! Checkout, done so that no paid order is lost and nothing is sold twice (DESIGN.md):
//!
//! 1. [`Checkout::payment_for_cart`]: the amount comes from the database, never the browser;
//!    one payment intent per cart, created with an idempotency key and kept up to date.
//! 2. The browser confirms the card with the provider.
//! 3. [`Checkout::place_order`]: the intent read back from the provider must have succeeded,
//!    in GBP, for this cart and its amount. One transaction takes the stock with conditional
//!    updates, writes the order with price snapshots, closes the cart and queues the mail. The
//!    same call again (or the webhook) finds the same order; stock gone after payment refunds
//!    the payment and says so.

use posy_core::Money;
use posy_core::checkout::{CheckoutForm, validate_checkout};
use posy_core::validation::FormField;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, DatabaseTransaction, EntityTrait,
    PaginatorTrait, QueryFilter, Set, TransactionTrait,
};

use crate::cart::{self, PricedLine};
use crate::catalogue::bump_version;
use crate::clock::now;
use crate::entities::{cart as carts, order, order_item, product, refund, variation};
use crate::error::ApiError;
use crate::payments::{Intent, PaymentError, Payments};
use crate::{mail, orders};

const EMPTY_CART: &str = "Your cart is empty. Please add something before checking out.";
const CART_GONE: &str = "We couldn't find your cart. Please go back to the shop and try again.";
const ALREADY_PAID: &str =
    "This cart has already been paid for. Please check your email for your order confirmation.";
const PAYMENT_UNKNOWN: &str = "We couldn't find that payment. Please try paying again.";
const OTHER_CART: &str = "That payment was made for a different cart. Please try paying again.";
const NOT_POUNDS: &str = "That payment was not made in pounds sterling. Please try paying again.";
const PROVIDER_DOWN: &str =
    "We couldn't reach the card payment service. Please try again in a moment.";

/// Everything the checkout needs, shared by the API and the webhook.
#[derive(Clone)]
pub struct Checkout {
    pub db: DatabaseConnection,
    pub payments: Payments,
    /// e.g. `https://posy.example`, for the order link in the confirmation mail.
    pub public_url: String,
    /// How long an order link works, in seconds.
    pub link_ttl_seconds: i64,
    /// Where new-order notices go.
    pub studio_email: String,
}

/// The customer's details for an order.
#[derive(Clone, Debug, Default)]
pub struct Customer {
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub address: String,
    pub city: String,
    pub postcode: String,
    pub phone: String,
}

impl Customer {
    /// Checks the details with the same core rules the browser applies, trimmed.
    pub fn validated(self) -> Result<Customer, ApiError> {
        let trimmed = Customer {
            email: self.email.trim().to_owned(),
            first_name: self.first_name.trim().to_owned(),
            last_name: self.last_name.trim().to_owned(),
            address: self.address.trim().to_owned(),
            city: self.city.trim().to_owned(),
            postcode: self.postcode.trim().to_uppercase(),
            phone: self.phone.trim().to_owned(),
        };
        let form = CheckoutForm {
            email: trimmed.email.clone(),
            first_name: trimmed.first_name.clone(),
            last_name: trimmed.last_name.clone(),
            address: trimmed.address.clone(),
            city: trimmed.city.clone(),
            postcode: trimmed.postcode.clone(),
            phone: trimmed.phone.clone(),
        };
        validate_checkout(&form).map_err(|problems| {
            ApiError::invalid_fields(problems.message(), problems.fields(FormField::wire_name))
        })?;
        Ok(trimmed)
    }

    /// The details a card was paid with, for an order the browser never placed.
    pub fn from_billing(billing: &crate::payments::Billing) -> Customer {
        let name = billing.name.clone().unwrap_or_default();
        let name = name.trim();
        // The card form sends "first last"; the last word is taken as the last name.
        let (first_name, last_name) = name.rsplit_once(' ').unwrap_or((name, ""));
        Customer {
            email: billing.email.clone().unwrap_or_default(),
            first_name: first_name.trim().to_owned(),
            last_name: last_name.trim().to_owned(),
            address: billing.line1.clone().unwrap_or_default(),
            city: billing.city.clone().unwrap_or_default(),
            postcode: billing.postal_code.clone().unwrap_or_default(),
            phone: billing.phone.clone().unwrap_or_default(),
        }
    }
}

/// What placing an order answers.
#[derive(Clone, Debug)]
pub struct Placed {
    pub id: i32,
    pub access_token: String,
}

impl Checkout {
    /// The client secret of the cart's payment intent, for the amount the cart costs now.
    pub async fn payment_for_cart(&self, cart_id: &str) -> Result<String, ApiError> {
        let id = cart::canonical_id(cart_id).ok_or_else(|| ApiError::bad_request(CART_GONE))?;
        let cart = carts::Entity::find_by_id(id.clone())
            .one(&self.db)
            .await?
            .ok_or_else(|| ApiError::bad_request(CART_GONE))?;
        if cart.ordered_at.is_some() {
            return Err(ApiError::bad_request(ALREADY_PAID));
        }
        let lines = cart::priced_lines(&self.db, &id).await?;
        if lines.is_empty() {
            return Err(ApiError::bad_request(EMPTY_CART));
        }
        let amount = cart::total_of(&lines).pence();
        if let Some(existing) = &cart.payment_intent_id {
            match self.payments.retrieve(existing).await {
                Ok(intent) if intent.succeeded() || intent.status == "processing" => {
                    return Err(ApiError::bad_request(ALREADY_PAID));
                }
                Ok(intent) if intent.amount == amount => return Ok(intent.client_secret),
                Ok(intent) => {
                    let intent = self
                        .payments
                        .update_amount(&intent.id, amount)
                        .await
                        .map_err(provider_failure)?;
                    return Ok(intent.client_secret);
                }
                // Gone at the provider (another account, say): make a new one below.
                Err(PaymentError::NotFound) => {}
                Err(err) => return Err(provider_failure(err)),
            }
        }
        // Same cart, amount and attempt, same key: a retry after a lost answer finds the same
        // intent. A refunded payment starts a new attempt.
        let attempt = refund::Entity::find()
            .filter(refund::Column::CartId.eq(&id))
            .count(&self.db)
            .await?;
        let key = format!("posy-{id}-{amount}-{attempt}");
        let intent = self
            .payments
            .create(&id, amount, &key)
            .await
            .map_err(provider_failure)?;
        carts::Entity::update_many()
            .col_expr(
                carts::Column::PaymentIntentId,
                Expr::value(intent.id.clone()),
            )
            .filter(carts::Column::Id.eq(&id))
            .filter(carts::Column::OrderedAt.is_null())
            .exec(&self.db)
            .await?;
        Ok(intent.client_secret)
    }

    /// The id of the order already made from this payment; `None` when there is none yet. A
    /// payment refunded instead gives the same refusal as the first time.
    pub async fn existing_order(
        &self,
        intent_id: &str,
        cart_id: &str,
    ) -> Result<Option<i32>, ApiError> {
        if let Some(order) = order::Entity::find()
            .filter(order::Column::PaymentIntentId.eq(intent_id))
            .one(&self.db)
            .await?
        {
            if cart::canonical_id(cart_id).as_deref() != Some(order.cart_id.as_str()) {
                return Err(ApiError::bad_request(OTHER_CART));
            }
            return Ok(Some(order.id));
        }
        if let Some(refunded) = refund::Entity::find_by_id(intent_id).one(&self.db).await? {
            return Err(ApiError::conflict(refunded.reason));
        }
        Ok(None)
    }

    /// An order and a fresh token for its link.
    pub async fn handed_out(&self, order_id: i32) -> Result<Placed, ApiError> {
        let access_token = orders::mint_token(&self.db, order_id, self.link_ttl_seconds).await?;
        Ok(Placed {
            id: order_id,
            access_token,
        })
    }

    /// The payment intent as the provider holds it.
    pub async fn retrieve(&self, intent_id: &str) -> Result<Intent, ApiError> {
        self.payments
            .retrieve(intent_id)
            .await
            .map_err(|err| match err {
                PaymentError::NotFound => ApiError::bad_request(PAYMENT_UNKNOWN),
                other => provider_failure(other),
            })
    }

    /// Turns a succeeded payment into an order (see the module's notes).
    pub async fn place_order(
        &self,
        intent: &Intent,
        cart_id: &str,
        customer: Customer,
    ) -> Result<Placed, ApiError> {
        let cart_id =
            cart::canonical_id(cart_id).ok_or_else(|| ApiError::bad_request(CART_GONE))?;
        if intent.cart_id.as_deref() != Some(cart_id.as_str()) {
            return Err(ApiError::bad_request(OTHER_CART));
        }
        if !intent.succeeded() {
            return Err(ApiError::bad_request(format!(
                "We have not received your payment (its status is {}). Please try again.",
                intent.status.replace('_', " ")
            )));
        }
        if !intent.currency.eq_ignore_ascii_case("gbp") {
            return Err(ApiError::bad_request(NOT_POUNDS));
        }
        let txn = self.db.begin().await?;
        if cart::lock_open_cart(&txn, &cart_id).await.is_err() {
            // Ordered meanwhile (by the webhook, say), or gone.
            drop(txn);
            return match self.existing_order(&intent.id, &cart_id).await? {
                Some(id) => self.handed_out(id).await,
                // Paid for a cart ordered with another payment, or removed: never keep the money.
                None => Err(self
                    .refund(
                        intent,
                        &cart_id,
                        "This cart had already been ordered or has expired, so we have refunded \
                         this payment in full. Please check your email for your order.",
                    )
                    .await),
            };
        }
        let lines = cart::priced_lines(&txn, &cart_id).await?;
        let total = cart::total_of(&lines);
        if lines.is_empty() || total.pence() != intent.amount {
            txn.rollback().await?;
            return Err(self
                .refund(
                    intent,
                    &cart_id,
                    "Your cart changed while you were paying, so we have refunded your payment \
                     in full. Please check your cart and pay again.",
                )
                .await);
        }
        if let Some(sold_out) = take_stock(&txn, &lines).await? {
            txn.rollback().await?;
            let reason = format!(
                "Sorry, {} sold out while you were paying. We have refunded your payment in \
                 full; it will be back on your card within 5 to 10 working days.",
                sold_out.label()
            );
            return Err(self.refund(intent, &cart_id, &reason).await);
        }
        let placed = self
            .write_order(&txn, intent, &cart_id, &customer, &lines, total)
            .await?;
        txn.commit().await?;
        tracing::info!(order = placed.id, payment = %intent.id, "order placed");
        Ok(placed)
    }

    async fn write_order(
        &self,
        txn: &DatabaseTransaction,
        intent: &Intent,
        cart_id: &str,
        customer: &Customer,
        lines: &[PricedLine],
        total: Money,
    ) -> Result<Placed, ApiError> {
        let now = now();
        let order = order::ActiveModel {
            cart_id: Set(cart_id.to_owned()),
            payment_intent_id: Set(intent.id.clone()),
            email: Set(customer.email.clone()),
            first_name: Set(customer.first_name.clone()),
            last_name: Set(customer.last_name.clone()),
            address: Set(customer.address.clone()),
            city: Set(customer.city.clone()),
            postcode: Set(customer.postcode.clone()),
            phone: Set(customer.phone.clone()),
            total_pence: Set(total.pence()),
            created_at: Set(now),
            ..Default::default()
        }
        .insert(txn)
        .await?;
        for line in lines {
            order_item::ActiveModel {
                order_id: Set(order.id),
                product_id: Set(Some(line.product.id)),
                variation_id: Set(line.size.as_ref().map(|s| s.id)),
                product_name: Set(line.label()),
                quantity: Set(line.quantity as i32),
                unit_price_pence: Set(line.unit_price.pence()),
                ..Default::default()
            }
            .insert(txn)
            .await?;
        }
        carts::Entity::update_many()
            .col_expr(carts::Column::OrderedAt, Expr::value(now))
            .filter(carts::Column::Id.eq(cart_id))
            .exec(txn)
            .await?;
        bump_version(txn).await?;
        let access_token = orders::mint_token(txn, order.id, self.link_ttl_seconds).await?;
        let mail_token = orders::mint_token(txn, order.id, self.link_ttl_seconds).await?;
        let reference = orders::reference(order.id);
        let link = format!(
            "{}/order-confirmation/{}?token={mail_token}",
            self.public_url.trim_end_matches('/'),
            order.id
        );
        let summary = summary(lines, total);
        if !customer.email.is_empty() {
            mail::enqueue(
                txn,
                &customer.email,
                &format!("Your order {reference} with Posy"),
                &format!(
                    "Dear {},\n\nThank you for your order. We have received your payment and \
                     will be in touch about delivery.\n\nOrder {reference}\n\n{summary}\n\
                     Delivering to:\n{}\n{}\n{}\n\nSee your order at any time:\n{link}\n\
                     (The link works for {} days.)\n\nWith love from the studio,\nPosy floral \
                     studio, South Bristol\n",
                    customer.first_name,
                    customer.address,
                    customer.city,
                    customer.postcode,
                    self.link_ttl_seconds / 86_400
                ),
            )
            .await?;
        }
        mail::enqueue(
            txn,
            &self.studio_email,
            &format!("New order {reference}: {}", total.display()),
            &format!(
                "A new order has been paid for.\n\nOrder {reference}\nPayment {}\n\n{summary}\n\
                 Customer:\n{} {}\n{}\n{}\n\nDeliver to:\n{}\n{}\n{}\n",
                intent.id,
                customer.first_name,
                customer.last_name,
                customer.email,
                customer.phone,
                customer.address,
                customer.city,
                customer.postcode
            ),
        )
        .await?;
        Ok(Placed {
            id: order.id,
            access_token,
        })
    }

    /// Gives the payment back and records why, so asking again gives the same answer; the
    /// cart stays open with its intent forgotten, so paying again makes a new one.
    async fn refund(&self, intent: &Intent, cart_id: &str, reason: &str) -> ApiError {
        let refunded = self.payments.refund(&intent.id).await;
        if let Err(err) = &refunded {
            tracing::error!(payment = %intent.id, %err, "REFUND FAILED: refund this payment by hand");
        }
        let record = refund::ActiveModel {
            payment_intent_id: Set(intent.id.clone()),
            cart_id: Set(cart_id.to_owned()),
            reason: Set(reason.to_owned()),
            succeeded: Set(refunded.is_ok()),
            created_at: Set(now()),
        };
        let stored = async {
            refund::Entity::insert(record)
                .on_conflict_do_nothing_on([refund::Column::PaymentIntentId])
                .exec(&self.db)
                .await?;
            carts::Entity::update_many()
                .col_expr(
                    carts::Column::PaymentIntentId,
                    Expr::value(Option::<String>::None),
                )
                .filter(carts::Column::Id.eq(cart_id))
                .filter(carts::Column::PaymentIntentId.eq(&intent.id))
                .exec(&self.db)
                .await?;
            if refunded.is_err() {
                mail::enqueue(
                    &self.db,
                    &self.studio_email,
                    "A refund needs doing by hand",
                    &format!(
                        "Payment {} could not become an order ({reason}) and the automatic \
                         refund failed. Please refund it from the payment provider's dashboard.\n",
                        intent.id
                    ),
                )
                .await?;
            }
            Ok::<_, sea_orm::DbErr>(())
        };
        if let Err(err) = stored.await {
            tracing::error!(payment = %intent.id, %err, "could not record a refund");
        }
        ApiError::conflict(reason)
    }
}

/// Takes each line's quantity from its stock, only where that much is left; the first line
/// that cannot be had is returned (the caller rolls back).
async fn take_stock<'a>(
    txn: &DatabaseTransaction,
    lines: &'a [PricedLine],
) -> Result<Option<&'a PricedLine>, sea_orm::DbErr> {
    for line in lines {
        let quantity = i64::from(line.quantity);
        let taken = match &line.size {
            Some(size) => {
                variation::Entity::update_many()
                    .col_expr(
                        variation::Column::Stock,
                        Expr::col(variation::Column::Stock).sub(quantity),
                    )
                    .filter(variation::Column::Id.eq(size.id))
                    .filter(variation::Column::Stock.gte(quantity))
                    .exec(txn)
                    .await?
            }
            None => {
                product::Entity::update_many()
                    .col_expr(
                        product::Column::Stock,
                        Expr::col(product::Column::Stock).sub(quantity),
                    )
                    .filter(product::Column::Id.eq(line.product.id))
                    .filter(product::Column::Stock.gte(quantity))
                    .exec(txn)
                    .await?
            }
        };
        if taken.rows_affected == 0 {
            return Ok(Some(line));
        }
    }
    Ok(None)
}

/// The lines and total as mail shows them.
fn summary(lines: &[PricedLine], total: Money) -> String {
    let mut text = String::new();
    for line in lines {
        text.push_str(&format!(
            "  {} x {}  {}\n",
            line.quantity,
            line.label(),
            line.total().display()
        ));
    }
    text.push_str(&format!("  Total  {}\n", total.display()));
    text
}

fn provider_failure(err: PaymentError) -> ApiError {
    tracing::error!(%err, "payment provider call failed");
    ApiError::unavailable(PROVIDER_DOWN)
}
