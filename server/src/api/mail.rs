//! Mail that needs a look, in the back office: letters the outbox could not send (still being
//! tried, or given up on), and sending one again (a signed-in admin only; the POST also needs
//! the CSRF header).

use poem::http::StatusCode;
use poem::web::Data;
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use sea_orm::DatabaseConnection;

use super::ApiTags;
use super::auth::AdminSession;
use crate::http::error::{ADMIN, Answer, CSRF, Failure, INTERNAL, PATH, Problem, Refusal};
use crate::store::clock::iso8601;
use crate::store::entities::outbox;

/// Mail in the back office.
pub struct MailApi;

/// A letter the outbox could not send.
#[derive(Debug, Object)]
pub struct UnsentLetter {
    pub id: i32,
    /// Who it is for.
    pub to: String,
    pub subject: String,
    /// When it was written (UTC, ISO 8601).
    pub queued_at: String,
    /// Tries so far.
    pub tries: i32,
    /// What the mail server said last, if it said anything.
    pub last_error: Option<String>,
    /// Given up on: the outbox will not try it again unless it is sent again.
    pub given_up: bool,
}

impl From<outbox::Model> for UnsentLetter {
    fn from(letter: outbox::Model) -> Self {
        UnsentLetter {
            id: letter.id,
            to: letter.recipient,
            subject: letter.subject,
            queued_at: iso8601(letter.created_at),
            tries: letter.attempts,
            last_error: letter.last_error,
            given_up: letter.dead_at.is_some(),
        }
    }
}

/// Why a letter could not be sent again.
#[derive(Debug)]
pub enum SendAgainError {
    Gone,
    Db(sea_orm::DbErr),
}

impl From<sea_orm::DbErr> for SendAgainError {
    fn from(err: sea_orm::DbErr) -> Self {
        SendAgainError::Db(err)
    }
}

impl From<SendAgainError> for Problem {
    fn from(err: SendAgainError) -> Problem {
        match err {
            SendAgainError::Gone => Problem::new(
                StatusCode::NOT_FOUND,
                "That letter has been sent meanwhile, or is not in the outbox any more.",
            ),
            SendAgainError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for SendAgainError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            404,
            "No unsent letter has that id (it may have gone meanwhile).",
        ),
        INTERNAL,
    ];
}

type Letters = Result<Json<Vec<UnsentLetter>>, Failure<sea_orm::DbErr, ADMIN>>;
type SentAgain = Result<Json<Vec<UnsentLetter>>, Failure<SendAgainError, { ADMIN | PATH | CSRF }>>;

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Admin")]
impl MailApi {
    /// Letters not sent that failed at least once, newest first (at most 200).
    #[oai(path = "/admin/mail/", method = "get", operation_id = "listUnsentMail")]
    async fn unsent(&self, _admin: AdminSession, db: Data<&DatabaseConnection>) -> Letters {
        let letters = crate::mail::troubled(*db).await?;
        Ok(Json(letters.into_iter().map(UnsentLetter::from).collect()))
    }

    /// Sends a letter again at once, its tries counted afresh; answers the letters still
    /// unsent.
    #[oai(path = "/admin/mail/:id/send-again/", method = "post", operation_id = "sendMailAgain")]
    async fn send_again(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        id: Path<i32>,
    ) -> SentAgain {
        let sent = crate::mail::send_again(*db, id.0).await;
        if !sent.map_err(SendAgainError::from)? {
            return Err(SendAgainError::Gone.into());
        }
        let letters = crate::mail::troubled(*db)
            .await
            .map_err(SendAgainError::from)?;
        Ok(Json(letters.into_iter().map(UnsentLetter::from).collect()))
    }
}
