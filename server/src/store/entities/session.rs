//! A signed-in admin's session, kept server-side so several posy processes share it.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "sessions")]
pub struct Model {
    /// SHA-256 of the cookie's token, hex.
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub admin_id: i32,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds of the last request; idle sessions end.
    pub last_seen_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
