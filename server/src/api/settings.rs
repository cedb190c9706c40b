//! The back office's "The studio" settings: the studio's own facts (name, tagline, phone,
//! e-mail, address, social links), read and saved (admin only: 401 without a session, 403
//! without the CSRF header). Saved facts are what `GET /api/site/` answers at once.

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use posy_core::studio::{self, StudioFacts, StudioField};
use sea_orm::DatabaseConnection;

use super::ApiTags;
use super::auth::AdminSession;
use super::text::Text;
use crate::api::state::Studio;
use crate::http::error::{ADMIN, Answer, Failure, INTERNAL, Problem, Refusal, SEND};
use crate::studio::facts::FactsError;

/// The studio settings.
pub struct StudioSettingsApi;

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
}

impl From<&StudioFactsForm> for StudioFacts {
    fn from(form: &StudioFactsForm) -> Self {
        let text = |t: &Text| t.0.clone();
        StudioFacts {
            name: text(&form.name),
            tagline: text(&form.tagline),
            phone: text(&form.phone),
            email: text(&form.email),
            address_line_1: text(&form.address_line_1),
            address_line_2: text(&form.address_line_2),
            address_line_3: text(&form.address_line_3),
            town: text(&form.town),
            postcode: text(&form.postcode),
            instagram: text(&form.instagram),
            facebook: text(&form.facebook),
            pinterest: text(&form.pinterest),
        }
    }
}

impl From<&StudioFacts> for StudioFactsForm {
    fn from(facts: &StudioFacts) -> Self {
        let text = |s: &String| Text(s.clone());
        StudioFactsForm {
            name: text(&facts.name),
            tagline: text(&facts.tagline),
            phone: text(&facts.phone),
            email: text(&facts.email),
            address_line_1: text(&facts.address_line_1),
            address_line_2: text(&facts.address_line_2),
            address_line_3: text(&facts.address_line_3),
            town: text(&facts.town),
            postcode: text(&facts.postcode),
            instagram: text(&facts.instagram),
            facebook: text(&facts.facebook),
            pinterest: text(&facts.pinterest),
        }
    }
}

fn settings(facts: &StudioFacts) -> StudioSettings {
    let most = |field: StudioField| field.max_chars() as u32;
    StudioSettings {
        facts: StudioFactsForm::from(facts),
        limits: StudioLimits {
            name: most(StudioField::Name),
            tagline: most(StudioField::Tagline),
            phone: most(StudioField::Phone),
            email: most(StudioField::Email),
            line: studio::MAX_LINE_CHARS as u32,
            postcode: most(StudioField::Postcode),
            link: studio::MAX_LINK_CHARS as u32,
        },
    }
}

impl From<FactsError> for Problem {
    fn from(err: FactsError) -> Problem {
        match err {
            FactsError::Form(problems) => Problem::fields(
                "The studio's details were not saved. Please check the fields marked.",
                // Each field's own sentence; an empty one says what to give.
                problems.shopper_fields(),
            ),
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
        INTERNAL,
    ];
}

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Admin")]
impl StudioSettingsApi {
    /// The studio's facts in force (the demo studio's until the studio saves its own) and the
    /// most characters each field takes.
    #[oai(
        path = "/admin/settings/studio/",
        method = "get",
        operation_id = "adminStudioFacts"
    )]
    async fn facts(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        studio: Data<&Studio>,
    ) -> Result<Json<StudioSettings>, Failure<sea_orm::DbErr, ADMIN>> {
        Ok(Json(settings(&studio.facts.get(*db).await?)))
    }

    /// Saves the studio's facts once core finds nothing wrong with them (else nothing is
    /// saved and each field at fault has its sentence); the site, the pages and the mails use
    /// them at once.
    #[oai(
        path = "/admin/settings/studio/",
        method = "put",
        operation_id = "adminSaveStudioFacts"
    )]
    async fn save(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        studio: Data<&Studio>,
        form: Json<StudioFactsForm>,
    ) -> Result<Json<StudioSettings>, Failure<FactsError, { ADMIN | SEND }>> {
        let saved = studio.facts.save(*db, &StudioFacts::from(&form.0)).await?;
        Ok(Json(settings(&saved)))
    }
}
