//! Stripe through async-stripe 1.0. Every call has a timeout; creations and refunds carry
//! idempotency keys, so a retry after a lost answer never charges or refunds twice.

use std::collections::HashMap;
use std::time::Duration;

use stripe::{Client, ClientBuilder, IdempotencyKey, RequestStrategy, StripeError, StripeRequest};
use stripe_core::payment_intent::{
    CreatePaymentIntent, RetrievePaymentIntent, UpdatePaymentIntent,
};
use stripe_core::refund::CreateRefund;
use stripe_shared::PaymentIntent;
use stripe_types::{Currency, Expandable};

use posy_core::cart::CartId;

use super::{
    Billing, Intent, NewIntent, PaymentError, PaymentProvider, PaymentStatus, Provider, Refund,
    Reply,
};

/// How long one call to Stripe may take before the shopper is told to try again.
const TIMEOUT: Duration = Duration::from_secs(20);

/// Stripe, with the shop's secret key.
pub struct StripeProvider {
    client: Client,
    publishable_key: String,
}

impl StripeProvider {
    /// A client for Stripe's API, or for `api_url` (a test double) when given.
    pub fn new(
        secret_key: &str,
        publishable_key: &str,
        api_url: Option<&str>,
    ) -> anyhow::Result<StripeProvider> {
        let mut builder = ClientBuilder::new(secret_key).timeout(TIMEOUT);
        if let Some(url) = api_url {
            // The client writes `{base}v1/…`, so the base ends in a slash.
            builder = builder.url(format!("{}/", url.trim_end_matches('/')));
        }
        Ok(StripeProvider {
            client: builder.build()?,
            publishable_key: publishable_key.to_owned(),
        })
    }
}

impl PaymentProvider for StripeProvider {
    fn provider(&self) -> Provider {
        Provider::Stripe
    }

    fn publishable_key(&self) -> Option<String> {
        Some(self.publishable_key.clone())
    }

    fn create(&self, new: NewIntent) -> Reply<'_, Intent> {
        Box::pin(async move {
            let key = IdempotencyKey::new(new.idempotency_key)
                .map_err(|e| PaymentError::Provider(e.to_string()))?;
            let metadata = HashMap::from([("cart_id".to_owned(), new.cart_id.to_string())]);
            let intent = CreatePaymentIntent::new(new.amount, Currency::GBP)
                .metadata(metadata)
                .description("Posy order")
                .customize()
                .request_strategy(RequestStrategy::Idempotent(key))
                .send(&self.client)
                .await
                .map_err(failure)?;
            intent_of(intent)
        })
    }

    fn retrieve<'a>(&'a self, id: &'a str) -> Reply<'a, Intent> {
        Box::pin(async move {
            // The latest charge holds the billing details the card was confirmed with, and
            // whether it was refunded or disputed since.
            let intent = RetrievePaymentIntent::new(id)
                .expand(vec!["latest_charge".to_owned()])
                .send(&self.client)
                .await
                .map_err(failure)?;
            intent_of(intent)
        })
    }

    fn update_amount<'a>(&'a self, id: &'a str, amount: i64) -> Reply<'a, Intent> {
        Box::pin(async move {
            let intent = UpdatePaymentIntent::new(id)
                .amount(amount)
                .send(&self.client)
                .await
                .map_err(failure)?;
            intent_of(intent)
        })
    }

    fn refund<'a>(&'a self, refund: Refund<'a>) -> Reply<'a, ()> {
        Box::pin(async move {
            let key = IdempotencyKey::new(refund.idempotency_key)
                .map_err(|e| PaymentError::Provider(e.to_string()))?;
            let mut create = CreateRefund::new().payment_intent(refund.intent);
            if let Some(amount) = refund.amount {
                create = create.amount(amount);
            }
            create
                .customize()
                .request_strategy(RequestStrategy::Idempotent(key))
                .send(&self.client)
                .await
                .map_err(failure)?;
            Ok(())
        })
    }
}

/// Whether a Stripe key (secret `sk_`, restricted `rk_` or publishable `pk_`) is for test or
/// live mode, by its prefix; `None` when it is not a Stripe key at all.
pub fn key_mode(key: &str) -> Option<&'static str> {
    let rest = ["sk_", "rk_", "pk_"]
        .into_iter()
        .find_map(|kind| key.strip_prefix(kind))?;
    if rest.starts_with("test_") {
        Some("test")
    } else if rest.starts_with("live_") {
        Some("live")
    } else {
        None
    }
}

/// One of the account's webhook endpoints, as `posy check` needs it.
#[derive(Debug, Clone, PartialEq)]
pub struct WebhookEndpoint {
    pub url: String,
    /// `enabled` or `disabled`.
    pub status: String,
    /// The event types it sends (`*` for all).
    pub events: Vec<String>,
}

/// The webhook endpoints of the account `secret_key` belongs to, in its mode (the first 100:
/// a shop has one or two).
pub async fn webhook_endpoints(
    secret_key: &str,
    api_url: Option<&str>,
) -> Result<Vec<WebhookEndpoint>, PaymentError> {
    let stripe = StripeProvider::new(secret_key, "", api_url)
        .map_err(|e| PaymentError::Provider(e.to_string()))?;
    let listed = stripe_misc::webhook_endpoint::ListWebhookEndpoint::new()
        .limit(100)
        .send(&stripe.client)
        .await
        .map_err(failure)?;
    Ok(listed
        .data
        .into_iter()
        .map(|endpoint| WebhookEndpoint {
            url: endpoint.url,
            status: endpoint.status,
            events: endpoint.enabled_events,
        })
        .collect())
}

fn failure(err: StripeError) -> PaymentError {
    match &err {
        StripeError::Stripe(_, 404) => PaymentError::NotFound,
        _ => PaymentError::Provider(format!("Stripe: {err}")),
    }
}

/// Posy's view of Stripe's PaymentIntent; a status Posy does not know is the provider's fault.
pub fn intent_of(intent: PaymentIntent) -> Result<Intent, PaymentError> {
    let status = PaymentStatus::parse(intent.status.as_str()).ok_or_else(|| {
        PaymentError::Provider(format!("Stripe: unknown status {}", intent.status.as_str()))
    })?;
    // Only a retrieved intent has its latest charge expanded; the others need neither.
    let (billing, refunded, disputed) = match &intent.latest_charge {
        Some(Expandable::Object(charge)) => {
            let details = &charge.billing_details;
            let address = details.address.as_ref();
            let billing = Billing {
                name: details.name.clone(),
                email: details.email.clone(),
                phone: details.phone.clone(),
                line1: address.and_then(|a| a.line1.clone()),
                city: address.and_then(|a| a.city.clone()),
                postal_code: address.and_then(|a| a.postal_code.clone()),
            };
            (billing, charge.amount_refunded, charge.disputed)
        }
        _ => (Billing::default(), 0, false),
    };
    Ok(Intent {
        id: intent.id.to_string(),
        client_secret: intent.client_secret.clone().unwrap_or_default(),
        amount: intent.amount,
        currency: intent.currency.to_string(),
        status,
        cart_id: intent
            .metadata
            .get("cart_id")
            .and_then(|id| CartId::parse(id)),
        billing,
        refunded,
        disputed,
    })
}
