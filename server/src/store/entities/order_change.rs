//! A change the studio made to an order's choice (its day, slot, address or card), in words,
//! by whom and when: a line of the order's history.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_changes")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub order_id: i32,
    /// e.g. `Day: Tuesday 15 December → Wednesday 16 December`.
    #[sea_orm(column_type = "Text")]
    pub text: String,
    pub by: String,
    /// Unix seconds.
    pub at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
