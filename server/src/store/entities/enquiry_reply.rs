//! A reply the studio sent to an enquiry from the back office (it went through the outbox).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "enquiry_replies")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub enquiry_id: i32,
    #[sea_orm(column_type = "Text")]
    pub body: String,
    /// The admin who sent it.
    pub sent_by: String,
    /// Unix seconds.
    pub sent_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::enquiry::Entity",
        from = "Column::EnquiryId",
        to = "super::enquiry::Column::Id"
    )]
    Enquiry,
}

impl Related<super::enquiry::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Enquiry.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
