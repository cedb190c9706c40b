//! The one streamed multipart payload, taken by album uploads and product pictures alike: the
//! body is read part by part as it arrives ([`crate::media::receiving`]), each file written to
//! a temporary file, so the gallery's upload limits apply as the bytes come and no more than a
//! chunk is ever in memory. Each endpoint publishes its own form's schema through it.

use std::marker::PhantomData;

use poem::http::StatusCode;
use poem::{Request, RequestBody};
use poem_openapi::payload::{ParsePayload, Payload};
use poem_openapi::registry::{MetaSchemaRef, Registry};

use crate::api::state::Gallery;
use crate::gallery::AlbumError;
use crate::http::error::{Problem, UNREADABLE_FORM, json};
use crate::media::receiving::Parts;
use crate::media::uploads::{PictureError, UploadError};

/// Whether a call to `path` (its trailing slash removed) sends a [`Streamed`] body: the
/// whole-body limit for JSON does not apply to it (see `http::limits::read_body`).
pub fn is_streamed(path: &str) -> bool {
    path.ends_with("/upload_images")
        || ((path.starts_with("/api/admin/products/") || path.starts_with("/api/admin/workshops/"))
            && path.ends_with("/picture"))
}

/// The answer to a thing's one picture (a product's, a workshop's) not put on it: a refusal
/// is the `picture` field's, more than one file is `one_picture` (the gallery's sentence counts
/// files), an upload that could not be read is as the gallery says.
pub fn picture_problem(err: PictureError, one_picture: &'static str) -> Problem {
    match err {
        PictureError::Refused(why) => Problem::field(why.clone(), "picture", why),
        PictureError::Upload(UploadError::TooManyFiles(_)) => {
            Problem::new(StatusCode::PAYLOAD_TOO_LARGE, one_picture)
        }
        PictureError::Upload(err) => AlbumError::from(err).into(),
        PictureError::Storage(cause) => Problem::internal(cause),
    }
}

/// An upload's body, not read yet, published as the multipart form `F` (whose schema only is
/// used).
pub struct Streamed<F> {
    pub parts: Parts,
    form: PhantomData<fn() -> F>,
}

impl<F: Payload> Payload for Streamed<F> {
    const CONTENT_TYPE: &'static str = F::CONTENT_TYPE;

    fn check_content_type(content_type: &str) -> bool {
        F::check_content_type(content_type)
    }

    fn schema_ref() -> MetaSchemaRef {
        F::schema_ref()
    }

    fn register(registry: &mut Registry) {
        F::register(registry);
    }
}

impl<F: Payload> ParsePayload for Streamed<F> {
    const IS_REQUIRED: bool = true;

    async fn from_request(req: &Request, body: &mut RequestBody) -> poem::Result<Self> {
        let boundary =
            multer::parse_boundary(req.content_type().unwrap_or_default()).map_err(|_| {
                poem::Error::from_response(json(StatusCode::BAD_REQUEST, UNREADABLE_FORM))
            })?;
        let max_request_bytes = req
            .data::<Gallery>()
            .map_or(0, |gallery| gallery.limits.max_request_bytes);
        Ok(Streamed {
            parts: Parts::new(body.take()?, boundary, max_request_bytes),
            form: PhantomData,
        })
    }
}

// The two-argument form: the one-argument form calls the macro by a name not in scope here.
poem_openapi::impl_apirequest_for_payload!(Streamed<F>, F: Payload);
