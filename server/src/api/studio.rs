//! The studio's facts (`GET /api/site/`) and the
//! contact form (`POST /api/contact/`, one of the spec's API calls).

use poem::Request;
use poem::http::StatusCode;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use posy_core::enquiry::EnquiryForm;
use sea_orm::DatabaseConnection;

use super::ApiTags;
use super::text::Text;
use crate::api::state::{Clients, Studio};
use crate::enquiries::{self, EnquiryError, EnquirySent};
use crate::http::error::{Answer, Failure, INTERNAL, Problem, Refusal, SEND};
use crate::store::db::Writer;
use crate::studio::delivery;
use crate::studio::site::Site;

/// The studio's pages and enquiries.
pub struct StudioApi;

/// `POST /api/contact/`'s body. Every field may be missing: the answer then names it.
#[derive(Debug, Object)]
pub struct ContactRequest {
    #[oai(default)]
    pub name: Text,
    #[oai(default)]
    pub email: Text,
    /// Optional.
    #[oai(default)]
    pub phone: Option<Text>,
    /// `wedding`, `event`, `bouquet` or `general`.
    #[oai(rename = "enquiryType", default)]
    pub enquiry_type: Text,
    #[oai(default)]
    pub message: Text,
    /// Leave empty: a field hidden from people, which only bots fill in.
    #[oai(default)]
    pub website: Option<Text>,
}

/// What a received enquiry answers.
#[derive(Debug, Object)]
pub struct ContactReceived {
    /// `success`.
    pub status: String,
}

impl From<EnquiryError> for Problem {
    fn from(err: EnquiryError) -> Problem {
        match err {
            EnquiryError::Form(problems) => Problem::fields(
                problems.message(),
                problems.fields(posy_core::validation::FormField::wire_name),
            ),
            EnquiryError::TooMany { phone } => Problem::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "You have sent us several messages in the last few minutes. Please wait a \
                     little and try again, or call us on {phone}."
                ),
            ),
            EnquiryError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for EnquiryError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "A field is missing or malformed: the spec's `Please fill in all required fields: \
             ...`, or the first problem, with `fields` by wire name.",
        ),
        Answer(
            429,
            "Too many enquiries from this address lately (5 in 10 minutes unless \
             POSY_ENQUIRIES_PER_ADDRESS and POSY_ENQUIRY_WINDOW_MINUTES say otherwise); wait, or \
             call the studio.",
        ),
        INTERNAL,
    ];
}

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Studio")]
impl StudioApi {
    /// The studio's name, address, contact details, opening hours, social links and delivery
    /// area, as the back office last saved them.
    #[oai(path = "/site/", method = "get", operation_id = "getSite")]
    async fn site(
        &self,
        db: Data<&DatabaseConnection>,
        studio: Data<&Studio>,
    ) -> Result<Json<Site>, Failure<sea_orm::DbErr>> {
        let facts = studio.facts.get(*db).await?;
        let settings = delivery::settings(*db).await?;
        Ok(Json(Site::new(&facts, &settings.opening_hours)))
    }

    /// Sends an enquiry to the studio: checked with the contact form's rules (400 naming the
    /// fields), stored and mailed. At most 5 from one address in 10 minutes, unless the shop's settings say otherwise (then 429).
    #[oai(path = "/contact/", method = "post", operation_id = "sendEnquiry")]
    async fn contact(
        &self,
        req: &Request,
        db: Data<&DatabaseConnection>,
        writer: Data<&Writer>,
        studio: Data<&Studio>,
        clients: Data<&Clients>,
        body: Json<ContactRequest>,
    ) -> Result<Json<ContactReceived>, Failure<EnquiryError, SEND>> {
        let body = body.0;
        let facts = studio.facts.get(*db).await.map_err(EnquiryError::Db)?;
        let enquiry = EnquirySent {
            form: EnquiryForm {
                name: body.name.0,
                email: body.email.0,
                phone: body.phone.unwrap_or_default().0,
                enquiry_type: body.enquiry_type.0,
                message: body.message.0,
            },
            honeypot: body.website.unwrap_or_default().0,
            remote_addr: clients.address(req),
        };
        enquiries::receive(
            *writer,
            enquiry,
            &clients.enquiries,
            &studio.notices_to,
            &facts,
        )
        .await?;
        Ok(Json(ContactReceived {
            status: "success".into(),
        }))
    }
}
