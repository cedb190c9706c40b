//! Checkout, done so that no paid order is lost and nothing is sold twice:
//!
//! 1. [`Checkout::payment_for_cart`]: the cart's lines are held for its payment
//!    ([`crate::cart::holds`]), so a shopper who needs stock others are paying for is told now, not
//!    refunded later; the amount comes from the database, never the browser: the items, and the
//!    delivery fee and slot surcharge of the florist's choice, checked again and fixed on the
//!    cart ([`crate::cart::fulfilment`]) in the hold's transaction; one payment intent per cart,
//!    created with an idempotency key and kept up to date.
//! 2. The browser confirms the card with the provider.
//! 3. [`Checkout::place`]: only the intent stored on the cart is taken, before any call to the
//!    provider. Read back from the provider, it must have succeeded, in GBP, for this cart and
//!    its amount (the items and the charge fixed on the cart), and its charge must be neither
//!    refunded nor disputed. One transaction takes the stock and writes the order with price
//!    snapshots, the choice and the mail (through the one order writer,
//!    [`crate::orders::writer`], which phone orders use too), and closes the cart; a database
//!    failure re-runs it a few times with a pause. The same
//!    call again (or the webhook) finds the same order. Stock gone, a changed cart, or a
//!    failure that outlasts the retries refunds the payment, records it and tells the studio,
//!    in one transaction. With holds that is rare: a hold that lapsed while the card was
//!    confirmed, or stock the studio lowered meanwhile.

pub mod attempts;
pub mod bookings;
pub mod codes;
pub mod letters;
pub mod payments;
pub mod voucher_sales;
pub mod webhook;

use posy_core::Money;
use posy_core::cart::CartId;
use posy_core::catalogue::Unavailable;
use posy_core::checkout::{CheckoutField, CheckoutForm, Customer};
use posy_core::fulfilment::FulfilmentField;
use posy_core::fulfilment::Totals;
use posy_core::offer::Reckoning;
use posy_core::validation::FormProblems;
use sea_orm::sea_query::Expr;
use sea_orm::{
    ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QueryOrder, Set,
    TryInsertResult,
};

use crate::cart::fulfilment::{self, ChoiceError};
use crate::cart::holds::{self, Held, HoldRules, NotHeld};
use crate::cart::places::Booking;
use crate::cart::{self, CartError};
use crate::checkout::attempts::{PaymentAttempts, TooMany};
use crate::checkout::payments::{
    Billing, Intent, NewIntent, PaymentError, PaymentStatus, Payments, Refund,
};
use crate::http::metrics::Tally;
use crate::orders::writer::{
    BookingWritten, NewBooking, NewOrder, Paid, Post, Written, write_booking, write_order,
};
use crate::store::clock::{Clock, now};
use crate::store::db::Writer;
use crate::store::entities::{cart as carts, order, refund, workshop, workshop_booking};
use crate::studio::facts::Facts;
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
    /// A line can no longer be paid for (withdrawn or sold out), or needs stock that other
    /// carts hold while they pay: the sentence naming it.
    Unavailable(String),
    /// The cart is an order already (placed now, from a payment that had gone through, when
    /// `access_token` is given).
    Ordered {
        order_id: i32,
        access_token: Option<String>,
    },
    /// A limit was reached (see [`Limit`]); with the studio's phone number, so the shopper is
    /// told how to order all the same.
    TooMany {
        limit: Limit,
        phone: String,
    },
    /// The cart's florist's choice can no longer be booked as it stands (a day or slot past
    /// its cut-off, say): core's sentences, a field each.
    Fulfilment(FormProblems<FulfilmentField>),
    /// The cart's voucher or offer code can no longer be used as the cart stands (another cart
    /// took what was left, its day is not the code's, …): core's sentence, before any payment.
    Code(String),
    /// The provider failed (logged).
    Provider(PaymentError),
    Db(DbErr),
}

/// Which of the checkout's limits a shopper reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// Too many payment attempts for this cart this hour.
    CartAttempts,
    /// Too many payment attempts from this address this hour, over all its carts.
    AddressAttempts,
    /// Too many carts from this address holding stock while they pay.
    HeldCarts,
    /// The address's carts would hold more pieces than one address may while paying (the most
    /// it may).
    HeldUnits(u32),
    /// The cart has renewed its hold as often as it may this hour.
    HoldRenewals,
}

impl From<TooMany> for Limit {
    fn from(too_many: TooMany) -> Limit {
        match too_many {
            TooMany::Cart => Limit::CartAttempts,
            TooMany::Address => Limit::AddressAttempts,
        }
    }
}

/// What the card form is given for a cart.
#[derive(Debug)]
pub struct CartPayment {
    /// The intent's client secret; none when a gift voucher pays for everything (no card).
    pub client_secret: Option<String>,
    /// Why an earlier payment for this cart was refunded, when one was.
    pub refunded: Option<String>,
    /// What the card will be charged, in pence: the page compares it with the total it shows.
    pub amount: i64,
    /// The whole sum: items, charges, the offer's discount, what the voucher pays.
    pub reckoning: Reckoning,
}

impl From<DbErr> for IntentError {
    fn from(err: DbErr) -> Self {
        IntentError::Db(err)
    }
}

impl IntentError {
    /// Why the cart's lines were not held; `phone` is the studio's, for the shopper who has
    /// reached the cap on held carts.
    fn not_held(err: NotHeld, phone: &str) -> IntentError {
        match err {
            NotHeld::CartGone => IntentError::CartGone,
            NotHeld::EmptyCart => IntentError::EmptyCart,
            NotHeld::Unavailable(why) | NotHeld::HeldElsewhere(why) | NotHeld::OverShare(why) => {
                IntentError::Unavailable(why)
            }
            NotHeld::AddressFull => IntentError::TooMany {
                limit: Limit::HeldCarts,
                phone: phone.to_owned(),
            },
            NotHeld::AddressUnits(most) => IntentError::TooMany {
                limit: Limit::HeldUnits(most),
                phone: phone.to_owned(),
            },
            NotHeld::RenewalsSpent => IntentError::TooMany {
                limit: Limit::HoldRenewals,
                phone: phone.to_owned(),
            },
            NotHeld::Db(err) => IntentError::Db(err),
        }
    }
}

impl From<ChoiceError> for IntentError {
    fn from(err: ChoiceError) -> Self {
        match err {
            ChoiceError::CartGone => IntentError::CartGone,
            ChoiceError::EmptyCart => IntentError::EmptyCart,
            ChoiceError::Form(problems) => IntentError::Fulfilment(problems),
            ChoiceError::Db(err) => IntentError::Db(err),
        }
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
    /// The payment's charge was refunded or disputed since: it never becomes an order.
    Reversed,
    /// The order was placed more than [`RENEWAL_SECONDS`] ago, at this Unix time: its link is
    /// in the confirmation mail, and no new one is handed out.
    PlacedBefore(i64),
    /// The payment was not in pounds sterling.
    NotPounds,
    /// The payment was refunded instead (stock gone, cart changed or ordered): the shopper's
    /// sentence. Asking again gives the same.
    Refunded(String),
    /// An order a gift voucher pays in full could not be placed (the cart changed, stock or
    /// the voucher went meanwhile): the shopper's sentence; nothing was charged.
    NotPlaced(String),
    /// The provider failed (logged).
    Provider(PaymentError),
    Db(DbErr),
}

impl From<DbErr> for PlaceError {
    fn from(err: DbErr) -> Self {
        PlaceError::Db(err)
    }
}

/// How long after an order is placed the same call may hand out a fresh link token: long
/// enough for a shopper's retry, short enough that a leaked cart and intent id cannot renew an
/// order's link for ever.
pub const RENEWAL_SECONDS: i64 = 15 * 60;

/// How often the order's transaction is run after a database failure before the payment is
/// refunded, and the first pause between runs (doubled each time).
const ATTEMPTS: u32 = 5;
const FIRST_PAUSE: std::time::Duration = std::time::Duration::from_millis(25);

/// Said when the database failed to record an order through every retry.
const NOT_RECORDED: &str = "Sorry, we could not record your order just now, so we have \
                            refunded your payment in full. Please try again in a few minutes.";

/// Everything the checkout needs, shared by the API and the webhook.
#[derive(Clone)]
pub struct Checkout {
    pub db: DatabaseConnection,
    /// Where orders and refunds are written: on SQLite a connection whose commits reach the
    /// disk before they return (see `db::connect_ledger`), since the shopper is told at once.
    /// It takes its turn in the same queue as [`Checkout::writer`].
    pub ledger: Writer,
    /// Where carts are written (holds and charges), one writer at a time on SQLite.
    pub writer: Writer,
    pub payments: Payments,
    /// e.g. `https://posy.example`, for the order link in the confirmation mail.
    pub public_url: String,
    /// How long an order link works, in seconds.
    pub link_ttl_seconds: i64,
    /// Where new-order notices go.
    pub studio_email: String,
    /// The studio's facts, which sign the shopper's confirmation.
    pub facts: Facts,
    /// The clock the florist's choice is checked against when its payment is made, and holds
    /// are kept by.
    pub clock: Clock,
    /// How long a cart's stock is held while paying, and how many held carts an address may
    /// have.
    pub holds: HoldRules,
    /// Payments given back instead of becoming orders, by the reason's word (`/metrics`).
    pub refunds_by_reason: Tally,
}

/// The details a card was paid with, for an order the browser never placed. The money is
/// already taken and the order must be kept, so nothing here refuses: each value is kept as far
/// as it can be (control characters dropped, cut to the field's limit, which fits its column),
/// and the second value is true when the details did not pass the checkout's rules as given,
/// so the studio is asked to check them.
fn billing_details(billing: &Billing) -> (CheckoutForm, bool) {
    let name = billing.name.clone().unwrap_or_default();
    let name = name.trim();
    // The card form sends "first last"; the last word is taken as the last name.
    let (first_name, last_name) = name.rsplit_once(' ').unwrap_or((name, ""));
    let given = |value: &Option<String>| value.clone().unwrap_or_default();
    let as_given = CheckoutForm {
        email: given(&billing.email),
        first_name: first_name.trim().to_owned(),
        last_name: last_name.trim().to_owned(),
        address: given(&billing.line1),
        city: given(&billing.city),
        postcode: given(&billing.postal_code),
        phone: given(&billing.phone),
    };
    if let Ok(customer) = as_given.parse() {
        return ((*customer).clone(), false);
    }
    let kept = |field: CheckoutField| -> String {
        let clean: String = as_given
            .value(field)
            .chars()
            .filter(|c| !c.is_control())
            .collect();
        clean.trim().chars().take(field.max_chars()).collect()
    };
    let details = CheckoutForm {
        email: kept(CheckoutField::Email),
        first_name: kept(CheckoutField::FirstName),
        last_name: kept(CheckoutField::LastName),
        address: kept(CheckoutField::Address),
        city: kept(CheckoutField::City),
        postcode: kept(CheckoutField::Postcode),
        phone: kept(CheckoutField::Phone),
    };
    (details, true)
}

/// Who pays: the checkout form's details, or (for an order the browser never placed) the
/// card's billing details as the provider holds them.
pub enum Buyer {
    /// The checkout form, parsed by core.
    Form(Customer),
    Billing,
}

impl Checkout {
    /// The order desk over the same database, ledger and provider: what writes the orders'
    /// refunds.
    pub fn order_desk(&self) -> crate::orders::OrderDesk {
        crate::orders::OrderDesk {
            db: self.db.clone(),
            ledger: self.ledger.clone(),
            refunds: std::sync::Arc::new(payments::Refunds(self.payments.clone())),
            public_url: self.public_url.clone(),
            link_ttl_seconds: self.link_ttl_seconds,
            facts: self.facts.clone(),
            clock: self.clock,
            notify: self.studio_email.clone(),
        }
    }

    /// The client secret of the cart's payment intent, for the amount the cart costs now.
    ///
    /// A cart whose payment went through without becoming an order (the browser never came
    /// back, or placing it failed) is never a dead end: its order is placed here from the
    /// card's billing details, as the webhook does, and named in [`IntentError::Ordered`]. A
    /// refunded payment counts as absent: a new intent is made, and the refund is told.
    ///
    /// The cart's lines are held for it from here ([`crate::cart::holds`]): a line that needs stock
    /// other carts hold is refused now, before any payment. `address` is the asker's, for the
    /// cap on held carts per address.
    ///
    /// Only what costs something counts as one of the `attempts`: a new intent, or one whose
    /// amount changes at the provider. The page asks on every view and again before paying
    /// (the spec), so a look at an unchanged cart that reuses its intent must never lock a
    /// shopper out.
    pub async fn payment_for_cart(
        &self,
        id: CartId,
        address: &str,
        email: Option<&str>,
        attempts: &PaymentAttempts,
    ) -> Result<CartPayment, IntentError> {
        // Read from memory (see `facts`): the phone is what a refused shopper is told to ring.
        let phone = self.facts.get(&self.db).await?.phone;
        let cart = carts::Entity::find_by_id(id.to_string())
            .one(&self.db)
            .await?
            .ok_or(IntentError::CartGone)?;
        if cart.ordered_at.is_some() {
            let order = order::Entity::find()
                .filter(order::Column::CartId.eq(id.to_string()))
                .one(&self.db)
                .await?
                .ok_or(IntentError::AlreadyPaid)?;
            return Err(IntentError::Ordered {
                order_id: order.id,
                access_token: None,
            });
        }
        let mut current = None;
        // A refunded intent counts as absent: the new one's key names it, so it is new.
        let mut replaces = None;
        if let Some(existing) = &cart.payment_intent_id {
            match self.payments.retrieve(existing).await {
                Ok(intent) if intent.refunded > 0 => replaces = Some(intent.id),
                Ok(intent) if intent.succeeded() => self.order_paid_cart(&intent, id).await?,
                Ok(intent) if intent.status == PaymentStatus::Processing => {
                    return Err(IntentError::AlreadyPaid);
                }
                Ok(intent) => current = Some(intent),
                // Gone at the provider (another account, say): make a new one below.
                Err(PaymentError::NotFound) => {}
                Err(err) => return Err(IntentError::Provider(err)),
            }
        }
        let attempt = || {
            attempts
                .attempt(&id.to_string(), address)
                .map_err(|too_many| {
                    tracing::warn!(cart = %id, ?too_many, "payment attempts limited");
                    IntentError::TooMany {
                        limit: too_many.into(),
                        phone: phone.clone(),
                    }
                })
        };
        // A new intent is an attempt whatever the amount: refused before any stock is held for
        // a cart that cannot pay.
        if current.is_none() {
            attempt()?;
        }
        let reckoning = self.hold_and_price(id, address, &phone, email).await?;
        let amount = reckoning.card.pence();
        if amount == 0 {
            // A gift voucher pays for everything: no card, no intent; the order is placed
            // from the voucher alone (`place_by_voucher`).
            return Ok(CartPayment {
                client_secret: None,
                refunded: None,
                amount,
                reckoning,
            });
        }
        let refunds = refund::Entity::find()
            .filter(refund::Column::CartId.eq(id.to_string()))
            .order_by_desc(refund::Column::CreatedAt)
            .all(&self.db)
            .await?;
        let refunded = refunds.first().map(|r| r.reason.clone());
        // An intent whose amount changes is one too; one reused as it is costs nothing.
        if matches!(&current, Some(intent) if intent.amount != amount) {
            attempt()?;
        }
        let client_secret = match current {
            Some(intent) if intent.amount == amount => intent.client_secret,
            Some(intent) => {
                self.payments
                    .update_amount(&intent.id, amount)
                    .await
                    .map_err(IntentError::Provider)?
                    .client_secret
            }
            None => {
                self.new_intent(id, amount, refunds.len(), replaces.as_deref())
                    .await?
            }
        };
        Ok(CartPayment {
            client_secret: Some(client_secret),
            refunded,
            amount,
            reckoning,
        })
    }

    /// Holds the cart's lines, its offer code's use and what its gift voucher pays, and fixes
    /// the charge of its florist's choice with the voucher's amount and the discount, in one
    /// transaction (all of it or none); answers the sum.
    async fn hold_and_price(
        &self,
        id: CartId,
        address: &str,
        phone: &str,
        email: Option<&str>,
    ) -> Result<Reckoning, IntentError> {
        let (clock, rules, address) = (self.clock, self.holds, address.to_owned());
        let phone = phone.to_owned();
        if is_booking(&self.db, id).await? {
            return self
                .writer
                .write(move |txn| {
                    Box::pin(async move {
                        let held = holds::take_seats(txn, clock.now(), id, &address, rules)
                            .await
                            .map_err(|err| IntentError::not_held(err, &phone))?;
                        // What is due now (the deposits, or the whole price) takes an offer
                        // code and a voucher as a basket does: held with the seats, the
                        // booker's address for a code's one use per e-mail.
                        let due = Money::from_pence(held.booking.paid_pence);
                        let totals = Totals::of(due, Money::ZERO, Money::ZERO);
                        let basis = codes::OfferBasis::seats(due);
                        codes::hold(
                            txn,
                            clock.now(),
                            &held.cart,
                            &basis,
                            totals,
                            Some(&held.booking.email),
                        )
                        .await
                    })
                })
                .await;
        }
        let email = email.map(str::to_owned);
        self.writer
            .write(move |txn| {
                Box::pin(async move {
                    let Held { cart, lines } = holds::take(txn, clock.now(), id, &address, rules)
                        .await
                        .map_err(|err| IntentError::not_held(err, &phone))?;
                    // The choice is checked again now: a day or slot that has closed is said
                    // before any payment. Its charge is fixed with the amount, and the order
                    // is placed for it.
                    let charge = fulfilment::price(txn, clock, &cart, &lines).await?;
                    fulfilment::fix_charge(txn, &cart, charge).await?;
                    let totals = charge.totals(cart::total_of(&lines));
                    let basis = codes::OfferBasis::of(&cart, &lines, None);
                    let reckoning =
                        codes::hold(txn, clock.now(), &cart, &basis, totals, email.as_deref())
                            .await?;
                    Ok::<_, IntentError>(reckoning)
                })
            })
            .await
    }

    /// A cart's intent succeeded but the cart is still open: places its order now (answered as
    /// [`IntentError::Ordered`] with a fresh link token, since the order is new); returns
    /// normally when the payment was refunded instead, so a new one can be made.
    async fn order_paid_cart(&self, intent: &Intent, id: CartId) -> Result<(), IntentError> {
        match self.place(&intent.id, Some(id), Buyer::Billing).await {
            Ok(order_id) => Err(IntentError::Ordered {
                order_id,
                access_token: Some(self.hand_out(order_id).await?),
            }),
            Err(PlaceError::Refunded(_)) => Ok(()),
            Err(PlaceError::Provider(err)) => Err(IntentError::Provider(err)),
            Err(PlaceError::Db(err)) => Err(err.into()),
            Err(other) => {
                tracing::error!(cart = %id, payment = %intent.id, ?other, "a paid cart could not be ordered");
                Err(IntentError::AlreadyPaid)
            }
        }
    }

    /// Makes the cart's payment intent and keeps its id on the cart.
    async fn new_intent(
        &self,
        id: CartId,
        amount: i64,
        attempt: usize,
        replaces: Option<&str>,
    ) -> Result<String, IntentError> {
        // Same cart, amount and attempt, same key: a retry after a lost answer finds the same
        // intent. A refunded payment starts a new attempt.
        let new = NewIntent {
            cart_id: id,
            amount,
            idempotency_key: match replaces {
                Some(refunded) => format!("posy-{id}-{amount}-{attempt}-{refunded}"),
                None => format!("posy-{id}-{amount}-{attempt}"),
            },
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
        // Only the intent this shop made for the cart, checked before the provider is asked, so
        // ids made up or taken from elsewhere cost nothing but this look-up.
        let cart_id = cart_id.ok_or(PlaceError::CartGone)?;
        let cart = carts::Entity::find_by_id(cart_id.to_string())
            .one(&self.db)
            .await?;
        match (cart, &buyer) {
            (Some(cart), _) if cart.payment_intent_id.as_deref() == Some(intent_id) => {}
            // The provider's signed word (the webhook) for a cart removed since: the intent is
            // read back below and, paid for a cart that is gone, refunded.
            (None, Buyer::Billing) => {}
            (None, Buyer::Form(_)) => return Err(PlaceError::CartGone),
            (Some(_), _) => return Err(PlaceError::OtherCart),
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
        let (details, check_details) = match buyer {
            Buyer::Form(customer) => ((*customer).clone(), false),
            Buyer::Billing => billing_details(&intent.billing),
        };
        self.place_order(&intent, cart_id, &details, check_details)
            .await
    }

    /// Places the order of a cart whose gift voucher pays for everything (its `check_intent`
    /// answered that nothing is left to pay): the same transaction as a card order's, for no
    /// card, under the shop's own payment id `voucher-{cart}`. The same call again finds the
    /// same order.
    pub async fn place_by_voucher(
        &self,
        cart_id: CartId,
        customer: &CheckoutForm,
    ) -> Result<i32, PlaceError> {
        let payment = format!("voucher-{cart_id}");
        if let Some(id) = self.existing_order(&payment, Some(cart_id)).await? {
            return Ok(id);
        }
        let mut pause = FIRST_PAUSE;
        let mut attempt = 1;
        let outcome = loop {
            match self.try_order(&payment, 0, cart_id, customer, false).await {
                Ok(outcome) => break outcome,
                Err(err) if attempt < ATTEMPTS => {
                    tracing::warn!(cart = %cart_id, attempt, %err, "voucher order not recorded; trying again");
                    tokio::time::sleep(pause).await;
                    pause *= 2;
                    attempt += 1;
                }
                Err(err) => return Err(PlaceError::Db(err)),
            }
        };
        let why = match outcome {
            Attempt::Placed(id) => {
                tracing::info!(order = id, cart = %cart_id, "order placed, paid by voucher");
                return Ok(id);
            }
            Attempt::CartClosed => {
                return match self.existing_order(&payment, Some(cart_id)).await? {
                    Some(id) => Ok(id),
                    None => Err(PlaceError::CartGone),
                };
            }
            Attempt::Changed => "Your cart changed meanwhile, so nothing has been taken from \
                                 your voucher. Please check your cart and try again."
                .to_owned(),
            Attempt::Withdrawn(label) => format!("Sorry, {label} is no longer on sale."),
            Attempt::SoldOut(label) => format!("Sorry, {label} has sold out."),
            Attempt::CodeGone(why) => why,
        };
        Err(PlaceError::NotPlaced(why))
    }

    /// A fresh token for an order's link.
    pub async fn hand_out(&self, order_id: i32) -> Result<String, DbErr> {
        orders::mint_token(&self.db, order_id, self.link_ttl_seconds).await
    }

    /// A fresh token for the link of an order just placed (or placed again by a retry within
    /// [`RENEWAL_SECONDS`]); an older order's link is only in its confirmation mail.
    pub async fn renew_link(&self, order_id: i32) -> Result<String, PlaceError> {
        let placed_at = order::Entity::find_by_id(order_id)
            .one(&self.db)
            .await?
            .map_or(0, |o| o.created_at);
        if now() - placed_at > RENEWAL_SECONDS {
            return Err(PlaceError::PlacedBefore(placed_at));
        }
        Ok(self.hand_out(order_id).await?)
    }

    /// The id of the order already made from this payment; `None` when there is none yet. A
    /// payment refunded instead gives the same refusal as the first time.
    async fn existing_order(
        &self,
        intent_id: &str,
        cart_id: Option<CartId>,
    ) -> Result<Option<i32>, PlaceError> {
        if let Some(order) = orders::paid_by(&self.db, intent_id).await? {
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
        cart_id: CartId,
        customer: &CheckoutForm,
        check_details: bool,
    ) -> Result<i32, PlaceError> {
        if intent.cart_id != Some(cart_id) {
            return Err(PlaceError::OtherCart);
        }
        if !intent.succeeded() {
            return Err(PlaceError::NotPaid(intent.status));
        }
        if intent.reversed() {
            return Err(PlaceError::Reversed);
        }
        if !intent.currency.eq_ignore_ascii_case("gbp") {
            return Err(PlaceError::NotPounds);
        }
        // A deadlock, a serialization failure, a busy SQLite or a dropped connection usually
        // passes: the whole transaction is run again before the money is given back.
        let mut pause = FIRST_PAUSE;
        let mut attempt = 1;
        let outcome = loop {
            match self
                .try_order(&intent.id, intent.amount, cart_id, customer, check_details)
                .await
            {
                Ok(outcome) => break outcome,
                Err(err) if attempt < ATTEMPTS => {
                    tracing::warn!(payment = %intent.id, attempt, %err, "order not recorded; trying again");
                    tokio::time::sleep(pause).await;
                    pause *= 2;
                    attempt += 1;
                }
                Err(err) => {
                    tracing::error!(payment = %intent.id, %err, "order not recorded after retries; refunding");
                    return Err(self
                        .refund(intent, cart_id, "not_recorded", NOT_RECORDED)
                        .await);
                }
            }
        };
        let (why, reason) = match outcome {
            Attempt::Placed(id) => {
                tracing::info!(order = id, payment = %intent.id, "order placed");
                return Ok(id);
            }
            // Ordered meanwhile (by the webhook, say), or gone.
            Attempt::CartClosed => match self.existing_order(&intent.id, Some(cart_id)).await? {
                Some(id) => return Ok(id),
                // Paid for a cart ordered with another payment, or removed: never keep the money.
                None => (
                    "cart_closed",
                    "This cart had already been ordered or has expired, so we have refunded \
                     this payment in full. Please check your email for your order."
                        .to_owned(),
                ),
            },
            Attempt::Changed => (
                "cart_changed",
                "Your cart changed while you were paying, so we have refunded your payment in \
                 full. Please check your cart and pay again."
                    .to_owned(),
            ),
            Attempt::Withdrawn(label) => (
                "withdrawn",
                format!(
                    "Sorry, {label} is no longer on sale, so we have refunded your payment in \
                     full; it will be back on your card within 5 to 10 working days."
                ),
            ),
            Attempt::SoldOut(label) => (
                "sold_out",
                format!(
                    "Sorry, {label} sold out while you were paying. We have refunded your \
                     payment in full; it will be back on your card within 5 to 10 working days."
                ),
            ),
            Attempt::CodeGone(why) => (
                "code_gone",
                format!(
                    "{why} We have refunded your payment in full; it will be back on your card \
                     within 5 to 10 working days."
                ),
            ),
        };
        Err(self.refund(intent, cart_id, why, &reason).await)
    }

    /// One run of the order's transaction: the order is written and committed, or nothing is.
    /// `payment` is the provider's intent (or the shop's own `voucher-…` id for an order a
    /// gift voucher pays in full) and `card` what the card paid, in pence.
    async fn try_order(
        &self,
        payment: &str,
        card: i64,
        cart_id: CartId,
        customer: &CheckoutForm,
        check_details: bool,
    ) -> Result<Attempt, DbErr> {
        let txn = self.ledger.begin().await?;
        match cart::lock_open_cart(&txn, cart_id).await {
            Ok(()) => {}
            Err(CartError::Db(err)) => return Err(err),
            Err(CartError::CartGone | CartError::LineGone) => return Ok(Attempt::CartClosed),
        }
        if let Some(booking) = workshop_booking::Entity::find()
            .filter(workshop_booking::Column::CartId.eq(cart_id.to_string()))
            .filter(workshop_booking::Column::OrderId.is_null())
            .one(&txn)
            .await?
        {
            return self.try_booking(txn, payment, card, cart_id, booking).await;
        }
        let lines = cart::priced_lines(&txn, cart_id).await?;
        let cart = carts::Entity::find_by_id(cart_id.to_string())
            .one(&txn)
            .await?
            .ok_or_else(|| DbErr::RecordNotFound("the locked cart".into()))?;
        // The charge fixed when the payment was made, whatever the clock says now; none when
        // the choice changed since. The same for the voucher's amount and the discount.
        let Some(charge) = fulfilment::fixed_charge(&cart) else {
            txn.rollback().await?;
            return Ok(Attempt::Changed);
        };
        let Some(paid) = codes::fixed(&cart, charge.totals(cart::total_of(&lines))) else {
            txn.rollback().await?;
            return Ok(Attempt::Changed);
        };
        if lines.is_empty() || paid.card.pence() != card {
            txn.rollback().await?;
            return Ok(Attempt::Changed);
        }
        // Hidden or archived by the studio between the card form and the payment: not sold.
        if let Some(line) = lines
            .iter()
            .find(|line| line.unavailable() == Some(Unavailable::Withdrawn))
        {
            let label = line.label();
            txn.rollback().await?;
            return Ok(Attempt::Withdrawn(label));
        }
        let new = NewOrder {
            cart_id: &cart_id.to_string(),
            payment,
            customer,
            check_details,
            fulfilment: cart.fulfilment.as_deref(),
            booking: &Booking::of_cart(&cart),
            charge,
            total: paid.total,
            paid_by_voucher: paid.voucher,
            discount: paid.discount,
            offer_code: cart.offer_code.as_deref(),
            lines: &lines,
            paid: Paid::Card {
                notify: &self.studio_email,
            },
        };
        let id = match write_order(&txn, &self.post(), &new).await? {
            Written::Order(id) => id,
            Written::SoldOut(line) => {
                let label = line.label();
                txn.rollback().await?;
                return Ok(Attempt::SoldOut(label));
            }
        };
        // The voucher's hold becomes spent and the code's use the order's, or (a hold that
        // lapsed and went elsewhere) nothing is written.
        if let Err(why) =
            codes::settle(&txn, self.clock.now(), &cart, id, &customer.email, paid).await?
        {
            txn.rollback().await?;
            return Ok(Attempt::CodeGone(why));
        }
        ordered(txn, cart_id, id).await
    }

    /// [`Checkout::try_order`] for a cart that carries a workshop booking: the seats it paid
    /// for are taken and the order written ([`crate::orders::writer::write_booking`]), or
    /// nothing is.
    async fn try_booking(
        &self,
        txn: crate::store::db::Writing,
        payment: &str,
        card: i64,
        cart_id: CartId,
        mut booking: workshop_booking::Model,
    ) -> Result<Attempt, DbErr> {
        let cart = carts::Entity::find_by_id(cart_id.to_string())
            .one(&txn)
            .await?
            .ok_or_else(|| DbErr::RecordNotFound("the locked cart".into()))?;
        // What is due now, less the code's discount, paid by the voucher and the card as fixed
        // when the payment was made; a code put on or taken off since is not what was paid.
        let due = Money::from_pence(booking.paid_pence);
        let Some(paid) = codes::fixed(&cart, Totals::of(due, Money::ZERO, Money::ZERO)) else {
            txn.rollback().await?;
            return Ok(Attempt::Changed);
        };
        if paid.card.pence() != card {
            txn.rollback().await?;
            return Ok(Attempt::Changed);
        }
        if paid.discount > Money::ZERO {
            // The booking records what was paid for the seats: the line's price, the
            // attendee list and what a cancellation gives back all read it.
            booking.paid_pence = paid.total.pence();
            workshop_booking::Entity::update_many()
                .col_expr(
                    workshop_booking::Column::PaidPence,
                    Expr::value(booking.paid_pence),
                )
                .filter(workshop_booking::Column::Id.eq(booking.id))
                .exec(&txn)
                .await?;
        }
        let Some(workshop) = workshop::Entity::find_by_id(booking.workshop_id)
            .one(&txn)
            .await?
        else {
            txn.rollback().await?;
            return Ok(Attempt::CartClosed);
        };
        if workshop.hidden || workshop.cancelled_at.is_some() {
            txn.rollback().await?;
            return Ok(Attempt::Withdrawn(workshop.title));
        }
        let names = orders::letters::booking_names(&booking);
        let name = names.first().map_or("", String::as_str);
        let (first_name, last_name) = name.split_once(' ').unwrap_or((name, ""));
        let customer = CheckoutForm {
            email: booking.email.clone(),
            first_name: first_name.trim().to_owned(),
            last_name: last_name.trim().to_owned(),
            phone: booking.phone.clone(),
            ..CheckoutForm::default()
        };
        let new = NewBooking {
            order: NewOrder {
                cart_id: &cart_id.to_string(),
                payment,
                customer: &customer,
                check_details: false,
                fulfilment: None,
                // On the day's work of the workshop's date; no slot or collection day is booked.
                booking: &Booking {
                    date: Some(workshop.date.clone()),
                    ..Booking::default()
                },
                charge: Default::default(),
                total: paid.total,
                paid_by_voucher: paid.voucher,
                discount: paid.discount,
                offer_code: cart.offer_code.as_deref(),
                lines: &[],
                paid: Paid::Card {
                    notify: &self.studio_email,
                },
            },
            workshop: &workshop,
            booking: &booking,
        };
        let id = match write_booking(&txn, &self.post(), &new).await? {
            BookingWritten::Order(id) => id,
            BookingWritten::SeatsGone => {
                txn.rollback().await?;
                return Ok(Attempt::SoldOut(workshop.title));
            }
        };
        // The voucher's hold is spent on the booking and the code's use becomes its, as for a
        // basket, or nothing is written.
        if let Err(why) =
            codes::settle(&txn, self.clock.now(), &cart, id, &booking.email, paid).await?
        {
            txn.rollback().await?;
            return Ok(Attempt::CodeGone(why));
        }
        ordered(txn, cart_id, id).await
    }

    /// Where the order's letters go and what their links open.
    fn post(&self) -> Post<'_> {
        Post {
            public_url: &self.public_url,
            link_ttl_seconds: self.link_ttl_seconds,
            facts: &self.facts,
        }
    }

    /// Gives the payment back and records why, so asking again gives the same answer; the
    /// cart stays open with its intent forgotten, so paying again makes a new one. The record,
    /// the cart and the studio's notice are one transaction: all of them or none. `why` is the
    /// reason's word for `/metrics` (`refunds_by_reason`), counted once a refund.
    async fn refund(
        &self,
        intent: &Intent,
        cart_id: CartId,
        why: &'static str,
        reason: &str,
    ) -> PlaceError {
        let key = format!("posy-refund-{}", intent.id);
        let refunded = self
            .payments
            .refund(Refund {
                intent: &intent.id,
                amount: None,
                idempotency_key: &key,
            })
            .await;
        if let Err(err) = &refunded {
            tracing::error!(payment = %intent.id, %err, "REFUND FAILED: refund this payment by hand");
        }
        let record = refund::ActiveModel {
            payment_intent_id: Set(intent.id.clone()),
            cart_id: Set(cart_id.to_string()),
            reason: Set(reason.to_owned()),
            succeeded: Set(refunded.is_ok()),
            created_at: Set(now()),
            settled_at: Set(None),
            settled_by: Set(None),
        };
        let letter = match &refunded {
            Ok(()) => letters::payment_refunded(&intent.id, reason),
            Err(_) => letters::refund_by_hand(&intent.id, reason),
        };
        let stored = async {
            let txn = self.ledger.begin().await?;
            let inserted = refund::Entity::insert(record)
                .on_conflict_do_nothing_on([refund::Column::PaymentIntentId])
                .exec_without_returning(&txn)
                .await?;
            if !matches!(inserted, TryInsertResult::Inserted(1)) {
                // Recorded (and the studio told) by an earlier call.
                return txn.rollback().await;
            }
            // The cart's hold ends with its payment: what it held may be gone.
            holds::release(carts::Entity::update_many())
                .col_expr(
                    carts::Column::PaymentIntentId,
                    Expr::value(Option::<String>::None),
                )
                .filter(carts::Column::Id.eq(cart_id.to_string()))
                .filter(carts::Column::PaymentIntentId.eq(&intent.id))
                .exec(&txn)
                .await?;
            mail::post(&txn, &self.studio_email, letter).await?;
            txn.commit().await?;
            self.refunds_by_reason.count(why);
            Ok(())
        };
        if let Err(err) = stored.await {
            tracing::error!(payment = %intent.id, %err, "could not record a refund");
        }
        PlaceError::Refunded(reason.to_owned())
    }
}

/// Whether the cart carries a workshop booking not yet ordered (its seats are held and paid
/// for instead of lines).
async fn is_booking(db: &DatabaseConnection, id: CartId) -> Result<bool, DbErr> {
    Ok(workshop_booking::Entity::find()
        .filter(workshop_booking::Column::CartId.eq(id.to_string()))
        .filter(workshop_booking::Column::OrderId.is_null())
        .one(db)
        .await?
        .is_some())
}

/// How one run of the order's transaction ended, short of a database failure.
enum Attempt {
    Placed(i32),
    /// The cart is ordered or gone.
    CartClosed,
    /// The cart's lines or total are not what was paid for.
    Changed,
    /// This line's product was hidden or archived.
    Withdrawn(String),
    /// This line's stock ran out.
    SoldOut(String),
    /// The voucher or offer code can no longer pay or take off what the payment was made for:
    /// core's sentence.
    CodeGone(String),
}

/// Closes the cart as ordered, in the order's transaction, and commits it: an ordered cart
/// holds nothing, as its stock is taken.
async fn ordered(
    txn: crate::store::db::Writing,
    cart_id: CartId,
    id: i32,
) -> Result<Attempt, DbErr> {
    holds::release(carts::Entity::update_many())
        .col_expr(carts::Column::OrderedAt, Expr::value(now()))
        .filter(carts::Column::Id.eq(cart_id.to_string()))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(Attempt::Placed(id))
}
