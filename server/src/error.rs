//! The one error shape of the API: `{"error": "<a sentence a shopper understands>"}`, plus
//! `"fields": {"<name>": "<why>"}` when fields are at fault. Causes of 500s are logged, never
//! sent to the client.

use std::collections::BTreeMap;

use poem::Response;
use poem::http::StatusCode;
use poem_openapi::payload::Json;
use poem_openapi::{ApiResponse, Object};
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
}

/// Every way an API call can fail.
#[derive(Debug, ApiResponse)]
pub enum ApiError {
    /// The request itself is at fault: a field is missing or malformed.
    #[oai(status = 400)]
    BadRequest(Json<ErrorBody>),
    /// Signing in is needed, or failed.
    #[oai(status = 401)]
    Unauthorized(Json<ErrorBody>),
    /// The caller may not do this.
    #[oai(status = 403)]
    Forbidden(Json<ErrorBody>),
    /// There is no such thing.
    #[oai(status = 404)]
    NotFound(Json<ErrorBody>),
    /// The shop's current state does not allow it, e.g. not enough stock.
    #[oai(status = 409)]
    Conflict(Json<ErrorBody>),
    /// Too many requests from one address in a short time; wait and try again.
    #[oai(status = 429)]
    TooManyRequests(Json<ErrorBody>),
    /// Something went wrong on the shop's side.
    #[oai(status = 500)]
    Internal(Json<ErrorBody>),
    /// A service the shop relies on (the card payment provider) did not answer; try again.
    #[oai(status = 503)]
    Unavailable(Json<ErrorBody>),
}

fn body(message: impl Into<String>) -> Json<ErrorBody> {
    Json(ErrorBody {
        error: message.into(),
        fields: None,
    })
}

impl ApiError {
    /// A 404 with a message.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::NotFound(body(message))
    }

    /// A 400 with a message.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::BadRequest(body(message))
    }

    /// A 409 with a message.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::Conflict(body(message))
    }

    /// A 400 naming the fields at fault.
    pub fn invalid_fields(
        message: impl Into<String>,
        fields: BTreeMap<String, String>,
    ) -> ApiError {
        ApiError::BadRequest(Json(ErrorBody {
            error: message.into(),
            fields: Some(fields),
        }))
    }

    /// A 400 naming one field at fault.
    pub fn invalid_field(
        message: impl Into<String>,
        field: &str,
        why: impl Into<String>,
    ) -> ApiError {
        ApiError::invalid_fields(message, BTreeMap::from([(field.to_owned(), why.into())]))
    }

    /// A 429 with a message.
    pub fn too_many(message: impl Into<String>) -> ApiError {
        ApiError::TooManyRequests(body(message))
    }

    /// A 503 with a message.
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::Unavailable(body(message))
    }

    /// A 401 with a message.
    pub fn unauthorized(message: impl Into<String>) -> ApiError {
        ApiError::Unauthorized(body(message))
    }

    /// A 403 with a message.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::Forbidden(body(message))
    }

    /// A 500: the cause is logged here and the shopper gets an apology, not the details.
    pub fn internal(cause: impl std::fmt::Display) -> ApiError {
        tracing::error!(%cause, "request failed");
        ApiError::Internal(body(
            "Something went wrong on our side. Please try again in a moment.",
        ))
    }
}

impl From<sea_orm::DbErr> for ApiError {
    fn from(err: sea_orm::DbErr) -> Self {
        ApiError::internal(err)
    }
}

/// Turns any error that escaped a handler (unknown path, wrong method, unreadable body) into
/// the same JSON shape, so the API never answers in plain text.
pub async fn to_json(err: poem::Error) -> Response {
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
            "Something went wrong on our side. Please try again in a moment.".to_owned()
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
    let body = ErrorBody {
        error: message.into(),
        fields: None,
    };
    Response::builder()
        .status(status)
        .content_type("application/json; charset=utf-8")
        .body(serde_json::to_vec(&body).unwrap_or_default())
}
