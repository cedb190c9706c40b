//! The back office's Admins: the list, adding an admin (with one's own password again),
//! disabling, enabling and removing one, changing one's own password and signing out every
//! session of one's account (admin only: 401 without a session, 403 without the CSRF header).

use poem::http::StatusCode;
use poem::web::Data;
use poem::{FromRequest, Request, RequestBody};
use poem_openapi::param::Path;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use sea_orm::DatabaseConnection;

use super::ApiTags;
use super::auth::{AdminSession, Me, SessionChanged};
use super::text::Text;
use crate::accounts::admins::{
    self, AdminView, AdminsError, Asking, Change, ChangedBy, NewAccount, PasswordError,
};
use crate::accounts::auth::{self, AccountError, Admin};
use crate::api::state::{Clients, Studio};
use crate::http::csrf::cookie;
use crate::http::error::{ADMIN, Answer, CSRF, Failure, INTERNAL, PATH, Problem, Refusal, SEND};
use crate::store::db::Writer;

/// The studio's admins.
pub struct AdminsApi;

/// A new admin.
#[derive(Debug, Object)]
pub struct NewAdmin {
    /// 1 to 100 characters, unique whatever its capitals.
    #[oai(default)]
    pub username: Text,
    /// 12 to 1,024 characters, and not one a guesser would try early.
    #[oai(default)]
    pub password: Text,
    /// The asking admin's own password, given again.
    #[oai(default)]
    pub current_password: Text,
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
             a password shorter than 12 or longer than 1,024 characters or too easy to guess.",
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

impl From<AdminsError> for Problem {
    fn from(err: AdminsError) -> Problem {
        match err {
            AdminsError::Confirm(err) => err.into(),
            AdminsError::Account(err) => err.into(),
            AdminsError::Gone => Problem::new(
                StatusCode::NOT_FOUND,
                "That admin is not there any more: someone removed them. The list is up to date now.",
            ),
            AdminsError::LastActive(why) => Problem::new(StatusCode::CONFLICT, why),
            AdminsError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for AdminsError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "A field is at fault (`fields` names it): the asking admin's own password is empty \
             or wrong, or the new admin's username or password breaks a rule.",
        ),
        Answer(404, "No admin has that id (removed meanwhile)."),
        Answer(
            409,
            "The change would leave no admin who can sign in (the only enabled admin cannot be \
             disabled or removed).",
        ),
        Answer(
            429,
            "Too many wrong passwords (or failed sign-ins) from this address for this account \
             lately; wait.",
        ),
        INTERNAL,
    ];
}

/// What the admins' calls need of the shop, handed over whole by poem.
struct Desk<'a> {
    req: &'a Request,
    db: &'a DatabaseConnection,
    writer: &'a Writer,
    studio: &'a Studio,
    clients: &'a Clients,
}

impl<'a> FromRequest<'a> for Desk<'a> {
    async fn from_request(req: &'a Request, body: &mut RequestBody) -> poem::Result<Self> {
        Ok(Desk {
            req,
            db: <Data<&DatabaseConnection>>::from_request(req, body)
                .await?
                .0,
            writer: <Data<&Writer>>::from_request(req, body).await?.0,
            studio: <Data<&Studio>>::from_request(req, body).await?.0,
            clients: <Data<&Clients>>::from_request(req, body).await?.0,
        })
    }
}

impl Desk<'_> {
    /// Who is asking, as a change to one's password or to the admins needs it: the session
    /// (which stays signed in), the address (for the limit on wrong passwords) and the shop's
    /// name (which no new password may lean on).
    async fn asking<'b>(&'b self, admin: &'b Admin) -> Result<Asking<'b>, sea_orm::DbErr> {
        Ok(Asking {
            admin,
            token: cookie(self.req.headers(), self.clients.session_cookie()).unwrap_or_default(),
            address: self.clients.address(self.req),
            limit: &self.clients.sign_ins,
            shop: self.studio.facts.get(self.db).await?.name,
            hasher: &self.clients.hasher,
        })
    }
}

/// What disabling, enabling or removing an admin answers.
type Changed = Result<Json<Vec<AdminView>>, Failure<AdminsError, { ADMIN | CSRF | PATH }>>;

/// Disables, enables or removes the admin `id` in one transaction, in turn with other writes;
/// answers the list as it then is.
async fn change(
    desk: &Desk<'_>,
    admin: &Admin,
    id: i32,
    what: Change,
) -> Result<Json<Vec<AdminView>>, AdminsError> {
    let txn = desk.writer.begin().await?;
    let by = ChangedBy {
        who: &admin.username,
        notify: &desk.studio.notices_to,
    };
    admins::change(&txn, id, what, &by).await?;
    txn.commit().await?;
    Ok(Json(admins::list(desk.db, admin).await?))
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
    /// `posy admin create`), once the asking admin has given their own password again. The
    /// studio's address is told.
    #[oai(path = "/admin/admins/", method = "post", operation_id = "addAdmin")]
    async fn add(
        &self,
        admin: AdminSession,
        desk: Desk<'_>,
        body: Json<NewAdmin>,
    ) -> Result<Json<Vec<AdminView>>, Failure<AdminsError, { ADMIN | SEND }>> {
        let asking = desk.asking(&admin.0).await.map_err(AdminsError::from)?;
        // The rules first, then the asker's password, then the slow hashing: each refusal
        // costs no more than it must.
        if body.current_password.is_empty() {
            return Err(AdminsError::Confirm(PasswordError::NoCurrent).into());
        }
        posy_core::account::check_username(&body.username)
            .map_err(|why| AdminsError::Account(AccountError::Username(why)))?;
        admins::confirm(desk.db, &asking, &body.current_password)
            .await
            .map_err(AdminsError::Confirm)?;
        let account =
            NewAccount::prepare(&body.username, &body.password, &asking.shop, asking.hasher)
                .await
                .map_err(AdminsError::from)?;
        let txn = desk.writer.begin().await.map_err(AdminsError::from)?;
        let by = ChangedBy {
            who: &admin.0.username,
            notify: &desk.studio.notices_to,
        };
        admins::add(&txn, account, &by).await?;
        txn.commit().await.map_err(AdminsError::from)?;
        Ok(Json(
            admins::list(desk.db, &admin.0)
                .await
                .map_err(AdminsError::from)?,
        ))
    }

    /// Disables an admin: signed out at once, and refused at the sign-in until enabled again.
    /// Never the only admin who can sign in. The studio's address is told.
    #[oai(path = "/admin/admins/:id/disable/", method = "post", operation_id = "disableAdmin")]
    async fn disable(&self, admin: AdminSession, desk: Desk<'_>, id: Path<i32>) -> Changed {
        Ok(change(&desk, &admin.0, id.0, Change::Disabled).await?)
    }

    /// Enables a disabled admin again. The studio's address is told.
    #[oai(path = "/admin/admins/:id/enable/", method = "post", operation_id = "enableAdmin")]
    async fn enable(&self, admin: AdminSession, desk: Desk<'_>, id: Path<i32>) -> Changed {
        Ok(change(&desk, &admin.0, id.0, Change::Enabled).await?)
    }

    /// Removes an admin and ends their sessions. Never the only admin who can sign in. The
    /// studio's address is told.
    #[oai(path = "/admin/admins/:id/", method = "delete", operation_id = "removeAdmin")]
    async fn remove(&self, admin: AdminSession, desk: Desk<'_>, id: Path<i32>) -> Changed {
        Ok(change(&desk, &admin.0, id.0, Change::Removed).await?)
    }

    /// Changes the signed-in admin's own password, the current one given again (wrong ones
    /// count as failed sign-ins do). The account's other sessions end; this one stays.
    #[oai(path = "/admin/account/password/", method = "post", operation_id = "changePassword")]
    async fn change_password(
        &self,
        admin: AdminSession,
        desk: Desk<'_>,
        body: Json<PasswordChange>,
    ) -> Result<Json<PasswordChanged>, Failure<PasswordError, { ADMIN | SEND }>> {
        let asking = desk.asking(&admin.0).await.map_err(PasswordError::from)?;
        admins::change_password(
            desk.db,
            desk.writer,
            asking,
            &body.current_password,
            &body.new_password,
        )
        .await?;
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
