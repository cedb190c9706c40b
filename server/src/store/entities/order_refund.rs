//! Money the studio gave back on an order (several per order), apart from the checkout's
//! "paid, no order" refunds in `refunds`. Written before the provider is asked, so a refund
//! the provider refused or never answered is retried until it succeeds, never lost.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "order_refunds")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    pub order_id: i32,
    pub amount_pence: i64,
    /// What was given back, e.g. `1 × Peony Posy (Large), delivery`.
    #[sea_orm(column_type = "Text")]
    pub what: String,
    /// Why, as the studio wrote it.
    #[sea_orm(column_type = "Text")]
    pub reason: String,
    /// Sent with every try, so the provider refunds once however often it is asked.
    #[sea_orm(unique)]
    pub idempotency_key: String,
    /// Core's `RefundState` wire form (read and written only through it); a failed one is
    /// tried again at `next_attempt_at`.
    pub state: String,
    pub attempts: i32,
    #[sea_orm(column_type = "Text")]
    pub last_error: Option<String>,
    /// Unix seconds.
    pub next_attempt_at: Option<i64>,
    pub created_by: String,
    /// Unix seconds.
    pub created_at: i64,
    /// When the provider said it was done.
    pub settled_at: Option<i64>,
    /// Made with the order's cancellation: the customer's letter says both.
    pub cancelled: bool,
    /// The payment it gives back when not the order's own (a workshop booking's balance, paid
    /// on an intent of its own); null for the order's payment.
    pub payment_intent_id: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
