//! The shopper's side of gift vouchers and offer codes: the checkout's one field (applied to the
//! cart, taken off, shown with what the order then comes to), the voucher's balance look-up,
//! and the terms the voucher page offers. Applying and looking up are counted per address
//! (an IPv6 address by its /64) against guessing codes.

use poem::Request;
use poem::http::StatusCode;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Enum, Object, OpenApi};
use posy_core::Money;
use posy_core::calendar::Date;
use posy_core::cart::CartId;
use posy_core::offer::{AppliedOffer, TOO_MANY_TRIES};
use posy_core::voucher::{
    self, MAX_POUNDS, MESSAGE_CHARS, MIN_POUNDS, SUGGESTED_POUNDS, VoucherForm,
};

use super::ApiTags;
use super::cart::ShownDay;
use super::offer_admin::OfferTermsView;
use super::text::{Text, same_fields};
use crate::api::state::Clients;
use crate::checkout::Checkout;
use crate::checkout::attempts::PaymentAttempts;
use crate::checkout::codes::{self, CartCodes, Chosen, CodeError, CodeKind};
use crate::checkout::voucher_sales::{BuyError, VoucherSales};
use crate::http::error::{Answer, Failure, INTERNAL, PATH, Problem, Refusal, SEND};
use crate::store::rate_limit::Limit;

/// Gift vouchers and offer codes, for shoppers.
pub struct VouchersApi;

/// Codes tried (applied or looked up) from one address in an hour.
pub const CODE_TRIES: Limit = Limit {
    scope: "codes",
    max: 20,
    window_seconds: 60 * 60,
};

/// `POST /api/cart/apply_code/`'s body.
#[derive(Debug, Object)]
pub struct ApplyCode {
    /// The cart's id.
    pub cart_id: Text,
    /// What was typed into "Gift voucher or offer code": any case, spaces and dashes forgiven.
    pub code: Text,
    #[oai(flatten)]
    pub shown: ShownDay,
}

/// Which of a cart's codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Enum)]
#[oai(rename_all = "snake_case")]
pub enum CodeKindWire {
    Voucher,
    Offer,
}

/// `POST /api/cart/remove_code/`'s body.
#[derive(Debug, Object)]
pub struct RemoveCode {
    /// The cart's id.
    pub cart_id: Text,
    /// `voucher` or `offer`.
    pub kind: CodeKindWire,
    #[oai(flatten)]
    pub shown: ShownDay,
}

/// The voucher applied to the cart.
#[derive(Debug, Object)]
pub struct CartVoucher {
    /// `K7QM-2XHD-9PRT`.
    pub code: String,
    /// The code with all but its last group hidden, `••••-••••-9PRT`, for shared screens.
    pub hint: String,
    /// What it has now, e.g. `25.00` (other carts paying with it take theirs off).
    pub available: String,
    /// What it pays of this order.
    pub pays: String,
    /// What will be left on it after this order.
    pub left_after: String,
    /// Its last day, `2028-12-25`.
    pub expires_on: String,
    /// What the ledger has on it for this cart (other carts paying with it take theirs off),
    /// whether it can pay or not: with `expires_on` and `voided`, what the checkout judges it
    /// on again in the browser (core's rules, through wasm).
    pub balance: String,
    /// Whether the studio cancelled it.
    pub voided: bool,
}

/// An applied offer code's terms and what the shop has counted of it: what the checkout judges
/// the code on again in the browser when the day or slot changes (core's rules, through wasm).
#[derive(Debug, Object)]
pub struct AppliedOfferTerms {
    #[oai(flatten)]
    pub terms: OfferTermsView,
    /// The studio ended it.
    pub withdrawn: bool,
    /// Every use is taken (by orders, and by other carts paying now).
    pub used_up: bool,
}

impl From<&AppliedOffer> for AppliedOfferTerms {
    fn from(applied: &AppliedOffer) -> Self {
        AppliedOfferTerms {
            terms: OfferTermsView::from(&applied.terms),
            withdrawn: applied.withdrawn,
            used_up: applied.used_up,
        }
    }
}

/// A line of the cart as an offer code sees it.
#[derive(Debug, Object)]
pub struct CodeLine {
    pub product: i32,
    /// Its shelf, when it has one.
    pub shelf: Option<i32>,
    /// The line's total, e.g. `90.00`.
    pub total: String,
}

/// The offer code applied to the cart.
#[derive(Debug, Object)]
pub struct CartOffer {
    /// `TUESDAY10`.
    pub code: String,
    /// Its terms in a line, e.g. `10% off, Tuesday deliveries`.
    pub summary: String,
    /// What it takes off this order now, e.g. `6.00` (`0.00` while it does not apply: see
    /// `problems`).
    pub discount: String,
    pub terms: AppliedOfferTerms,
}

/// The cart's codes and what the order comes to with them, in core's one order: items, delivery
/// and surcharge, less the discount, the voucher paying what it can, the card the rest.
#[derive(Debug, Object)]
pub struct CartCodesView {
    pub voucher: Option<CartVoucher>,
    pub offer: Option<CartOffer>,
    /// A sentence for each applied code that does not apply as the cart stands (the day
    /// chosen, say); `check_intent` refuses while there is one.
    pub problems: Vec<String>,
    pub items: String,
    pub delivery: String,
    pub surcharge: String,
    pub discount: String,
    /// What the order comes to.
    pub total: String,
    pub paid_by_voucher: String,
    /// What is left for the card (`0.00`: no card needed).
    pub to_pay: String,
    /// The cart's lines as an offer code sees them (paid-for lines only).
    pub lines: Vec<CodeLine>,
}

impl From<CartCodes> for CartCodesView {
    fn from(codes: CartCodes) -> Self {
        let r = codes.reckoning;
        CartCodesView {
            voucher: codes.voucher.map(|v| CartVoucher {
                hint: posy_core::voucher::VoucherCode::parse(&v.code)
                    .map(|c| c.hint())
                    .unwrap_or_default(),
                code: v.code,
                available: v.available.to_wire(),
                pays: v.pays.to_wire(),
                left_after: v.left_after.to_wire(),
                expires_on: v.expires_on,
                balance: v.state.available.max(Money::ZERO).to_wire(),
                voided: v.state.voided,
            }),
            offer: codes.offer.map(|o| CartOffer {
                code: o.code,
                summary: o.summary,
                discount: o.discount.to_wire(),
                terms: AppliedOfferTerms::from(&o.applied),
            }),
            problems: codes.problems,
            items: r.items.to_wire(),
            delivery: r.delivery.to_wire(),
            surcharge: r.surcharge.to_wire(),
            discount: r.discount.to_wire(),
            total: r.total.to_wire(),
            paid_by_voucher: r.voucher.to_wire(),
            to_pay: r.card.to_wire(),
            lines: codes
                .lines
                .iter()
                .map(|line| CodeLine {
                    product: line.product,
                    shelf: line.shelf,
                    total: line.total.to_wire(),
                })
                .collect(),
        }
    }
}

/// `POST /api/vouchers/balance/`'s body.
#[derive(Debug, Object)]
pub struct BalanceAsked {
    /// The voucher's code as typed.
    pub code: Text,
}

/// What a voucher has.
#[derive(Debug, Object)]
pub struct VoucherBalance {
    /// `K7QM-2XHD-9PRT`.
    pub code: String,
    /// What can be spent now, e.g. `3.50`.
    pub balance: String,
    /// Its last day.
    pub expires_on: String,
    /// Whether it can pay for anything today.
    pub usable: bool,
    /// `This voucher has £3.50 left. Spend it by 1 March 2028.`, or why it cannot be used.
    pub sentence: String,
}

/// What the voucher page offers.
#[derive(Debug, Object)]
pub struct VoucherTerms {
    /// The least value, `10.00`.
    pub min: String,
    /// The most, `200.00`.
    pub max: String,
    /// The values offered as buttons.
    pub suggested: Vec<String>,
    /// How long a voucher bought today lasts.
    pub validity_months: u32,
    /// The most characters of the message.
    pub message_chars: u32,
    /// When a voucher's mail goes on its day, UK time.
    pub send_hour: String,
}

/// The voucher form, as the shop's page and the studio's sale both send it; core's form
/// checks each field (a missing one is empty, and said so in the field's words).
#[derive(Debug, Object)]
pub struct VoucherFields {
    /// `25`, `25.00`: whole pounds from 10 to 200.
    #[oai(default)]
    pub value: Text,
    #[oai(default)]
    pub buyer_name: Text,
    #[oai(default)]
    pub buyer_email: Text,
    /// True for "send it to me to print": no recipient asked.
    #[oai(default)]
    pub send_to_me: bool,
    #[oai(default)]
    pub recipient_name: Text,
    #[oai(default)]
    pub recipient_email: Text,
    /// Up to 300 characters; line breaks kept.
    #[oai(default)]
    pub message: Text,
    /// `2026-12-25`; empty for today.
    #[oai(default)]
    pub send_on: Text,
}

impl From<VoucherFields> for VoucherForm {
    fn from(fields: VoucherFields) -> VoucherForm {
        same_fields!(fields => VoucherForm { value, buyer_name, buyer_email, send_to_me,
            recipient_name, recipient_email, message, send_on })
    }
}

/// `POST /api/vouchers/`'s body: the voucher form.
#[derive(Debug, Object)]
pub struct BuyVoucher {
    #[oai(flatten)]
    pub voucher: VoucherFields,
    /// Pay pressed again: the `voucher_id` the first press answered. While it is unpaid and
    /// asked for from the same address with its `client_secret`, that voucher and its payment
    /// are kept (its terms rewritten, the amount changed) rather than a second made.
    pub voucher_id: Option<i32>,
    /// With `voucher_id`: the `client_secret` the first press answered. Only the browser that
    /// started the purchase holds it, so two shoppers behind one address (an office) never go
    /// on with each other's.
    pub client_secret: Option<Text>,
}

/// A voucher waiting for its payment: confirm the card with `client_secret` as the checkout
/// does, then call `POST /api/vouchers/{voucher_id}/paid/`.
#[derive(Debug, Object)]
pub struct VoucherPayment {
    pub voucher_id: i32,
    pub client_secret: String,
    /// What the card will be charged, e.g. `25.00`.
    pub total: String,
}

/// `POST /api/vouchers/{id}/paid/`'s body.
#[derive(Debug, Object)]
pub struct VoucherPaid {
    /// The payment intent the card was confirmed with.
    pub payment_intent_id: Text,
}

/// A voucher bought.
#[derive(Debug, Object)]
pub struct VoucherBought {
    pub voucher_id: i32,
    pub value: String,
    /// The day its mail goes.
    pub send_on: String,
    pub expires_on: String,
    /// `We'll e-mail Sam the voucher on Friday 25 December at 8am.`
    pub sentence: String,
}

/// Why a voucher was not bought.
#[derive(Debug)]
pub struct BuyRefusal(BuyError);

impl From<BuyError> for BuyRefusal {
    fn from(err: BuyError) -> Self {
        BuyRefusal(err)
    }
}

impl From<BuyRefusal> for Problem {
    fn from(err: BuyRefusal) -> Problem {
        match err.0 {
            BuyError::Form(problems) => Problem::fields(
                problems.message(),
                problems.fields(posy_core::validation::FormField::wire_name),
            ),
            BuyError::TooMany => Problem::new(
                StatusCode::TOO_MANY_REQUESTS,
                "There have been too many payment attempts from your network in the last hour. \
                 Please try again in an hour, or call the studio.",
            ),
            BuyError::Unknown => Problem::new(
                StatusCode::BAD_REQUEST,
                "We couldn't find that payment. Please try paying again.",
            ),
            BuyError::NotPaid(why) => Problem::new(StatusCode::BAD_REQUEST, why),
            BuyError::Provider(err) => super::payment::provider_down(err),
            BuyError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for BuyRefusal {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "A field of the voucher form is missing or wrong (`fields` by wire name, core's \
             sentences); or the payment is unknown, not succeeded, not of the voucher's value \
             or refunded.",
        ),
        Answer(
            429,
            "Too many payment attempts from this address this hour.",
        ),
        INTERNAL,
        super::payment::PROVIDER_DOWN,
    ];
}

/// Why a code call was refused.
#[derive(Debug)]
pub enum CodeRefusal {
    Code(CodeError),
    /// Too many codes tried from this address.
    TooMany,
}

impl From<CodeError> for CodeRefusal {
    fn from(err: CodeError) -> Self {
        CodeRefusal::Code(err)
    }
}

impl From<sea_orm::DbErr> for CodeRefusal {
    fn from(err: sea_orm::DbErr) -> Self {
        CodeRefusal::Code(CodeError::Db(err))
    }
}

impl From<CodeRefusal> for Problem {
    fn from(err: CodeRefusal) -> Problem {
        match err {
            CodeRefusal::TooMany => Problem::new(StatusCode::TOO_MANY_REQUESTS, TOO_MANY_TRIES),
            CodeRefusal::Code(CodeError::CartGone) => Problem::new(
                StatusCode::NOT_FOUND,
                "We couldn't find your cart. Please refresh the page and try again.",
            ),
            CodeRefusal::Code(CodeError::Refused(why)) => Problem::field(why.clone(), "code", why),
            CodeRefusal::Code(CodeError::Db(err)) => Problem::internal(err),
        }
    }
}

impl Refusal for CodeRefusal {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "Not a code, a code the shop does not know, or one that cannot be used (ran out, \
             nothing left, not for this cart, a second of its kind): core's sentence, also in \
             `fields.code`.",
        ),
        Answer(404, "No open cart has that id."),
        Answer(
            429,
            "Too many codes tried from this address (20 an hour, an IPv6 /64 counted as one).",
        ),
        INTERNAL,
    ];
}

/// Counts one try from the asker's address.
async fn tried(checkout: &Checkout, clients: &Clients, req: &Request) -> Result<(), CodeRefusal> {
    if CODE_TRIES.take(&checkout.db, &clients.address(req)).await? {
        Ok(())
    } else {
        Err(CodeRefusal::TooMany)
    }
}

fn cart_id(text: &str) -> Result<CartId, CodeRefusal> {
    CartId::parse(text).ok_or(CodeRefusal::Code(CodeError::CartGone))
}

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Cart")]
impl VouchersApi {
    /// Applies a gift voucher or an offer code to the cart (one of each at most), as typed
    /// into "Gift voucher or offer code"; answers the cart's codes and what the order then
    /// comes to. Counted against the address's tries (20 an hour).
    #[oai(path = "/cart/apply_code/", method = "post", operation_id = "applyCode")]
    async fn apply(
        &self,
        req: &Request,
        checkout: Data<&Checkout>,
        clients: Data<&Clients>,
        body: Json<ApplyCode>,
    ) -> Result<Json<CartCodesView>, Failure<CodeRefusal, SEND>> {
        let id = cart_id(&body.cart_id)?;
        tried(&checkout, &clients, req).await?;
        let codes = codes::apply(
            &checkout.db,
            &checkout.writer,
            checkout.clock,
            id,
            &body.code,
            body.shown.chosen(),
        )
        .await;
        Ok(Json(codes.map_err(CodeRefusal::from)?.into()))
    }

    /// Takes the cart's voucher or offer code off; answers the cart's codes.
    #[oai(path = "/cart/remove_code/", method = "post", operation_id = "removeCode")]
    async fn remove(
        &self,
        checkout: Data<&Checkout>,
        body: Json<RemoveCode>,
    ) -> Result<Json<CartCodesView>, Failure<CodeRefusal, SEND>> {
        let id = cart_id(&body.cart_id)?;
        let kind = match body.kind {
            CodeKindWire::Voucher => CodeKind::Voucher,
            CodeKindWire::Offer => CodeKind::Offer,
        };
        let shown = body.shown.chosen();
        let codes = codes::remove(
            &checkout.db,
            &checkout.writer,
            checkout.clock,
            id,
            kind,
            shown,
        )
        .await;
        Ok(Json(codes.map_err(CodeRefusal::from)?.into()))
    }

    /// The cart's codes and what the order comes to with them, as the cart and its choice
    /// stand now (ask again after the delivery or collection changes).
    #[oai(path = "/cart/codes/", method = "get", operation_id = "cartCodes")]
    async fn codes(
        &self,
        checkout: Data<&Checkout>,
        cart_id: Query<Option<String>>,
        /// The florist's choice as the checkout shows it (see `ShownDay`): `delivery` or
        /// `collection`.
        method: Query<Option<String>>,
        /// The day the checkout shows, e.g. `2026-12-16`.
        date: Query<Option<String>>,
        /// The delivery slot the checkout shows, once chosen.
        slot: Query<Option<String>>,
    ) -> Result<Json<CartCodesView>, Failure<CodeRefusal>> {
        let id = self::cart_id(cart_id.0.as_deref().unwrap_or_default())?;
        let shown = Chosen::shown(
            method.0.as_deref().unwrap_or_default(),
            date.0.as_deref().unwrap_or_default(),
            slot.0.as_deref().unwrap_or_default(),
        );
        let codes = codes::view(&checkout.db, checkout.clock, id, shown).await;
        Ok(Json(codes.map_err(CodeRefusal::from)?.into()))
    }

    /// What a gift voucher has left and until when, for its holder. Counted against the
    /// address's tries with applying codes.
    #[oai(path = "/vouchers/balance/", method = "post", operation_id = "voucherBalance")]
    async fn balance(
        &self,
        req: &Request,
        checkout: Data<&Checkout>,
        clients: Data<&Clients>,
        body: Json<BalanceAsked>,
    ) -> Result<Json<VoucherBalance>, Failure<CodeRefusal, SEND>> {
        tried(&checkout, &clients, req).await?;
        let (code, state, sentence) = codes::balance(&checkout.db, checkout.clock, &body.code)
            .await
            .map_err(CodeRefusal::from)?;
        let today = posy_core::schedule::today(checkout.clock.now());
        Ok(Json(VoucherBalance {
            code: code.as_str().to_owned(),
            balance: state.available.max(Money::ZERO).to_wire(),
            expires_on: state.expires_on.to_wire(),
            usable: state.usable(today).is_ok(),
            sentence,
        }))
    }

    /// Starts buying a gift voucher: the form is checked (400 naming the fields), the voucher
    /// is kept unpaid and its payment made; confirm the card with the answer's secret, then
    /// call `paid`. A voucher is never a line of a cart, and no offer code applies to one.
    #[oai(path = "/vouchers/", method = "post", operation_id = "buyVoucher")]
    async fn buy(
        &self,
        req: &Request,
        checkout: Data<&Checkout>,
        attempts: Data<&PaymentAttempts>,
        clients: Data<&Clients>,
        body: Json<BuyVoucher>,
    ) -> Result<Json<VoucherPayment>, Failure<BuyRefusal, SEND>> {
        let body = body.0;
        let form = VoucherForm::from(body.voucher);
        let earlier = body.voucher_id.zip(body.client_secret.map(String::from));
        let started = VoucherSales(&checkout)
            .start(&form, earlier, &clients.address(req), &attempts)
            .await
            .map_err(BuyRefusal)?;
        Ok(Json(VoucherPayment {
            voucher_id: started.voucher_id,
            client_secret: started.client_secret,
            total: Money::from_pence(started.amount).to_wire(),
        }))
    }

    /// Issues the voucher once its payment has succeeded (read back from the provider); the
    /// same call again answers the same. Its mail goes today at once, or at 08:00 UK time on
    /// its day.
    #[oai(path = "/vouchers/:id/paid/", method = "post", operation_id = "voucherPaid")]
    async fn paid(
        &self,
        checkout: Data<&Checkout>,
        id: Path<i32>,
        body: Json<VoucherPaid>,
    ) -> Result<Json<VoucherBought>, Failure<BuyRefusal, { SEND | PATH }>> {
        let row = VoucherSales(&checkout)
            .paid(Some(id.0), &body.payment_intent_id)
            .await
            .map_err(BuyRefusal)?;
        let day = Date::parse(&row.send_on);
        let when = day.map_or_else(|| row.send_on.clone(), Date::display);
        let sentence = match (&row.recipient_name, &row.recipient_email) {
            (Some(name), Some(_)) => format!("We'll e-mail {name} the voucher on {when} at 8am."),
            _ => format!("We'll e-mail you the voucher to print on {when} at 8am."),
        };
        Ok(Json(VoucherBought {
            voucher_id: row.id,
            value: Money::from_pence(row.value_pence).to_wire(),
            send_on: row.send_on,
            expires_on: row.expires_on,
            sentence,
        }))
    }

    /// The values a voucher may have, how long it lasts and when its mail goes.
    #[oai(path = "/vouchers/terms/", method = "get", operation_id = "voucherTerms")]
    async fn terms(
        &self,
        checkout: Data<&Checkout>,
    ) -> Result<Json<VoucherTerms>, Failure<sea_orm::DbErr>> {
        let settings = crate::orders::vouchers::settings(&checkout.db).await?;
        let pounds = |n: u32| Money::from_pence(i64::from(n) * 100).to_wire();
        Ok(Json(VoucherTerms {
            min: pounds(MIN_POUNDS),
            max: pounds(MAX_POUNDS),
            suggested: SUGGESTED_POUNDS.into_iter().map(pounds).collect(),
            validity_months: settings.validity_months,
            message_chars: MESSAGE_CHARS as u32,
            send_hour: format!("{:02}:00", voucher::SEND_HOUR),
        }))
    }
}
