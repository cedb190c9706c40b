//! The back office's settings, read and saved (admin only: 401 without a session, 403 without
//! the CSRF header): "The studio", the studio's own facts (name, tagline, phone, e-mail,
//! address, social links), which `GET /api/site/` answers at once once saved; and "Delivery",
//! opening hours, closed days, zones and fees, slots and cut-offs; and the record of who did
//! what, read-only (`audit`).

use poem::http::StatusCode;
use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object, OpenApi};
use posy_core::studio::{self, StudioFacts, StudioField};
use sea_orm::DatabaseConnection;

use super::ApiTags;
use super::audit::{self, AuditPage};
use super::auth::AdminSession;
use super::delivery::DeliverySettingsView;
use super::text::{Text, same_fields};
use crate::api::state::Studio;
use crate::http::error::{ADMIN, Answer, Failure, INTERNAL, Problem, QUERY, Refusal, SEND};
use crate::orders::admin::{self, OrderOnClosedDay};
use crate::store::audit::Kind;
use crate::store::clock::Clock;
use crate::store::db::Writer;
use crate::store::settings::SaveError;
use crate::studio::delivery;
use crate::studio::facts::{self, FactsError};

/// The back office's settings: the studio's facts and the delivery settings.
pub struct SettingsApi;

/// The studio's facts as the form edits them: every field, the optional ones empty when not
/// given.
#[derive(Debug, Object)]
pub struct StudioFactsForm {
    /// The brand, e.g. `Posy`.
    pub name: Text,
    /// Under the brand, e.g. `floral studio`.
    pub tagline: Text,
    /// A UK number as people write it, e.g. `0117 496 0123`.
    pub phone: Text,
    pub email: Text,
    pub address_line_1: Text,
    /// Optional.
    pub address_line_2: Text,
    /// Optional.
    pub address_line_3: Text,
    /// e.g. `Bristol`: also where the studio delivers.
    pub town: Text,
    /// A full UK postcode, e.g. `BS14 8SJ`.
    pub postcode: Text,
    /// An `https://` link, or empty.
    pub instagram: Text,
    /// An `https://` link, or empty.
    pub facebook: Text,
    /// An `https://` link, or empty.
    pub pinterest: Text,
}

/// The most characters each field takes (core's limits), for the form's inputs.
#[derive(Debug, Object)]
pub struct StudioLimits {
    pub name: u32,
    pub tagline: u32,
    pub phone: u32,
    pub email: u32,
    /// Each address line and the town.
    pub line: u32,
    pub postcode: u32,
    /// Each social link.
    pub link: u32,
}

/// What the studio settings show: the facts in force and the fields' limits.
#[derive(Debug, Object)]
pub struct StudioSettings {
    pub facts: StudioFactsForm,
    pub limits: StudioLimits,
    /// The facts were last saved at this version: a save sends it back.
    pub version: i64,
}

/// The studio's facts as saved: every field, and the version the page loaded them at.
#[derive(Debug, Object)]
pub struct StudioFactsSave {
    #[oai(flatten)]
    pub facts: StudioFactsForm,
    /// The `version` the settings answered when the page loaded them: refused (409) when
    /// someone else saved the facts since.
    pub version: i64,
}

/// The delivery settings as the back office edits them, with the version they were saved at.
#[derive(Debug, Object)]
pub struct AdminDeliverySettings {
    #[oai(flatten)]
    pub settings: DeliverySettingsView,
    /// The settings were last saved at this version: a save sends it back.
    pub version: i64,
}

/// Copies the studio's facts between core's struct and the form's, every field by its name.
macro_rules! facts_fields {
    ($from:expr => $to:ident) => {
        same_fields!($from => $to { name, tagline, phone, email, address_line_1, address_line_2,
            address_line_3, town, postcode, instagram, facebook, pinterest })
    };
}

fn settings(facts: StudioFacts, version: i64) -> StudioSettings {
    let most = |field: StudioField| field.max_chars() as u32;
    StudioSettings {
        facts: facts_fields!(facts => StudioFactsForm),
        limits: StudioLimits {
            name: most(StudioField::Name),
            tagline: most(StudioField::Tagline),
            phone: most(StudioField::Phone),
            email: most(StudioField::Email),
            line: studio::MAX_LINE_CHARS as u32,
            postcode: most(StudioField::Postcode),
            link: studio::MAX_LINK_CHARS as u32,
        },
        version,
    }
}

const FACTS_EDITED_MEANWHILE: &str = "Someone else saved the studio's details while you were \
     editing: reload the page to see them, then make your changes again.";
const DELIVERY_EDITED_MEANWHILE: &str = "Someone else saved the delivery settings while you \
     were editing: reload the page to see them, then make your changes again.";

impl From<FactsError> for Problem {
    fn from(err: FactsError) -> Problem {
        match err {
            FactsError::Form(problems) => Problem::fields(
                "The studio's details were not saved. Please check the fields marked.",
                // Each field's own sentence; an empty one says what to give.
                problems.shopper_fields(),
            ),
            FactsError::EditedMeanwhile => {
                Problem::new(StatusCode::CONFLICT, FACTS_EDITED_MEANWHILE)
            }
            FactsError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for FactsError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "Nothing was saved: fields are at fault, each with its sentence in `fields` (an empty \
             required field, a phone that is not a UK number, an e-mail or postcode that is not \
             one, a link that is not https://, a value too long).",
        ),
        Answer(
            409,
            "Nothing was saved: someone else saved the facts since the page loaded them \
             (`version` moved).",
        ),
        INTERNAL,
    ];
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
    Saved(Json<AdminDeliverySettings>),
    /// Not saved: the settings close days that already have orders (each listed in
    /// `orders`). Send them again with those orders' ids in `orders_warned_of` to close the
    /// days anyway; an order the studio was not shown still refuses the save. Or, with
    /// `orders` empty, someone else saved the settings since the page loaded them
    /// (`version` moved): `error` says so.
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
    /// A value core cannot read (a fee that is not an amount, a time that is not a time), or
    /// no `version`.
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
            SettingsError::Problems(problems) => Problem::numbered(problems),
            SettingsError::WarnedOf => Problem::field(WARNED_OF, "orders_warned_of", WARNED_OF),
            SettingsError::Db(err) => Problem::internal(err),
        }
    }
}

const NO_VERSION: &str = "The settings do not say which version they were made from \
     (`version`): please reload the page.";
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

type Audit = Result<Json<AuditPage>, Failure<sea_orm::DbErr, { ADMIN | QUERY }>>;
type DeliverySettings = Result<Json<AdminDeliverySettings>, Failure<sea_orm::DbErr, ADMIN>>;
type DeliverySettingsSaved = Result<DeliverySettingsSave, Failure<SettingsError, { ADMIN | SEND }>>;

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Admin")]
impl SettingsApi {
    /// The studio's facts in force (the demo studio's until the studio saves its own) and the
    /// most characters each field takes.
    #[oai(path = "/admin/settings/studio/", method = "get", operation_id = "adminStudioFacts")]
    async fn facts(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
    ) -> Result<Json<StudioSettings>, Failure<sea_orm::DbErr, ADMIN>> {
        // From the database, not the copy in memory: the version must be the facts'.
        let (facts, version) = facts::versioned(*db).await?;
        Ok(Json(settings(facts, version)))
    }

    /// Saves the studio's facts once core finds nothing wrong with them (else nothing is
    /// saved and each field at fault has its sentence); the site, the pages and the mails use
    /// them at once.
    #[oai(path = "/admin/settings/studio/", method = "put", operation_id = "adminSaveStudioFacts")]
    async fn save(
        &self,
        admin: AdminSession,
        writer: Data<&Writer>,
        studio: Data<&Studio>,
        form: Json<StudioFactsSave>,
    ) -> Result<Json<StudioSettings>, Failure<FactsError, { ADMIN | SEND }>> {
        let facts = facts_fields!(form.0.facts => StudioFacts);
        let (saved, version) = studio
            .facts
            .save(*writer, &admin.0.username, &facts, form.0.version)
            .await?;
        Ok(Json(settings(saved, version)))
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
    ) -> DeliverySettings {
        let (settings, version) = delivery::versioned(*db).await?;
        Ok(Json(AdminDeliverySettings {
            settings: DeliverySettingsView::from(&settings),
            version,
        }))
    }

    /// Saves the delivery settings once core finds nothing wrong with them; the shop's days,
    /// fees and opening hours (the site's too) follow at once. The body is a `DeliverySettings`
    /// whole with the `version` it was loaded at, as this call's GET answers it (every field;
    /// null where the GET gives null); someone else's save since refuses it (409).
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
        admin: AdminSession,
        db: Data<&DatabaseConnection>,
        writer: Data<&Writer>,
        clock: Data<&Clock>,
        mut settings: Json<serde_json::Value>,
        /// The ids of the orders the studio was shown in a 409 and closes their days anyway,
        /// separated by commas: `12,15`.
        orders_warned_of: Query<Option<String>>,
    ) -> DeliverySettingsSaved {
        let warned = warned_of(orders_warned_of.0.as_deref())?;
        // What they were made from, beside core's fields.
        let seen = settings
            .0
            .as_object_mut()
            .and_then(|fields| fields.remove("version"))
            .and_then(|version| version.as_i64())
            .ok_or_else(|| SettingsError::Unreadable(NO_VERSION.into()))?;
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
        // The settings and their record in one transaction, in the writer's turn.
        let txn = writer.begin().await.map_err(SettingsError::from)?;
        let version = match delivery::save(&txn, &admin.0.username, &read, seen).await {
            Ok(version) => {
                txn.commit().await.map_err(SettingsError::from)?;
                version
            }
            Err(SaveError::Problems(problems)) => {
                return Err(SettingsError::Problems(problems).into());
            }
            Err(SaveError::EditedMeanwhile) => {
                return Ok(DeliverySettingsSave::OrdersOnClosedDays(Json(
                    ClosingDaysWithOrders {
                        error: DELIVERY_EDITED_MEANWHILE.into(),
                        orders: Vec::new(),
                    },
                )));
            }
            Err(SaveError::Db(err)) => return Err(SettingsError::Db(err).into()),
        };
        Ok(DeliverySettingsSave::Saved(Json(AdminDeliverySettings {
            settings: DeliverySettingsView::from(&read),
            version,
        })))
    }

    /// The record of who did what, newest first, 50 a page: sign-ins (failed ones counted per
    /// address and window), products, prices, stock, settings, admins, refunds, exports and
    /// erasures, each with who and when. Read-only; kept two years.
    #[oai(path = "/admin/audit/", method = "get", operation_id = "adminAudit")]
    async fn audit(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        /// Only entries of this kind; all when left out.
        kind: Query<Option<Kind>>,
        /// The page, from 1 (the newest); 1 when left out.
        page: Query<Option<u64>>,
    ) -> Audit {
        Ok(Json(audit::page(*db, kind.0, page.0).await?))
    }
}
