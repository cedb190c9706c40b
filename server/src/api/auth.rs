//! `POST /api/auth/login`, `POST /api/auth/logout`, `GET /api/auth/me`, and [`AdminSession`],
//! the security scheme every admin call requires (401 without a live session).

use poem::http::StatusCode;
use poem::web::Data;
use poem::{Request, RequestBody};
use poem_openapi::auth::ApiKey;
use poem_openapi::payload::Json;
use poem_openapi::registry::Registry;
use poem_openapi::{
    ApiExtractor, ApiExtractorType, ApiResponse, ExtractParamOptions, Object, OpenApi,
    SecurityScheme,
};
use sea_orm::DatabaseConnection;

use super::ApiTags;
use super::text::Text;
use crate::accounts::auth::{self, Admin, SignInError, SignInRefused};
use crate::api::state::Clients;
use crate::http::csrf::cookie;
use crate::http::error::{Answer, CSRF, Failure, INTERNAL, Problem, Refusal, SEND};
use crate::store::db::Writer;

/// Signing the studio's admin in and out.
pub struct AuthApi;

/// The studio's admin, signed in with the `posy_session` cookie (a shop served over http).
#[derive(SecurityScheme)]
#[oai(rename = "AdminSession", ty = "api_key", key_name = "posy_session", key_in = "cookie")]
struct PlainCookie(#[expect(dead_code, reason = "only described: AdminSession reads it")] ApiKey);

/// The studio's admin, signed in with the `__Host-posy_session` cookie (a shop served over
/// https).
#[derive(SecurityScheme)]
#[oai(
    rename = "AdminSessionSecure",
    ty = "api_key",
    key_name = "__Host-posy_session",
    key_in = "cookie"
)]
struct SecureCookie(#[expect(dead_code, reason = "only described: AdminSession reads it")] ApiKey);

/// The studio's admin, signed in with either cookie, documented as two schemes of which either
/// will do. A shop takes only the one for how it is served: over https only the `__Host-` one,
/// which no other site can plant.
pub struct AdminSession(pub Admin);

// By hand rather than derived on an enum of the two: a derived enum tries both and answers the
// last one's error, which would turn a failed session lookup (500) into a 401.
impl<'a> ApiExtractor<'a> for AdminSession {
    const TYPES: &'static [ApiExtractorType] = &[ApiExtractorType::SecurityScheme];
    type ParamType = ();
    type ParamRawType = ();

    fn register(registry: &mut Registry) {
        PlainCookie::register(registry);
        SecureCookie::register(registry);
    }

    fn security_schemes() -> Vec<&'static str> {
        [
            PlainCookie::security_schemes(),
            SecureCookie::security_schemes(),
        ]
        .concat()
    }

    async fn from_request(
        req: &'a Request,
        _body: &mut RequestBody,
        _options: ExtractParamOptions<()>,
    ) -> poem::Result<AdminSession> {
        check_session(req).await.map(AdminSession)
    }
}

async fn check_session(req: &Request) -> poem::Result<Admin> {
    let not_signed_in = || {
        poem::Error::from_string(
            "Please sign in as the studio's admin to do that.",
            StatusCode::UNAUTHORIZED,
        )
    };
    let internal = || poem::Error::from_status(StatusCode::INTERNAL_SERVER_ERROR);
    let db = req.data::<DatabaseConnection>().ok_or_else(internal)?;
    let clients = req.data::<Clients>().ok_or_else(internal)?;
    let token = cookie(req.headers(), clients.session_cookie()).ok_or_else(not_signed_in)?;
    match auth::session_admin(db, token, clients.session_lifetime_seconds).await {
        Ok(Some(admin)) => Ok(admin),
        Ok(None) => Err(not_signed_in()),
        Err(err) => {
            tracing::error!(%err, "could not read a session");
            Err(internal())
        }
    }
}

/// Who is signed in.
#[derive(Debug, Object)]
pub struct Me {
    /// True only with a live admin session: the nav's `Manage Gallery` link follows it.
    pub is_admin: bool,
    /// The admin's username; null for visitors.
    pub username: Option<String>,
}

/// `POST /api/auth/login`'s body.
#[derive(Debug, Object)]
pub struct Credentials {
    #[oai(default)]
    pub username: Text,
    #[oai(default)]
    pub password: Text,
}

/// An answer that sets or clears the session cookie.
#[derive(ApiResponse)]
pub enum SessionChanged {
    /// Who is signed in now.
    #[oai(status = 200)]
    Ok(Json<Me>, #[oai(header = "Set-Cookie")] String),
}

impl From<SignInError> for Problem {
    fn from(err: SignInError) -> Problem {
        match err {
            SignInError::Refused(SignInRefused::Blank { username, password }) => {
                let mut fields = std::collections::BTreeMap::new();
                if username {
                    fields.insert("username".into(), "Please enter your username.".into());
                }
                if password {
                    fields.insert("password".into(), "Please enter your password.".into());
                }
                Problem::fields("Please enter your username and password.", fields)
            }
            SignInError::Refused(SignInRefused::TooLong { username, password }) => {
                let mut fields = std::collections::BTreeMap::new();
                if username {
                    fields.insert(
                        "username".into(),
                        "Usernames have at most 100 characters.".into(),
                    );
                }
                if password {
                    fields.insert(
                        "password".into(),
                        "Passwords have at most 1,024 characters.".into(),
                    );
                }
                Problem::fields(
                    "Usernames have at most 100 characters and passwords at most 1,024.",
                    fields,
                )
            }
            SignInError::Refused(SignInRefused::NoMatch) => Problem::new(
                StatusCode::UNAUTHORIZED,
                "That username and password don't match. Please try again.",
            ),
            SignInError::Refused(SignInRefused::TooMany { minutes }) => Problem::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "Too many attempts to sign in. Please wait {minutes} minutes and try again."
                ),
            ),
            SignInError::Refused(SignInRefused::Busy) => Problem::new(
                StatusCode::TOO_MANY_REQUESTS,
                "Too many people are signing in just now. Please try again in a minute.",
            ),
            SignInError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for SignInError {
    const ANSWERS: &'static [Answer] = &[
        Answer(
            400,
            "The username or password is empty, or longer than any account's (100 and 1,024 \
             characters; `fields` names which).",
        ),
        Answer(401, "The username and password do not match."),
        Answer(
            429,
            "Too many failed sign-ins from this address for this username lately (5 in 15 \
             minutes unless POSY_SIGN_IN_FAILURES and POSY_SIGN_IN_WINDOW_MINUTES say otherwise), \
             or from this address whatever the usernames (20, POSY_SIGN_IN_FAILURES_PER_ADDRESS); \
             wait. Or too many sign-ins are waiting to be checked just now: try again in a \
             minute.",
        ),
        INTERNAL,
    ];
}

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Admin")]
impl AuthApi {
    /// Signs the admin in: a new session, in an HttpOnly cookie. 401 for a wrong username or
    /// password; 429 after 5 failures from one address for one username, or 20 from one address
    /// whatever the usernames, in 15 minutes (the shop's settings may say otherwise), and at
    /// once while too many sign-ins wait to be checked.
    #[oai(path = "/auth/login/", method = "post", operation_id = "login")]
    async fn login(
        &self,
        req: &Request,
        db: Data<&DatabaseConnection>,
        writer: Data<&Writer>,
        clients: Data<&Clients>,
        body: Json<Credentials>,
    ) -> Result<SessionChanged, Failure<SignInError, SEND>> {
        let address = clients.address(req);
        let (token, admin) = auth::sign_in(
            *db,
            *writer,
            &clients.hasher,
            &body.username,
            &body.password,
            &address,
            &clients.sign_ins,
            &clients.sign_ins_per_address,
        )
        .await?;
        Ok(SessionChanged::Ok(
            Json(Me {
                is_admin: true,
                username: Some(admin.username),
            }),
            auth::session_cookie(Some(&token), clients.secure_cookies),
        ))
    }

    /// Signs out: the session ends and the cookie is cleared.
    #[oai(path = "/auth/logout/", method = "post", operation_id = "logout")]
    async fn logout(
        &self,
        req: &Request,
        db: Data<&DatabaseConnection>,
        clients: Data<&Clients>,
    ) -> Result<SessionChanged, Failure<sea_orm::DbErr, CSRF>> {
        if let Some(token) = cookie(req.headers(), clients.session_cookie()) {
            auth::sign_out(*db, token).await?;
        }
        Ok(SessionChanged::Ok(
            Json(Me {
                is_admin: false,
                username: None,
            }),
            auth::session_cookie(None, clients.secure_cookies),
        ))
    }

    /// Who is signed in: `{is_admin: false, username: null}` for visitors.
    #[oai(path = "/auth/me/", method = "get", operation_id = "me")]
    async fn me(
        &self,
        req: &Request,
        db: Data<&DatabaseConnection>,
        clients: Data<&Clients>,
    ) -> Result<Json<Me>, Failure<sea_orm::DbErr>> {
        let admin = match cookie(req.headers(), clients.session_cookie()) {
            Some(token) => {
                auth::session_admin(*db, token, clients.session_lifetime_seconds).await?
            }
            None => None,
        };
        Ok(Json(Me {
            is_admin: admin.is_some(),
            username: admin.map(|a| a.username),
        }))
    }
}
