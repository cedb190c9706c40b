//! Seats on a workshop, booked the way the shop's checkout pays for a basket: a booking is a
//! cart with no lines that carries one `workshop_bookings` row (the seats, the names, what is
//! paid now and what is owed later, fixed here from core's terms). From there the checkout's
//! own path does the rest: [`Checkout::payment_for_cart`] holds the seats
//! ([`crate::cart::holds::take_seats`], same expiry, renewals and per-address cap as stock)
//! and keeps one payment intent per cart; [`Checkout::place`] writes the order through the
//! one writer ([`crate::orders::writer::write_booking`]), or refunds a payment whose seats went.

use posy_core::Money;
use posy_core::cart::CartId;
use posy_core::workshop::{self, Booker};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DbErr, EntityTrait, IntoActiveModel, QueryFilter, Set,
};
use uuid::Uuid;

use super::attempts::PaymentAttempts;
use super::payments::{NewIntent, PaymentError};
use super::{CartPayment, Checkout, IntentError};
use crate::cart::holds;
use crate::orders::LinkError;
use crate::store::entities::{
    cart as carts, workshop as workshop_rows, workshop_booking as bookings,
};
use crate::studio::{waiting, workshops};

/// Why seats could not be booked.
#[derive(Debug)]
pub enum BookError {
    /// No workshop on the site has that slug.
    Gone,
    /// The waiting list's offer named is no live offer (lapsed, or used).
    OfferGone,
    /// The payment could not be prepared (the seats are not there, limits, the provider).
    Intent(IntentError),
}

impl From<DbErr> for BookError {
    fn from(err: DbErr) -> Self {
        BookError::Intent(IntentError::Db(err))
    }
}

impl From<IntentError> for BookError {
    fn from(err: IntentError) -> Self {
        BookError::Intent(err)
    }
}

/// What the card form is given for a booking.
pub struct SeatsPayment {
    pub payment: CartPayment,
    pub booking: bookings::Model,
    /// When the seats stop being held (Unix seconds).
    pub held_until: Option<i64>,
}

impl Checkout {
    /// Books `booker`'s seats on the workshop `slug` under the cart `cart_id` (a fresh one, or
    /// the one a retry names), then prepares its payment as any cart's: the seats are held from
    /// here until the hold's end. Booking again under the same cart with other details
    /// rewrites the booking (and ends its hold when the seats change, so the new count is
    /// checked afresh).
    ///
    /// With a waiting list's `offer` (its token), the offer ends and the booking's hold starts
    /// in the one transaction that writes the booking: the seats the offer kept pass straight
    /// to the hold, with no moment in which another shopper could take them. A hold that
    /// cannot start leaves the offer as it was.
    pub async fn book_seats(
        &self,
        cart_id: CartId,
        slug: &str,
        booker: &Booker,
        address: &str,
        offer: Option<&str>,
        attempts: &PaymentAttempts,
    ) -> Result<SeatsPayment, BookError> {
        let now = self.clock.now();
        let offered = workshops::by_slug(&self.db, now, slug)
            .await?
            .ok_or(BookError::Gone)?;
        let terms = offered.terms;
        let (paid, balance) = workshop::for_seats(terms, booker.seats)
            .ok_or_else(|| DbErr::Custom("a booking's total overflows".into()))?;
        let names = serde_json::to_string(&booker.names)
            .map_err(|err| DbErr::Custom(format!("names: {err}")))?;
        let row = bookings::ActiveModel {
            workshop_id: Set(offered.row.id),
            cart_id: Set(cart_id.to_string()),
            order_id: Set(None),
            seats: Set(booker.seats as i32),
            names: Set(names),
            email: Set(booker.email.clone()),
            phone: Set(booker.phone.clone()),
            note: Set(if offered.row.asks_note {
                booker.note.clone()
            } else {
                String::new()
            }),
            notes_cleared_at: Set(None),
            paid_pence: Set(paid.pence()),
            balance_pence: Set(balance.pence()),
            balance_due: Set(terms.due.map(|d| d.to_wire())),
            balance_paid_at: Set(None),
            balance_paid_how: Set(None),
            balance_intent_id: Set(None),
            reminded: Set(None),
            cancelled_at: Set(None),
            created_at: Set(now),
            ..Default::default()
        };
        let (seats, workshop_id) = (booker.seats as i32, offered.row.id);
        let id = cart_id.to_string();
        let (offer, rules, held_from) = (offer.map(str::to_owned), self.holds, address.to_owned());
        // Read from memory (see `facts`): the phone is what a refused shopper is told to ring.
        let phone = self.facts.get(&self.db).await?.phone;
        self.writer
            .write(move |txn| {
                Box::pin(async move {
                    let cart = carts::Entity::find_by_id(id.clone()).one(txn).await?;
                    match cart {
                        // Paid for already: the payment's own path below says so.
                        Some(cart) if cart.ordered_at.is_some() => return Ok(()),
                        Some(_) => {}
                        None => {
                            carts::ActiveModel {
                                id: Set(id.clone()),
                                created_at: Set(now),
                                updated_at: Set(now),
                                hold_checks: Set(0),
                                holds_started: Set(0),
                                ..Default::default()
                            }
                            .insert(txn)
                            .await?;
                        }
                    }
                    let kept = bookings::Entity::find()
                        .filter(bookings::Column::CartId.eq(&id))
                        .one(txn)
                        .await?;
                    match kept {
                        Some(kept) if kept.order_id.is_some() => {}
                        Some(kept) => {
                            let changed = kept.seats != seats || kept.workshop_id != workshop_id;
                            let mut update = row.clone();
                            update.id = Set(kept.id);
                            update.created_at = Set(kept.created_at);
                            update.into_active_model().update(txn).await?;
                            if changed {
                                holds::release(carts::Entity::update_many())
                                    .col_expr(carts::Column::UpdatedAt, Expr::value(now))
                                    .filter(carts::Column::Id.eq(&id))
                                    .exec(txn)
                                    .await?;
                            }
                        }
                        None => {
                            row.insert(txn).await?;
                        }
                    }
                    if let Some(offer) = offer {
                        if !waiting::take_offer(txn, now, workshop_id, &offer).await? {
                            return Err(BookError::OfferGone);
                        }
                        holds::take_seats(txn, now, cart_id, &held_from, rules)
                            .await
                            .map_err(|err| IntentError::not_held(err, &phone))?;
                    }
                    Ok::<_, BookError>(())
                })
            })
            .await?;
        let payment = self
            .payment_for_cart(cart_id, address, None, attempts)
            .await?;
        let booking = bookings::Entity::find()
            .filter(bookings::Column::CartId.eq(cart_id.to_string()))
            .one(&self.db)
            .await?
            .ok_or(IntentError::CartGone)?;
        let held_until = carts::Entity::find_by_id(cart_id.to_string())
            .one(&self.db)
            .await?
            .and_then(|cart| cart.held_until);
        Ok(SeatsPayment {
            payment,
            booking,
            held_until,
        })
    }
}

/// Why a balance could not be paid through its link.
#[derive(Debug)]
pub enum BalanceError {
    /// The link's token is wrong or expired, or the order is not a booking (all alike).
    Refused,
    /// Nothing is owed: paid already, or the booking was cancelled.
    NothingOwed,
    /// The payment is not this balance's, or has not succeeded: its status.
    NotPaid(String),
    Provider(PaymentError),
    Db(DbErr),
}

impl From<DbErr> for BalanceError {
    fn from(err: DbErr) -> Self {
        BalanceError::Db(err)
    }
}

impl From<LinkError> for BalanceError {
    fn from(err: LinkError) -> Self {
        match err {
            LinkError::Refused => BalanceError::Refused,
            LinkError::Db(err) => BalanceError::Db(err),
        }
    }
}

/// A booking's balance as its link shows it.
pub struct Balance {
    pub booking: bookings::Model,
    pub workshop: workshop_rows::Model,
}

impl Balance {
    /// Still owed.
    pub fn owed(&self) -> bool {
        self.booking.balance_pence > 0
            && self.booking.balance_paid_at.is_none()
            && self.booking.cancelled_at.is_none()
    }
}

impl Checkout {
    /// The balance of the booking that is order `order_id`, for the holder of its link.
    pub async fn balance(&self, order_id: i32, token: &str) -> Result<Balance, BalanceError> {
        crate::orders::open(&self.db, order_id, token).await?;
        let (booking, workshop) = crate::orders::bookings::of_order(&self.db, order_id)
            .await?
            .ok_or(BalanceError::Refused)?;
        Ok(Balance { booking, workshop })
    }

    /// The card form's client secret for the balance (one intent a booking's balance, made
    /// with an idempotency key; no saved cards).
    pub async fn balance_payment(
        &self,
        order_id: i32,
        token: &str,
    ) -> Result<(String, i64), BalanceError> {
        let balance = self.balance(order_id, token).await?;
        if !balance.owed() {
            return Err(BalanceError::NothingOwed);
        }
        let booking = balance.booking;
        let amount = booking.balance_pence;
        if let Some(existing) = &booking.balance_intent_id {
            match self.payments.retrieve(existing).await {
                Ok(intent) if intent.succeeded() && !intent.reversed() => {
                    self.balance_received(order_id, &intent.id).await?;
                    return Err(BalanceError::NothingOwed);
                }
                Ok(intent) if intent.amount == amount && intent.refunded == 0 => {
                    return Ok((intent.client_secret, amount));
                }
                Ok(_) | Err(PaymentError::NotFound) => {}
                Err(err) => return Err(BalanceError::Provider(err)),
            }
        }
        let cart = CartId::parse(&booking.cart_id).ok_or(BalanceError::Refused)?;
        let intent = self
            .payments
            .create(NewIntent {
                cart_id: cart,
                amount,
                idempotency_key: format!("posy-balance-{order_id}-{amount}"),
            })
            .await
            .map_err(BalanceError::Provider)?;
        bookings::Entity::update_many()
            .col_expr(
                bookings::Column::BalanceIntentId,
                Expr::value(intent.id.clone()),
            )
            .filter(bookings::Column::Id.eq(booking.id))
            .filter(bookings::Column::BalancePaidAt.is_null())
            .exec(&self.db)
            .await?;
        Ok((intent.client_secret, amount))
    }

    /// The booking whose balance is paid with `intent_id`, recorded as received (once, however
    /// often the provider tells of it, and whether it or the browser comes first): answers
    /// false when the payment is no booking's balance.
    pub async fn balance_paid_by_provider(&self, intent_id: &str) -> Result<bool, BalanceError> {
        let Some(order_id) = bookings::Entity::find()
            .filter(bookings::Column::BalanceIntentId.eq(intent_id))
            .one(&self.db)
            .await?
            .and_then(|booking| booking.order_id)
        else {
            return Ok(false);
        };
        self.balance_received(order_id, intent_id).await?;
        Ok(true)
    }

    /// Records the balance paid with `intent_id` (read back from the provider: this balance's
    /// intent, succeeded, the balance's amount in pounds), once, and mails the booker.
    pub async fn balance_received(
        &self,
        order_id: i32,
        intent_id: &str,
    ) -> Result<(), BalanceError> {
        let (booking, workshop) = crate::orders::bookings::of_order(&self.db, order_id)
            .await?
            .ok_or(BalanceError::Refused)?;
        if booking.balance_intent_id.as_deref() != Some(intent_id) {
            return Err(BalanceError::NotPaid("for another payment".into()));
        }
        if booking.balance_paid_at.is_some() {
            return Ok(());
        }
        let intent = self
            .payments
            .retrieve(intent_id)
            .await
            .map_err(BalanceError::Provider)?;
        if !intent.succeeded()
            || intent.reversed()
            || intent.amount != booking.balance_pence
            || !intent.currency.eq_ignore_ascii_case("gbp")
        {
            return Err(BalanceError::NotPaid(
                intent.status.as_str().replace('_', " "),
            ));
        }
        if booking.cancelled_at.is_some() {
            return self
                .late_balance(order_id, intent_id, booking, workshop)
                .await;
        }
        let txn = self.ledger.begin().await?;
        let marked = received_by_card(booking.id, self.clock.now())
            .filter(bookings::Column::CancelledAt.is_null())
            .exec(&txn)
            .await?;
        if marked.rows_affected == 0 {
            // Cancelled since it was read: then the payment came late after all.
            drop(txn);
            let (booking, workshop) = crate::orders::bookings::of_order(&self.db, order_id)
                .await?
                .ok_or(BalanceError::Refused)?;
            if booking.cancelled_at.is_some() && booking.balance_paid_at.is_none() {
                return self
                    .late_balance(order_id, intent_id, booking, workshop)
                    .await;
            }
            return Ok(());
        }
        let studio = self.facts.get(&txn).await?;
        crate::mail::post(
            &txn,
            &booking.email,
            crate::orders::letters::balance_received(
                &crate::orders::reference(order_id),
                &workshop,
                &booking,
                &studio,
            ),
        )
        .await?;
        txn.commit().await?;
        Ok(())
    }

    /// A balance paid (`intent_id`, read back as paid) after its booking was cancelled: given
    /// back on its own payment under a key made from the payment alone, so however often it
    /// is heard of it goes back once; written on the order as its refund, the balance marked
    /// received so the order's figures show it taken and given back, and the studio told.
    /// The refund is written before the mark, so a failure between the two is mended by the
    /// next time the payment is heard of.
    async fn late_balance(
        &self,
        order_id: i32,
        intent_id: &str,
        booking: bookings::Model,
        workshop: workshop_rows::Model,
    ) -> Result<(), BalanceError> {
        let desk = self.order_desk();
        crate::orders::refunds::give_back_payment(
            &desk,
            order_id,
            intent_id,
            Money::from_pence(booking.balance_pence),
            "the balance of your booking",
            "The balance was paid after the booking was cancelled",
            Uuid::nil(),
            "Posy",
        )
        .await?;
        let txn = self.ledger.begin().await?;
        let marked = received_by_card(booking.id, self.clock.now())
            .exec(&txn)
            .await?;
        if marked.rows_affected == 1 {
            crate::mail::post(
                &txn,
                &self.studio_email,
                crate::orders::letters::late_balance_refunded(
                    &crate::orders::reference(order_id),
                    &workshop,
                    &booking,
                    &crate::orders::admin_link(&self.public_url, order_id),
                ),
            )
            .await?;
        }
        txn.commit().await?;
        Ok(())
    }
}

/// Booking `id`'s balance marked received by card now, unless it was already.
fn received_by_card(id: i32, at: i64) -> sea_orm::UpdateMany<bookings::Entity> {
    bookings::Entity::update_many()
        .col_expr(bookings::Column::BalancePaidAt, Expr::value(at))
        .col_expr(bookings::Column::BalancePaidHow, Expr::value("card"))
        .filter(bookings::Column::Id.eq(id))
        .filter(bookings::Column::BalancePaidAt.is_null())
}
