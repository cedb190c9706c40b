//! What the back office's menu counts, and what needs a person (the strip above every page):
//! a signed-in admin only (401 otherwise).

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use sea_orm::DatabaseConnection;

use super::ApiTags;
use super::auth::AdminSession;
use crate::enquiries::inbox;
use crate::http::error::{ADMIN, Failure};
use crate::store::clock;
use crate::store::health::{Health, last_backup};

/// The back office's menu.
pub struct SummaryApi;

/// What the back office's menu counts.
#[derive(Debug, Object)]
pub struct AdminSummary {
    /// Enquiries waiting for an answer.
    pub new_enquiries: u64,
    /// Paid orders the studio has not yet confirmed.
    pub new_orders: u64,
    /// What needs a person while the shop goes on serving, as `/readyz` lists it (mail not
    /// sent, refunds failing, the disk nearly full, no recent backup), with anything that stops
    /// the shop first.
    pub attention: Vec<String>,
    /// Mail the outbox could not send (still tried, or given up on): the strip links to them.
    pub unsent_mail: u64,
    /// When the last backup was made (UTC, ISO 8601); none yet: null.
    pub last_backup_at: Option<String>,
}

type Summary = Result<Json<AdminSummary>, Failure<sea_orm::DbErr, ADMIN>>;

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Admin")]
impl SummaryApi {
    /// What the back office's menu counts: new orders and the enquiries waiting for an answer.
    #[oai(path = "/admin/summary/", method = "get", operation_id = "adminSummary")]
    async fn summary(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
        health: Data<&Health>,
    ) -> Summary {
        let readiness = health.check(clock::now()).await;
        Ok(Json(AdminSummary {
            new_enquiries: inbox::new_count(*db).await?,
            new_orders: crate::orders::admin::new_count(*db).await?,
            attention: readiness
                .problems
                .into_iter()
                .chain(readiness.attention)
                .collect(),
            unsent_mail: crate::mail::troubled_count(*db).await?,
            last_backup_at: last_backup(&health.data_dir).map(|last| clock::iso8601(last.at)),
        }))
    }
}
