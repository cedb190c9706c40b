//! A gift voucher: who bought it, for whom, its message and send day. Its balance is the sum
//! of its movements (`voucher_movement`), never a column.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "vouchers")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// `K7QM-2XHD-9PRT`, as core's `VoucherCode` writes it.
    #[sea_orm(unique)]
    pub code: String,
    /// What it was bought for, in pence.
    pub value_pence: i64,
    /// `unpaid` while its payment is made, then `issued`.
    pub status: String,
    /// Its last day, `2028-12-25`.
    pub expires_on: String,
    /// Unix seconds: the studio voided it.
    pub voided_at: Option<i64>,
    /// Counted up by each change the studio makes (extend, void), so a stale page is refused.
    pub version: i32,
    /// Unix seconds.
    pub created_at: i64,
    pub buyer_name: String,
    pub buyer_email: String,
    /// None: sent to the buyer to print.
    pub recipient_name: Option<String>,
    pub recipient_email: Option<String>,
    #[sea_orm(column_type = "Text")]
    pub message: String,
    /// The day its mail goes (08:00 UK time), `2026-12-25`.
    pub send_on: String,
    /// Unix seconds: its mail was queued.
    pub sent_at: Option<i64>,
    /// `card` or `studio`.
    pub paid_by: String,
    /// The provider's payment for one bought online (unique); the shop's `studio-…` id for
    /// one sold in the studio.
    #[sea_orm(unique)]
    pub payment_intent_id: Option<String>,
    /// How a studio sale was paid, as the studio wrote it.
    pub payment_note: Option<String>,
    /// The admin who sold it in the studio.
    pub taken_by: Option<String>,
    /// The address that asked for its payment, as per-address limits count it.
    pub pay_address: Option<String>,
    /// Unix seconds: its personal data went (retention or erasure).
    pub anonymised_at: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(has_many = "super::voucher_movement::Entity")]
    Movements,
}

impl Related<super::voucher_movement::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Movements.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
