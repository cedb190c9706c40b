//! What the back office's menu counts: a signed-in admin only (401 otherwise).

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use sea_orm::DatabaseConnection;

use super::ApiTags;
use super::auth::AdminSession;
use crate::enquiries::inbox;
use crate::http::error::{ADMIN, Failure};

/// The back office's menu.
pub struct SummaryApi;

/// What the back office's menu counts.
#[derive(Debug, Object)]
pub struct AdminSummary {
    /// Enquiries waiting for an answer.
    pub new_enquiries: u64,
    /// Paid orders the studio has not yet confirmed.
    pub new_orders: u64,
}

type Summary = Result<Json<AdminSummary>, Failure<sea_orm::DbErr, ADMIN>>;

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Admin")]
impl SummaryApi {
    /// What the back office's menu counts: new orders and the enquiries waiting for an answer.
    #[oai(
        path = "/admin/summary/",
        method = "get",
        operation_id = "adminSummary"
    )]
    async fn summary(&self, _admin: AdminSession, db: Data<&DatabaseConnection>) -> Summary {
        Ok(Json(AdminSummary {
            new_enquiries: inbox::new_count(*db).await?,
            new_orders: crate::orders::admin::new_count(*db).await?,
        }))
    }
}
