//! `POST /api/orders/` and `GET /api/orders/{id}?token=`, as the spec's API calls name them.

use poem::http::StatusCode;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use posy_core::calendar::LondonTime;
use posy_core::cart::CartId;
use posy_core::checkout::CheckoutForm;

use super::ApiTags;
use super::text::{Text, same_fields};
use crate::checkout::{Buyer, Checkout, PlaceError};
use crate::http::error::{Answer, Failure, INTERNAL, PATH, Problem, Refusal, SEND};
use crate::orders::{self, LinkError, OrderView};

/// Orders.
pub struct OrdersApi;

/// `POST /api/orders/`'s body: the paid intent, the cart, and the checkout form (a missing
/// form field is named in the answer, like an empty one).
#[derive(Debug, Object)]
pub struct PlaceOrder {
    /// The payment intent the card was confirmed with; null (or left out) when `check_intent`
    /// answered `nothing_to_pay` (a gift voucher pays for everything).
    pub payment_intent_id: Option<Text>,
    pub cart_id: Text,
    #[oai(default)]
    pub email: Text,
    #[oai(default)]
    pub first_name: Text,
    #[oai(default)]
    pub last_name: Text,
    #[oai(default)]
    pub address: Text,
    #[oai(default)]
    pub city: Text,
    #[oai(default)]
    pub postcode: Text,
    #[oai(default)]
    pub phone: Text,
}

/// The order made, and a token for its link.
#[derive(Debug, Object)]
pub struct OrderPlaced {
    /// The number in the order's link.
    pub id: i32,
    /// The studio's reference, e.g. `FS-000123`.
    pub order_id: String,
    /// Open the order with `/order-confirmation/{id}?token={access_token}`.
    pub access_token: String,
}

const REVERSED: &str = "This payment has been refunded or disputed, so it cannot become an \
                        order. Please pay again from your cart, or contact us.";

const LINK_EXPIRED: &str =
    "This order link has expired for security reasons. Please check your email for order details.";

impl From<PlaceError> for Problem {
    fn from(err: PlaceError) -> Problem {
        let refused = |message: String| Problem::new(StatusCode::BAD_REQUEST, message);
        match err {
            PlaceError::Form(problems) => Problem::fields(
                problems.message(),
                problems.fields(posy_core::validation::FormField::wire_name),
            ),
            PlaceError::CartGone => refused(
                "We couldn't find your cart. Please go back to the shop and try again.".into(),
            ),
            PlaceError::OtherCart => refused(
                "That payment was made for a different cart. Please try paying again.".into(),
            ),
            PlaceError::UnknownPayment => {
                refused("We couldn't find that payment. Please try paying again.".into())
            }
            PlaceError::NotPaid(status) => refused(format!(
                "We have not received your payment (its status is {}). Please try again.",
                status.as_str().replace('_', " ")
            )),
            PlaceError::NotPounds => refused(
                "That payment was not made in pounds sterling. Please try paying again.".into(),
            ),
            PlaceError::Reversed => Problem::new(StatusCode::CONFLICT, REVERSED),
            PlaceError::PlacedBefore(at) => Problem::new(
                StatusCode::CONFLICT,
                format!(
                    "This order was placed on {}; its link is in your confirmation e-mail.",
                    LondonTime::at(at).map_or_else(String::new, |t| t.date.day_month_year())
                ),
            ),
            PlaceError::Refunded(reason) | PlaceError::NotPlaced(reason) => {
                Problem::new(StatusCode::CONFLICT, reason)
            }
            PlaceError::Provider(err) => super::payment::provider_down(err),
            PlaceError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for PlaceError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "A checkout field is missing or malformed (the spec's `Please fill in all required \
             fields: ...` with `fields` by wire name), or the payment is not the one this shop \
             made for the cart (refused before the provider is asked), unknown, not succeeded \
             or not in GBP.",
        ),
        Answer(
            409,
            "The payment could not become an order (stock gone, the cart changed or was \
             ordered, or the order could not be recorded) and has been refunded in full; or \
             its charge was refunded or disputed since; or the order was placed more than 15 \
             minutes ago (`This order was placed on {date}; its link is in your confirmation \
             e-mail.`); or an order a gift voucher pays in full could not be placed (nothing \
             was charged). The message says which.",
        ),
        INTERNAL,
        super::payment::PROVIDER_DOWN,
    ];
}

impl From<LinkError> for Problem {
    fn from(err: LinkError) -> Problem {
        match err {
            LinkError::Refused => Problem::new(StatusCode::FORBIDDEN, LINK_EXPIRED),
            LinkError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for LinkError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            403,
            "The token is wrong, expired or missing, or there is no such order (all alike).",
        ),
        INTERNAL,
    ];
}

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Orders")]
impl OrdersApi {
    /// Makes the order once the payment has succeeded; only the intent the shop made for the
    /// cart is taken. The same call again within 15 minutes of the order answers the same
    /// order with a fresh token; later, a 409 pointing to the confirmation mail. Stock gone
    /// after payment: the payment is refunded and the answer is a 409 saying so.
    #[oai(path = "/orders/", method = "post", operation_id = "placeOrder")]
    async fn place(
        &self,
        checkout: Data<&Checkout>,
        body: Json<PlaceOrder>,
    ) -> Result<Json<OrderPlaced>, Failure<PlaceError, SEND>> {
        let body = body.0;
        let form = same_fields!(body => CheckoutForm {
            email, first_name, last_name, address, city, postcode, phone });
        let customer = form.parse().map_err(PlaceError::Form)?;
        let cart_id = CartId::parse(&body.cart_id);
        let id = match (&body.payment_intent_id, cart_id) {
            (Some(intent), _) => {
                checkout
                    .place(intent, cart_id, Buyer::Form(customer))
                    .await?
            }
            (None, Some(cart_id)) => checkout.place_by_voucher(cart_id, &customer).await?,
            (None, None) => return Err(PlaceError::CartGone.into()),
        };
        let access_token = checkout.renew_link(id).await?;
        Ok(Json(OrderPlaced {
            id,
            order_id: orders::reference(id),
            access_token,
        }))
    }

    /// The order, for the holder of one of its unexpired tokens; anything else is a 403, so
    /// a link reveals nothing about other orders.
    #[oai(path = "/orders/:id", method = "get", operation_id = "getOrder")]
    async fn get(
        &self,
        checkout: Data<&Checkout>,
        id: Path<i32>,
        token: Query<Option<String>>,
    ) -> Result<Json<OrderView>, Failure<LinkError, PATH>> {
        let token = token.0.unwrap_or_default();
        Ok(Json(orders::open(&checkout.db, id.0, &token).await?))
    }
}
