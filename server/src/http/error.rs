//! The one error shape of the API: `{"error": "<a sentence a shopper understands>"}`, plus
//! `"fields": {"<name>": "<why>"}` when fields are at fault.
//!
//! Domain modules fail with their own error enums and know nothing of HTTP. Each such enum has
//! one `From` into [`Problem`] (beside the handlers that return it, in `api/`): that is the only
//! place where it becomes a status. A handler answers `Result<_, Failure<E, HOW>>`, which
//! documents exactly the statuses `E` can become ([`Refusal::ANSWERS`]) plus those of how the
//! call is made (`HOW`: [`PATH`], [`BODY`], [`CSRF`], [`ADMIN`]). The cause of a 500 travels
//! inside the error to [`to_json`], which logs it; the client only ever gets an apology.

use std::collections::{BTreeMap, HashSet};
use std::marker::PhantomData;
use std::sync::{Mutex, OnceLock};

use poem::Response;
use poem::http::StatusCode;
use poem_openapi::ApiResponse;
use poem_openapi::Object;
use poem_openapi::registry::{MetaMediaType, MetaResponse, MetaResponses, Registry};
use poem_openapi::types::Type;
use serde::Serialize;

/// What every failed API call answers.
#[derive(Debug, Clone, Object, Serialize)]
pub struct ErrorBody {
    /// What went wrong and what to do next, in plain words.
    pub error: String,
    /// Fields at fault, each with why.
    #[oai(skip_serializing_if_is_none)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
    /// The order the cart already is (only `check_intent`'s 409).
    #[oai(skip_serializing_if_is_none)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<PlacedOrder>,
}

/// An order named by a refusal: its id, and a token for its link when it was placed just now.
#[derive(Debug, Clone, Object, Serialize)]
pub struct PlacedOrder {
    pub order_id: i32,
    /// For `/order-confirmation/{order_id}?token=…`; null when the order was placed earlier
    /// (its link is in the confirmation e-mail).
    pub access_token: Option<String>,
}

/// What a shopper reads when the shop itself failed.
pub const SORRY: &str = "Something went wrong on our side. Please try again in a moment.";

/// A failed call as answered: its status and body, and for a 500 the cause to log.
#[derive(Debug)]
pub struct Problem {
    status: StatusCode,
    body: ErrorBody,
    cause: Option<String>,
}

impl Problem {
    /// A refusal with a sentence.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Problem {
        Problem {
            status,
            body: ErrorBody {
                error: message.into(),
                fields: None,
                order: None,
            },
            cause: None,
        }
    }

    /// A 400 naming the fields at fault.
    pub fn fields(message: impl Into<String>, fields: BTreeMap<String, String>) -> Problem {
        Problem {
            status: StatusCode::BAD_REQUEST,
            body: ErrorBody {
                error: message.into(),
                fields: Some(fields),
                order: None,
            },
            cause: None,
        }
    }

    /// A 400 for core's sentences on a whole form: each a field of its own, numbered in the
    /// order core found them (`problem_1`, `problem_2`, …), the first as the message.
    pub fn numbered(problems: Vec<String>) -> Problem {
        Problem::fields(
            problems.first().cloned().unwrap_or_default(),
            problems
                .into_iter()
                .enumerate()
                .map(|(at, why)| (format!("problem_{}", at + 1), why))
                .collect(),
        )
    }

    /// A 400 naming one field at fault.
    pub fn field(message: impl Into<String>, field: &str, why: impl Into<String>) -> Problem {
        Problem::fields(message, BTreeMap::from([(field.to_owned(), why.into())]))
    }

    /// A 500: the cause goes to the log (see [`to_json`]), the shopper gets [`SORRY`].
    pub fn internal(cause: impl std::fmt::Display) -> Problem {
        Problem::logged(StatusCode::INTERNAL_SERVER_ERROR, SORRY, cause)
    }

    /// A failure of the shop's own (or of a service it relies on): the shopper gets the
    /// sentence, the log gets the cause (see [`to_json`]).
    pub fn logged(
        status: StatusCode,
        message: impl Into<String>,
        cause: impl std::fmt::Display,
    ) -> Problem {
        Problem {
            cause: Some(cause.to_string()),
            ..Problem::new(status, message)
        }
    }

    /// Names the order the refusal is about.
    pub fn with_order(mut self, order: PlacedOrder) -> Problem {
        self.body.order = Some(order);
        self
    }

    /// The status it is answered with.
    pub fn status(&self) -> StatusCode {
        self.status
    }

    fn into_response(self) -> Response {
        json_body(self.status, &self.body)
    }
}

/// One status a call may answer besides success, and what it means there.
#[derive(Clone, Copy, Debug)]
pub struct Answer(pub u16, pub &'static str);

/// A 500, which any call touching the database may answer.
pub const INTERNAL: Answer = Answer(
    500,
    "Something went wrong on the shop's side (the cause is logged, not sent).",
);

/// A domain error as the API answers it: the statuses it can become. Its one `From` into
/// [`Problem`] decides which.
pub trait Refusal: Into<Problem> + Send + Sync + 'static {
    /// Every status the error becomes, with its meaning.
    const ANSWERS: &'static [Answer];
}

impl From<sea_orm::DbErr> for Problem {
    fn from(err: sea_orm::DbErr) -> Self {
        Problem::internal(err)
    }
}

/// Calls that fail only when the database does.
impl Refusal for sea_orm::DbErr {
    const ANSWERS: &'static [Answer] = &[INTERNAL];
}

/// How a call is made, as bits of `Failure`'s `HOW`: each adds the statuses the layers in front
/// of the handler answer. A plain read has none ([`READ`]).
pub const READ: u8 = 0;
/// The path has a typed part (an id): a malformed one is a 400.
pub const PATH: u8 = 1;
/// A body is read: unreadable is a 400, too large a 413, of another content type a 415.
pub const BODY: u8 = 2;
/// An unsafe method: the CSRF guard answers 403.
pub const CSRF: u8 = 4;
/// Admin only: 401 without a live session.
pub const ADMIN: u8 = 8;
/// The query has typed parameters (a number, a word from a list): a malformed one is a 400.
pub const QUERY: u8 = 16;
/// An unsafe call with a body.
pub const SEND: u8 = BODY | CSRF;

const HOW_ANSWERS: &[(u8, Answer)] = &[
    (
        PATH,
        Answer(
            400,
            "A part of the address is not what it should be (an id that is not a number).",
        ),
    ),
    (
        BODY,
        Answer(
            400,
            "The body could not be read as this call's (malformed, or a field of the wrong type).",
        ),
    ),
    (
        QUERY,
        Answer(
            400,
            "A query parameter is not what it should be (a number that is not one, a word not \
             among those listed).",
        ),
    ),
    (
        ADMIN,
        Answer(401, "Not signed in as the studio's admin (AdminSession)."),
    ),
    (
        CSRF,
        Answer(
            403,
            "No valid CSRF token: send the `csrftoken` cookie's value in `X-CSRFToken`; or the \
             request came from another site.",
        ),
    ),
    (
        BODY,
        Answer(413, "The body is larger than this call takes."),
    ),
    (
        BODY,
        Answer(
            415,
            "The body is not of a content type this call reads (or has none).",
        ),
    ),
];

/// The one response type of failed calls: a domain error `E` answered by a call made as `HOW`.
pub struct Failure<E, const HOW: u8 = READ>(Problem, PhantomData<fn() -> E>);

impl<E: Refusal, const HOW: u8> From<E> for Failure<E, HOW> {
    fn from(err: E) -> Self {
        Failure(err.into(), PhantomData)
    }
}

impl<E, const HOW: u8> Failure<E, HOW> {
    /// The statuses documented for this call, each with its meaning(s), in order.
    pub fn answers() -> Vec<(u16, &'static str)>
    where
        E: Refusal,
    {
        let mut by_status: BTreeMap<u16, Vec<&'static str>> = BTreeMap::new();
        let how = HOW_ANSWERS
            .iter()
            .filter(|(bit, _)| HOW & bit != 0)
            .map(|(_, a)| *a);
        for Answer(status, meaning) in how.chain(E::ANSWERS.iter().copied()) {
            let meanings = by_status.entry(status).or_default();
            if !meanings.contains(&meaning) {
                meanings.push(meaning);
            }
        }
        by_status
            .into_iter()
            .map(|(status, meanings)| match meanings.as_slice() {
                [one] => (status, *one),
                many => (status, intern(many.join(" Or: "))),
            })
            .collect()
    }
}

impl<E: Refusal, const HOW: u8> ApiResponse for Failure<E, HOW> {
    fn meta() -> MetaResponses {
        MetaResponses {
            responses: Self::answers()
                .into_iter()
                .map(|(status, description)| MetaResponse {
                    description,
                    status: Some(status),
                    status_range: None,
                    content: vec![MetaMediaType {
                        content_type: "application/json; charset=utf-8",
                        schema: ErrorBody::schema_ref(),
                    }],
                    headers: vec![],
                })
                .collect(),
        }
    }

    fn register(registry: &mut Registry) {
        ErrorBody::register(registry);
    }
}

impl<E: Refusal, const HOW: u8> From<Failure<E, HOW>> for poem::Error {
    fn from(failure: Failure<E, HOW>) -> poem::Error {
        let problem = failure.0;
        debug_assert!(
            E::ANSWERS.iter().any(|a| a.0 == problem.status.as_u16()),
            "{} is not among the statuses {} documents",
            problem.status,
            std::any::type_name::<E>()
        );
        match problem.cause {
            Some(cause) => poem::Error::new(
                Unexpected {
                    cause,
                    message: problem.body.error,
                },
                problem.status,
            ),
            None => poem::Error::from_response(problem.into_response()),
        }
    }
}

/// A failure whose cause is carried to [`to_json`] to be logged; the client gets `message`.
#[derive(Debug)]
pub struct Unexpected {
    pub cause: String,
    pub message: String,
}

impl std::fmt::Display for Unexpected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.cause)
    }
}

impl std::error::Error for Unexpected {}

/// Joined meanings live as long as the program: the description wants `&'static str`. There
/// are a handful, made once each.
fn intern(text: String) -> &'static str {
    static SEEN: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    let mut seen = SEEN
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    if let Some(known) = seen.get(text.as_str()) {
        return known;
    }
    let leaked: &'static str = Box::leak(text.into_boxed_str());
    seen.insert(leaked);
    leaked
}

/// A form that could not be read as its fields.
pub const UNREADABLE_FORM: &str = "We couldn't read that form: it has a part the shop does not \
                                   take, or it did not arrive whole. Please send only the form's \
                                   own fields.";

/// Turns any error that escaped a handler (a failed call, an unknown path, a wrong method, an
/// unreadable body) into the same JSON shape, so the API never answers in plain text; logs the
/// cause of every 500.
pub async fn to_json(err: poem::Error) -> Response {
    if let Some(unexpected) = err.downcast_ref::<Unexpected>() {
        let status = err.status();
        tracing::error!(%status, cause = %unexpected.cause, "request failed");
        return json(status, unexpected.message.clone());
    }
    if err.is::<poem::error::NotFoundError>() {
        return json(
            StatusCode::NOT_FOUND,
            "There is nothing here. Please check the address.",
        );
    }
    // poem-openapi's own words for a malformed parameter name Rust types; say it plainly.
    if err.is::<poem_openapi::error::ParsePathError>() {
        return json(
            StatusCode::BAD_REQUEST,
            "Part of that address is not what we expected. Please check the link.",
        );
    }
    if let Some(param) = err.downcast_ref::<poem_openapi::error::ParseParamError>() {
        return json(
            StatusCode::BAD_REQUEST,
            format!(
                "The {} in that address is not what we expected. Please check the link.",
                param.name
            ),
        );
    }
    if err.is::<poem_openapi::error::AuthorizationError>() {
        return json(
            StatusCode::UNAUTHORIZED,
            "Please sign in as the studio's admin to do that.",
        );
    }
    // A form poem reads (a new album's): cut short, malformed, or with a part it does not have.
    if err.is::<poem_openapi::error::ParseMultipartError>()
        || (err.is::<poem::error::ParseMultipartError>() && err.status() == StatusCode::BAD_REQUEST)
    {
        return json(StatusCode::BAD_REQUEST, UNREADABLE_FORM);
    }
    if err.is::<poem::error::MethodNotAllowedError>() {
        return json(
            StatusCode::METHOD_NOT_ALLOWED,
            "This address does not accept that kind of request.",
        );
    }
    let status = err.status();
    let response = err.into_response();
    let is_json = response
        .headers()
        .get(poem::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if is_json {
        return response;
    }
    let detail = response.into_body().into_string().await.unwrap_or_default();
    let message = match status {
        StatusCode::BAD_REQUEST => format!("We couldn't read that request: {detail}"),
        StatusCode::PAYLOAD_TOO_LARGE => "That is too large to send.".to_owned(),
        s if s.is_server_error() => {
            tracing::error!(%detail, "request failed");
            SORRY.to_owned()
        }
        _ if detail.is_empty() => status
            .canonical_reason()
            .unwrap_or("Request failed")
            .to_owned(),
        _ => detail,
    };
    json(status, message)
}

/// A JSON error response outside poem-openapi's handlers.
pub fn json(status: StatusCode, message: impl Into<String>) -> Response {
    json_body(
        status,
        &ErrorBody {
            error: message.into(),
            fields: None,
            order: None,
        },
    )
}

fn json_body(status: StatusCode, body: &ErrorBody) -> Response {
    Response::builder()
        .status(status)
        .content_type("application/json; charset=utf-8")
        .body(serde_json::to_vec(body).unwrap_or_default())
}
