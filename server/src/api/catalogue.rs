//! `GET /api/products/` and `GET /api/products/{id}/`.

use std::sync::Arc;

use poem::http::StatusCode;
use poem::web::Data;
use poem_openapi::OpenApi;
use poem_openapi::param::Path;

use super::ApiTags;
use super::cached_json::CachedJson;
use crate::catalogue::{Catalogue, ProductError, ProductView};
use crate::http::error::{Answer, Failure, INTERNAL, PATH, Problem, Refusal};

/// The shop's products.
pub struct CatalogueApi;

impl From<ProductError> for Problem {
    fn from(err: ProductError) -> Problem {
        match err {
            ProductError::Gone => Problem::new(
                StatusCode::NOT_FOUND,
                "Sorry, we couldn't find that product. It may no longer be available.",
            ),
            ProductError::Db(err) => Problem::internal(err),
        }
    }
}

impl Refusal for ProductError {
    const ANSWERS: &'static [Answer] = &[Answer(404, "No product on sale has that id."), INTERNAL];
}

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Catalogue")]
impl CatalogueApi {
    /// Every product on sale, in shop order (a bare array).
    #[oai(path = "/products/", method = "get", operation_id = "listProducts")]
    async fn list(
        &self,
        catalogue: Data<&Arc<Catalogue>>,
    ) -> Result<CachedJson<Vec<ProductView>>, Failure<sea_orm::DbErr>> {
        Ok(CachedJson::new(catalogue.snapshot().await?.list.clone()))
    }

    /// One product with its sizes.
    #[oai(path = "/products/:id/", method = "get", operation_id = "getProduct")]
    async fn get(
        &self,
        catalogue: Data<&Arc<Catalogue>>,
        id: Path<i32>,
    ) -> Result<CachedJson<ProductView>, Failure<ProductError, PATH>> {
        Ok(CachedJson::new(catalogue.product(id.0).await?))
    }
}
