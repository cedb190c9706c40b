//! `GET /api/products/` and `GET /api/products/{id}/`.

use std::sync::Arc;

use poem::web::Data;
use poem_openapi::OpenApi;
use poem_openapi::param::Path;

use super::ApiTags;
use super::cached_json::CachedJson;
use crate::catalogue::{Catalogue, ProductView};
use crate::error::ApiError;

/// The shop's products.
pub struct CatalogueApi;

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Catalogue")]
impl CatalogueApi {
    /// Every product on sale, in shop order (a bare array).
    #[oai(path = "/products/", method = "get", operation_id = "listProducts")]
    async fn list(
        &self,
        catalogue: Data<&Arc<Catalogue>>,
    ) -> Result<CachedJson<Vec<ProductView>>, ApiError> {
        Ok(CachedJson::new(catalogue.snapshot().await?.list.clone()))
    }

    /// One product with its sizes.
    #[oai(path = "/products/:id/", method = "get", operation_id = "getProduct")]
    async fn get(
        &self,
        catalogue: Data<&Arc<Catalogue>>,
        id: Path<i32>,
    ) -> Result<CachedJson<ProductView>, ApiError> {
        catalogue
            .snapshot()
            .await?
            .product(id.0)
            .map(CachedJson::new)
            .ok_or_else(|| {
                ApiError::not_found(
                    "Sorry, we couldn't find that product. It may no longer be available.",
                )
            })
    }
}
