//! The studio's inbox in the back office: the enquiries, opening one, replying and its status
//! (a signed-in admin only: 401 otherwise; the unsafe calls also need the CSRF header).

use poem::http::StatusCode;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use posy_core::studio::StudioFacts;
use sea_orm::DatabaseConnection;

use super::ApiTags;
use super::auth::AdminSession;
use super::text::Text;
use crate::api::state::Studio;
use crate::enquiries::inbox::{self, EnquiryView, InboxError};
use crate::http::error::{ADMIN, Answer, CSRF, Failure, INTERNAL, PATH, Problem, Refusal, SEND};
use crate::store::db::Writer;

/// The inbox.
pub struct EnquiriesApi;

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
    /// Core's `EnquiryStatus` wire form.
    pub status: Text,
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
type Opened = Result<Json<EnquiryView>, Failure<InboxError, { ADMIN | PATH | CSRF }>>;
type Changed = Result<Json<EnquiryView>, Failure<InboxError, { ADMIN | PATH | SEND }>>;

/// The studio's facts, which the inbox's letters sign with, read through the writer's pool
/// beside the write.
async fn facts(studio: &Studio, writer: &Writer) -> Result<StudioFacts, InboxError> {
    Ok(studio.facts.get(writer.pool()).await?)
}

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Admin")]
impl EnquiriesApi {
    /// The latest 200 enquiries, newest first, each with its status and the replies sent.
    #[oai(path = "/admin/enquiries/", method = "get", operation_id = "listEnquiries")]
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
    #[oai(path = "/admin/enquiries/:id/read/", method = "post", operation_id = "readEnquiry")]
    async fn read(
        &self,
        _admin: AdminSession,
        writer: Data<&Writer>,
        studio: Data<&Studio>,
        id: Path<i32>,
    ) -> Opened {
        let facts = facts(&studio, &writer).await?;
        Ok(Json(inbox::mark_read(*writer, id.0, &facts).await?))
    }

    /// Sends a reply to the enquiry's sender through the outbox (answers come back to the
    /// studio), keeps it with the enquiry, and marks the enquiry answered.
    #[oai(path = "/admin/enquiries/:id/reply/", method = "post", operation_id = "replyToEnquiry")]
    async fn reply(
        &self,
        admin: AdminSession,
        writer: Data<&Writer>,
        studio: Data<&Studio>,
        id: Path<i32>,
        reply: Json<EnquiryReply>,
    ) -> Changed {
        let facts = facts(&studio, &writer).await?;
        let answered = inbox::reply(
            *writer,
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
        writer: Data<&Writer>,
        studio: Data<&Studio>,
        id: Path<i32>,
        change: Json<EnquiryStatusChange>,
    ) -> Changed {
        let facts = facts(&studio, &writer).await?;
        Ok(Json(
            inbox::set_status(*writer, id.0, &change.0.status, &facts).await?,
        ))
    }
}
