//! A message sent through the contact form.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "enquiries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    /// `wedding`, `event`, `bouquet` or `general`.
    pub enquiry_type: String,
    #[sea_orm(column_type = "Text")]
    pub message: String,
    /// The sender's address, for the per-address limit.
    pub remote_addr: String,
    /// Unix seconds.
    pub created_at: i64,
    /// `new`, `answered` or `closed` (core's `EnquiryStatus`).
    pub status: String,
    /// Unix seconds; when the studio first opened it. Null: unread.
    pub read_at: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(has_many = "super::enquiry_reply::Entity")]
    Replies,
}

impl Related<super::enquiry_reply::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Replies.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
