//! The studio's orders in the back office: the day's work, one order, its status, refunds and
//! cancellation, the day sheet, the CSV export, and orders taken by phone or in the studio.

use poem::http::StatusCode;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::{Binary, Json};
use poem_openapi::{ApiResponse, Object, OpenApi};
use posy_core::calendar::Date;
use posy_core::fulfilment::FulfilmentField;
use posy_core::order::OrderStatus;
use posy_core::schedule::Method;
use posy_core::studio_order::StudioOrderForm;
use posy_core::validation::{FormField, FormProblems};

use super::ApiTags;
use super::auth::AdminSession;
use super::cart::FulfilmentFields;
use super::text::{Text, same_fields};
use crate::http::error::{ADMIN, Answer, CSRF, Failure, INTERNAL, PATH, Problem, Refusal, SEND};
use crate::orders::OrderDesk;
use crate::orders::admin::{self, DaySheet, Filter, OrderBook, OrderDetail, OrderError};
use crate::orders::changes::{self, ChangeError};
use crate::orders::export;
use crate::orders::phone::{self, StudioLine, StudioOrderError};
use crate::orders::refunds::{self, RefundAsk, UnrefundedPayment};
use crate::store::db::Writer;

/// The studio's orders.
pub struct OrderAdminApi;

/// A move along the order's workflow.
#[derive(Debug, Object)]
pub struct StatusChange {
    /// Where the page saw the order (a move from a page out of date is refused).
    pub from: Text,
    /// Where it goes: the next step, a later one, or one back.
    pub to: Text,
}

/// Several orders moved to one step at once (the day's work's "Mark 15 out for delivery").
#[derive(Debug, Object)]
pub struct BulkMove {
    /// Where they go.
    pub to: Text,
    /// Each order with where the page saw it (a move from a page out of date is refused for
    /// that order alone).
    #[oai(validator(min_items = 1, max_items = 100))]
    pub orders: Vec<BulkMoveOrder>,
}

/// One order of a [`BulkMove`].
#[derive(Debug, Object)]
pub struct BulkMoveOrder {
    pub id: i32,
    /// Where the page saw it.
    pub from: Text,
}

/// What became of each order of a [`BulkMove`], in the order asked.
#[derive(Debug, Object)]
pub struct BulkMoved {
    /// How many were moved.
    pub moved: u32,
    pub orders: Vec<BulkMoveOutcome>,
}

/// What became of one order of a [`BulkMove`].
#[derive(Debug, Object)]
pub struct BulkMoveOutcome {
    pub id: i32,
    /// `FS-000123`.
    pub reference: String,
    pub moved: bool,
    /// In words: `FS-000123 is now out for delivery.`, or why it was not moved.
    pub said: String,
}

/// A change of an order's day, slot, address or card, from the version its page read.
#[derive(Debug, Object)]
pub struct ChoiceChange {
    /// The order's `version` as the page read it.
    pub version: i32,
    /// The whole choice as it should now be; the method stays as booked.
    pub fulfilment: FulfilmentFields,
}

/// The studio's note on an order, from the version its page read.
#[derive(Debug, Object)]
pub struct NoteBody {
    /// The order's `version` as the page read it.
    pub version: i32,
    /// Up to 2,000 characters; never shown or mailed to the customer.
    #[oai(default)]
    pub text: Text,
}

/// What to give back, and whether the order is cancelled.
#[derive(Debug, Object)]
pub struct RefundBody {
    /// How many of each line to refund, in the order's line order.
    #[oai(validator(max_items = 100))]
    pub quantities: Vec<u32>,
    /// Whether each line's refunded quantity goes back in stock (not flowers already made).
    #[oai(validator(max_items = 100))]
    pub restock: Vec<bool>,
    /// Give back the delivery charge (fee and surcharge) too.
    pub delivery: bool,
    /// Cancel the order (with or without money back).
    pub cancel: bool,
    /// Why, for the order's record (up to 500 characters).
    #[oai(default)]
    pub reason: Text,
    /// What the page showed as already given back on the order (its `payment.refunded` when
    /// the page read it, e.g. `0.00`): a refund from a page that missed another is refused.
    pub refunded: Text,
    /// Where the page saw the order (its `status`): a cancellation from a page out of date is
    /// refused.
    pub status: Text,
    /// A UUID the page makes for this submission and sends again, unchanged, with every retry
    /// of it: a retry answers the order as it stands and gives nothing back twice. The
    /// payment provider is asked with a key made from it.
    pub key: Text,
    /// For an order paid partly by gift voucher: `voucher_first` (the default) gives back to
    /// the voucher before the card, `card_first` the card before the voucher. The answer's
    /// history and the customer's mails say how much went to each.
    #[oai(default)]
    pub to: RefundTo,
}

/// Where a refund of an order paid partly by gift voucher goes first.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, poem_openapi::Enum)]
#[oai(rename_all = "snake_case")]
pub enum RefundTo {
    #[default]
    VoucherFirst,
    CardFirst,
}

/// A line of a studio order.
#[derive(Debug, Object)]
pub struct StudioLineBody {
    pub product_id: i32,
    /// The size, for a product with sizes.
    pub size_id: Option<i32>,
    pub quantity: u32,
}

/// An order taken by phone or in the studio, paid outside the shop.
#[derive(Debug, Object)]
pub struct StudioOrderBody {
    #[oai(default)]
    pub first_name: Text,
    #[oai(default)]
    pub last_name: Text,
    #[oai(default)]
    pub phone: Text,
    /// Optional: the customer gets the order's mails when given.
    #[oai(default)]
    pub email: Text,
    /// How it was paid, e.g. `Card on the phone`.
    #[oai(default)]
    pub payment_note: Text,
    #[oai(validator(max_items = 50))]
    pub items: Vec<StudioLineBody>,
    /// Delivery or collection, as the checkout sends it.
    pub fulfilment: FulfilmentFields,
}

/// The studio order made.
#[derive(Debug, Object)]
pub struct StudioOrderTaken {
    pub id: i32,
    /// `FS-000123`.
    pub reference: String,
}

/// The orders' CSV.
#[derive(ApiResponse)]
pub enum OrdersCsv {
    /// One row per order, a header row first, sent as it is read; cells that a spreadsheet
    /// would run as a formula begin with `'`, and cells holding `,`, `;`, `"` or a line break
    /// are quoted.
    #[oai(status = 200, content_type = "text/csv; charset=utf-8")]
    Csv(
        Binary<poem::Body>,
        #[oai(header = "Content-Disposition")] String,
    ),
}

/// Why the list could not be given.
#[derive(Debug)]
pub enum ListError {
    /// A filter's value is not one the list knows: the field and why.
    Filter(&'static str, String),
    Db(sea_orm::DbErr),
}

impl From<sea_orm::DbErr> for ListError {
    fn from(err: sea_orm::DbErr) -> Self {
        ListError::Db(err)
    }
}

impl From<ListError> for Problem {
    fn from(err: ListError) -> Problem {
        match err {
            ListError::Filter(field, why) => Problem::field(why.clone(), field, why),
            ListError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for ListError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "A filter is not one the list knows (`fields` names it): a status or method that \
             does not exist, or a day not written `2026-12-15`.",
        ),
        INTERNAL,
    ];
}

const NO_SUCH_ORDER: &str = "That order is not in the shop.";
const NO_SUCH_REFUND: &str = "That refund is not on this order.";
const NO_SUCH_PAYMENT: &str = "That payment is not one the shop could not give back.";
const CHANGED: &str =
    "Someone else has just changed this order. Please look at it again before changing it.";

/// The sentence for a page that no longer shows the order as it is.
fn stale_sentence(err: &OrderError) -> String {
    match err {
        OrderError::Moved(now) => format!(
            "The order moved to {} while you had it open: check it and try again if it is \
             still needed.",
            now.label().to_lowercase()
        ),
        OrderError::RefundedMeanwhile { seen, now } => match now.checked_sub(*seen) {
            Some(more) if more > posy_core::Money::ZERO => format!(
                "Someone refunded {} on this order while you had it open: check the order and \
                 refund again if it is still needed.",
                more.display()
            ),
            _ => format!(
                "This order has {} given back, not the {} your page shows: check the order and \
                 refund again if it is still needed.",
                now.display(),
                seen.display()
            ),
        },
        _ => CHANGED.to_owned(),
    }
}

impl From<OrderError> for Problem {
    fn from(err: OrderError) -> Problem {
        match err {
            OrderError::Gone => Problem::new(StatusCode::NOT_FOUND, NO_SUCH_ORDER),
            OrderError::Refused(why) => Problem::new(StatusCode::BAD_REQUEST, why),
            OrderError::Changed => Problem::new(StatusCode::CONFLICT, CHANGED),
            OrderError::Moved(_) | OrderError::RefundedMeanwhile { .. } => {
                Problem::new(StatusCode::CONFLICT, stale_sentence(&err))
            }
            OrderError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for OrderError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "Core refused the change, in a sentence: a step that is not the order's, more than \
             one step back, a finished order, nothing chosen to refund or more than is left.",
        ),
        Answer(404, "No order has that id."),
        Answer(
            409,
            "The order changed since the page read it (another admin moved or refunded it): \
             the sentence says what changed.",
        ),
        INTERNAL,
    ];
}

const STALE: &str = "Someone else changed this order while you were writing. What you typed is \
     kept: please check the order as it is now, then save again.";

/// The florist's choice at fault, each field named as the body nests it (`fulfilment.date`).
fn fulfilment_problem(problems: FormProblems<FulfilmentField>) -> Problem {
    Problem::fields(
        problems.message(),
        problems
            .fields(|f| f.wire_name())
            .into_iter()
            .map(|(name, why)| (format!("fulfilment.{name}"), why))
            .collect(),
    )
}

impl From<ChangeError> for Problem {
    fn from(err: ChangeError) -> Problem {
        match err {
            ChangeError::Gone => Problem::new(StatusCode::NOT_FOUND, NO_SUCH_ORDER),
            ChangeError::Stale => Problem::new(StatusCode::CONFLICT, STALE),
            ChangeError::Refused(why) => Problem::new(StatusCode::BAD_REQUEST, why),
            ChangeError::Form(problems) => fulfilment_problem(problems),
            ChangeError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for ChangeError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "Core refused the new choice (`fields` names each field, as `fulfilment.date`), or \
             nothing changed, the order is finished, or the note is empty or too long.",
        ),
        Answer(404, "No order has that id."),
        Answer(
            409,
            "The order changed since the page read it: its `version` is not the one sent.",
        ),
        INTERNAL,
    ];
}

/// Why a refund could not be marked as settled elsewhere.
#[derive(Debug)]
pub enum SettleError {
    /// No such refund (on that order, or waiting to be given back), in words.
    Gone(&'static str),
    Order(OrderError),
}

impl From<SettleError> for Problem {
    fn from(err: SettleError) -> Problem {
        match err {
            SettleError::Gone(why) => Problem::new(StatusCode::NOT_FOUND, why),
            SettleError::Order(OrderError::Changed) => Problem::new(
                StatusCode::CONFLICT,
                "The payment provider answered about this refund while you had it open: \
                 check the order before settling it.",
            ),
            SettleError::Order(err) => err.into(),
        }
    }
}

impl Refusal for SettleError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "The refund is not `failing`: only one the payment provider keeps refusing can be \
             settled another way.",
        ),
        Answer(
            404,
            "No refund with that id on that order, or no such payment waiting to be given back.",
        ),
        Answer(
            409,
            "The retrier wrote an outcome for the refund since the page read it.",
        ),
        INTERNAL,
    ];
}

/// Why one order of a bulk move was not moved, in words.
fn not_moved(reference: &str, err: OrderError) -> String {
    match err {
        OrderError::Gone => format!("{reference}: {NO_SUCH_ORDER}"),
        OrderError::Refused(why) => format!("{reference}: {why}"),
        OrderError::Changed | OrderError::RefundedMeanwhile { .. } => {
            format!("{reference}: someone else moved it meanwhile. Please look at it again.")
        }
        OrderError::Moved(now) => format!(
            "{reference}: someone else moved it to {} meanwhile. Please look at it again.",
            now.label().to_lowercase()
        ),
        OrderError::Db(err) => {
            tracing::error!(error = %err, "an order of a bulk move could not be moved");
            format!("{reference}: it could not be moved just now. Please try again.")
        }
    }
}

impl From<StudioOrderError> for Problem {
    fn from(err: StudioOrderError) -> Problem {
        match err {
            StudioOrderError::Form(problems) => {
                Problem::fields(problems.message(), problems.fields(|f| f.wire_name()))
            }
            StudioOrderError::Fulfilment(problems) => fulfilment_problem(problems),
            StudioOrderError::Line(at, why) | StudioOrderError::Stock(at, why) => {
                Problem::field(why.clone(), &format!("items.{at}"), why)
            }
            StudioOrderError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for StudioOrderError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "A field is at fault (`fields` names it: `first_name`, `phone`, `payment_note`, \
             `items`, a line as `items.0`, delivery's as `fulfilment.postcode`), or a line's \
             stock is short; nothing was written.",
        ),
        INTERNAL,
    ];
}

fn day(field: &'static str, value: Option<&str>) -> Result<Option<Date>, ListError> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(text) => Date::parse(text).map(Some).ok_or_else(|| {
            ListError::Filter(field, "Please give a day written like 2026-12-15.".into())
        }),
    }
}

/// The days between two days, whichever was given first: a range typed backwards means the
/// same days as typed forwards.
fn in_order(from: Date, to: Date) -> (Date, Date) {
    if to < from { (to, from) } else { (from, to) }
}

type Book = Result<Json<OrderBook>, Failure<ListError, ADMIN>>;
type One = Result<Json<OrderDetail>, Failure<OrderError, { ADMIN | PATH }>>;
type Changed = Result<Json<OrderDetail>, Failure<OrderError, { ADMIN | PATH | SEND }>>;
type Sheet = Result<Json<DaySheet>, Failure<ListError, ADMIN>>;
type Bulk = Result<Json<BulkMoved>, Failure<OrderError, { ADMIN | SEND }>>;
type Edited = Result<Json<OrderDetail>, Failure<ChangeError, { ADMIN | PATH | SEND }>>;
type Export = Result<OrdersCsv, Failure<ListError, ADMIN>>;
type Settled = Result<Json<OrderDetail>, Failure<SettleError, { ADMIN | PATH | CSRF }>>;
type Unrefunded = Result<Json<Vec<UnrefundedPayment>>, Failure<ListError, ADMIN>>;
type SettledPayment =
    Result<Json<Vec<UnrefundedPayment>>, Failure<SettleError, { ADMIN | PATH | CSRF }>>;
type Taken = Result<Json<StudioOrderTaken>, Failure<StudioOrderError, { ADMIN | SEND }>>;

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Admin")]
impl OrderAdminApi {
    /// The day's work: unfinished orders of past days first (overdue), then today and the
    /// days ahead, by day with counts of deliveries and collections, new orders first within
    /// a day. With `q`, the orders whose reference, name, e-mail or postcode match (the latest
    /// 200); with `from`/`to`, the orders for those days.
    #[oai(path = "/admin/orders/", method = "get", operation_id = "adminListOrders")]
    #[allow(clippy::too_many_arguments)]
    async fn list(
        &self,
        _admin: AdminSession,
        desk: Data<&OrderDesk>,
        /// A status's wire name, e.g. `out_for_delivery`.
        status: Query<Option<String>>,
        /// `delivery` or `collection`.
        method: Query<Option<String>>,
        /// A reference, name, e-mail or postcode.
        q: Query<Option<String>>,
        from: Query<Option<String>>,
        to: Query<Option<String>>,
    ) -> Book {
        let status = match status.0.as_deref().filter(|s| !s.is_empty()) {
            None => None,
            Some(s) => Some(OrderStatus::parse(s).ok_or_else(|| {
                ListError::Filter("status", "That is not a status an order can have.".into())
            })?),
        };
        let method = match method.0.as_deref().filter(|s| !s.is_empty()) {
            None => None,
            Some(m) => Some(Method::parse(m).ok_or_else(|| {
                ListError::Filter("method", "An order is a delivery or a collection.".into())
            })?),
        };
        let (from, to) = match (day("from", from.0.as_deref())?, day("to", to.0.as_deref())?) {
            (Some(from), Some(to)) => {
                let (from, to) = in_order(from, to);
                (Some(from), Some(to))
            }
            days => days,
        };
        let filter = Filter {
            status,
            method,
            search: q.0.map(|q| q.chars().take(100).collect()),
            from,
            to,
        };
        Ok(Json(
            admin::book(&desk.db, desk.clock.now(), &filter)
                .await
                .map_err(ListError::from)?,
        ))
    }

    /// Every order for one day with everything the studio makes and delivers it from
    /// (items, card, recipient, address, slot, instructions): deliveries by slot and then
    /// postcode, then collections by time; cancelled orders left out. With the slots' hours
    /// and the tally of everything to make.
    #[oai(path = "/admin/orders/sheet/", method = "get", operation_id = "adminDaySheet")]
    async fn sheet(
        &self,
        _admin: AdminSession,
        desk: Data<&OrderDesk>,
        /// The day, `2026-12-15`.
        date: Query<String>,
    ) -> Sheet {
        let date = day("date", Some(&date.0))?
            .ok_or_else(|| ListError::Filter("date", "Please choose a day.".into()))?;
        Ok(Json(
            admin::day_sheet(&desk.db, desk.clock.now(), date)
                .await
                .map_err(ListError::from)?,
        ))
    }

    /// The orders for the days `from` to `to` (inclusive, either way round) as CSV.
    #[oai(path = "/admin/orders/export/", method = "get", operation_id = "adminExportOrders")]
    async fn export(
        &self,
        admin: AdminSession,
        desk: Data<&OrderDesk>,
        writer: Data<&Writer>,
        from: Query<String>,
        to: Query<String>,
    ) -> Export {
        let from = day("from", Some(&from.0))?
            .ok_or_else(|| ListError::Filter("from", "Please choose the first day.".into()))?;
        let to = day("to", Some(&to.0))?
            .ok_or_else(|| ListError::Filter("to", "Please choose the last day.".into()))?;
        let (from, to) = in_order(from, to);
        export::record(*writer, &admin.0.username, from, to)
            .await
            .map_err(ListError::from)?;
        let csv = export::csv(desk.db.clone(), from, to);
        Ok(OrdersCsv::Csv(
            Binary(poem::Body::from_bytes_stream(csv)),
            format!(
                "attachment; filename=\"posy-orders-{}-to-{}.csv\"",
                from.to_wire(),
                to.to_wire()
            ),
        ))
    }

    /// One order: items, customer, recipient and address, slot, instructions, card, payment
    /// and refunds, its history, and the moves it can make.
    #[oai(path = "/admin/orders/:id/", method = "get", operation_id = "adminGetOrder")]
    async fn one(&self, _admin: AdminSession, desk: Data<&OrderDesk>, id: Path<i32>) -> One {
        Ok(Json(admin::detail(&desk.db, desk.clock.now(), id.0).await?))
    }

    /// Moves the order along its workflow (forward, skipping steps if need be, or one step
    /// back); kept with who and when; the customer is mailed on Confirmed, Out for delivery,
    /// Ready for collection, Delivered and Collected.
    #[oai(path = "/admin/orders/:id/status/", method = "post", operation_id = "adminMoveOrder")]
    async fn move_order(
        &self,
        admin: AdminSession,
        desk: Data<&OrderDesk>,
        id: Path<i32>,
        change: Json<StatusChange>,
    ) -> Changed {
        let unknown = || OrderError::Refused("That is not a status an order can have.".into());
        let from = OrderStatus::parse(&change.0.from.0).ok_or_else(unknown)?;
        let to = OrderStatus::parse(&change.0.to.0).ok_or_else(unknown)?;
        Ok(Json(
            admin::move_to(&desk, id.0, from, to, &admin.0.username).await?,
        ))
    }

    /// Gives back chosen items (each restocked or not) and the delivery charge, through the
    /// payment provider for a card order, and cancels the order when asked; the customer is
    /// mailed. A refund the provider refuses is shown on the order and retried; after five
    /// refusals it is `failing` and the studio is mailed. The same `key` sent again answers the
    /// order as it stands and gives nothing twice; a page that missed another refund (its
    /// `refunded`) or, cancelling, a move (its `status`) is answered 409 with what changed.
    #[oai(path = "/admin/orders/:id/refund/", method = "post", operation_id = "adminRefundOrder")]
    async fn refund(
        &self,
        admin: AdminSession,
        desk: Data<&OrderDesk>,
        id: Path<i32>,
        body: Json<RefundBody>,
    ) -> Changed {
        let body = body.0;
        let refunded = posy_core::Money::parse(body.refunded.0.trim()).map_err(|_| {
            OrderError::Refused("The amount already refunded is not an amount of money.".into())
        })?;
        let status = OrderStatus::parse(&body.status.0)
            .ok_or_else(|| OrderError::Refused("That is not a status an order can have.".into()))?;
        let key = uuid::Uuid::parse_str(body.key.0.trim()).map_err(|_| {
            OrderError::Refused("The refund's key is not one the page makes (a UUID).".into())
        })?;
        let ask = RefundAsk {
            quantities: body.quantities,
            restock: body.restock,
            delivery: body.delivery,
            cancel: body.cancel,
            reason: body.reason.0,
            refunded,
            status,
            key,
            card_first: body.to == RefundTo::CardFirst,
        };
        Ok(Json(
            refunds::give_back(&desk, id.0, &ask, &admin.0.username).await?,
        ))
    }

    /// Marks a refund the payment provider keeps refusing (`failing`) as given back another
    /// way: the provider is asked no more, and the order's history says who settled it.
    #[oai(
        path = "/admin/orders/:id/refunds/:refund_id/settled/",
        method = "post",
        operation_id = "adminSettleRefund"
    )]
    async fn settle_refund(
        &self,
        admin: AdminSession,
        desk: Data<&OrderDesk>,
        id: Path<i32>,
        refund_id: Path<i32>,
    ) -> Settled {
        Ok(Json(
            refunds::settle_elsewhere(&desk, id.0, refund_id.0, &admin.0.username)
                .await
                .map_err(|err| match err {
                    OrderError::Gone => SettleError::Gone(NO_SUCH_REFUND),
                    other => SettleError::Order(other),
                })?,
        ))
    }

    /// Payments that could not become orders and that the payment provider would not give
    /// back (the studio was mailed to give each back by hand), not yet settled; oldest first.
    #[oai(
        path = "/admin/payments/unrefunded/",
        method = "get",
        operation_id = "adminUnrefundedPayments"
    )]
    async fn unrefunded(&self, _admin: AdminSession, desk: Data<&OrderDesk>) -> Unrefunded {
        Ok(Json(
            refunds::unrefunded_payments(&desk.db)
                .await
                .map_err(ListError::from)?,
        ))
    }

    /// Marks a payment that could not become an order, and that the provider would not give
    /// back, as given back by hand; answers those still to settle.
    #[oai(
        path = "/admin/payments/unrefunded/:payment/settled/",
        method = "post",
        operation_id = "adminSettleUnrefundedPayment"
    )]
    async fn settle_unrefunded(
        &self,
        admin: AdminSession,
        desk: Data<&OrderDesk>,
        payment: Path<String>,
    ) -> SettledPayment {
        Ok(Json(
            refunds::settle_payment_elsewhere(&desk, &payment.0, &admin.0.username)
                .await
                .map_err(|err| match err {
                    OrderError::Gone => SettleError::Gone(NO_SUCH_PAYMENT),
                    other => SettleError::Order(other),
                })?,
        ))
    }

    /// Moves several orders to one step: each as a single move would be (core's workflow, the
    /// page's `from`, the customer's mail), each on its own, so one refused leaves the others
    /// moved; each order's outcome is said in words.
    #[oai(path = "/admin/orders/moves/", method = "post", operation_id = "adminMoveOrders")]
    async fn move_orders(
        &self,
        admin: AdminSession,
        desk: Data<&OrderDesk>,
        body: Json<BulkMove>,
    ) -> Bulk {
        let unknown = || OrderError::Refused("That is not a status an order can have.".into());
        let to = OrderStatus::parse(&body.0.to.0).ok_or_else(unknown)?;
        // A word no order status has is a request at fault, refused whole before anything moves.
        let mut asked = Vec::with_capacity(body.0.orders.len());
        for order in &body.0.orders {
            asked.push((
                order.id,
                OrderStatus::parse(&order.from.0).ok_or_else(unknown)?,
            ));
        }
        let mut outcomes = admin::move_many(&desk, &asked, to, &admin.0.username).await;
        // In the order asked.
        let place = |id: i32| body.0.orders.iter().position(|o| o.id == id);
        outcomes.sort_by_key(|(id, _)| place(*id));
        let orders: Vec<BulkMoveOutcome> = outcomes
            .into_iter()
            .map(|(id, outcome)| {
                let reference = crate::orders::reference(id);
                let (moved, said) = match outcome {
                    Ok(()) => (
                        true,
                        format!("{reference} is now {}.", to.label().to_lowercase()),
                    ),
                    Err(err) => (false, not_moved(&reference, err)),
                };
                BulkMoveOutcome {
                    id,
                    reference,
                    moved,
                    said,
                }
            })
            .collect();
        Ok(Json(BulkMoved {
            moved: orders.iter().filter(|o| o.moved).count() as u32,
            orders,
        }))
    }

    /// Changes the order's day, slot, address or card when the customer rings: checked by core
    /// as the shop checks a new choice (notice, cut-offs, closed days, zones, places left),
    /// except that a day and slot left as booked stay booked; the method and the money stay as
    /// they were. Each change is a line of the order's history.
    #[oai(
        path = "/admin/orders/:id/choice/",
        method = "put",
        operation_id = "adminChangeOrderChoice"
    )]
    async fn change_choice(
        &self,
        admin: AdminSession,
        desk: Data<&OrderDesk>,
        id: Path<i32>,
        body: Json<ChoiceChange>,
    ) -> Edited {
        let body = body.0;
        let form = body.fulfilment.into_form();
        Ok(Json(
            changes::change_choice(&desk, id.0, body.version, &form, &admin.0.username).await?,
        ))
    }

    /// Adds the studio's own note to the order (never shown or mailed to the customer).
    #[oai(path = "/admin/orders/:id/notes/", method = "post", operation_id = "adminNoteOrder")]
    async fn note(
        &self,
        admin: AdminSession,
        desk: Data<&OrderDesk>,
        id: Path<i32>,
        body: Json<NoteBody>,
    ) -> Edited {
        let body = body.0;
        Ok(Json(
            changes::add_note(&desk, id.0, body.version, &body.text.0, &admin.0.username).await?,
        ))
    }

    /// Takes an order by phone or in the studio, paid outside the shop: priced from the shelf,
    /// it takes stock and books its day like any other.
    #[oai(path = "/admin/orders/", method = "post", operation_id = "adminTakeOrder")]
    async fn take(
        &self,
        admin: AdminSession,
        desk: Data<&OrderDesk>,
        body: Json<StudioOrderBody>,
    ) -> Taken {
        let body = body.0;
        let form = same_fields!(body => StudioOrderForm {
            first_name, last_name, phone, email, payment_note; lines: body.items.len() });
        let lines: Vec<StudioLine> = body
            .items
            .into_iter()
            .map(|line| StudioLine {
                product_id: line.product_id,
                size_id: line.size_id,
                quantity: line.quantity,
            })
            .collect();
        let choice = body.fulfilment.into_form();
        let id = phone::take(&desk, &admin.0.username, &form, &lines, &choice).await?;
        Ok(Json(StudioOrderTaken {
            id,
            reference: crate::orders::reference(id),
        }))
    }
}
