//! A gift voucher bought online: its own payment through the same provider and the same
//! per-address attempts as an order (never a line of a cart, so no offer code ever applies to
//! it), then issued when the provider says the payment succeeded (the browser's call, or
//! Stripe's `payment_intent.succeeded` when the browser never came back).
//!
//! 1. [`VoucherSales::start`]: the form checked by core; the voucher written `unpaid` with its
//!    code (which cannot be spent until it is issued); one payment intent made for its value
//!    with an idempotency key, its metadata naming a fresh purchase id (in the cart id's place).
//!    Pay pressed again for the same purchase (the page names the voucher its first press made,
//!    after a refused card) keeps that voucher and its payment: the terms rewritten, the
//!    intent's amount changed if the value was, so one purchase is one voucher and one charge.
//!    Only the browser that started the purchase may continue it (it sends the payment's
//!    client secret, which no one else has), from the same address, and only while it is
//!    unpaid.
//! 2. [`VoucherSales::paid`]: read back from the provider (succeeded, GBP, its value, neither
//!    refunded nor disputed), the voucher is issued in one transaction with its `issued`
//!    movement, the buyer's receipt and, when its day is today, its mail; later days' mail goes
//!    at 08:00 UK time ([`crate::orders::vouchers::send_forever`]). The same call again finds
//!    it issued.

use posy_core::cart::CartId;
use posy_core::schedule::today;
use posy_core::validation::FormProblems;
use posy_core::voucher::{VoucherField, VoucherForm};
use sea_orm::sea_query::Expr;
use sea_orm::{ColumnTrait, DbErr, EntityTrait, QueryFilter};

use super::Checkout;
use super::attempts::{PaymentAttempts, TooMany};
use super::payments::{NewIntent, PaymentError, PaymentStatus};
use crate::mail;
use crate::orders::voucher_letters;
use crate::orders::vouchers::{self, ISSUED, PaidFor, UNPAID};
use crate::store::entities::voucher;
use crate::store::secrets::constant_time_eq;

/// Why a voucher could not be bought.
#[derive(Debug)]
pub enum BuyError {
    /// The form's fields at fault.
    Form(FormProblems<VoucherField>),
    /// Too many payment attempts from this address this hour.
    TooMany,
    /// No voucher is waiting for that payment.
    Unknown,
    /// The payment has not succeeded, or is not in pounds, or not of the voucher's value, or
    /// was refunded or disputed: the sentence.
    NotPaid(String),
    Provider(PaymentError),
    Db(DbErr),
}

impl From<DbErr> for BuyError {
    fn from(err: DbErr) -> Self {
        BuyError::Db(err)
    }
}

/// A voucher waiting for its payment.
pub struct Started {
    pub voucher_id: i32,
    pub client_secret: String,
    /// Pence.
    pub amount: i64,
}

/// Buying vouchers, on the checkout's provider and writers.
pub struct VoucherSales<'a>(pub &'a Checkout);

impl VoucherSales<'_> {
    /// Checks the form and makes the voucher's payment (see the module's notes); `earlier` is
    /// the voucher and the client secret a first press answered.
    pub async fn start(
        &self,
        form: &VoucherForm,
        earlier: Option<(i32, String)>,
        address: &str,
        attempts: &PaymentAttempts,
    ) -> Result<Started, BuyError> {
        let checkout = self.0;
        let order = form
            .parse(today(checkout.clock.now()))
            .map_err(BuyError::Form)?;
        if let Some((id, secret)) = earlier
            && let Some(started) = self.again(id, &secret, &order, address, attempts).await?
        {
            return Ok(started);
        }
        // A fresh id in the cart id's place: the intent's metadata names it, and the attempts
        // are counted for it and for the address.
        let purchase = CartId::from(uuid::Uuid::new_v4());
        attempts
            .attempt(&purchase.to_string(), address)
            .map_err(|_: TooMany| BuyError::TooMany)?;
        let txn = checkout.ledger.begin().await?;
        let made = vouchers::create(&txn, &order, PaidFor::Card).await?;
        txn.commit().await?;
        let intent = checkout
            .payments
            .create(NewIntent {
                cart_id: purchase,
                amount: made.value_pence,
                idempotency_key: format!("posy-voucher-{}", made.id),
            })
            .await
            .map_err(BuyError::Provider)?;
        voucher::Entity::update_many()
            .col_expr(
                voucher::Column::PaymentIntentId,
                Expr::value(intent.id.clone()),
            )
            .col_expr(voucher::Column::PayAddress, Expr::value(address))
            .filter(voucher::Column::Id.eq(made.id))
            .exec(&checkout.db)
            .await?;
        Ok(Started {
            voucher_id: made.id,
            client_secret: intent.client_secret,
            amount: made.value_pence,
        })
    }

    /// The purchase whose first press made voucher `id` and answered `secret`, continued (see
    /// the module's notes); `None` when it cannot be (unknown, another browser's or address's,
    /// or its payment cancelled), so a fresh purchase is started instead.
    async fn again(
        &self,
        id: i32,
        secret: &str,
        order: &posy_core::voucher::VoucherOrder,
        address: &str,
        attempts: &PaymentAttempts,
    ) -> Result<Option<Started>, BuyError> {
        let checkout = self.0;
        let Some(row) = voucher::Entity::find_by_id(id)
            .filter(voucher::Column::Status.eq(UNPAID))
            .filter(voucher::Column::PayAddress.eq(address))
            .one(&checkout.db)
            .await?
        else {
            return Ok(None);
        };
        let Some(intent_id) = row.payment_intent_id.clone() else {
            return Ok(None);
        };
        let intent = match checkout.payments.retrieve(&intent_id).await {
            Ok(intent) => intent,
            Err(PaymentError::NotFound) => return Ok(None),
            Err(other) => return Err(BuyError::Provider(other)),
        };
        if !constant_time_eq(intent.client_secret.as_bytes(), secret.as_bytes())
            || intent.status == PaymentStatus::Canceled
            || intent.reversed()
        {
            return Ok(None);
        }
        let purchase = intent.cart_id.map(|c| c.to_string()).unwrap_or_default();
        attempts
            .attempt(&purchase, address)
            .map_err(|_: TooMany| BuyError::TooMany)?;
        if intent.succeeded() {
            // Paid already (the browser lost the answer): issued, never charged again.
            let row = self.paid(Some(row.id), &intent_id).await?;
            return Ok(Some(Started {
                voucher_id: row.id,
                client_secret: intent.client_secret,
                amount: row.value_pence,
            }));
        }
        let txn = checkout.ledger.begin().await?;
        vouchers::rewrite(&txn, row.id, order).await?;
        txn.commit().await?;
        let amount = order.value.pence();
        if intent.amount != amount {
            checkout
                .payments
                .update_amount(&intent_id, amount)
                .await
                .map_err(BuyError::Provider)?;
        }
        Ok(Some(Started {
            voucher_id: row.id,
            client_secret: intent.client_secret,
            amount,
        }))
    }

    /// Issues the voucher paid with `intent_id` once the provider says it succeeded (see the
    /// module's notes); answers it.
    pub async fn paid(
        &self,
        voucher_id: Option<i32>,
        intent_id: &str,
    ) -> Result<voucher::Model, BuyError> {
        let checkout = self.0;
        let mut find =
            voucher::Entity::find().filter(voucher::Column::PaymentIntentId.eq(intent_id));
        if let Some(id) = voucher_id {
            find = find.filter(voucher::Column::Id.eq(id));
        }
        let row = find.one(&checkout.db).await?.ok_or(BuyError::Unknown)?;
        if row.status == ISSUED {
            return Ok(row);
        }
        let intent = checkout
            .payments
            .retrieve(intent_id)
            .await
            .map_err(|err| match err {
                PaymentError::NotFound => BuyError::Unknown,
                other => BuyError::Provider(other),
            })?;
        let refused = |why: &str| BuyError::NotPaid(why.to_owned());
        if !intent.succeeded() {
            return Err(refused(
                "We have not received your payment. Please try again.",
            ));
        }
        if intent.reversed() {
            return Err(refused(
                "This payment has been refunded or disputed, so the voucher was not issued.",
            ));
        }
        if !intent.currency.eq_ignore_ascii_case("gbp") || intent.amount != row.value_pence {
            return Err(refused(
                "That payment was not for this voucher. Please contact us.",
            ));
        }
        let studio = checkout.facts.get(&checkout.db).await?;
        let txn = checkout.ledger.begin().await?;
        let issued = voucher::Entity::update_many()
            .col_expr(voucher::Column::Status, Expr::value(ISSUED))
            .col_expr(voucher::Column::PayAddress, Expr::value(None::<String>))
            .filter(voucher::Column::Id.eq(row.id))
            .filter(voucher::Column::Status.eq(UNPAID))
            .exec(&txn)
            .await?;
        let row = voucher::Entity::find_by_id(row.id)
            .one(&txn)
            .await?
            .ok_or(BuyError::Unknown)?;
        if issued.rows_affected == 1 {
            vouchers::issue(&txn, &row).await?;
            // A purchase left unpaid so long that its people's details went (the retention
            // rule) has no one to write to; the studio sees it issued, and why not sent.
            if row.anonymised_at.is_none() {
                mail::post(
                    &txn,
                    &row.buyer_email,
                    voucher_letters::receipt(&row, &studio),
                )
                .await?;
            }
            let due = posy_core::calendar::Date::parse(&row.send_on)
                .is_some_and(|day| day <= today(checkout.clock.now()));
            if due {
                vouchers::send(&txn, &row, &studio, &checkout.public_url).await?;
            }
        }
        txn.commit().await?;
        tracing::info!(voucher = row.id, payment = %intent_id, "gift voucher issued");
        Ok(row)
    }
}
