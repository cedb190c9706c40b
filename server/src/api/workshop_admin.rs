//! The back office's workshops (admin only: 401 without a session, 403 without the CSRF
//! header): made, edited (from a `version`: a stale edit is refused in words), given a picture
//! (the products' pipeline) or none, hidden and cancelled (every booking refunded and mailed);
//! the attendee list; a balance marked paid in the studio; a booking cancelled by the
//! workshop's rule.

use poem::http::StatusCode;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::types::multipart::Upload;
use poem_openapi::{Multipart, Object, OpenApi};
use posy_core::Money;
use posy_core::validation::FormField;
use posy_core::workshop_form::{STALE_EDIT, WorkshopForm};
use sea_orm::DatabaseConnection;

use super::ApiTags;
use super::auth::AdminSession;
use super::text::Text;
use super::upload::{Streamed, picture_problem};
use crate::api::state::{Gallery, MediaBase};
use crate::http::error::{ADMIN, Answer, CSRF, Failure, INTERNAL, PATH, Problem, Refusal, SEND};
use crate::orders::OrderDesk;
use crate::orders::bookings::{self, Attendee, BookingError, GiveBackAs};
use crate::store::clock::Clock;
use crate::store::db::Writer;
use crate::store::entities::workshop as workshops;
use crate::studio::waiting::{self, Offers};
use crate::studio::workshops::{self as studio_workshops, Asks, EditError};
use posy_core::media;

/// The back office's workshop calls.
pub struct WorkshopAdminApi;

/// A workshop as the back office lists and edits it.
#[derive(Debug, Object)]
pub struct AdminWorkshop {
    pub id: i32,
    pub slug: String,
    pub title: String,
    pub description: String,
    pub what_to_bring: String,
    pub date: String,
    pub start_time: String,
    pub end_time: String,
    /// Empty: the studio itself.
    pub place: String,
    pub seats: i32,
    /// Seats booked (paid).
    pub booked: i32,
    /// Seats not booked.
    pub spots_left: i32,
    pub price: String,
    pub deposit: String,
    pub balance_due: String,
    pub cancellation: String,
    pub asks_phone: bool,
    pub asks_note: bool,
    pub hidden: bool,
    /// Cancelled by the studio (every booking refunded).
    pub cancelled: bool,
    /// Send it back with a change.
    pub version: i32,
    /// URL of its picture; null without one (its pages then show the studio's table).
    pub image: Option<String>,
}

impl AdminWorkshop {
    fn of(w: workshops::Model, media_base: &str) -> Self {
        AdminWorkshop {
            image: w
                .image
                .as_deref()
                .map(|path| media::media_url(Some(path), media_base)),
            id: w.id,
            booked: (w.seats - w.spots_left).max(0),
            slug: w.slug,
            title: w.title,
            description: w.description,
            what_to_bring: w.what_to_bring,
            date: w.date,
            start_time: w.start_time,
            end_time: w.end_time,
            place: w.place,
            seats: w.seats,
            spots_left: w.spots_left,
            price: Money::from_pence(w.price_pence).to_wire(),
            deposit: Money::from_pence(w.deposit_pence).to_wire(),
            balance_due: w.balance_due,
            cancellation: w.cancellation,
            asks_phone: w.asks_phone,
            asks_note: w.asks_note,
            hidden: w.hidden,
            cancelled: w.cancelled_at.is_some(),
            version: w.version,
        }
    }
}

/// The picture form as published: one `picture` file. Only its schema is used: the body is
/// read as it arrives, as a product's picture is.
#[derive(Debug, Multipart)]
#[allow(dead_code)]
pub struct WorkshopPictureForm {
    picture: Upload,
}

/// A workshop picture's upload, read within the gallery's limits as it arrives.
pub type WorkshopPictureBody = Streamed<WorkshopPictureForm>;

const ONE_PICTURE: &str = "Please send one picture: a workshop has one.";

/// The workshop form.
#[derive(Debug, Object)]
pub struct WorkshopBody {
    pub title: Text,
    pub description: Text,
    #[oai(default)]
    pub what_to_bring: Text,
    /// `YYYY-MM-DD`.
    pub date: Text,
    /// `HH:MM`.
    pub start_time: Text,
    /// `HH:MM`.
    pub end_time: Text,
    /// Empty: the studio itself.
    #[oai(default)]
    pub place: Text,
    /// 1 to 200, and no fewer than those booked.
    pub seats: u32,
    /// e.g. `"45.00"`.
    pub price: Text,
    /// e.g. `"20.00"`; `"0.00"` to pay in full when booking.
    #[oai(default)]
    pub deposit: Text,
    /// `YYYY-MM-DD`, on or before the date.
    pub balance_due: Text,
    /// Core's rule: `default`.
    #[oai(default)]
    pub cancellation: Option<Text>,
    #[oai(default)]
    pub asks_phone: Option<bool>,
    #[oai(default)]
    pub asks_note: Option<bool>,
    #[oai(default)]
    pub hidden: Option<bool>,
    /// For an edit: the version the form was loaded at (ignored when making one).
    #[oai(default)]
    pub version: Option<i32>,
}

impl WorkshopBody {
    fn split(self) -> (WorkshopForm, Asks) {
        (
            WorkshopForm {
                title: self.title.0,
                description: self.description.0,
                what_to_bring: self.what_to_bring.0,
                date: self.date.0,
                start_time: self.start_time.0,
                end_time: self.end_time.0,
                place: self.place.0,
                seats: self.seats,
                price: self.price.0,
                deposit: self.deposit.0,
                balance_due: self.balance_due.0,
                cancellation: self
                    .cancellation
                    .map_or_else(|| "default".to_owned(), |c| c.0),
            },
            Asks {
                phone: self.asks_phone.unwrap_or(true),
                note: self.asks_note.unwrap_or(true),
                hidden: self.hidden.unwrap_or(false),
            },
        )
    }
}

/// Hide or show again.
#[derive(Debug, Object)]
pub struct HideBody {
    pub hidden: bool,
    pub version: i32,
}

/// Cancel a workshop.
#[derive(Debug, Object)]
pub struct CancelWorkshopBody {
    pub version: i32,
    /// A UUID the page makes for this submission and sends again with each retry.
    pub key: Text,
}

/// Cancel a booking.
#[derive(Debug, Object)]
pub struct CancelBookingBody {
    /// A UUID the page makes for this submission.
    pub key: Text,
    /// Refund what the rule gives back (true) or keep it as credit (false).
    pub refund: bool,
}

/// One booking on the attendee list.
#[derive(Debug, Object)]
pub struct AttendeeRow {
    pub order_id: i32,
    /// `FS-000123`.
    pub reference: String,
    pub names: Vec<String>,
    pub email: String,
    pub phone: String,
    pub seats: i32,
    pub paid: String,
    /// What a gift voucher paid of `paid` at booking (`"0.00"` for none).
    pub paid_by_voucher: String,
    pub owed: String,
    pub balance_due: Option<String>,
    /// `card` or `studio` once the balance is received; null before (or with none owed).
    pub balance_paid: Option<String>,
    /// Allergies or access needs (health data, deleted 30 days after the workshop).
    pub note: String,
}

impl From<Attendee> for AttendeeRow {
    fn from(a: Attendee) -> Self {
        AttendeeRow {
            reference: crate::orders::reference(a.order_id),
            order_id: a.order_id,
            names: a.names,
            email: a.email,
            phone: a.phone,
            seats: a.seats,
            paid: a.paid.to_wire(),
            paid_by_voucher: a.paid_by_voucher.to_wire(),
            owed: a.owed.to_wire(),
            balance_due: a.balance_due,
            balance_paid: a.balance_paid_how,
            note: a.note,
        }
    }
}

/// The attendee list of a workshop.
#[derive(Debug, Object)]
pub struct Attendees {
    pub workshop: AdminWorkshop,
    pub rows: Vec<AttendeeRow>,
    /// Seats booked in all.
    pub seats: i32,
    /// Still owed in all.
    pub owed: String,
}

/// A balance paid in the studio on a cancelled booking: the provider never took it, so the
/// studio hands it back.
#[derive(Debug, Object)]
pub struct HandBack {
    pub order_id: i32,
    /// `FS-000123`.
    pub reference: String,
    pub names: Vec<String>,
    /// e.g. `"25.00"`.
    pub amount: String,
    /// What the page says: `Give Ann Example £25.00 back by hand (FS-000123): the balance was
    /// paid in the studio, so the card refund cannot include it.`
    pub message: String,
}

impl HandBack {
    fn of(order_id: i32, names: Vec<String>, amount: Money) -> Self {
        let reference = crate::orders::reference(order_id);
        let who = names
            .first()
            .cloned()
            .unwrap_or_else(|| "the booker".into());
        HandBack {
            message: format!(
                "Give {who} {} back by hand ({reference}): the balance was paid in the studio, \
                 so the card refund cannot include it.",
                amount.display()
            ),
            order_id,
            reference,
            names,
            amount: amount.to_wire(),
        }
    }
}

/// How many bookings a cancellation refunded, and what the studio hands back itself.
#[derive(Debug, Object)]
pub struct CancelledWorkshop {
    pub workshop: AdminWorkshop,
    pub refunded: i32,
    /// Balances paid in the studio, to give back by hand (empty when none).
    pub by_hand: Vec<HandBack>,
}

/// A booking cancelled: the attendee list as it now stands, and what the studio hands back
/// itself.
#[derive(Debug, Object)]
pub struct CancelledBooking {
    pub rows: Vec<AttendeeRow>,
    /// The balance paid in the studio, to give back by hand; null when there is none.
    pub by_hand: Option<HandBack>,
}

const NO_SUCH_WORKSHOP: &str = "We couldn't find that workshop. It may have been removed.";

impl From<EditError> for Problem {
    fn from(err: EditError) -> Problem {
        match err {
            EditError::Gone => Problem::new(StatusCode::NOT_FOUND, NO_SUCH_WORKSHOP),
            EditError::Form(problems) => {
                Problem::fields(problems.message(), problems.fields(FormField::wire_name))
            }
            EditError::Stale => Problem::new(StatusCode::CONFLICT, STALE_EDIT),
            EditError::Picture(err) => picture_problem(err, ONE_PICTURE),
            EditError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for EditError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "A field of the workshop form is at fault (`fields` names each with core's \
             sentence), or an edit without its `version`; a picture that is not a picture the \
             shop can use, none, or a part the form does not have (`fields.picture`).",
        ),
        Answer(404, "No workshop has that id."),
        Answer(
            409,
            "Someone else saved the workshop since the page read it (its `version` moved).",
        ),
        Answer(
            413,
            "A picture upload larger than the shop takes at once (POSY_MAX_UPLOAD_MB), or with \
             more than one file; nothing of it is kept.",
        ),
        INTERNAL,
    ];
}

impl From<BookingError> for Problem {
    fn from(err: BookingError) -> Problem {
        match err {
            BookingError::Gone => Problem::new(
                StatusCode::NOT_FOUND,
                "We couldn't find that booking. It may have been cancelled.",
            ),
            BookingError::NothingOwed => Problem::new(
                StatusCode::CONFLICT,
                "Nothing is owed on this booking: its balance was received already.",
            ),
            BookingError::Order(err) => err.into(),
            BookingError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for BookingError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "The refund was refused, in core's sentence, or the key is not a UUID.",
        ),
        Answer(404, "No standing booking or workshop has that id."),
        Answer(
            409,
            "The booking or workshop changed since the page read it, or nothing is owed.",
        ),
        INTERNAL,
    ];
}

type Edited = Result<Json<AdminWorkshop>, Failure<EditError, { PATH | SEND | ADMIN }>>;

fn uuid_of(key: &str) -> Result<uuid::Uuid, BookingError> {
    uuid::Uuid::parse_str(key.trim()).map_err(|_| {
        BookingError::Order(crate::orders::admin::OrderError::Refused(
            "The key is not one the page makes (a UUID).".into(),
        ))
    })
}

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Admin")]
impl WorkshopAdminApi {
    /// Every workshop, the latest first, with hidden and cancelled ones.
    #[oai(path = "/admin/workshops/", method = "get", operation_id = "adminListWorkshops")]
    async fn list(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        media: Data<&MediaBase>,
    ) -> Result<Json<Vec<AdminWorkshop>>, Failure<EditError, ADMIN>> {
        let rows = studio_workshops::all(*db).await.map_err(EditError::Db)?;
        Ok(Json(
            rows.into_iter()
                .map(|w| AdminWorkshop::of(w, &media.0.0))
                .collect(),
        ))
    }

    /// Makes a workshop (its slug from its title).
    #[oai(path = "/admin/workshops/", method = "post", operation_id = "adminCreateWorkshop")]
    async fn create(
        &self,
        admin: AdminSession,
        writer: Data<&Writer>,
        media: Data<&MediaBase>,
        body: Json<WorkshopBody>,
    ) -> Result<Json<AdminWorkshop>, Failure<EditError, { SEND | ADMIN }>> {
        let (form, asks) = body.0.split();
        let row = studio_workshops::create(*writer, form, asks, &admin.0.username).await?;
        Ok(Json(AdminWorkshop::of(row, &media.0.0)))
    }

    /// Saves a change made from `version`; the seats left move with the seats. What bookings
    /// already owe, and when, does not change.
    #[oai(path = "/admin/workshops/:id/", method = "put", operation_id = "adminEditWorkshop")]
    #[allow(clippy::too_many_arguments)]
    async fn edit(
        &self,
        admin: AdminSession,
        writer: Data<&Writer>,
        offers: Data<&Offers>,
        clock: Data<&Clock>,
        media: Data<&MediaBase>,
        id: Path<i32>,
        body: Json<WorkshopBody>,
    ) -> Edited {
        let version = body.0.version.ok_or_else(|| {
            EditError::Form(posy_core::validation::FormProblems {
                missing: Vec::new(),
                invalid: vec![(
                    posy_core::workshop_form::WorkshopField::Title,
                    "Please reload the workshop before saving (its version is missing).".into(),
                )],
            })
        })?;
        let (form, asks) = body.0.split();
        let row =
            studio_workshops::edit(*writer, id.0, version, form, asks, &admin.0.username).await?;
        // Seats added go to the waiting list first.
        if let Err(err) = waiting::offer_freed(*writer, clock.now(), *offers).await {
            tracing::warn!(%err, "could not offer the freed seats yet; the next pass will");
        }
        Ok(Json(AdminWorkshop::of(row, &media.0.0)))
    }

    /// Hides a workshop from the site, or shows it again (its bookings stand).
    #[oai(path = "/admin/workshops/:id/hide/", method = "post", operation_id = "adminHideWorkshop")]
    async fn hide(
        &self,
        admin: AdminSession,
        writer: Data<&Writer>,
        media: Data<&MediaBase>,
        id: Path<i32>,
        body: Json<HideBody>,
    ) -> Edited {
        let row = studio_workshops::hide(
            *writer,
            id.0,
            body.0.version,
            body.0.hidden,
            &admin.0.username,
        )
        .await?;
        Ok(Json(AdminWorkshop::of(row, &media.0.0)))
    }

    /// Gives a workshop its picture (JPEG, PNG, WebP, GIF, AVIF or HEIC, within the gallery's
    /// limits), kept upright and without its EXIF in 480, 960 and 1600 px widths, as a
    /// product's is; a picture it had is removed once the new one is in place.
    #[oai(
        path = "/admin/workshops/:id/picture/",
        method = "post",
        operation_id = "adminUploadWorkshopPicture"
    )]
    async fn upload_picture(
        &self,
        admin: AdminSession,
        gallery: Data<&Gallery>,
        id: Path<i32>,
        body: WorkshopPictureBody,
    ) -> Edited {
        // An unknown workshop is said before its picture is read.
        studio_workshops::one(&gallery.db, id.0).await?;
        let incoming = gallery
            .receive_picture(body.parts)
            .await
            .map_err(EditError::from)?;
        let row = studio_workshops::replace_picture(
            &gallery.writer,
            gallery.media.as_ref(),
            id.0,
            incoming,
            &admin.0.username,
        )
        .await?;
        Ok(Json(AdminWorkshop::of(row, &gallery.media_base.0)))
    }

    /// Takes a workshop's picture away: its card and page show the studio's table of flowers.
    #[oai(
        path = "/admin/workshops/:id/picture/",
        method = "delete",
        operation_id = "adminRemoveWorkshopPicture"
    )]
    async fn remove_picture(
        &self,
        admin: AdminSession,
        gallery: Data<&Gallery>,
        id: Path<i32>,
    ) -> Result<Json<AdminWorkshop>, Failure<EditError, { PATH | CSRF | ADMIN }>> {
        let row = studio_workshops::remove_picture(
            &gallery.writer,
            gallery.media.as_ref(),
            id.0,
            &admin.0.username,
        )
        .await?;
        Ok(Json(AdminWorkshop::of(row, &gallery.media_base.0)))
    }

    /// Cancels a workshop: every booking is refunded in full and mailed; a retry with the same
    /// key gives back once.
    #[oai(
        path = "/admin/workshops/:id/cancel/",
        method = "post",
        operation_id = "adminCancelWorkshop"
    )]
    async fn cancel(
        &self,
        admin: AdminSession,
        desk: Data<&OrderDesk>,
        media: Data<&MediaBase>,
        id: Path<i32>,
        body: Json<CancelWorkshopBody>,
    ) -> Result<Json<CancelledWorkshop>, Failure<BookingError, { PATH | SEND | ADMIN }>> {
        let key = uuid_of(&body.0.key.0)?;
        let (refunded, by_hand) =
            bookings::cancel_workshop(&desk, id.0, body.0.version, key, &admin.0.username).await?;
        let row = studio_workshops::one(&desk.db, id.0)
            .await
            .map_err(|_| BookingError::Gone)?;
        Ok(Json(CancelledWorkshop {
            workshop: AdminWorkshop::of(row, &media.0.0),
            refunded: refunded as i32,
            by_hand: by_hand
                .into_iter()
                .map(|b| HandBack::of(b.order_id, b.names, b.amount))
                .collect(),
        }))
    }

    /// The attendee list: names, seats, paid, owed and notes, as the studio's day needs it.
    #[oai(
        path = "/admin/workshops/:id/attendees/",
        method = "get",
        operation_id = "adminWorkshopAttendees"
    )]
    async fn attendees(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        media: Data<&MediaBase>,
        id: Path<i32>,
    ) -> Result<Json<Attendees>, Failure<EditError, { PATH | ADMIN }>> {
        let row = studio_workshops::one(*db, id.0).await?;
        let list = bookings::attendees(*db, id.0)
            .await
            .map_err(EditError::Db)?;
        let seats = list.iter().map(|a| a.seats).sum();
        let owed = list.iter().map(|a| a.owed.pence()).sum();
        Ok(Json(Attendees {
            workshop: AdminWorkshop::of(row, &media.0.0),
            rows: list.into_iter().map(AttendeeRow::from).collect(),
            seats,
            owed: Money::from_pence(owed).to_wire(),
        }))
    }

    /// Marks a booking's balance as paid in the studio; the booker is mailed.
    #[oai(
        path = "/admin/workshops/bookings/:order_id/balance-paid/",
        method = "post",
        operation_id = "adminWorkshopBalancePaid"
    )]
    async fn balance_paid(
        &self,
        admin: AdminSession,
        desk: Data<&OrderDesk>,
        order_id: Path<i32>,
    ) -> Result<Json<AttendeeRow>, Failure<BookingError, { PATH | SEND | ADMIN }>> {
        let row = bookings::balance_paid_in_studio(&desk, order_id.0, &admin.0.username).await?;
        Ok(Json(row.into()))
    }

    /// Cancels a booking by its workshop's rule (until the balance is due what was paid is
    /// refunded, or kept as credit; after it nothing is); the seats go back on the workshop.
    /// A balance paid in the studio is the studio's to hand back: `by_hand` says how much.
    #[oai(
        path = "/admin/workshops/bookings/:order_id/cancel/",
        method = "post",
        operation_id = "adminCancelWorkshopBooking"
    )]
    #[allow(clippy::too_many_arguments)]
    async fn cancel_booking(
        &self,
        admin: AdminSession,
        desk: Data<&OrderDesk>,
        writer: Data<&Writer>,
        offers: Data<&Offers>,
        order_id: Path<i32>,
        body: Json<CancelBookingBody>,
    ) -> Result<Json<CancelledBooking>, Failure<BookingError, { PATH | SEND | ADMIN }>> {
        let key = uuid_of(&body.0.key.0)?;
        let how = if body.0.refund {
            GiveBackAs::Refund
        } else {
            GiveBackAs::Credit
        };
        let by_hand =
            bookings::cancel_booking(&desk, order_id.0, how, key, &admin.0.username).await?;
        // The seats it gave back go to the waiting list first.
        if let Err(err) = waiting::offer_freed(*writer, desk.clock.now(), *offers).await {
            tracing::warn!(%err, "could not offer the freed seats yet; the next pass will");
        }
        let (booking, _) = bookings::of_order(&desk.db, order_id.0)
            .await
            .map_err(BookingError::Db)?
            .ok_or(BookingError::Gone)?;
        let list = bookings::attendees(&desk.db, booking.workshop_id)
            .await
            .map_err(BookingError::Db)?;
        Ok(Json(CancelledBooking {
            rows: list.into_iter().map(AttendeeRow::from).collect(),
            by_hand: (by_hand > Money::ZERO).then(|| {
                HandBack::of(
                    order_id.0,
                    crate::orders::letters::booking_names(&booking),
                    by_hand,
                )
            }),
        }))
    }
}
