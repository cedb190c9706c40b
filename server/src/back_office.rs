//! What the studio reads in its back office: the enquiries sent through the contact form.

use poem_openapi::Object;
use sea_orm::{DatabaseConnection, EntityTrait, QueryOrder, QuerySelect};

use crate::clock::iso8601;
use crate::entities::enquiry;

/// How many enquiries the back office lists.
pub const ENQUIRIES_SHOWN: u64 = 200;

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

/// The latest [`ENQUIRIES_SHOWN`] enquiries, newest first.
pub async fn latest_enquiries(db: &DatabaseConnection) -> Result<Vec<EnquiryView>, sea_orm::DbErr> {
    let rows = enquiry::Entity::find()
        .order_by_desc(enquiry::Column::CreatedAt)
        .order_by_desc(enquiry::Column::Id)
        .limit(ENQUIRIES_SHOWN)
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|e| EnquiryView {
            id: e.id,
            name: e.name,
            email: e.email,
            phone: e.phone,
            enquiry_type: e.enquiry_type,
            message: e.message,
            received_at: iso8601(e.created_at),
        })
        .collect())
}
