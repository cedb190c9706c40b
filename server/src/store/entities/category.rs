//! A shelf of the shop: Bouquets, Sympathy, Seasonal, Plants, Extras.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "categories")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub name: String,
    /// Order on the shop page; lower first.
    pub position: i32,
    /// A hidden shelf and its products are not shown on /shop or sold.
    pub hidden: bool,
    /// Moves on at every rename or hiding: the categories page carries the version it loaded.
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(has_many = "super::product::Entity")]
    Product,
}

impl Related<super::product::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Product.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
