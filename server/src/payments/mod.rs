//! Card payments behind one trait: Stripe through async-stripe when its keys are set, else the
//! simulated provider, which mirrors Stripe's test cards so the embedded default takes whole
//! orders offline. The server only ever trusts what it reads back from the provider.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use sea_orm::DatabaseConnection;

use crate::config::Config;

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
    /// Stripe's words: `requires_payment_method`, `requires_action`, `processing`,
    /// `succeeded`, `canceled`…
    pub status: String,
    /// The cart it was made for, from its metadata.
    pub cart_id: Option<String>,
    /// Who paid, as the card form sent it; filled by [`PaymentProvider::retrieve`].
    pub billing: Billing,
}

impl Intent {
    /// True once the money is taken.
    pub fn succeeded(&self) -> bool {
        self.status == "succeeded"
    }
}

/// The billing details given with the card (spec §7): all optional, as providers have them.
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
    /// `stripe` or `simulated`: tells the web app which card form to show.
    fn name(&self) -> &'static str;

    /// The key Stripe.js needs in the browser; none for the simulated provider.
    fn publishable_key(&self) -> Option<String>;

    /// A new intent for `amount` pence in GBP with the cart's id in its metadata. Asking twice
    /// with the same `idempotency_key` gives the same intent.
    fn create<'a>(
        &'a self,
        cart_id: &'a str,
        amount: i64,
        idempotency_key: &'a str,
    ) -> Reply<'a, Intent>;

    /// The intent as the provider holds it now, with the payer's billing details.
    fn retrieve<'a>(&'a self, id: &'a str) -> Reply<'a, Intent>;

    /// Changes the amount of an intent not yet paid.
    fn update_amount<'a>(&'a self, id: &'a str, amount: i64) -> Reply<'a, Intent>;

    /// Gives back the whole payment of a succeeded intent; asking twice refunds once.
    fn refund<'a>(&'a self, id: &'a str) -> Reply<'a, ()>;
}

/// The provider the shop uses, shared by every request.
pub type Payments = Arc<dyn PaymentProvider>;

/// Stripe when all three of its keys are configured, else the simulated provider.
pub fn from_config(config: &Config, db: DatabaseConnection) -> anyhow::Result<Payments> {
    match (
        &config.stripe_secret_key,
        &config.stripe_publishable_key,
        &config.stripe_webhook_secret,
    ) {
        (Some(secret), Some(publishable), Some(_)) => Ok(Arc::new(stripe::StripeProvider::new(
            secret,
            publishable,
            config.stripe_api_url.as_deref(),
        )?)),
        (None, None, None) => Ok(Arc::new(simulated::SimulatedProvider::new(db))),
        _ => anyhow::bail!(
            "Stripe needs all three of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and \
             STRIPE_WEBHOOK_SECRET; set all of them, or none for simulated payments"
        ),
    }
}
