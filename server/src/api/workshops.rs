//! The workshops as the site shows them: `GET /api/workshops/` (the list) and
//! `GET /api/workshops/{slug}/` (one workshop's page). Every number and sentence comes from
//! core (`posy_core::workshop`) through `studio::workshops`.

use poem::Request;
use poem::http::StatusCode;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use posy_core::cart::CartId;
use posy_core::checkout::CheckoutForm;
use posy_core::validation::FormField;
use posy_core::workshop::{BookingForm, MOST_SEATS_A_BOOKING, WaitingForm};
use posy_core::{Money, media, workshop};
use sea_orm::DatabaseConnection;

use super::ApiTags;
use super::text::Text;
use crate::api::state::{Clients, MediaBase, Studio};
use crate::cart::CartKey;
use crate::checkout::attempts::PaymentAttempts;
use crate::checkout::bookings::{Balance, BalanceError, BookError};
use crate::checkout::{Buyer, Checkout, IntentError, PlaceError};
use crate::http::error::{Answer, Failure, INTERNAL, PATH, Problem, QUERY, Refusal, SEND};
use crate::media::uploads::srcset;
use crate::orders::letters::booking_owed;
use crate::store::clock::Clock;
use crate::store::db::Writer;
use crate::studio::waiting::{self, WaitError};
use crate::studio::workshops::{self, GONE, Offered, WorkshopError};

/// The workshops' public calls.
pub struct WorkshopsApi;

/// A workshop as its card and page show it.
#[derive(Debug, Object)]
pub struct Workshop {
    pub id: i32,
    /// Its page is `/workshops/{slug}`.
    pub slug: String,
    /// e.g. `Christmas wreath making`.
    pub title: String,
    pub description: String,
    /// May be empty.
    pub what_to_bring: String,
    /// `YYYY-MM-DD`.
    pub date: String,
    /// e.g. `10:00–13:00`.
    pub time: String,
    /// `HH:MM`.
    pub start_time: String,
    /// `HH:MM`.
    pub end_time: String,
    /// Where it is held, on one line (the studio's address unless the studio says otherwise).
    pub place: String,
    /// A seat's whole price, e.g. `"45.00"`.
    pub price: String,
    /// Paid to book a seat up to the balance due date, e.g. `"20.00"`; `"0.00"` when a seat
    /// is paid in full.
    pub deposit: String,
    /// The rest, e.g. `"25.00"`.
    pub balance: String,
    /// `YYYY-MM-DD`: the last day the deposit books a seat, and when the balance is due.
    pub balance_due: String,
    /// The card's words for that day: `November 20th` (the card reads `due by November 20th`).
    pub balance_due_text: String,
    /// What a seat booked today costs now: the deposit up to and including the balance due
    /// date, the whole price after it.
    pub pay_now: String,
    /// Booking today pays only the deposit.
    pub pays_deposit: bool,
    /// Seats in all.
    pub seats: i32,
    /// Seats a shopper may book now (not booked, not held by others paying).
    pub spots_left: i32,
    /// `3 spots left`, `1 spot left`, `0 spots left` (then the card says Fully Booked).
    pub spots_text: String,
    /// The spec's rule on the spots text: Book is disabled and reads `Fully Booked`.
    pub fully_booked: bool,
    /// The form offers 1 to this many seats (at most 6).
    pub max_seats: i32,
    /// The cancellation rule's word: `default`.
    pub cancellation: String,
    /// The cancellation rule in words.
    pub cancellation_text: String,
    /// The booking form asks for a phone number.
    pub asks_phone: bool,
    /// The booking form offers the note (allergies, access needs).
    pub asks_note: bool,
    /// The note's label.
    pub note_label: String,
    /// Why the note is asked and how long it is kept (health data), shown under it.
    pub note_why: String,
    /// URL of its picture; null when it has none.
    pub image: Option<String>,
    /// For `<img srcset>`: its picture's JPEG sizes (`/media/workshops/x-480.jpg 480w, …`);
    /// null without a picture in sizes.
    pub image_srcset: Option<String>,
    /// The same sizes as lossy WebP, for `<source type="image/webp" srcset>`.
    pub image_webp_srcset: Option<String>,
}

impl Workshop {
    fn of(offered: Offered, address: &str, media_base: &str) -> Workshop {
        let place = offered.place(address);
        let spots_text = offered.spots_text();
        let cancellation_text = offered.cancellation_text();
        let (pricing, terms) = (offered.pricing, offered.terms);
        let w = offered.row;
        Workshop {
            id: w.id,
            slug: w.slug,
            title: w.title,
            description: w.description,
            what_to_bring: w.what_to_bring,
            date: w.date,
            time: w.time,
            start_time: w.start_time,
            end_time: w.end_time,
            place,
            price: pricing.price.to_wire(),
            deposit: pricing.deposit.to_wire(),
            balance: workshop::balance(pricing.price, pricing.deposit)
                .unwrap_or(posy_core::Money::ZERO)
                .to_wire(),
            balance_due: pricing.balance_due.to_wire(),
            balance_due_text: pricing.balance_due.month_ordinal_day(),
            pay_now: terms.now.to_wire(),
            pays_deposit: terms.pays_deposit(),
            seats: w.seats,
            spots_left: offered.spots_left.min(i32::MAX as u32) as i32,
            fully_booked: workshop::is_fully_booked(&spots_text),
            spots_text,
            max_seats: workshop::max_seats(offered.spots_left) as i32,
            cancellation: offered.rule.as_str().to_owned(),
            cancellation_text,
            asks_phone: w.asks_phone,
            asks_note: w.asks_note,
            note_label: workshop::NOTE_LABEL.to_owned(),
            note_why: workshop::NOTE_WHY.to_owned(),
            image: w
                .image
                .as_deref()
                .map(|path| media::media_url(Some(path), media_base)),
            image_srcset: srcset(&w.image_variants, media_base, false),
            image_webp_srcset: srcset(&w.image_variants, media_base, true),
        }
    }
}

impl From<WorkshopError> for Problem {
    fn from(err: WorkshopError) -> Problem {
        match err {
            WorkshopError::Gone => Problem::new(StatusCode::NOT_FOUND, GONE),
            WorkshopError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for WorkshopError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            404,
            "No workshop on the site has that slug (or it is hidden or cancelled).",
        ),
        INTERNAL,
    ];
}

/// `POST /api/workshops/{slug}/bookings/`'s body: the booking form.
#[derive(Debug, Object)]
pub struct BookSeats {
    /// 1 to 6, within the spots left.
    pub seats: u32,
    /// One name a seat, the booker's first.
    pub names: Vec<Text>,
    #[oai(default)]
    pub email: Text,
    /// Required when the workshop `asks_phone`.
    #[oai(default)]
    pub phone: Option<Text>,
    /// Allergies or access needs; optional.
    #[oai(default)]
    pub note: Option<Text>,
    /// The `booking` an earlier answer gave (a retry, or the seats changed): the same hold
    /// and payment are kept.
    #[oai(default)]
    pub booking: Option<Text>,
    /// The token of a waiting-list offer (the `offer` of the offer mail's link): books the
    /// seats it kept.
    #[oai(default)]
    pub offer: Option<Text>,
}

/// `POST /api/workshops/{slug}/waiting-list/`'s body.
#[derive(Debug, Object)]
pub struct JoinWaiting {
    #[oai(default)]
    pub name: Text,
    #[oai(default)]
    pub email: Text,
    /// 1 to 6.
    pub seats: u32,
}

/// A sentence for the page.
#[derive(Debug, Object)]
pub struct Said {
    pub message: String,
}

impl From<WaitError> for Problem {
    fn from(err: WaitError) -> Problem {
        match err {
            WaitError::Gone => Problem::new(StatusCode::NOT_FOUND, GONE),
            WaitError::NotFull => Problem::new(StatusCode::CONFLICT, waiting::NOT_FULL),
            WaitError::Form(problems) => {
                Problem::fields(problems.message(), problems.fields(FormField::wire_name))
            }
            WaitError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for WaitError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "A field is at fault (`fields`: no name, an e-mail not like one, seats outside 1 \
             to 6).",
        ),
        Answer(404, "No workshop on the site has that slug."),
        Answer(409, "The workshop has seats left: book instead."),
        INTERNAL,
    ];
}

/// What the card form is given for a booking.
#[derive(Debug, Object)]
pub struct BookingPayment {
    /// Names the booking: send it back to place it (and to book again after a change).
    pub booking: String,
    /// Give it to the card form (Stripe.js, or the simulated form); null when a gift voucher
    /// pays everything due now: then no card is asked for, and `placeWorkshopBooking` is
    /// called without a payment.
    pub client_secret: Option<String>,
    /// What the card will be charged now, all seats, e.g. `"20.00"`.
    pub amount: String,
    /// What an offer code on the booking takes off what is due now (`"0.00"` for none).
    pub discount: String,
    /// What the gift voucher on the booking pays of it now (`"0.00"` for none).
    pub paid_by_voucher: String,
    pub seats: i32,
    /// What each seat pays now.
    pub pay_now_per_seat: String,
    /// Left to pay later, all seats (`"0.00"` when paid in full).
    pub balance: String,
    /// `YYYY-MM-DD` the balance is due by; null when nothing is left to pay.
    pub balance_due: Option<String>,
    /// The seats are held until then (Unix seconds).
    pub held_until: Option<i64>,
    /// Why an earlier payment for this booking was refunded, when one was.
    pub refunded: Option<String>,
}

/// `POST /api/workshops/bookings/`'s body.
#[derive(Debug, Object)]
pub struct PlaceBooking {
    /// From `bookWorkshop`.
    pub booking: Text,
    /// From the card form; none when a gift voucher paid everything due now.
    #[oai(default)]
    pub payment_intent_id: Option<Text>,
}

/// The seats a booking took and on what, as a made booking and its balance's link both show
/// them (flattened into each, so the API description names no type of its own for it).
#[derive(Debug, Object)]
pub struct BookedSeats {
    /// `FS-000123`.
    pub reference: String,
    pub workshop: String,
    pub slug: String,
    /// `YYYY-MM-DD`.
    pub date: String,
    pub time: String,
    pub seats: i32,
}

impl BookedSeats {
    fn of(order_id: i32, seats: i32, workshop: crate::store::entities::workshop::Model) -> Self {
        BookedSeats {
            reference: crate::orders::reference(order_id),
            workshop: workshop.title,
            slug: workshop.slug,
            date: workshop.date,
            time: workshop.time,
            seats,
        }
    }
}

/// A booking made: its order, and what was paid and is still owed.
#[derive(Debug, Object)]
pub struct BookedWorkshop {
    pub order_id: i32,
    /// For `/order-confirmation/{order_id}?token=…`.
    pub access_token: String,
    #[oai(flatten)]
    pub seats: BookedSeats,
    pub paid: String,
    pub balance: String,
    pub balance_due: Option<String>,
    /// Core's sentence: `You paid £20.00. The balance of £25.00 is due by Saturday 20
    /// November 2027.`
    pub message: String,
}

/// Why a booking could not be made: the form's fields, or the payment's refusals.
#[derive(Debug)]
pub enum BookRefusal {
    Form(posy_core::validation::FormProblems<workshop::BookingField>),
    Book(BookError),
}

impl From<BookError> for BookRefusal {
    fn from(err: BookError) -> Self {
        BookRefusal::Book(err)
    }
}

impl From<BookRefusal> for Problem {
    fn from(err: BookRefusal) -> Problem {
        match err {
            BookRefusal::Form(problems) => {
                Problem::fields(problems.message(), problems.fields(FormField::wire_name))
            }
            BookRefusal::Book(BookError::Gone) => Problem::new(StatusCode::NOT_FOUND, GONE),
            BookRefusal::Book(BookError::OfferGone) => {
                Problem::new(StatusCode::CONFLICT, waiting::OFFER_GONE)
            }
            BookRefusal::Book(BookError::Intent(
                IntentError::EmptyCart | IntentError::CartGone,
            )) => Problem::new(
                StatusCode::CONFLICT,
                "This booking has changed: please choose your seats again.",
            ),
            BookRefusal::Book(BookError::Intent(err)) => err.into(),
        }
    }
}

impl Refusal for BookRefusal {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "A field of the booking form is at fault (`fields` names each with core's \
             sentence): no seats or more than 6, not one name a seat, an e-mail or phone not \
             like one, a note over 500 characters; or the booking's payment is under way.",
        ),
        Answer(404, "No workshop on the site has that slug."),
        Answer(
            409,
            "Not that many seats are left, counting those others hold while they pay: \
             `Sorry, {title} is fully booked. You can join the waiting list.` or `Sorry, only \
             2 spots are left on {title}: please choose 2 seats or fewer.`; or the booking is \
             an order already (`order` names it); or the waiting-list offer lapsed or was used.",
        ),
        Answer(
            429,
            "Too many payment attempts, or seats held from this address, as `check_intent` \
             counts them.",
        ),
        INTERNAL,
        super::payment::PROVIDER_DOWN,
    ];
}

/// A booking's balance, as its link (in the reminder mail) shows it.
#[derive(Debug, Object)]
pub struct BalanceView {
    pub order_id: i32,
    #[oai(flatten)]
    pub seats: BookedSeats,
    /// Paid when booking.
    pub paid: String,
    /// The balance, e.g. `"25.00"`.
    pub balance: String,
    /// `YYYY-MM-DD`; null when nothing was left to pay.
    pub balance_due: Option<String>,
    /// Still to pay (false once received, or when the booking was cancelled).
    pub owed: bool,
    /// `card` or `studio` once received.
    pub paid_how: Option<String>,
    /// What was paid and what is owed by when, in core's words (the confirmation's sentence).
    pub message: String,
}

impl From<Balance> for BalanceView {
    fn from(b: Balance) -> Self {
        let owed = b.owed();
        let (booking, workshop) = (b.booking, b.workshop);
        let order_id = booking.order_id.unwrap_or_default();
        let message = booking_owed(&booking);
        BalanceView {
            order_id,
            seats: BookedSeats::of(order_id, booking.seats, workshop),
            paid: Money::from_pence(booking.paid_pence).to_wire(),
            balance: Money::from_pence(booking.balance_pence).to_wire(),
            balance_due: booking.balance_due,
            owed,
            paid_how: booking.balance_paid_how,
            message,
        }
    }
}

/// The balance link's token.
#[derive(Debug, Object)]
pub struct BalanceToken {
    /// From the link in the reminder mail.
    pub token: Text,
}

/// A balance paid: the token and the payment.
#[derive(Debug, Object)]
pub struct BalancePaid {
    pub token: Text,
    /// From the card form.
    pub payment_intent_id: Text,
}

/// What the card form is given for a balance.
#[derive(Debug, Object)]
pub struct BalanceSecret {
    pub client_secret: String,
    /// e.g. `"25.00"`.
    pub amount: String,
}

/// Said of a balance link that opens nothing.
const BALANCE_LINK: &str = "This link has expired or is not right. Please use the link in your \
                            latest email, or call us and we will take the balance by phone.";

impl From<BalanceError> for Problem {
    fn from(err: BalanceError) -> Problem {
        match err {
            BalanceError::Refused => Problem::new(StatusCode::FORBIDDEN, BALANCE_LINK),
            BalanceError::NothingOwed => Problem::new(
                StatusCode::CONFLICT,
                "Nothing is owed on this booking: the balance has been received. Thank you!",
            ),
            BalanceError::NotPaid(status) => Problem::new(
                StatusCode::BAD_REQUEST,
                format!("We have not received that payment ({status}). Please try again."),
            ),
            BalanceError::Provider(err) => super::payment::provider_down(err),
            BalanceError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for BalanceError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "The payment is not this balance's, or has not succeeded (its status in words).",
        ),
        Answer(
            403,
            "The token is wrong or expired, or the order is not a booking (all alike).",
        ),
        Answer(
            409,
            "Nothing is owed: received already, or the booking was cancelled.",
        ),
        INTERNAL,
        super::payment::PROVIDER_DOWN,
    ];
}

/// The studio's address on one line, where a workshop with no place of its own is held.
async fn studio_address(db: &DatabaseConnection, studio: &Studio) -> Result<String, WorkshopError> {
    let facts = studio.facts.get(db).await.map_err(WorkshopError::Db)?;
    Ok(facts.address().join(", "))
}

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Studio")]
impl WorkshopsApi {
    /// Upcoming workshops on the site (not hidden or cancelled, today or later), soonest
    /// first.
    #[oai(path = "/workshops/", method = "get", operation_id = "listWorkshops")]
    async fn list(
        &self,
        db: Data<&DatabaseConnection>,
        clock: Data<&Clock>,
        studio: Data<&Studio>,
        media_base: Data<&MediaBase>,
    ) -> Result<Json<Vec<Workshop>>, Failure<WorkshopError>> {
        let address = studio_address(&db, &studio).await?;
        let offered = workshops::upcoming(*db, clock.now())
            .await
            .map_err(WorkshopError::Db)?;
        Ok(Json(
            offered
                .into_iter()
                .map(|w| Workshop::of(w, &address, &media_base.0.0))
                .collect(),
        ))
    }

    /// One workshop by its slug, as its page shows it (a past one too).
    #[oai(path = "/workshops/:slug/", method = "get", operation_id = "getWorkshop")]
    async fn get(
        &self,
        db: Data<&DatabaseConnection>,
        clock: Data<&Clock>,
        studio: Data<&Studio>,
        media_base: Data<&MediaBase>,
        slug: Path<String>,
    ) -> Result<Json<Workshop>, Failure<WorkshopError, PATH>> {
        let address = studio_address(&db, &studio).await?;
        let offered = workshops::by_slug(*db, clock.now(), &slug.0)
            .await
            .map_err(WorkshopError::Db)?
            .ok_or(WorkshopError::Gone)?;
        Ok(Json(Workshop::of(offered, &address, &media_base.0.0)))
    }

    /// Books seats: checks the form with core's rules, holds the seats while paying (as
    /// `check_intent` holds stock: for a few minutes, capped per address) and answers the card
    /// form's client secret for what is paid now (the deposit per seat up to and including the
    /// balance due date, the whole price after it).
    #[oai(path = "/workshops/:slug/bookings/", method = "post", operation_id = "bookWorkshop")]
    #[allow(clippy::too_many_arguments)]
    async fn book(
        &self,
        req: &Request,
        checkout: Data<&Checkout>,
        attempts: Data<&PaymentAttempts>,
        clients: Data<&Clients>,
        key: Data<&CartKey>,
        slug: Path<String>,
        body: Json<BookSeats>,
    ) -> Result<Json<BookingPayment>, Failure<BookRefusal, { PATH | SEND }>> {
        let body = body.0;
        let form = BookingForm {
            seats: body.seats,
            names: body.names.into_iter().map(|n| n.0).collect(),
            email: body.email.0,
            phone: body.phone.unwrap_or_default().0,
            note: body.note.unwrap_or_default().0,
        };
        let now = checkout.clock.now();
        let row = workshops::by_slug(&checkout.db, now, &slug.0)
            .await
            .map_err(|err| BookRefusal::Book(err.into()))?
            .ok_or(BookRefusal::Book(BookError::Gone))?
            .row;
        let asks_phone = row.asks_phone;
        // The seats left are the hold's to decide (a 409 in words); the form is checked for
        // its own shape here.
        let booker = form
            .parse(MOST_SEATS_A_BOOKING, asks_phone)
            .map_err(BookRefusal::Form)?;
        let cart = body
            .booking
            .and_then(|b| CartId::parse(&b.0))
            .filter(|id| key.made(*id))
            .unwrap_or_else(|| key.fresh());
        // The seats an offer kept pass to the booking's hold as the booking is written.
        let offer = body.offer.map(|o| o.0.trim().to_owned());
        let offer = offer.as_deref().filter(|o| !o.is_empty());
        let address = clients.address(req);
        let seats = checkout
            .book_seats(cart, &slug.0, &booker, &address, offer, &attempts)
            .await
            .map_err(BookRefusal::from)?;
        let booking = seats.booking;
        Ok(Json(BookingPayment {
            booking: cart.to_string(),
            client_secret: seats.payment.client_secret,
            amount: Money::from_pence(seats.payment.amount).to_wire(),
            discount: seats.payment.reckoning.discount.to_wire(),
            paid_by_voucher: seats.payment.reckoning.voucher.to_wire(),
            seats: booking.seats,
            pay_now_per_seat: Money::from_pence(
                booking.paid_pence / i64::from(booking.seats.max(1)),
            )
            .to_wire(),
            balance: Money::from_pence(booking.balance_pence).to_wire(),
            balance_due: booking.balance_due,
            held_until: seats.held_until,
            refunded: seats.payment.refunded,
        }))
    }

    /// Places a paid booking: the payment is read back from the provider, the seats taken and
    /// the booking written as an order (channel `workshop`), with the confirmation mail. The
    /// same call again answers the same booking; seats gone meanwhile refund the payment (409).
    #[oai(path = "/workshops/bookings/", method = "post", operation_id = "placeWorkshopBooking")]
    async fn place(
        &self,
        checkout: Data<&Checkout>,
        body: Json<PlaceBooking>,
    ) -> Result<Json<BookedWorkshop>, Failure<PlaceError, SEND>> {
        let cart = CartId::parse(&body.booking.0).ok_or(PlaceError::CartGone)?;
        let order_id = match &body.payment_intent_id {
            Some(intent) => {
                checkout
                    .place(&intent.0, Some(cart), Buyer::Billing)
                    .await?
            }
            // The booker's details are the booking's own; the form is not asked again.
            None => {
                checkout
                    .place_by_voucher(cart, &CheckoutForm::default())
                    .await?
            }
        };
        let access_token = checkout.renew_link(order_id).await?;
        let (booking, workshop) = crate::orders::bookings::of_order(&checkout.db, order_id)
            .await
            .map_err(PlaceError::Db)?
            .ok_or(PlaceError::CartGone)?;
        Ok(Json(BookedWorkshop {
            order_id,
            access_token,
            message: booking_owed(&booking),
            seats: BookedSeats::of(order_id, booking.seats, workshop),
            paid: Money::from_pence(booking.paid_pence).to_wire(),
            balance: Money::from_pence(booking.balance_pence).to_wire(),
            balance_due: booking.balance_due,
        }))
    }

    /// Joins the waiting list of a full workshop: when a seat frees, the first waiting is
    /// mailed an offer that keeps it for them for 24 hours (a setting).
    #[oai(
        path = "/workshops/:slug/waiting-list/",
        method = "post",
        operation_id = "joinWorkshopWaitingList"
    )]
    async fn join_waiting(
        &self,
        db: Data<&DatabaseConnection>,
        writer: Data<&Writer>,
        clock: Data<&Clock>,
        slug: Path<String>,
        body: Json<JoinWaiting>,
    ) -> Result<Json<Said>, Failure<WaitError, { PATH | SEND }>> {
        let form = WaitingForm {
            name: body.0.name.0,
            email: body.0.email.0,
            seats: body.0.seats,
        };
        waiting::join(*writer, *db, clock.now(), &slug.0, &form).await?;
        Ok(Json(Said {
            message: waiting::ON_THE_LIST.to_owned(),
        }))
    }

    /// A booking's balance, for the link in its reminder mail.
    #[oai(
        path = "/workshops/balance/:order_id/",
        method = "get",
        operation_id = "getWorkshopBalance"
    )]
    async fn balance(
        &self,
        checkout: Data<&Checkout>,
        order_id: Path<i32>,
        token: Query<Option<String>>,
    ) -> Result<Json<BalanceView>, Failure<BalanceError, { PATH | QUERY }>> {
        let token = token.0.unwrap_or_default();
        Ok(Json(checkout.balance(order_id.0, &token).await?.into()))
    }

    /// The card form's client secret for a booking's balance (no saved cards: the card is
    /// typed again).
    #[oai(
        path = "/workshops/balance/:order_id/",
        method = "post",
        operation_id = "payWorkshopBalance"
    )]
    async fn pay_balance(
        &self,
        checkout: Data<&Checkout>,
        order_id: Path<i32>,
        body: Json<BalanceToken>,
    ) -> Result<Json<BalanceSecret>, Failure<BalanceError, { PATH | SEND }>> {
        let (client_secret, amount) = checkout
            .balance_payment(order_id.0, &body.0.token.0)
            .await?;
        Ok(Json(BalanceSecret {
            client_secret,
            amount: Money::from_pence(amount).to_wire(),
        }))
    }

    /// Records a balance paid by card (read back from the provider), once, and mails the
    /// booker that it was received.
    #[oai(
        path = "/workshops/balance/:order_id/paid/",
        method = "post",
        operation_id = "workshopBalancePaid"
    )]
    async fn balance_paid(
        &self,
        checkout: Data<&Checkout>,
        order_id: Path<i32>,
        body: Json<BalancePaid>,
    ) -> Result<Json<BalanceView>, Failure<BalanceError, { PATH | SEND }>> {
        let token = body.0.token.0;
        checkout.balance(order_id.0, &token).await?;
        checkout
            .balance_received(order_id.0, &body.0.payment_intent_id.0)
            .await?;
        Ok(Json(checkout.balance(order_id.0, &token).await?.into()))
    }
}
