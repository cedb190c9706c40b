//! What Stripe said of an order's payment after it was placed: a dispute, or an early fraud
//! warning. One row per dispute or warning, kept up to date as Stripe's events come.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "payment_alerts")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub order_id: i32,
    /// `dispute` or `fraud_warning`.
    pub kind: String,
    /// Stripe's id of the dispute (`dp_…`) or the warning (`issfr_…`).
    #[sea_orm(unique)]
    pub provider_id: String,
    /// A dispute's status as Stripe words it (`needs_response`, `won`, `lost`, …); for a
    /// warning, `open`.
    pub status: String,
    /// Stripe's reason (`fraudulent`, `product_not_received`, …) or the warning's fraud type.
    pub reason: String,
    /// What the dispute is for; none for a warning.
    pub amount_pence: Option<i64>,
    /// Unix seconds: the evidence is due by then (a dispute needing a response).
    pub respond_by: Option<i64>,
    /// Unix seconds.
    pub created_at: i64,
    pub updated_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
