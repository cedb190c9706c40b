//! The studio's facts (`GET /api/site/`), its workshops (`GET /api/workshops/`) and the
//! contact form (`POST /api/contact/`, one of the spec's API calls).

use poem::Request;
use poem::http::StatusCode;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use posy_core::enquiry::EnquiryForm;
use posy_core::{Money, media, workshop};
use sea_orm::{DatabaseConnection, EntityTrait, QueryOrder};

use super::ApiTags;
use super::text::Text;
use crate::api::state::{Clients, MediaBase, Studio};
use crate::enquiries::{self, EnquiryError, EnquirySent};
use crate::http::error::{Answer, Failure, INTERNAL, Problem, Refusal, SEND};
use crate::store::db::Writer;
use crate::store::entities::workshop as workshops;
use crate::studio::delivery;
use crate::studio::site::Site;

/// The studio's pages and enquiries.
pub struct StudioApi;

/// A workshop as its card shows it.
#[derive(Debug, Object)]
pub struct Workshop {
    pub id: i32,
    /// e.g. `Christmas wreath making`.
    pub title: String,
    pub description: String,
    /// `YYYY-MM-DD`.
    pub date: String,
    /// e.g. `10:00–13:00`.
    pub time: String,
    /// e.g. `"45.00"`.
    pub price: String,
    /// Paid to book, e.g. `"20.00"`.
    pub deposit: String,
    /// The rest, e.g. `"25.00"`.
    pub balance: String,
    /// `YYYY-MM-DD` by which the balance is due.
    pub balance_due: String,
    pub spots_left: i32,
    /// `3 spots left`, `1 spot left`, `0 spots left` (then the card says Fully Booked).
    pub spots_text: String,
    /// URL of its picture; null when it has none.
    pub image: Option<String>,
}

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

    /// Upcoming workshops, soonest first.
    #[oai(path = "/workshops/", method = "get", operation_id = "listWorkshops")]
    async fn workshops(
        &self,
        db: Data<&DatabaseConnection>,
        media_base: Data<&MediaBase>,
    ) -> Result<Json<Vec<Workshop>>, Failure<sea_orm::DbErr>> {
        let rows = workshops::Entity::find()
            .order_by_asc(workshops::Column::Date)
            .order_by_asc(workshops::Column::Position)
            .all(*db)
            .await?;
        Ok(Json(
            rows.into_iter()
                .map(|w| {
                    let price = Money::from_pence(w.price_pence);
                    let deposit = Money::from_pence(w.deposit_pence);
                    let spots = w.spots_left.max(0) as u32;
                    Workshop {
                        id: w.id,
                        title: w.title,
                        description: w.description,
                        date: w.date,
                        time: w.time,
                        price: price.to_wire(),
                        deposit: deposit.to_wire(),
                        balance: workshop::balance(price, deposit)
                            .unwrap_or(Money::ZERO)
                            .to_wire(),
                        balance_due: w.balance_due,
                        spots_left: spots as i32,
                        spots_text: workshop::spots_text(spots),
                        image: w
                            .image
                            .as_deref()
                            .map(|path| media::media_url(Some(path), &media_base.0.0)),
                    }
                })
                .collect(),
        ))
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
