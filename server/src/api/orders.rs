//! `POST /api/orders/` and `GET /api/orders/{id}?token=` of spec §7.

use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use crate::checkout::{Checkout, Customer};
use crate::error::ApiError;
use crate::orders::{self, OrderView};

/// Orders.
pub struct OrdersApi;

/// `POST /api/orders/`'s body: the paid intent, the cart, and the checkout form (a missing
/// form field is named in the answer, like an empty one).
#[derive(Debug, Object)]
pub struct PlaceOrder {
    /// The payment intent the card was confirmed with.
    pub payment_intent_id: String,
    pub cart_id: String,
    #[oai(default)]
    pub email: String,
    #[oai(default)]
    pub first_name: String,
    #[oai(default)]
    pub last_name: String,
    #[oai(default)]
    pub address: String,
    #[oai(default)]
    pub city: String,
    #[oai(default)]
    pub postcode: String,
    #[oai(default)]
    pub phone: String,
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

const LINK_EXPIRED: &str =
    "This order link has expired for security reasons. Please check your email for order details.";

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Orders")]
impl OrdersApi {
    /// Makes the order once the payment has succeeded. The same call again answers the same
    /// order (with a fresh token). Stock gone after payment: the payment is refunded and the
    /// answer is a 409 saying so.
    #[oai(path = "/orders/", method = "post", operation_id = "placeOrder")]
    async fn place(
        &self,
        checkout: Data<&Checkout>,
        body: Json<PlaceOrder>,
    ) -> Result<Json<OrderPlaced>, ApiError> {
        let body = body.0;
        let customer = Customer {
            email: body.email,
            first_name: body.first_name,
            last_name: body.last_name,
            address: body.address,
            city: body.city,
            postcode: body.postcode,
            phone: body.phone,
        }
        .validated()?;
        let placed = match checkout
            .existing_order(&body.payment_intent_id, &body.cart_id)
            .await?
        {
            Some(id) => checkout.handed_out(id).await?,
            None => {
                let intent = checkout.retrieve(&body.payment_intent_id).await?;
                checkout
                    .place_order(&intent, &body.cart_id, customer)
                    .await?
            }
        };
        Ok(Json(OrderPlaced {
            id: placed.id,
            order_id: orders::reference(placed.id),
            access_token: placed.access_token,
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
    ) -> Result<Json<OrderView>, ApiError> {
        let token = token.0.unwrap_or_default();
        orders::open(&checkout.db, id.0, &token)
            .await?
            .map(Json)
            .ok_or_else(|| ApiError::forbidden(LINK_EXPIRED))
    }
}
