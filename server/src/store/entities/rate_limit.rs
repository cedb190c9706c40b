//! A counter of one limited thing in its current window (see [`crate::store::rate_limit`]).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "rate_limits")]
pub struct Model {
    /// What is counted and whose, e.g. `sign-in 203.0.113.9 ruth`.
    #[sea_orm(primary_key, auto_increment = false)]
    pub key: String,
    /// Attempts in the window, refused ones included.
    pub used: i32,
    /// Unix seconds when the window ends and the count starts again.
    pub window_ends_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
