//! An account of the studio's admin.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "admins")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    #[sea_orm(unique)]
    pub username: String,
    /// Argon2id, PHC string.
    pub password_hash: String,
    /// Unix seconds.
    pub created_at: i64,
    /// When it was disabled (Unix seconds): it may not sign in until enabled again.
    pub disabled_at: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
