//! Checkout, done so that no paid order is lost and nothing is sold twice:
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
use posy_core::cart::CartId;
use posy_core::checkout::{CheckoutField, CheckoutForm, Customer};
use posy_core::validation::FormProblems;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, DatabaseTransaction, DbErr, EntityTrait,
    PaginatorTrait, QueryFilter, Set, TransactionTrait,
};

use crate::cart::{self, CartError, PricedLine};
use crate::catalogue::bump_version;
use crate::clock::now;
use crate::entities::{cart as carts, order, order_item, product, refund, variation};
use crate::mail::letters::{self, OrderFacts};
use crate::payments::{Billing, Intent, NewIntent, PaymentError, PaymentStatus, Payments};
use crate::{mail, orders};

/// Why the cart's payment could not be prepared.
#[derive(Debug)]
pub enum IntentError {
    /// No open cart has that id (unknown, malformed or missing).
    CartGone,
    /// The cart has been paid for, or its payment is under way.
    AlreadyPaid,
    /// Nothing in the cart.
    EmptyCart,
    /// The provider failed (logged).
    Provider(PaymentError),
    Db(DbErr),
}

impl From<DbErr> for IntentError {
    fn from(err: DbErr) -> Self {
        IntentError::Db(err)
    }
}

/// Why a payment did not become an order.
#[derive(Debug)]
pub enum PlaceError {
    /// The checkout form's fields at fault.
    Form(FormProblems<CheckoutField>),
    /// No cart has that id.
    CartGone,
    /// The payment was made for another cart.
    OtherCart,
    /// The provider knows no such payment.
    UnknownPayment,
    /// The payment has not succeeded; its status.
    NotPaid(PaymentStatus),
    /// The payment was not in pounds sterling.
    NotPounds,
    /// The payment was refunded instead (stock gone, cart changed or ordered): the shopper's
    /// sentence. Asking again gives the same.
    Refunded(String),
    /// The provider failed (logged).
    Provider(PaymentError),
    Db(DbErr),
}

impl From<DbErr> for PlaceError {
    fn from(err: DbErr) -> Self {
        PlaceError::Db(err)
    }
}

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

/// The details a card was paid with, for an order the browser never placed: taken as the
/// provider holds them, unchecked, since the money is already taken and the order must be kept.
fn billing_details(billing: &Billing) -> CheckoutForm {
    let name = billing.name.clone().unwrap_or_default();
    let name = name.trim();
    // The card form sends "first last"; the last word is taken as the last name.
    let (first_name, last_name) = name.rsplit_once(' ').unwrap_or((name, ""));
    let given = |value: &Option<String>| value.clone().unwrap_or_default();
    CheckoutForm {
        email: given(&billing.email),
        first_name: first_name.trim().to_owned(),
        last_name: last_name.trim().to_owned(),
        address: given(&billing.line1),
        city: given(&billing.city),
        postcode: given(&billing.postal_code),
        phone: given(&billing.phone),
    }
}

/// Who pays: the checkout form's details, or (for an order the browser never placed) the
/// card's billing details as the provider holds them.
pub enum Buyer {
    /// The checkout form, parsed by core.
    Form(Customer),
    Billing,
}

impl Checkout {
    /// The client secret of the cart's payment intent, for the amount the cart costs now.
    pub async fn payment_for_cart(&self, id: CartId) -> Result<String, IntentError> {
        let cart = carts::Entity::find_by_id(id.to_string())
            .one(&self.db)
            .await?
            .ok_or(IntentError::CartGone)?;
        if cart.ordered_at.is_some() {
            return Err(IntentError::AlreadyPaid);
        }
        let lines = cart::priced_lines(&self.db, id).await?;
        if lines.is_empty() {
            return Err(IntentError::EmptyCart);
        }
        let amount = cart::total_of(&lines).pence();
        if let Some(existing) = &cart.payment_intent_id {
            match self.payments.retrieve(existing).await {
                Ok(intent) if intent.succeeded() || intent.status == PaymentStatus::Processing => {
                    return Err(IntentError::AlreadyPaid);
                }
                Ok(intent) if intent.amount == amount => return Ok(intent.client_secret),
                Ok(intent) => {
                    let intent = self
                        .payments
                        .update_amount(&intent.id, amount)
                        .await
                        .map_err(IntentError::Provider)?;
                    return Ok(intent.client_secret);
                }
                // Gone at the provider (another account, say): make a new one below.
                Err(PaymentError::NotFound) => {}
                Err(err) => return Err(IntentError::Provider(err)),
            }
        }
        // Same cart, amount and attempt, same key: a retry after a lost answer finds the same
        // intent. A refunded payment starts a new attempt.
        let attempt = refund::Entity::find()
            .filter(refund::Column::CartId.eq(id.to_string()))
            .count(&self.db)
            .await?;
        let new = NewIntent {
            cart_id: id,
            amount,
            idempotency_key: format!("posy-{id}-{amount}-{attempt}"),
        };
        let intent = self
            .payments
            .create(new)
            .await
            .map_err(IntentError::Provider)?;
        carts::Entity::update_many()
            .col_expr(
                carts::Column::PaymentIntentId,
                Expr::value(intent.id.clone()),
            )
            .filter(carts::Column::Id.eq(id.to_string()))
            .filter(carts::Column::OrderedAt.is_null())
            .exec(&self.db)
            .await?;
        Ok(intent.client_secret)
    }

    /// Makes sure a paid payment is an order, once: answers the order made from it now or
    /// before. The browser's call and the webhook both come here. `cart_id` is `None` when what
    /// was sent is not a cart id at all.
    pub async fn place(
        &self,
        intent_id: &str,
        cart_id: Option<CartId>,
        buyer: Buyer,
    ) -> Result<i32, PlaceError> {
        if let Some(id) = self.existing_order(intent_id, cart_id).await? {
            return Ok(id);
        }
        // Read back from the provider rather than trusting the caller, with the billing details.
        let intent = self
            .payments
            .retrieve(intent_id)
            .await
            .map_err(|err| match err {
                PaymentError::NotFound => PlaceError::UnknownPayment,
                other => PlaceError::Provider(other),
            })?;
        let billing;
        let details: &CheckoutForm = match &buyer {
            Buyer::Form(customer) => customer,
            Buyer::Billing => {
                billing = billing_details(&intent.billing);
                &billing
            }
        };
        self.place_order(&intent, cart_id, details).await
    }

    /// A fresh token for an order's link.
    pub async fn hand_out(&self, order_id: i32) -> Result<String, DbErr> {
        orders::mint_token(&self.db, order_id, self.link_ttl_seconds).await
    }

    /// The id of the order already made from this payment; `None` when there is none yet. A
    /// payment refunded instead gives the same refusal as the first time.
    async fn existing_order(
        &self,
        intent_id: &str,
        cart_id: Option<CartId>,
    ) -> Result<Option<i32>, PlaceError> {
        if let Some(order) = order::Entity::find()
            .filter(order::Column::PaymentIntentId.eq(intent_id))
            .one(&self.db)
            .await?
        {
            if cart_id.map(|id| id.to_string()).as_deref() != Some(order.cart_id.as_str()) {
                return Err(PlaceError::OtherCart);
            }
            return Ok(Some(order.id));
        }
        if let Some(refunded) = refund::Entity::find_by_id(intent_id).one(&self.db).await? {
            return Err(PlaceError::Refunded(refunded.reason));
        }
        Ok(None)
    }

    /// Turns a succeeded payment into an order (see the module's notes).
    async fn place_order(
        &self,
        intent: &Intent,
        cart_id: Option<CartId>,
        customer: &CheckoutForm,
    ) -> Result<i32, PlaceError> {
        let cart_id = cart_id.ok_or(PlaceError::CartGone)?;
        if intent.cart_id != Some(cart_id) {
            return Err(PlaceError::OtherCart);
        }
        if !intent.succeeded() {
            return Err(PlaceError::NotPaid(intent.status));
        }
        if !intent.currency.eq_ignore_ascii_case("gbp") {
            return Err(PlaceError::NotPounds);
        }
        let txn = self.db.begin().await?;
        match cart::lock_open_cart(&txn, cart_id).await {
            Ok(_) => {}
            Err(CartError::Db(err)) => return Err(err.into()),
            Err(CartError::CartGone | CartError::LineGone) => {
                // Ordered meanwhile (by the webhook, say), or gone.
                drop(txn);
                return match self.existing_order(&intent.id, Some(cart_id)).await? {
                    Some(id) => Ok(id),
                    // Paid for a cart ordered with another payment, or removed: never keep the money.
                    None => Err(self
                        .refund(
                            intent,
                            cart_id,
                            "This cart had already been ordered or has expired, so we have \
                             refunded this payment in full. Please check your email for your \
                             order.",
                        )
                        .await),
                };
            }
        }
        let lines = cart::priced_lines(&txn, cart_id).await?;
        let total = cart::total_of(&lines);
        if lines.is_empty() || total.pence() != intent.amount {
            txn.rollback().await?;
            return Err(self
                .refund(
                    intent,
                    cart_id,
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
            return Err(self.refund(intent, cart_id, &reason).await);
        }
        let id = self
            .write_order(&txn, intent, cart_id, customer, &lines, total)
            .await?;
        txn.commit().await?;
        tracing::info!(order = id, payment = %intent.id, "order placed");
        Ok(id)
    }

    async fn write_order(
        &self,
        txn: &DatabaseTransaction,
        intent: &Intent,
        cart_id: CartId,
        customer: &CheckoutForm,
        lines: &[PricedLine],
        total: Money,
    ) -> Result<i32, DbErr> {
        let now = now();
        let order = order::ActiveModel {
            cart_id: Set(cart_id.to_string()),
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
            .filter(carts::Column::Id.eq(cart_id.to_string()))
            .exec(txn)
            .await?;
        bump_version(txn).await?;
        let mail_token = orders::mint_token(txn, order.id, self.link_ttl_seconds).await?;
        let reference = orders::reference(order.id);
        let link = format!(
            "{}/order-confirmation/{}?token={mail_token}",
            self.public_url.trim_end_matches('/'),
            order.id
        );
        let facts = OrderFacts {
            reference: &reference,
            payment: &intent.id,
            customer,
            lines,
            total,
        };
        if !customer.email.is_empty() {
            let days = self.link_ttl_seconds / 86_400;
            mail::post(
                txn,
                &customer.email,
                letters::order_confirmation(&facts, &link, days),
            )
            .await?;
        }
        mail::post(txn, &self.studio_email, letters::new_order(&facts)).await?;
        Ok(order.id)
    }

    /// Gives the payment back and records why, so asking again gives the same answer; the
    /// cart stays open with its intent forgotten, so paying again makes a new one.
    async fn refund(&self, intent: &Intent, cart_id: CartId, reason: &str) -> PlaceError {
        let refunded = self.payments.refund(&intent.id).await;
        if let Err(err) = &refunded {
            tracing::error!(payment = %intent.id, %err, "REFUND FAILED: refund this payment by hand");
        }
        let record = refund::ActiveModel {
            payment_intent_id: Set(intent.id.clone()),
            cart_id: Set(cart_id.to_string()),
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
                .filter(carts::Column::Id.eq(cart_id.to_string()))
                .filter(carts::Column::PaymentIntentId.eq(&intent.id))
                .exec(&self.db)
                .await?;
            if refunded.is_err() {
                let letter = letters::refund_by_hand(&intent.id, reason);
                mail::post(&self.db, &self.studio_email, letter).await?;
            }
            Ok::<_, DbErr>(())
        };
        if let Err(err) = stored.await {
            tracing::error!(payment = %intent.id, %err, "could not record a refund");
        }
        PlaceError::Refunded(reason.to_owned())
    }
}

/// Takes each line's quantity from its stock, only where that much is left; the first line
/// that cannot be had is returned (the caller rolls back).
async fn take_stock<'a>(
    txn: &DatabaseTransaction,
    lines: &'a [PricedLine],
) -> Result<Option<&'a PricedLine>, DbErr> {
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
