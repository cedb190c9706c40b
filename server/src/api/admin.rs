//! The studio's back office: calls only a signed-in admin may make (401 otherwise; the unsafe
//! ones also need the CSRF header, as every unsafe call does).

use poem::http::StatusCode;
use poem::web::Data;
use poem_openapi::param::{Path, Query};
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};
use sea_orm::DatabaseConnection;

use super::ApiTags;
use super::auth::AdminSession;
use super::delivery::DeliverySettingsView;
use super::text::Text;
use crate::api::state::Studio;
use crate::enquiries::inbox::{self, EnquiryView, InboxError};
use crate::http::error::{ADMIN, Answer, CSRF, Failure, INTERNAL, PATH, Problem, Refusal, SEND};
use crate::orders::admin::{self, OrderOnClosedDay};
use crate::store::clock::Clock;
use crate::studio::delivery::{self, SaveError};

/// The back office.
pub struct AdminApi;

/// What the back office's menu counts.
#[derive(Debug, Object)]
pub struct AdminSummary {
    /// Enquiries waiting for an answer.
    pub new_enquiries: u64,
    /// Paid orders the studio has not yet confirmed.
    pub new_orders: u64,
}

/// A reply to an enquiry, in the three parts the back office previews; the mail is exactly
/// greeting, text and signature (each trimmed, a blank line between them), then the enquiry
/// quoted.
#[derive(Debug, Object)]
pub struct EnquiryReply {
    /// One line, up to 200 characters: `Dear Hannah,` (the enquiry's `greeting` is offered).
    pub greeting: Text,
    /// The text, up to 5,000 characters.
    pub body: Text,
    /// Up to 500 characters (the enquiry's `sign_off` is offered).
    pub signature: Text,
}

/// An enquiry's new status.
#[derive(Debug, Object)]
pub struct EnquiryStatusChange {
    /// `new`, `answered` or `closed`.
    pub status: Text,
}

/// New delivery settings that close days with orders on them, not saved.
#[derive(Debug, Object)]
pub struct ClosingDaysWithOrders {
    /// What would happen and what to do, in plain words.
    pub error: String,
    /// Every order still to make on a day the settings close, by day.
    pub orders: Vec<OrderOnClosedDay>,
}

/// What saving the delivery settings answers when it is not a refusal of the settings
/// themselves.
// One answer a save, moved once: boxing the settings would only add an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(ApiResponse)]
pub enum DeliverySettingsSave {
    /// Saved: the settings now in force.
    #[oai(status = 200)]
    Saved(Json<DeliverySettingsView>),
    /// Not saved: the settings close days that already have orders (each listed in
    /// `orders`). Send them again with those orders' ids in `orders_warned_of` to close the
    /// days anyway; an order the studio was not shown still refuses the save.
    #[oai(status = 409)]
    OrdersOnClosedDays(Json<ClosingDaysWithOrders>),
}

/// The warning's sentence: how many orders, on which days, and what to do.
fn closing_sentence(orders: &[OrderOnClosedDay]) -> String {
    let mut days: Vec<&str> = Vec::new();
    for order in orders {
        if !days.contains(&order.day.as_str()) {
            days.push(&order.day);
        }
    }
    let count = match orders.len() {
        1 => "an order".to_owned(),
        n => format!("{n} orders"),
    };
    let named: Vec<String> = orders
        .iter()
        .map(|order| format!("{} for {}", order.reference, order.customer))
        .collect();
    format!(
        "The settings were not saved: {} already {} {count} ({}). Please tell those customers \
         or move their orders, or save again to close anyway.",
        days.join(", "),
        if days.len() == 1 { "has" } else { "have" },
        named.join(", "),
    )
}

/// Reads the ids of the orders the studio was warned of: `12,15`, or nothing.
fn warned_of(given: Option<&str>) -> Result<Vec<i32>, SettingsError> {
    given
        .map(str::trim)
        .filter(|text| !text.is_empty())
        .map(|text| {
            text.split(',')
                .map(|id| id.trim().parse::<i32>())
                .collect::<Result<Vec<_>, _>>()
                .map_err(|_| SettingsError::WarnedOf)
        })
        .transpose()
        .map(Option::unwrap_or_default)
}

/// Why the delivery settings were not saved.
#[derive(Debug)]
pub enum SettingsError {
    /// `orders_warned_of` is not a list of order ids.
    WarnedOf,
    /// A value core cannot read (a fee that is not an amount, a time that is not a time).
    Unreadable(String),
    /// Core's sentences about settings that make no sense, one each.
    Problems(Vec<String>),
    Db(sea_orm::DbErr),
}

impl From<sea_orm::DbErr> for SettingsError {
    fn from(err: sea_orm::DbErr) -> Self {
        SettingsError::Db(err)
    }
}

impl From<SettingsError> for Problem {
    fn from(err: SettingsError) -> Problem {
        match err {
            SettingsError::Unreadable(why) => Problem::field(
                "A value could not be read. Please check the amounts (like 5.00), times (like 09:00) and dates (like 2026-12-28).",
                "settings",
                why,
            ),
            // Each of core's sentences, numbered in the order core found them.
            SettingsError::Problems(problems) => Problem::fields(
                problems.first().cloned().unwrap_or_default(),
                problems
                    .into_iter()
                    .enumerate()
                    .map(|(at, why)| (format!("problem_{}", at + 1), why))
                    .collect(),
            ),
            SettingsError::WarnedOf => Problem::field(WARNED_OF, "orders_warned_of", WARNED_OF),
            SettingsError::Db(err) => Problem::internal(err),
        }
    }
}

const WARNED_OF: &str = "The orders warned of must be order ids separated by commas, like 12,15.";

impl Refusal for SettingsError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "The settings were not saved: a value core cannot read (`fields.settings`), or \
             settings that make no sense (`fields.problem_1`, `problem_2`, …, a sentence each: a \
             district in two zones, a slot outside opening hours, a closing time before opening), \
             or `orders_warned_of` that is not a list of ids (`fields.orders_warned_of`).",
        ),
        INTERNAL,
    ];
}

/// What the reply box and the status buttons say when they are refused.
const NO_SUCH_ENQUIRY: &str = "That enquiry is not in the inbox any more.";
const UNKNOWN_STATUS: &str = "An enquiry is new, answered or closed.";

impl From<InboxError> for Problem {
    fn from(err: InboxError) -> Problem {
        match err {
            InboxError::Gone => Problem::new(StatusCode::NOT_FOUND, NO_SUCH_ENQUIRY),
            InboxError::Reply(problems) => {
                // The first part at fault is the sentence; every part's is by its field.
                let first = problems
                    .first()
                    .map(|(_, why)| why.clone())
                    .unwrap_or_default();
                let fields = problems
                    .into_iter()
                    .map(|(field, why)| (field.to_owned(), why))
                    .collect();
                Problem::fields(first, fields)
            }
            InboxError::Status => Problem::field(UNKNOWN_STATUS, "status", UNKNOWN_STATUS),
            InboxError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for InboxError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "A field is at fault (`fields` names each): a reply's empty or over-long greeting, \
             text or signature (a greeting of more than one line), or a status that is not \
             new, answered or closed.",
        ),
        Answer(404, "No enquiry has that id."),
        INTERNAL,
    ];
}

type Enquiries = Result<Json<Vec<EnquiryView>>, Failure<sea_orm::DbErr, ADMIN>>;
type Summary = Result<Json<AdminSummary>, Failure<sea_orm::DbErr, ADMIN>>;
type Opened = Result<Json<EnquiryView>, Failure<InboxError, { ADMIN | PATH | CSRF }>>;
type Changed = Result<Json<EnquiryView>, Failure<InboxError, { ADMIN | PATH | SEND }>>;
type Settings = Result<Json<DeliverySettingsView>, Failure<sea_orm::DbErr, ADMIN>>;
type SettingsSaved = Result<DeliverySettingsSave, Failure<SettingsError, { ADMIN | SEND }>>;

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Admin")]
impl AdminApi {
    /// What the back office's menu counts: new orders and the enquiries waiting for an answer.
    #[oai(
        path = "/admin/summary/",
        method = "get",
        operation_id = "adminSummary"
    )]
    async fn summary(&self, _admin: AdminSession, db: Data<&DatabaseConnection>) -> Summary {
        Ok(Json(AdminSummary {
            new_enquiries: inbox::new_count(*db).await?,
            new_orders: crate::orders::admin::new_count(*db).await?,
        }))
    }

    /// The latest 200 enquiries, newest first, each with its status and the replies sent.
    #[oai(
        path = "/admin/enquiries/",
        method = "get",
        operation_id = "listEnquiries"
    )]
    async fn enquiries(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        studio: Data<&Studio>,
    ) -> Enquiries {
        let facts = studio.facts.get(*db).await?;
        Ok(Json(inbox::latest(*db, &facts).await?))
    }

    /// Marks an enquiry read, as the inbox does when the studio opens it.
    #[oai(
        path = "/admin/enquiries/:id/read/",
        method = "post",
        operation_id = "readEnquiry"
    )]
    async fn read(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        studio: Data<&Studio>,
        id: Path<i32>,
    ) -> Opened {
        let facts = studio.facts.get(*db).await.map_err(InboxError::from)?;
        Ok(Json(inbox::mark_read(*db, id.0, &facts).await?))
    }

    /// Sends a reply to the enquiry's sender through the outbox (answers come back to the
    /// studio), keeps it with the enquiry, and marks the enquiry answered.
    #[oai(
        path = "/admin/enquiries/:id/reply/",
        method = "post",
        operation_id = "replyToEnquiry"
    )]
    async fn reply(
        &self,
        admin: AdminSession,
        db: Data<&DatabaseConnection>,
        studio: Data<&Studio>,
        id: Path<i32>,
        reply: Json<EnquiryReply>,
    ) -> Changed {
        let facts = studio.facts.get(*db).await.map_err(InboxError::from)?;
        let answered = inbox::reply(
            *db,
            id.0,
            &admin.0.username,
            inbox::ReplyDraft {
                greeting: &reply.0.greeting,
                body: &reply.0.body,
                signature: &reply.0.signature,
            },
            &facts,
            &studio.notices_to,
        )
        .await?;
        Ok(Json(answered))
    }

    /// Moves an enquiry to new, answered or closed.
    #[oai(
        path = "/admin/enquiries/:id/status/",
        method = "post",
        operation_id = "setEnquiryStatus"
    )]
    async fn status(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        studio: Data<&Studio>,
        id: Path<i32>,
        change: Json<EnquiryStatusChange>,
    ) -> Changed {
        let facts = studio.facts.get(*db).await.map_err(InboxError::from)?;
        Ok(Json(
            inbox::set_status(*db, id.0, &change.0.status, &facts).await?,
        ))
    }

    /// The delivery settings in force (the demo's until the studio saves its own): opening
    /// hours, closed days, zones and fees, slots, cut-offs.
    #[oai(
        path = "/admin/settings/delivery/",
        method = "get",
        operation_id = "adminDeliverySettings"
    )]
    async fn delivery_settings(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
    ) -> Settings {
        Ok(Json(DeliverySettingsView::from(
            &delivery::settings(*db).await?,
        )))
    }

    /// Saves the delivery settings once core finds nothing wrong with them; the shop's days,
    /// fees and opening hours (the site's too) follow at once. The body is a `DeliverySettings`
    /// whole, as this call's GET answers it (every field; null where the GET gives null).
    /// It is published as any JSON object: poem-openapi would publish the shared type's
    /// nullable fields as optional for every call that answers with it.
    ///
    /// Settings that close a day (a day off, a day every year, a weekday's hours taken away)
    /// on which orders are still to be made are not saved until the studio has seen those
    /// orders: the first save answers 409 listing them.
    #[oai(
        path = "/admin/settings/delivery/",
        method = "put",
        operation_id = "adminSaveDeliverySettings"
    )]
    async fn save_delivery_settings(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        clock: Data<&Clock>,
        settings: Json<serde_json::Value>,
        /// The ids of the orders the studio was shown in a 409 and closes their days anyway,
        /// separated by commas: `12,15`.
        orders_warned_of: Query<Option<String>>,
    ) -> SettingsSaved {
        let warned = warned_of(orders_warned_of.0.as_deref())?;
        // The settings are core's serde shape field for field, so core reads them as its own.
        let read: posy_core::delivery::DeliverySettings = serde_json::from_value(settings.0)
            .map_err(|err| SettingsError::Unreadable(err.to_string()))?;
        // Core's own check first: nonsense settings are refused whatever orders they touch.
        let problems = read.problems();
        if !problems.is_empty() {
            return Err(SettingsError::Problems(problems).into());
        }
        // Compared with the settings in force, not with what the page loaded: an order booked
        // since the warning was shown is not among `warned`, so the studio hears of it too.
        // (An order placed between this read and the save below is not caught: the checkout
        // checks the day against the settings it reads, a moment either side.)
        let before = delivery::settings(*db).await.map_err(SettingsError::from)?;
        let closing = admin::on_newly_closed_days(*db, clock.now(), &before, &read)
            .await
            .map_err(SettingsError::from)?;
        if closing.iter().any(|order| !warned.contains(&order.id)) {
            return Ok(DeliverySettingsSave::OrdersOnClosedDays(Json(
                ClosingDaysWithOrders {
                    error: closing_sentence(&closing),
                    orders: closing,
                },
            )));
        }
        delivery::save(*db, &read).await.map_err(|err| match err {
            SaveError::Problems(problems) => SettingsError::Problems(problems),
            SaveError::Db(err) => SettingsError::Db(err),
        })?;
        let now = delivery::settings(*db).await.map_err(SettingsError::from)?;
        Ok(DeliverySettingsSave::Saved(Json(
            DeliverySettingsView::from(&now),
        )))
    }
}
