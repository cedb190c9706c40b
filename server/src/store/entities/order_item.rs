//! A line of an order, with the name and price as they were when it was paid for.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_items")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub order_id: i32,
    /// Null once the product is deleted; the line keeps its snapshot.
    pub product_id: Option<i32>,
    /// Null once the size is deleted (`sized` still says it had one).
    pub variation_id: Option<i32>,
    /// Bought in a size: its stock was the size's, never the product's own.
    pub sized: bool,
    /// e.g. `Peony Posy (Large)`.
    pub product_name: String,
    pub quantity: i32,
    /// The price of one, in pence.
    pub unit_price_pence: i64,
    /// How many of the quantity have been given back.
    pub refunded_quantity: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::order::Entity",
        from = "Column::OrderId",
        to = "super::order::Column::Id"
    )]
    Order,
}

impl Related<super::order::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Order.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
