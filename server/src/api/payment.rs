//! `GET /api/payment/config/` and `check_intent/` of the spec's API calls, and the simulated
//! provider's card form calls, which answer as Stripe.js's confirmCardPayment does.

use poem::http::StatusCode;
use poem::web::Data;
use poem::{FromRequest, Request, RequestBody};
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use posy_core::Money;
use posy_core::cart::CartId;
use sea_orm::DatabaseConnection;

use super::ApiTags;
use super::text::Text;
use crate::api::state::Clients;
use crate::checkout::attempts::{PaymentAttempts, PaymentLooks};
use crate::checkout::payments::simulated::{self, Card, Confirmation, SimulatedError};
use crate::checkout::payments::{Billing, PaymentError, Provider};
use crate::checkout::{Checkout, IntentError, Limit};
use crate::http::error::{Answer, Failure, INTERNAL, PlacedOrder, Problem, Refusal, SEND};

/// Payments.
pub struct PaymentApi;

/// Which card form the checkout shows.
#[derive(Debug, Object)]
pub struct PaymentConfig {
    pub provider: Provider,
    /// Stripe's publishable key; null for the simulated provider.
    pub publishable_key: Option<String>,
}

/// What the card is confirmed with.
#[derive(Debug, Object)]
pub struct PaymentIntentSecret {
    /// Give it to the card form (Stripe.js, or the simulated form); empty when
    /// `nothing_to_pay`.
    pub client_secret: String,
    /// A gift voucher pays for everything: show no card form, and place the order with
    /// `POST /api/orders/` without a `payment_intent_id`.
    pub nothing_to_pay: bool,
    /// What the order comes to, after any offer code, e.g. `59.00`.
    pub order_total: String,
    /// What the offer code takes off, e.g. `6.00` (`0.00` without one).
    pub discount: String,
    /// What the gift voucher pays, held for this cart from now as its stock is.
    pub paid_by_voucher: String,
    /// When an earlier payment for this cart was refunded: why, in a sentence for the shopper
    /// (this secret is for a new payment).
    pub refunded: Option<String>,
    /// What the card will be charged for the cart as it stands now, e.g. `74.00`: the page
    /// compares it with the total it shows before confirming the card, since the cart may have
    /// changed in another tab.
    pub total: String,
}

/// The simulated card form's payment.
#[derive(Debug, Object)]
pub struct SimulatedConfirm {
    /// From `check_intent`.
    pub client_secret: Text,
    /// e.g. `4242 4242 4242 4242`.
    pub card_number: Text,
    /// `MM/YY`.
    pub expiry: Text,
    pub cvc: Text,
    pub billing_details: BillingDetails,
}

/// The billing details sent with the card, as the spec's API calls name them.
#[derive(Debug, Default, Object)]
pub struct BillingDetails {
    pub name: Option<Text>,
    pub email: Option<Text>,
    pub phone: Option<Text>,
    pub address: Option<BillingAddress>,
}

/// The billing address sent with the card.
#[derive(Debug, Default, Object)]
pub struct BillingAddress {
    pub line1: Option<Text>,
    pub city: Option<Text>,
    pub postal_code: Option<Text>,
    /// `GB`.
    pub country: Option<Text>,
}

/// The end of the simulated 3-D Secure step.
#[derive(Debug, Object)]
pub struct SimulatedAuthenticate {
    pub client_secret: Text,
    /// True for "Complete authentication", false for "Fail authentication".
    pub succeed: bool,
}

/// What confirming a card answers: the intent, or an error (as Stripe.js gives them).
#[derive(Debug, Object)]
pub struct CardResult {
    pub payment_intent: Option<CardIntent>,
    pub error: Option<CardError>,
}

/// The payment intent after confirming.
#[derive(Debug, Object)]
pub struct CardIntent {
    /// Sent as `payment_intent_id` to `POST /api/orders/`.
    pub id: String,
    /// `succeeded`, or `requires_action` when 3-D Secure is needed.
    pub status: String,
    /// Pence.
    pub amount: i64,
    pub currency: String,
}

/// Why a card was refused, in Stripe's words.
#[derive(Debug, Object)]
pub struct CardError {
    /// e.g. `card_declined`.
    pub code: String,
    /// e.g. `Your card was declined.`
    pub message: String,
}

/// The provider failed: a 503, its cause logged.
pub fn provider_down(err: PaymentError) -> Problem {
    Problem::logged(
        StatusCode::SERVICE_UNAVAILABLE,
        "We couldn't reach the card payment service. Please try again in a moment.",
        format!("payment provider call failed: {err}"),
    )
}

/// What [`provider_down`] means.
pub const PROVIDER_DOWN: Answer = Answer(
    503,
    "The card payment provider did not answer or failed (logged); try again.",
);

impl From<IntentError> for Problem {
    fn from(err: IntentError) -> Problem {
        let refused = |message: &str| Problem::new(StatusCode::BAD_REQUEST, message);
        match err {
            IntentError::CartGone => {
                refused("We couldn't find your cart. Please go back to the shop and try again.")
            }
            IntentError::AlreadyPaid => refused(
                "This cart has already been paid for. Please check your email for your order \
                 confirmation.",
            ),
            IntentError::EmptyCart => {
                refused("Your cart is empty. Please add something before checking out.")
            }
            IntentError::Unavailable(message) | IntentError::Code(message) => {
                Problem::new(StatusCode::CONFLICT, message)
            }
            IntentError::Ordered {
                order_id,
                access_token,
            } => {
                let reference = crate::orders::reference(order_id);
                let message = if access_token.is_some() {
                    format!(
                        "Your payment had already gone through, so we have placed your order \
                         {reference}. There is nothing more to pay."
                    )
                } else {
                    format!(
                        "This cart has already been paid for: it is order {reference}. Its \
                         link is in your confirmation e-mail."
                    )
                };
                Problem::new(StatusCode::CONFLICT, message).with_order(PlacedOrder {
                    order_id,
                    access_token,
                })
            }
            IntentError::TooMany { limit, phone } => {
                let why = match limit {
                    Limit::CartAttempts => {
                        "There have been too many payment attempts for this cart in the last hour."
                            .to_owned()
                    }
                    Limit::AddressAttempts => {
                        "There have been too many payment attempts from your network in the last \
                         hour."
                            .to_owned()
                    }
                    Limit::HeldCarts => {
                        "Several baskets from your network are already waiting to be paid for."
                            .to_owned()
                    }
                    Limit::HeldUnits(most) => format!(
                        "You're holding as many as we can keep for one shopper while paying \
                         ({most} pieces)."
                    ),
                    Limit::HoldRenewals => {
                        "We have kept this basket for you as many times as we can this hour."
                            .to_owned()
                    }
                };
                let what_to_do = match limit {
                    Limit::HeldCarts => {
                        "Please finish paying for one of them or try again in a few minutes"
                    }
                    Limit::HeldUnits(_) => {
                        "Please finish the payment you started, lower the quantities or wait a \
                         few minutes"
                    }
                    _ => "Please try again in an hour",
                };
                Problem::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    format!(
                        "{why} {what_to_do}, or call us on {phone} and we will take your order \
                         by phone."
                    ),
                )
            }
            IntentError::Fulfilment(problems) => Problem::fields(
                problems.message(),
                problems.fields(posy_core::validation::FormField::wire_name),
            ),
            IntentError::Provider(err) => provider_down(err),
            IntentError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for IntentError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "There is nothing to pay: the cart is empty, unknown (or no id was given), or its \
             payment is under way; or the delivery or collection chosen for it can no longer be \
             booked as it stands (`fields` names each, with a sentence), before any payment.",
        ),
        Answer(
            409,
            "A line can no longer be paid for, needs stock that other carts hold while they \
             pay, for a few minutes, or asks for more than one address may hold while paying (a \
             third of its stock, at least 1): the sentence names it; or the cart is an order already: \
             `order.order_id` names it, with `order.access_token` when the order was placed \
             just now from a payment that had gone through; or the cart's gift voucher or offer \
             code can no longer be used as the cart stands (another cart took what was left, \
             the day is not the code's): core's sentence, before any payment.",
        ),
        Answer(
            429,
            "Too many payment attempts this hour for this cart, or from this address (only a \
             new intent or a changed amount counts; asking again for an unchanged cart does \
             not); or this address already has its share of carts (3) or pieces (20) held while \
             they pay; or the cart has renewed its hold 3 times this hour (the shop's settings \
             may say otherwise). The sentence gives the studio's phone number to order by instead.",
        ),
        INTERNAL,
        PROVIDER_DOWN,
    ];
}

impl From<SimulatedError> for Problem {
    fn from(err: SimulatedError) -> Problem {
        match err {
            SimulatedError::Off => Problem::new(
                StatusCode::NOT_FOUND,
                "Test payments are switched off in this shop.",
            ),
            SimulatedError::UnknownSecret => Problem::new(
                StatusCode::BAD_REQUEST,
                "We couldn't find that payment. Please go back to your cart and try again.",
            ),
            SimulatedError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for SimulatedError {
    const ANSWERS: &'static [Answer] = &[
        Answer(400, "No payment has that client secret."),
        Answer(
            404,
            "The shop takes real payments (Stripe): there is no test mode.",
        ),
        INTERNAL,
    ];
}

/// Test mode: the simulated provider's database, to be had only when the shop runs on it (a
/// shop taking real payments answers its card form's calls with a 404).
pub struct TestMode<'a>(&'a DatabaseConnection);

impl<'a> FromRequest<'a> for TestMode<'a> {
    async fn from_request(req: &'a Request, body: &mut RequestBody) -> poem::Result<Self> {
        let checkout = <Data<&Checkout>>::from_request(req, body).await?.0;
        if checkout.payments.provider() != Provider::Simulated {
            let off: Failure<SimulatedError, SEND> = SimulatedError::Off.into();
            return Err(off.into());
        }
        Ok(TestMode(&checkout.db))
    }
}

/// What the simulated card form's calls answer.
type CardAnswer = Result<Json<CardResult>, Failure<SimulatedError, SEND>>;

#[OpenApi(prefix_path = "/api/payment", tag = "ApiTags::Payment")]
impl PaymentApi {
    /// Which card form to show, and Stripe's publishable key when it is Stripe.
    #[oai(path = "/config/", method = "get", operation_id = "getPaymentConfig")]
    async fn config(&self, checkout: Data<&Checkout>) -> Json<PaymentConfig> {
        Json(PaymentConfig {
            provider: checkout.payments.provider(),
            publishable_key: checkout.payments.publishable_key(),
        })
    }

    /// The client secret of the cart's payment intent, and its total, as the server computes
    /// it from the database; from then the cart's stock is held for it for a few minutes (until
    /// the order is placed or the cart changes). An empty or unknown cart is a 400; a line no
    /// longer on sale or needing stock other carts hold, or a cart that is an order already, a
    /// 409. A cart whose payment went through without an order gets its order now (409 naming
    /// it); a refunded payment gets a new secret, with why.
    #[oai(path = "/check_intent/", method = "get", operation_id = "checkIntent")]
    // poem-openapi takes each extractor and parameter as an argument of its own.
    #[allow(clippy::too_many_arguments)]
    async fn check_intent(
        &self,
        checkout: Data<&Checkout>,
        attempts: Data<&PaymentAttempts>,
        looks: Data<&PaymentLooks>,
        clients: Data<&Clients>,
        req: &Request,
        cart_id: Query<Option<String>>,
        /// The checkout form's e-mail address, when filled in: an offer code for one use per
        /// address is judged with it now rather than after paying.
        email: Query<Option<String>>,
    ) -> Result<Json<PaymentIntentSecret>, Failure<IntentError>> {
        let cart = cart_id.0.as_deref().and_then(CartId::parse);
        let cart = cart.ok_or(IntentError::CartGone)?;
        let address = clients.address(req);
        // Counted before the provider is asked for anything.
        if let Err(too_many) = looks.0.0.attempt(&cart.to_string(), &address) {
            tracing::warn!(cart = %cart, ?too_many, "payment looks limited");
            let facts = checkout.facts.get(&checkout.db).await;
            let phone = facts.map_err(IntentError::Db)?.phone;
            return Err(IntentError::TooMany {
                limit: too_many.into(),
                phone,
            }
            .into());
        }
        let email = email.0.as_deref().map(str::trim).filter(|e| !e.is_empty());
        let payment = checkout
            .payment_for_cart(cart, &address, email, &attempts)
            .await?;
        Ok(Json(PaymentIntentSecret {
            nothing_to_pay: payment.client_secret.is_none(),
            client_secret: payment.client_secret.unwrap_or_default(),
            refunded: payment.refunded,
            total: Money::from_pence(payment.amount).to_wire(),
            order_total: payment.reckoning.total.to_wire(),
            discount: payment.reckoning.discount.to_wire(),
            paid_by_voucher: payment.reckoning.voucher.to_wire(),
        }))
    }

    /// Test mode: pays with a card number from Stripe's test cards (only when the shop runs
    /// on the simulated provider).
    #[oai(path = "/simulated/confirm/", method = "post", operation_id = "simulatedConfirm")]
    async fn simulated_confirm(
        &self,
        body: Json<SimulatedConfirm>,
        test_mode: TestMode<'_>,
    ) -> CardAnswer {
        let SimulatedConfirm {
            client_secret,
            card_number,
            expiry,
            cvc,
            billing_details,
        } = body.0;
        let card = Card {
            number: card_number.0,
            expiry: expiry.0,
            cvc: cvc.0,
        };
        let billing = billing_details.into();
        let answer = simulated::confirm(test_mode.0, &client_secret, &card, &billing).await?;
        Ok(Json(answer.into()))
    }

    /// Test mode: completes or fails the simulated 3-D Secure step.
    #[oai(
        path = "/simulated/authenticate/",
        method = "post",
        operation_id = "simulatedAuthenticate"
    )]
    async fn simulated_authenticate(
        &self,
        body: Json<SimulatedAuthenticate>,
        test_mode: TestMode<'_>,
    ) -> CardAnswer {
        let answer = simulated::authenticate(test_mode.0, &body.client_secret, body.succeed);
        Ok(Json(answer.await?.into()))
    }
}

impl From<BillingDetails> for Billing {
    fn from(details: BillingDetails) -> Billing {
        let address = details.address.unwrap_or_default();
        Billing {
            name: details.name.map(String::from),
            email: details.email.map(String::from),
            phone: details.phone.map(String::from),
            line1: address.line1.map(String::from),
            city: address.city.map(String::from),
            postal_code: address.postal_code.map(String::from),
        }
    }
}

impl From<Confirmation> for CardResult {
    fn from(answer: Confirmation) -> CardResult {
        match answer {
            Ok(intent) => CardResult {
                payment_intent: Some(CardIntent {
                    id: intent.id,
                    status: intent.status.as_str().to_owned(),
                    amount: intent.amount,
                    currency: intent.currency,
                }),
                error: None,
            },
            Err(refusal) => CardResult {
                payment_intent: None,
                error: Some(CardError {
                    code: refusal.code.to_owned(),
                    message: refusal.message.to_owned(),
                }),
            },
        }
    }
}
