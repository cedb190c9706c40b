//! The studio's back office: calls only a signed-in admin may make (401 otherwise).

use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use sea_orm::{DatabaseConnection, EntityTrait, QueryOrder, QuerySelect};

use super::ApiTags;
use super::auth::AdminSession;
use crate::clock::iso8601;
use crate::entities::enquiry;
use crate::error::{ADMIN, Failure};

/// The back office.
pub struct AdminApi;

/// An enquiry as the studio reads it.
#[derive(Debug, Object)]
pub struct EnquiryView {
    pub id: i32,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    /// `wedding`, `event`, `bouquet` or `general`.
    pub enquiry_type: String,
    pub message: String,
    /// ISO 8601, UTC.
    pub received_at: String,
}

#[OpenApi(prefix_path = "/api", tag = "ApiTags::Admin")]
impl AdminApi {
    /// The latest 200 enquiries, newest first.
    #[oai(
        path = "/admin/enquiries/",
        method = "get",
        operation_id = "listEnquiries"
    )]
    async fn enquiries(
        &self,
        _admin: AdminSession,
        db: Data<&DatabaseConnection>,
    ) -> Result<Json<Vec<EnquiryView>>, Failure<sea_orm::DbErr, ADMIN>> {
        let rows = enquiry::Entity::find()
            .order_by_desc(enquiry::Column::CreatedAt)
            .order_by_desc(enquiry::Column::Id)
            .limit(200)
            .all(*db)
            .await?;
        Ok(Json(
            rows.into_iter()
                .map(|e| EnquiryView {
                    id: e.id,
                    name: e.name,
                    email: e.email,
                    phone: e.phone,
                    enquiry_type: e.enquiry_type,
                    message: e.message,
                    received_at: iso8601(e.created_at),
                })
                .collect(),
        ))
    }
}
