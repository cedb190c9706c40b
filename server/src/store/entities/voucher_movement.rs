//! One movement of a voucher's ledger: a signed amount in pence (see the vouchers migration).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "voucher_movements")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub voucher_id: i32,
    /// core's `voucher::Movement` word.
    pub kind: String,
    /// Signed pence.
    pub amount_pence: i64,
    /// The cart a hold is for.
    pub cart_id: Option<String>,
    /// The order it was spent on or given back from.
    pub order_id: Option<i32>,
    /// An extension's new last day.
    pub expires_on: Option<String>,
    /// The admin who made it.
    pub who: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub note: Option<String>,
    /// What makes a retry find this movement instead of making a second.
    #[sea_orm(unique)]
    pub key: String,
    /// Unix seconds.
    pub at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(
        belongs_to = "super::voucher::Entity",
        from = "Column::VoucherId",
        to = "super::voucher::Column::Id"
    )]
    Voucher,
}

impl Related<super::voucher::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Voucher.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
