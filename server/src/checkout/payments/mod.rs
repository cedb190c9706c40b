//! Card payments behind one trait: Stripe through async-stripe when its keys are set, else the
//! simulated provider, which mirrors Stripe's test cards so the embedded default takes whole
//! orders offline. The server only ever trusts what it reads back from the provider.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use posy_core::cart::CartId;

pub mod simulated;
pub mod stripe;

/// A payment intent as Posy needs it, whichever provider holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Intent {
    /// e.g. `pi_3Mtw…` or `pi_sim_…`.
    pub id: String,
    /// What the browser confirms the card with.
    pub client_secret: String,
    /// Pence.
    pub amount: i64,
    /// Lower case, e.g. `gbp`.
    pub currency: String,
    /// Where it stands.
    pub status: PaymentStatus,
    /// The cart it was made for, from its metadata (`None` when that is not a cart id).
    pub cart_id: Option<CartId>,
    /// Who paid, as the card form sent it; filled by [`PaymentProvider::retrieve`].
    pub billing: Billing,
    /// Pence of its latest charge given back so far (by the shop or in the provider's own
    /// dashboard); filled by [`PaymentProvider::retrieve`].
    pub refunded: i64,
    /// The payer's bank disputes its latest charge; filled by [`PaymentProvider::retrieve`].
    pub disputed: bool,
}

impl Intent {
    /// True once the money is taken.
    pub fn succeeded(&self) -> bool {
        self.status == PaymentStatus::Succeeded
    }

    /// True when the money taken is (partly) back with the payer or held by their bank: such
    /// a payment never becomes an order.
    pub fn reversed(&self) -> bool {
        self.refunded > 0 || self.disputed
    }
}

/// Where a payment intent stands, in Stripe's states (the simulated provider uses the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaymentStatus {
    RequiresPaymentMethod,
    RequiresConfirmation,
    RequiresAction,
    Processing,
    RequiresCapture,
    Canceled,
    Succeeded,
}

impl PaymentStatus {
    const ALL: [PaymentStatus; 7] = [
        PaymentStatus::RequiresPaymentMethod,
        PaymentStatus::RequiresConfirmation,
        PaymentStatus::RequiresAction,
        PaymentStatus::Processing,
        PaymentStatus::RequiresCapture,
        PaymentStatus::Canceled,
        PaymentStatus::Succeeded,
    ];

    /// Stripe's word for it, e.g. `requires_action`.
    pub const fn as_str(self) -> &'static str {
        match self {
            PaymentStatus::RequiresPaymentMethod => "requires_payment_method",
            PaymentStatus::RequiresConfirmation => "requires_confirmation",
            PaymentStatus::RequiresAction => "requires_action",
            PaymentStatus::Processing => "processing",
            PaymentStatus::RequiresCapture => "requires_capture",
            PaymentStatus::Canceled => "canceled",
            PaymentStatus::Succeeded => "succeeded",
        }
    }

    /// Reads Stripe's word; `None` for one Posy does not know.
    pub fn parse(word: &str) -> Option<PaymentStatus> {
        PaymentStatus::ALL.into_iter().find(|s| s.as_str() == word)
    }
}

impl std::fmt::Display for PaymentStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

// The web app shows the card form of this provider; the API publishes it as `ProviderName`.
/// The card payment provider.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poem_openapi::Enum)]
#[oai(rename = "ProviderName", rename_all = "lowercase")]
pub enum Provider {
    /// Stripe Elements with `publishable_key`.
    Stripe,
    /// Posy's test-mode card form.
    Simulated,
}

/// What a new payment intent is for.
#[derive(Clone, Debug)]
pub struct NewIntent {
    /// Kept in the intent's metadata.
    pub cart_id: CartId,
    /// Pence, in GBP.
    pub amount: i64,
    /// Asking twice with the same key gives the same intent.
    pub idempotency_key: String,
}

/// A refund to ask a provider for.
#[derive(Clone, Copy, Debug)]
pub struct Refund<'a> {
    /// The payment intent to give back from.
    pub intent: &'a str,
    /// Pence; `None` for all that is left of the payment.
    pub amount: Option<i64>,
    /// The same refund asked for again (a retry) carries the same key.
    pub idempotency_key: &'a str,
}

/// The billing details given with the card (as the spec's API calls send them): all optional,
/// as providers have them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Billing {
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub line1: Option<String>,
    pub city: Option<String>,
    pub postal_code: Option<String>,
}

/// Why a provider call failed.
#[derive(Debug)]
pub enum PaymentError {
    /// The provider has no such payment intent.
    NotFound,
    /// Anything else: unreachable, refused, malformed. Logged, never shown to shoppers.
    Provider(String),
}

impl std::fmt::Display for PaymentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PaymentError::NotFound => f.write_str("no such payment intent"),
            PaymentError::Provider(why) => f.write_str(why),
        }
    }
}

/// What a provider call eventually gives.
pub type Reply<'a, T> = Pin<Box<dyn Future<Output = Result<T, PaymentError>> + Send + 'a>>;

/// The calls Posy makes to a card payment provider.
pub trait PaymentProvider: Send + Sync {
    /// Which provider this is: tells the web app which card form to show.
    fn provider(&self) -> Provider;

    /// `stripe` or `simulated`, for the log.
    fn name(&self) -> &'static str {
        match self.provider() {
            Provider::Stripe => "stripe",
            Provider::Simulated => "simulated",
        }
    }

    /// The key Stripe.js needs in the browser; none for the simulated provider.
    fn publishable_key(&self) -> Option<String>;

    /// A new intent in GBP with the cart's id in its metadata.
    fn create(&self, new: NewIntent) -> Reply<'_, Intent>;

    /// The intent as the provider holds it now, with the payer's billing details.
    fn retrieve<'a>(&'a self, id: &'a str) -> Reply<'a, Intent>;

    /// Changes the amount of an intent not yet paid.
    fn update_amount<'a>(&'a self, id: &'a str, amount: i64) -> Reply<'a, Intent>;

    /// Gives back some or all of a succeeded intent's payment; asking again with the same
    /// idempotency key refunds once.
    fn refund<'a>(&'a self, refund: Refund<'a>) -> Reply<'a, ()>;
}

/// The provider the shop uses, shared by every request.
pub type Payments = Arc<dyn PaymentProvider>;

/// The provider as an order's refunds ask it ([`crate::orders::GivesBack`]): the orders know
/// the refund, not the provider.
pub struct Refunds(pub Payments);

impl crate::orders::GivesBack for Refunds {
    fn give_back<'a>(
        &'a self,
        payment: &'a str,
        pence: i64,
        key: &'a str,
    ) -> Pin<Box<dyn Future<Output = Result<(), String>> + Send + 'a>> {
        Box::pin(async move {
            self.0
                .refund(Refund {
                    intent: payment,
                    amount: Some(pence),
                    idempotency_key: key,
                })
                .await
                .map_err(|err| err.to_string())
        })
    }

    fn given_back<'a>(
        &'a self,
        payment: &'a str,
    ) -> Pin<Box<dyn Future<Output = Result<i64, String>> + Send + 'a>> {
        Box::pin(async move {
            self.0
                .retrieve(payment)
                .await
                .map(|intent| intent.refunded)
                .map_err(|err| err.to_string())
        })
    }
}
