//! What the privacy notice at `/privacy` is drawn from (`GET /api/privacy/`: how long each kind
//! of data is kept, in core's words, and who else sees it in this shop), and the back office's
//! retention settings (admin only; the PUT also needs the CSRF header).

use poem::http::StatusCode;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use posy_core::retention::RetentionSettings;
use sea_orm::DatabaseConnection;

use super::ApiTags;
use super::auth::AdminSession;
use super::state::Privacy;
use crate::http::error::{ADMIN, Answer, Failure, INTERNAL, Problem, Refusal, SEND};
use crate::store::audit::{self, Kind};
use crate::store::db::Writer;
use crate::store::settings::SaveError;
use crate::studio::retention;

/// The privacy notice's facts and the retention settings.
pub struct PrivacyApi;

/// What the privacy notice says that depends on the shop's settings.
#[derive(Debug, Object)]
pub struct PrivacyFacts {
    /// How long a sent mail's text is kept, e.g. `90 days`.
    pub mail_kept: String,
    /// How long after the day the recipient's phone, the instructions and the card message
    /// are kept, e.g. `13 months`.
    pub card_kept: String,
    /// How long an enquiry and its replies are kept after the last of them, e.g. `2 years`.
    pub enquiries_kept: String,
    /// How long a mail that could not be sent is kept after it was given up, e.g. `90 days`.
    pub unsent_mail_kept: String,
    /// How long an order's personal data is kept, e.g. `6 years`.
    pub orders_kept: String,
    /// How long a gift voucher's buyer's and recipient's names, addresses and message are
    /// kept after it was bought, e.g. `6 years` (its code and what is left on it stay: money).
    pub vouchers_kept: String,
    /// How long a voucher whose payment was never made keeps its buyer's and recipient's
    /// details and message after it was started, as an unpaid cart keeps what was chosen in it,
    /// e.g. `30 days`.
    pub unpaid_vouchers_kept: String,
    /// Cards are taken by Stripe (its fraud cookies are set on the checkout); false when the
    /// shop takes test payments only.
    pub stripe: bool,
    /// Mail goes out through a mail relay (an SMTP server); false when it is written to files.
    pub mail_relay: bool,
    /// Pictures are kept in an object store (an S3-compatible bucket).
    pub object_storage: bool,
    /// How long a workshop booking's note (allergies or access needs: health data) is kept,
    /// e.g. `30 days after the workshop`.
    pub workshop_notes_kept: String,
    /// Why the note is asked (core's words, as the booking form shows them).
    pub workshop_notes_why: String,
}

/// The retention settings as the back office edits them, in the units the notice uses.
#[derive(Debug, Object)]
pub struct RetentionForm {
    /// Days a sent mail's text is kept.
    pub mail_days: u32,
    /// Months after the day the recipient's phone, instructions and card message are kept.
    pub card_months: u32,
    /// Years an enquiry is kept after its last reply.
    pub enquiry_years: u32,
    /// Days a mail that could not be sent is kept after it was given up.
    pub dead_mail_days: u32,
    /// Years an order's personal data is kept (at least HMRC's six).
    pub order_years: u32,
    /// The settings were last saved at this version: a save sends it back (0: never saved).
    pub version: i64,
}

impl RetentionForm {
    fn of(settings: &RetentionSettings, version: i64) -> RetentionForm {
        RetentionForm {
            mail_days: settings.mail_days,
            card_months: settings.card_months,
            enquiry_years: settings.enquiry_years,
            dead_mail_days: settings.dead_mail_days,
            order_years: settings.order_years,
            version,
        }
    }

    fn settings(&self) -> RetentionSettings {
        RetentionSettings {
            mail_days: self.mail_days,
            card_months: self.card_months,
            enquiry_years: self.enquiry_years,
            dead_mail_days: self.dead_mail_days,
            order_years: self.order_years,
        }
    }
}

const EDITED_MEANWHILE: &str = "Someone else saved the retention settings while you were \
     editing: reload the page to see them, then make your changes again.";

impl From<SaveError> for Problem {
    fn from(err: SaveError) -> Problem {
        match err {
            SaveError::Problems(problems) => Problem::numbered(problems),
            SaveError::EditedMeanwhile => Problem::new(StatusCode::CONFLICT, EDITED_MEANWHILE),
            SaveError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for SaveError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "Nothing was saved: a period is out of bounds (`fields.problem_1`, `problem_2`, …, \
             a sentence each).",
        ),
        Answer(
            409,
            "Nothing was saved: someone else saved the settings since the page loaded them \
             (`version` moved).",
        ),
        INTERNAL,
    ];
}

type Settings = Result<Json<RetentionForm>, Failure<sea_orm::DbErr, ADMIN>>;
type Saved = Result<Json<RetentionForm>, Failure<SaveError, { ADMIN | SEND }>>;

#[OpenApi(prefix_path = "/api")]
impl PrivacyApi {
    /// What the privacy notice says that depends on this shop: how long each kind of personal
    /// data is kept, and who else sees it.
    #[oai(
        path = "/privacy/",
        method = "get",
        operation_id = "privacyFacts",
        tag = "ApiTags::Studio"
    )]
    async fn facts(
        &self,
        db: Data<&DatabaseConnection>,
        privacy: Data<&Privacy>,
    ) -> Result<Json<PrivacyFacts>, Failure<sea_orm::DbErr>> {
        let kept = retention::settings(*db).await?;
        Ok(Json(PrivacyFacts {
            mail_kept: kept.mail_words(),
            card_kept: kept.card_words(),
            enquiries_kept: kept.enquiry_words(),
            unsent_mail_kept: kept.dead_mail_words(),
            orders_kept: kept.order_words(),
            vouchers_kept: kept.order_words(),
            unpaid_vouchers_kept: format!(
                "{} days",
                crate::cart::IDLE_LIMIT.as_secs() / (24 * 60 * 60)
            ),
            stripe: privacy.stripe,
            mail_relay: privacy.mail_relay,
            object_storage: privacy.object_storage,
            workshop_notes_kept: format!(
                "{} days after the workshop",
                posy_core::workshop::NOTES_KEPT_DAYS
            ),
            workshop_notes_why: posy_core::workshop::NOTE_WHY.to_owned(),
        }))
    }

    /// The retention settings in force (the defaults until the studio saves its own).
    #[oai(
        path = "/admin/settings/retention/",
        method = "get",
        operation_id = "adminRetentionSettings",
        tag = "ApiTags::Admin"
    )]
    async fn settings(&self, _admin: AdminSession, db: Data<&DatabaseConnection>) -> Settings {
        let (settings, version) = retention::versioned(*db).await?;
        Ok(Json(RetentionForm::of(&settings, version)))
    }

    /// Saves the retention settings once core finds each period within its bounds; the
    /// privacy notice and the next daily pass follow them.
    #[oai(
        path = "/admin/settings/retention/",
        method = "put",
        operation_id = "adminSaveRetentionSettings",
        tag = "ApiTags::Admin"
    )]
    async fn save(
        &self,
        admin: AdminSession,
        writer: Data<&Writer>,
        form: Json<RetentionForm>,
    ) -> Saved {
        let settings = form.0.settings();
        let txn = writer.begin().await.map_err(SaveError::from)?;
        let (before, _) = retention::versioned(&txn).await.map_err(SaveError::from)?;
        let version = retention::save(&txn, &settings, form.0.version).await?;
        let changed = audit::changed_fields(&json_of(&before), &json_of(&settings));
        if !changed.is_empty() {
            audit::record(
                &txn,
                &admin.0.username,
                Kind::Settings,
                "how long data is kept",
                &changed,
            )
            .await
            .map_err(SaveError::from)?;
        }
        txn.commit().await.map_err(SaveError::from)?;
        Ok(Json(RetentionForm::of(&settings, version)))
    }
}

/// Settings as the record of who did what compares them: their JSON.
fn json_of(settings: &RetentionSettings) -> serde_json::Value {
    serde_json::to_value(settings).unwrap_or_default()
}
