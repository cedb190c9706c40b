//! A payment intent of the simulated provider (the embedded default when Stripe is not set up).

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "simulated_payments")]
pub struct Model {
    /// `pi_sim_` and 24 random hex digits.
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    #[sea_orm(unique)]
    pub client_secret: String,
    pub cart_id: String,
    /// Pence.
    pub amount: i64,
    /// `gbp`.
    pub currency: String,
    /// Stripe's words: requires_payment_method, requires_action, succeeded, canceled.
    pub status: String,
    pub billing_name: Option<String>,
    pub billing_email: Option<String>,
    pub billing_phone: Option<String>,
    pub billing_line1: Option<String>,
    pub billing_city: Option<String>,
    pub billing_postal_code: Option<String>,
    pub refunded: bool,
    /// The payer's bank disputes the charge (set by hand, to try the shop's refusal).
    pub disputed: bool,
    /// Unix seconds.
    pub created_at: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
