//! A paid order: the customer's details and the total charged, with its lines in order_item.

use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "orders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i32,
    /// The cart it was made from (unique: one order per cart).
    #[sea_orm(unique)]
    pub cart_id: String,
    /// The provider's payment (unique: a payment makes one order).
    #[sea_orm(unique)]
    pub payment_intent_id: String,
    // The customer's details, one column each: sea-orm's derive needs every column written out
    // here, so this list repeats core's `CheckoutForm` fields by necessity.
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub address: String,
    pub city: String,
    pub postcode: String,
    pub phone: String,
    /// What was charged, in pence.
    pub total_pence: i64,
    /// Unix seconds.
    pub created_at: i64,
    /// Placed from the card's billing details, which did not pass the checkout's rules (cut
    /// to fit, control characters dropped, or missing): the studio should check them.
    pub check_details: bool,
    /// The florist's choice as the shopper made it (core's form as JSON); null for an order
    /// placed without one.
    #[sea_orm(column_type = "Text")]
    pub fulfilment: Option<String>,
    /// The delivery fee charged, in pence (part of the total).
    pub delivery_fee_pence: i64,
    /// The slot's surcharge charged, in pence (part of the total).
    pub surcharge_pence: i64,
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
    /// Core's `OrderStatus` wire form: `new` until the studio moves it.
    pub status: String,
    /// Core's `PaidBy` wire form (read and written only through it): a studio order's
    /// `payment_intent_id` is the shop's own `studio-…` id.
    pub paid_by: String,
    /// How a studio order was paid, as the studio wrote it, e.g. `Card on the phone`.
    pub payment_note: Option<String>,
    /// The admin who entered a studio order.
    pub taken_by: Option<String>,
    /// What has been given back so far, in pence.
    pub refunded_pence: i64,
    /// The delivery charge (fee and surcharge) has been given back.
    pub fee_refunded: bool,
    /// Counted up by each change the studio makes to the order's choice or notes, so a change
    /// from a page that read an older version is refused.
    pub version: i32,
    /// Unix seconds: the recipient's phone, the instructions and the card message were
    /// blanked (the retention rule for them); null before.
    pub details_blanked_at: Option<i64>,
    /// Unix seconds: the customer's personal data was removed (after six years, or at her
    /// request), leaving the money, the items, the dates and the postcode district.
    pub anonymised_at: Option<i64>,
    /// The gift voucher that paid part or all of it.
    pub voucher_id: Option<i32>,
    /// What the voucher paid, in pence (part of the total; the card paid the rest).
    pub voucher_pence: i64,
    /// What the offer code took off, in pence (the total is after it).
    pub discount_pence: i64,
    /// The offer code used.
    pub offer_code: Option<String>,
    /// What refunds have given back to the voucher so far, in pence.
    pub voucher_refunded_pence: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(has_many = "super::order_item::Entity")]
    Items,
}

impl Related<super::order_item::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Items.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
