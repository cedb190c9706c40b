//! One entry of the record of who did what (see [`crate::store::audit`]).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_entries")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// Unix seconds (real time); for a counted entry, the last time counted.
    pub at: i64,
    /// The admin's username as it was then, or `command line`.
    pub who: String,
    /// `store::audit::Kind`'s word.
    pub kind: String,
    #[sea_orm(column_type = "Text")]
    pub subject: String,
    #[sea_orm(column_type = "Text")]
    pub change: String,
    /// 1, or how many failed sign-ins this row counts.
    pub times: i32,
    /// The key a counted entry is raised under; none for the others.
    #[sea_orm(unique)]
    pub tally: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
