//! `GET /api/cart/` and the three cart changes of the spec's API calls; each answers the cart
//! itself.

use poem::http::StatusCode;
use poem::web::Data;
use poem::{FromRequest, Request, RequestBody};
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use posy_core::cart::CartId;
use posy_core::fulfilment::FulfilmentForm;
use sea_orm::DatabaseConnection;

use super::ApiTags;
use super::text::Text;
use crate::api::state::{Clients, MediaBase};
use crate::cart::fulfilment::{self, ChoiceError};
use crate::cart::{self, Adds, CartError, CartKey, CartView, LineError};
use crate::checkout::codes::Chosen;
use crate::http::error::{Answer, Failure, INTERNAL, Problem, Refusal, SEND};
use crate::store::clock::Clock;
use crate::store::db::Writer;

/// The shopper's cart.
pub struct CartApi;

/// `POST /api/cart/add_item/`'s body.
#[derive(Debug, Object)]
pub struct AddItem {
    /// The cart's id, from `GET /api/cart/`.
    pub cart_id: Text,
    /// The product to add.
    pub product_id: i32,
    /// How many to add; 1 when left out.
    #[oai(default = "one")]
    pub quantity: i64,
    /// The size, required exactly when the product has sizes.
    pub variation_id: Option<i32>,
}

fn one() -> i64 {
    posy_core::quantity::DEFAULT_QUANTITY.into()
}

/// `POST /api/cart/remove_item/`'s body.
#[derive(Debug, Object)]
pub struct RemoveItem {
    /// The cart's id.
    pub cart_id: Text,
    /// The line to remove.
    pub item_id: i32,
}

/// `POST /api/cart/update_quantity/`'s body.
#[derive(Debug, Object)]
pub struct UpdateQuantity {
    /// The cart's id.
    pub cart_id: Text,
    /// The line to change.
    pub item_id: i32,
    /// The line's new quantity, 1 to 10 and within stock.
    pub quantity: i64,
}

const CART_GONE: &str = "We couldn't find your cart. Please refresh the page and try again.";
const LINE_GONE: &str = "That item is no longer in your cart. Please refresh the page.";
const PRODUCT_GONE: &str = "Sorry, we couldn't find that product. It may no longer be available.";

impl From<CartError> for Problem {
    fn from(err: CartError) -> Problem {
        match err {
            CartError::CartGone => Problem::new(StatusCode::NOT_FOUND, CART_GONE),
            CartError::LineGone => Problem::new(StatusCode::NOT_FOUND, LINE_GONE),
            CartError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for CartError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            404,
            "No open cart has that id (unknown, or already ordered), or the line is not in it.",
        ),
        INTERNAL,
    ];
}

impl From<LineError> for Problem {
    fn from(err: LineError) -> Problem {
        match err {
            LineError::Cart(err) => err.into(),
            LineError::ProductGone => Problem::new(StatusCode::NOT_FOUND, PRODUCT_GONE),
            LineError::Size { message, why } => Problem::field(message, "variation_id", why),
            LineError::Quantity(message) => {
                Problem::field(message, "quantity", "Choose from 1 to 10.")
            }
            LineError::Stock(message) => Problem::new(StatusCode::CONFLICT, message),
            LineError::TooManyCarts { minutes } => Problem::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "We can't start another basket for your network just now: a lot have been \
                     started from it lately. Please try again in {minutes} minutes."
                ),
            ),
        }
    }
}

impl Refusal for LineError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "The line would hold fewer than 1 or more than 10 (`fields.quantity`), or the size \
             does not fit the product (`fields.variation_id`).",
        ),
        Answer(
            404,
            "No open cart has that id, the line is not in it, or the product is not on sale.",
        ),
        Answer(409, "Not that many left in stock; the cart is unchanged."),
        Answer(
            429,
            "The add would start a new cart, and this address has started its share of carts \
             this hour (100 unless POSY_NEW_CARTS_PER_ADDRESS says otherwise).",
        ),
        INTERNAL,
    ];
}

/// What every cart call works on: the shop's database, the key its fresh cart ids are signed
/// with and where its pictures are served from.
pub struct Carts<'a> {
    db: &'a DatabaseConnection,
    writer: &'a Writer,
    adds: &'a Adds,
    key: &'a CartKey,
    media: &'a str,
}

impl<'a> FromRequest<'a> for Carts<'a> {
    async fn from_request(req: &'a Request, body: &mut RequestBody) -> poem::Result<Self> {
        let db = <Data<&DatabaseConnection>>::from_request(req, body)
            .await?
            .0;
        let media = <Data<&MediaBase>>::from_request(req, body).await?.0;
        let writer = <Data<&Writer>>::from_request(req, body).await?.0;
        let adds = <Data<&Adds>>::from_request(req, body).await?.0;
        let key = <Data<&CartKey>>::from_request(req, body).await?.0;
        Ok(Carts {
            db,
            writer,
            adds,
            key,
            media: &media.0,
        })
    }
}

/// What a cart call answers: the cart as it is now, or why not.
type CartAnswer<E> = Result<Json<CartView>, Failure<E, SEND>>;

/// `PUT /api/cart/fulfilment/`'s body: the cart and the florist's choice.
#[derive(Debug, Object)]
pub struct FulfilmentChoice {
    /// The cart's id.
    pub cart_id: Text,
    #[oai(flatten)]
    pub choice: FulfilmentFields,
}

/// The florist's choice as a form sends it (the checkout's, and the studio's phone order).
/// Fields a method does not ask for are ignored; each may be left out (empty).
#[derive(Debug, Object)]
pub struct FulfilmentFields {
    /// The method, the day and the slot: what the checkout shows before the rest is filled in.
    #[oai(flatten)]
    pub day: ShownDay,
    /// Collection: the time, e.g. `10:30`.
    #[oai(default)]
    pub collection_time: Text,
    /// Delivery: who the flowers are for.
    #[oai(default)]
    pub recipient_name: Text,
    /// Delivery: the recipient's phone, for the driver.
    #[oai(default)]
    pub recipient_phone: Text,
    /// Delivery: the first line of the address.
    #[oai(default)]
    pub address_line1: Text,
    /// Delivery: a second line, may be empty.
    #[oai(default)]
    pub address_line2: Text,
    /// Delivery: town or city.
    #[oai(default)]
    pub city: Text,
    /// Delivery: the postcode, in one of the studio's zones.
    #[oai(default)]
    pub postcode: Text,
    /// Delivery: instructions for the driver, up to 200 characters.
    #[oai(default)]
    pub instructions: Text,
    /// The card's message, up to 250 characters and 6 lines; may be empty.
    #[oai(default)]
    pub card_message: Text,
    /// Who the card is from; empty is anonymous.
    #[oai(default)]
    pub card_from: Text,
}

impl FulfilmentFields {
    /// Core's form of the choice.
    pub fn into_form(self) -> FulfilmentForm {
        FulfilmentForm {
            method: self.day.method.0,
            date: self.day.date.0,
            slot: self.day.slot.0,
            collection_time: self.collection_time.0,
            recipient_name: self.recipient_name.0,
            recipient_phone: self.recipient_phone.0,
            address_line1: self.address_line1.0,
            address_line2: self.address_line2.0,
            city: self.city.0,
            postcode: self.postcode.0,
            instructions: self.instructions.0,
            card_message: self.card_message.0,
            card_from: self.card_from.0,
        }
    }
}

/// The day of the florist's choice as the checkout shows it: the start of the whole choice
/// ([`FulfilmentFields`]), and alone, what an offer code's day and slot conditions are judged
/// on before the choice can be kept on the cart (while the address is still empty, say).
/// Without a day that is a date, the cart's kept choice is used.
#[derive(Debug, Default, Object)]
pub struct ShownDay {
    /// `delivery` or `collection`.
    #[oai(default)]
    pub method: Text,
    /// The day, e.g. `2026-12-16`.
    #[oai(default)]
    pub date: Text,
    /// The delivery slot's name, e.g. `Morning`, once chosen.
    #[oai(default)]
    pub slot: Text,
}

impl ShownDay {
    pub(super) fn chosen(&self) -> Option<Chosen> {
        Chosen::shown(&self.method, &self.date, &self.slot)
    }
}

/// What a kept choice makes the cart cost, in pounds with two places.
#[derive(Debug, Object)]
pub struct CartTotals {
    /// The items, e.g. `"45.00"`.
    pub items: String,
    /// The zone's delivery fee; `"0.00"` for collection and from the free-delivery threshold.
    pub delivery: String,
    /// The slot's surcharge, paid even when delivery is free.
    pub surcharge: String,
    /// What the shopper pays.
    pub total: String,
}

impl From<ChoiceError> for Problem {
    fn from(err: ChoiceError) -> Problem {
        match err {
            ChoiceError::CartGone => Problem::new(StatusCode::NOT_FOUND, CART_GONE),
            ChoiceError::EmptyCart => Problem::new(
                StatusCode::BAD_REQUEST,
                "Your cart is empty. Please add something before choosing a delivery.",
            ),
            ChoiceError::Form(problems) => Problem::fields(
                problems.message(),
                problems.fields(posy_core::validation::FormField::wire_name),
            ),
            ChoiceError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for ChoiceError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "The cart is empty, or the choice cannot be booked as it stands: a field is \
             missing or wrong, the day is closed or past its cut-off, the postcode is outside \
             the delivery area (`fields` names each, with a sentence).",
        ),
        Answer(
            404,
            "No open cart has that id (unknown, or already ordered).",
        ),
        INTERNAL,
    ];
}

fn cart_of(id: &str) -> Result<CartId, CartError> {
    CartId::parse(id).ok_or(CartError::CartGone)
}

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Cart")]
impl CartApi {
    /// The cart with this id; a fresh empty cart with a new id when the id is missing,
    /// unknown or already ordered. Never fails for a bad id, and never stores anything: a new
    /// cart's row is written by its first add.
    #[oai(path = "/cart/", method = "get", operation_id = "getCart")]
    async fn get(
        &self,
        carts: Carts<'_>,
        cart_id: Query<Option<String>>,
    ) -> Result<Json<CartView>, Failure<sea_orm::DbErr>> {
        let id = cart_id.0.as_deref().and_then(CartId::parse);
        Ok(Json(
            cart::open_or_fresh(carts.db, carts.key, id, carts.media).await?,
        ))
    }

    /// Adds a product (and size) to the cart, raising its line when it is already there.
    /// Refused whole (400, or 409 for stock) when the line would pass 10 or the stock; a fresh
    /// cart's first add is refused (429) when its address has started its share of carts.
    #[oai(path = "/cart/add_item/", method = "post", operation_id = "addCartItem")]
    async fn add_item(
        &self,
        carts: Carts<'_>,
        clients: Data<&Clients>,
        req: &Request,
        body: Json<AddItem>,
    ) -> CartAnswer<LineError> {
        let item = body.0;
        let cart = cart_of(&item.cart_id).map_err(LineError::from)?;
        let (product, size) = (item.product_id, item.variation_id);
        let address = clients.address(req);
        let added = carts
            .adds
            .add(cart, &address, product, size, item.quantity, carts.media);
        Ok(Json(added.await?))
    }

    /// Removes a line.
    #[oai(path = "/cart/remove_item/", method = "post", operation_id = "removeCartItem")]
    async fn remove_item(&self, carts: Carts<'_>, body: Json<RemoveItem>) -> CartAnswer<CartError> {
        let cart = cart_of(&body.cart_id)?;
        Ok(Json(
            cart::remove(carts.writer, cart, body.item_id, carts.media).await?,
        ))
    }

    /// Sets a line's quantity.
    #[oai(
        path = "/cart/update_quantity/",
        method = "post",
        operation_id = "updateCartItemQuantity"
    )]
    async fn update_quantity(
        &self,
        carts: Carts<'_>,
        body: Json<UpdateQuantity>,
    ) -> CartAnswer<LineError> {
        let UpdateQuantity {
            cart_id,
            item_id,
            quantity,
        } = body.0;
        let cart = cart_of(&cart_id).map_err(LineError::from)?;
        let changed = cart::update_quantity(carts.writer, cart, item_id, quantity, carts.media);
        Ok(Json(changed.await?))
    }

    /// Keeps the florist's choice with the cart (delivery or collection, the day and the slot
    /// or time, the recipient and address, instructions, the card) once core's delivery rules
    /// accept it at this moment; answers what the cart then costs. The browser runs the same
    /// rules first, so a refusal here is rare: a day or slot that closed meanwhile, say.
    #[oai(path = "/cart/fulfilment/", method = "put", operation_id = "setCartFulfilment")]
    async fn fulfilment(
        &self,
        carts: Carts<'_>,
        clock: Data<&Clock>,
        body: Json<FulfilmentChoice>,
    ) -> Result<Json<CartTotals>, Failure<ChoiceError, SEND>> {
        let body = body.0;
        let cart = cart_of(&body.cart_id).map_err(|_| ChoiceError::CartGone)?;
        let totals = fulfilment::choose(carts.db, **clock, cart, body.choice.into_form()).await?;
        Ok(Json(CartTotals {
            items: totals.items.to_wire(),
            delivery: totals.delivery.to_wire(),
            surcharge: totals.surcharge.to_wire(),
            total: totals.total.to_wire(),
        }))
    }
}
