//! The back office's Admins: the list, adding an admin, changing one's own password and signing
//! out every session of one's account (admin only: 401 without a session, 403 without the CSRF
//! header).

use poem::Request;
use poem::http::StatusCode;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use sea_orm::DatabaseConnection;

use super::ApiTags;
use super::auth::{AdminSession, Me, SessionChanged};
use super::text::Text;
use crate::accounts::admins::{self, AdminView, Asking, PasswordError};
use crate::accounts::auth::{self, AccountError};
use crate::api::state::Clients;
use crate::http::csrf::cookie;
use crate::http::error::{ADMIN, Answer, CSRF, Failure, INTERNAL, Problem, Refusal, SEND};

/// The studio's admins.
pub struct AdminsApi;

/// A new admin.
#[derive(Debug, Object)]
pub struct NewAdmin {
    /// 1 to 100 characters.
    #[oai(default)]
    pub username: Text,
    /// 12 to 1,024 characters.
    #[oai(default)]
    pub password: Text,
}

/// The asking admin's new password, with the current one again.
#[derive(Debug, Object)]
pub struct PasswordChange {
    #[oai(default)]
    pub current_password: Text,
    /// 12 to 1,024 characters.
    #[oai(default)]
    pub new_password: Text,
}

/// What a changed password answers.
#[derive(Debug, Object)]
pub struct PasswordChanged {
    /// A sentence for the page.
    pub message: String,
}

impl From<AccountError> for Problem {
    fn from(err: AccountError) -> Problem {
        match err {
            AccountError::Username(why) => Problem::field(why.clone(), "username", why),
            AccountError::Password(why) => Problem::field(why.clone(), "password", why),
            AccountError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for AccountError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "A field is at fault (`fields` names it): an empty, over-long or taken username, or \
             a password shorter than 12 or longer than 1,024 characters.",
        ),
        INTERNAL,
    ];
}

const WRONG_PASSWORD: &str = "That is not your current password. Please try again.";

impl From<PasswordError> for Problem {
    fn from(err: PasswordError) -> Problem {
        match err {
            PasswordError::NoCurrent => {
                let why = "Please enter your current password.";
                Problem::field(why, "current_password", why)
            }
            PasswordError::Wrong => {
                Problem::field(WRONG_PASSWORD, "current_password", WRONG_PASSWORD)
            }
            PasswordError::New(why) => Problem::field(why.clone(), "new_password", why),
            PasswordError::TooMany { minutes } => Problem::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!("Too many wrong passwords. Please wait {minutes} minutes and try again."),
            ),
            PasswordError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for PasswordError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "A field is at fault (`fields` names it): the current password is empty or wrong, or \
             the new one is shorter than 12 or longer than 1,024 characters.",
        ),
        Answer(
            429,
            "Too many wrong passwords (or failed sign-ins) from this address for this account \
             lately; wait.",
        ),
        INTERNAL,
    ];
}

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Admin")]
impl AdminsApi {
    /// Every admin, oldest first, with when each was made.
    #[oai(path = "/admin/admins/", method = "get", operation_id = "listAdmins")]
    async fn list(
        &self,
        admin: AdminSession,
        db: Data<&DatabaseConnection>,
    ) -> Result<Json<Vec<AdminView>>, Failure<sea_orm::DbErr, ADMIN>> {
        Ok(Json(admins::list(*db, &admin.0).await?))
    }

    /// Adds an admin, who can then sign in with this username and password (the same rules as
    /// `posy admin create`).
    #[oai(path = "/admin/admins/", method = "post", operation_id = "addAdmin")]
    async fn add(
        &self,
        admin: AdminSession,
        db: Data<&DatabaseConnection>,
        body: Json<NewAdmin>,
    ) -> Result<Json<Vec<AdminView>>, Failure<AccountError, { ADMIN | SEND }>> {
        auth::create_admin(*db, &body.username, &body.password).await?;
        Ok(Json(
            admins::list(*db, &admin.0)
                .await
                .map_err(AccountError::from)?,
        ))
    }

    /// Changes the signed-in admin's own password, the current one given again (wrong ones
    /// count as failed sign-ins do). The account's other sessions end; this one stays.
    #[oai(
        path = "/admin/account/password/",
        method = "post",
        operation_id = "changePassword"
    )]
    async fn change_password(
        &self,
        admin: AdminSession,
        req: &Request,
        db: Data<&DatabaseConnection>,
        clients: Data<&Clients>,
        body: Json<PasswordChange>,
    ) -> Result<Json<PasswordChanged>, Failure<PasswordError, { ADMIN | SEND }>> {
        let token = cookie(req.headers(), clients.session_cookie()).unwrap_or_default();
        let address = clients.address(req);
        let asking = Asking {
            admin: &admin.0,
            token,
            address: &address,
            limit: &clients.sign_ins,
        };
        admins::change_password(*db, asking, &body.current_password, &body.new_password).await?;
        Ok(Json(PasswordChanged {
            message: "Your password is changed. Your other sessions are signed out.".into(),
        }))
    }

    /// Ends every session of the signed-in admin's account, this one too; the cookie is
    /// cleared.
    #[oai(
        path = "/admin/account/sign-out-everywhere/",
        method = "post",
        operation_id = "signOutEverywhere"
    )]
    async fn sign_out_everywhere(
        &self,
        admin: AdminSession,
        db: Data<&DatabaseConnection>,
        clients: Data<&Clients>,
    ) -> Result<SessionChanged, Failure<sea_orm::DbErr, { ADMIN | CSRF }>> {
        admins::sign_out_everywhere(*db, &admin.0).await?;
        Ok(SessionChanged::Ok(
            Json(Me {
                is_admin: false,
                username: None,
            }),
            auth::session_cookie(None, clients.secure_cookies),
        ))
    }
}
