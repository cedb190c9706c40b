//! Something the studio sells. A product with sizes (variations) takes its prices and stock
//! from them; `price_pence` is then its lowest price and `stock` is unused.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "products")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub category_id: i32,
    pub name: String,
    #[sea_orm(column_type = "Text")]
    pub description: String,
    /// A media path such as `products/peony-posy.jpg`, or an absolute URL; none shows the placeholder.
    pub image: Option<String>,
    pub price_pence: i64,
    pub stock: i64,
    /// Order within the shop; lower first.
    pub position: i32,
    /// Hidden products are not listed or sold.
    pub active: bool,
    /// Days of notice the piece needs (a funeral tribute, say); 0 for most.
    pub lead_days: i32,
    /// Taken out of the shop for good because it was ordered (orders keep their snapshots);
    /// an archived product is also hidden, and can be restored.
    pub archived: bool,
    /// An uploaded picture's page sizes, `480:products/x-480.jpg,960:…` (smallest first); empty
    /// for a demo picture, which has one size.
    pub image_variants: String,
    /// Moves on at every save of what the product form edits (not its stock, which has its
    /// own check): a form carries the version it loaded.
    pub version: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::category::Entity",
        from = "Column::CategoryId",
        to = "super::category::Column::Id"
    )]
    Category,
    #[sea_orm(has_many = "super::variation::Entity")]
    Variation,
}

impl Related<super::category::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Category.def()
    }
}

impl Related<super::variation::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Variation.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
