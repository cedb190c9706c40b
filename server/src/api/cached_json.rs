//! A JSON answer whose bytes were serialised earlier (the in-memory catalogue), described in
//! the API exactly as `Json<T>` would be.

use std::marker::PhantomData;

use bytes::Bytes;
use poem::{IntoResponse, Response};
use poem_openapi::ApiResponse;
use poem_openapi::payload::Json;
use poem_openapi::registry::{MetaResponses, Registry};
use poem_openapi::types::ToJSON;

/// Bytes already serialised from a `T`.
pub struct CachedJson<T>(pub Bytes, pub PhantomData<T>);

impl<T> CachedJson<T> {
    /// Wraps bytes that are the JSON of a `T`.
    pub fn new(bytes: Bytes) -> Self {
        CachedJson(bytes, PhantomData)
    }
}

impl<T: Send> IntoResponse for CachedJson<T> {
    fn into_response(self) -> Response {
        Response::builder()
            .content_type("application/json; charset=utf-8")
            .body(self.0)
    }
}

impl<T: ToJSON> ApiResponse for CachedJson<T> {
    fn meta() -> MetaResponses {
        Json::<T>::meta()
    }

    fn register(registry: &mut Registry) {
        Json::<T>::register(registry);
    }
}
