//! A shopper's cart, known only by its random id.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "carts")]
pub struct Model {
    /// A random UUID, kept in the browser under `cartId`.
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    /// Unix seconds.
    pub created_at: i64,
    /// Unix seconds of the last change; carts idle for long are removed.
    pub updated_at: i64,
    /// Unix seconds when the cart became an order; it takes no more changes after.
    pub ordered_at: Option<i64>,
    /// The payment intent made for it at checkout; replaced when one is refunded.
    pub payment_intent_id: Option<String>,
    /// The florist's choice (delivery or collection, day, recipient, card) as the shopper last
    /// sent it and core accepted it: core's `FulfilmentForm` as JSON.
    #[sea_orm(column_type = "Text")]
    pub fulfilment: Option<String>,
    /// The delivery fee of the kept choice, fixed when its payment was made (pence); null
    /// until then, and again once the choice changes.
    pub delivery_fee_pence: Option<i64>,
    /// The slot's surcharge, fixed with the fee.
    pub surcharge_pence: Option<i64>,
    /// Its lines are held for its payment until then (Unix seconds on the shop's clock); null
    /// when nothing is held. See `holds`.
    pub held_until: Option<i64>,
    /// The address that asked for the hold (as per-address limits count it), for the caps on
    /// what one address may hold; null with it.
    pub hold_address: Option<String>,
    /// Its `check_intent` calls since `hold_hour_from`: its place counts from the second.
    pub hold_checks: i32,
    /// The holds it started since `hold_hour_from`; each after the first is a renewal.
    pub holds_started: i32,
    /// When the hour its holds are counted in began (Unix seconds on the shop's clock); null
    /// before its first hold.
    pub hold_hour_from: Option<i64>,
    /// Where the choice books its place (see `places`): `delivery` or `collection`; null
    /// without a choice.
    pub fulfil_method: Option<String>,
    /// The day booked, `2026-12-15`.
    pub fulfil_date: Option<String>,
    /// The delivery slot booked, by its name; null for collection.
    pub fulfil_slot: Option<String>,
    /// The slot's hours as they were when it was chosen, `09:00–13:00`; null for collection
    /// (and for an order placed before hours were kept).
    pub slot_hours: Option<String>,
    /// The gift voucher the shopper applied (core's `VoucherCode`); null for none.
    pub voucher_code: Option<String>,
    /// The offer code the shopper applied (core's `OfferCode`); null for none.
    pub offer_code: Option<String>,
    /// What the voucher pays, fixed (and held) when the payment was made; null until then.
    pub voucher_pence: Option<i64>,
    /// What the offer code takes off, fixed with it.
    pub discount_pence: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(has_many = "super::cart_item::Entity")]
    Items,
}

impl Related<super::cart_item::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Items.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
