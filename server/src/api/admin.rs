//! The studio's back office: calls only a signed-in admin may make (401 otherwise).

use poem::web::Data;
use poem_openapi::OpenApi;
use poem_openapi::payload::Json;
use sea_orm::DatabaseConnection;

use super::ApiTags;
use super::auth::AdminSession;
use crate::back_office::{self, EnquiryView};
use crate::error::{ADMIN, Failure};

/// The back office.
pub struct AdminApi;

type Enquiries = Result<Json<Vec<EnquiryView>>, Failure<sea_orm::DbErr, ADMIN>>;

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Admin")]
impl AdminApi {
    /// The latest 200 enquiries, newest first.
    #[oai(
        path = "/admin/enquiries/",
        method = "get",
        operation_id = "listEnquiries"
    )]
    async fn enquiries(&self, _admin: AdminSession, db: Data<&DatabaseConnection>) -> Enquiries {
        Ok(Json(back_office::latest_enquiries(*db).await?))
    }
}
