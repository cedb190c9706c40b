//! One line of a cart: a product, its size when it has sizes, and how many.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "cart_items")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub cart_id: String,
    pub product_id: i32,
    /// The chosen size; none for a product without sizes.
    pub variation_id: Option<i32>,
    /// 1 to 10, and never above the stock when it was set.
    pub quantity: i32,
    /// Unix seconds; lines show in the order they were added.
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::cart::Entity",
        from = "Column::CartId",
        to = "super::cart::Column::Id"
    )]
    Cart,
    #[sea_orm(
        belongs_to = "super::product::Entity",
        from = "Column::ProductId",
        to = "super::product::Column::Id"
    )]
    Product,
    #[sea_orm(
        belongs_to = "super::variation::Entity",
        from = "Column::VariationId",
        to = "super::variation::Column::Id"
    )]
    Variation,
}

impl Related<super::cart::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Cart.def()
    }
}

impl Related<super::product::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Product.def()
    }
}

impl Related<super::variation::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Variation.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
