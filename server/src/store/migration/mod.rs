//! Schema migrations, applied in order at start-up.

use sea_orm_migration::prelude::*;

mod m20261122_000001_create_catalogue;
mod m20261123_000001_create_carts;
mod m20261123_000002_create_orders;
mod m20261123_000003_create_studio;
mod m20261123_000004_create_admins;
mod m20261123_000005_create_albums;
mod m20261124_000001_rate_limits;
mod m20261124_000002_order_check_details;
mod m20261124_000004_outbox_lease;
mod m20261124_000005_delivery_settings;
mod m20261124_000006_cart_fulfilment;
mod m20261124_000007_fulfilment_charge;
mod m20261124_000008_stock_holds;
pub mod m20261124_000009_fulfilment_places;
mod m20261125_000001_enquiry_inbox;
mod m20261126_000001_order_workflow;
mod m20261126_000002_catalogue_instance;
mod m20261128_000001_catalogue_admin;
pub mod m20261129_000001_tidy_choices;
mod m20261212_000001_order_changes;
mod m20261213_000001_slot_hours;
mod m20261214_000001_order_ledger;
mod m20261215_000001_admin_states;
mod m20261220_000001_hold_checks;
mod m20261221_000001_edit_versions;
mod m20261226_000001_payment_news;
mod m20261227_000001_personal_data;
mod m20261228_000001_audit_entries;
mod m20261229_000001_workshop_bookings;
mod m20261230_000001_vouchers;
mod m20261231_000001_refund_payments;
mod m20270101_000001_workshop_pictures;

/// Every migration the shop knows.
pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        let all: Vec<Box<dyn MigrationTrait>> = vec![
            Box::new(m20261122_000001_create_catalogue::Migration),
            Box::new(m20261123_000001_create_carts::Migration),
            Box::new(m20261123_000002_create_orders::Migration),
            Box::new(m20261123_000003_create_studio::Migration),
            Box::new(m20261123_000004_create_admins::Migration),
            Box::new(m20261123_000005_create_albums::Migration),
            Box::new(m20261124_000001_rate_limits::Migration),
            Box::new(m20261124_000002_order_check_details::Migration),
            Box::new(m20261124_000004_outbox_lease::Migration),
            Box::new(m20261124_000005_delivery_settings::Migration),
            Box::new(m20261124_000006_cart_fulfilment::Migration),
            Box::new(m20261124_000007_fulfilment_charge::Migration),
            Box::new(m20261124_000008_stock_holds::Migration),
            Box::new(m20261124_000009_fulfilment_places::Migration),
            Box::new(m20261125_000001_enquiry_inbox::Migration),
            Box::new(m20261126_000001_order_workflow::Migration),
            Box::new(m20261126_000002_catalogue_instance::Migration),
            Box::new(m20261128_000001_catalogue_admin::Migration),
            Box::new(m20261129_000001_tidy_choices::Migration),
            Box::new(m20261212_000001_order_changes::Migration),
            Box::new(m20261213_000001_slot_hours::Migration),
            Box::new(m20261214_000001_order_ledger::Migration),
            Box::new(m20261215_000001_admin_states::Migration),
            Box::new(m20261220_000001_hold_checks::Migration),
            Box::new(m20261221_000001_edit_versions::Migration),
            Box::new(m20261226_000001_payment_news::Migration),
            Box::new(m20261227_000001_personal_data::Migration),
            Box::new(m20261228_000001_audit_entries::Migration),
            Box::new(m20261229_000001_workshop_bookings::Migration),
            Box::new(m20261230_000001_vouchers::Migration),
            Box::new(m20261231_000001_refund_payments::Migration),
            Box::new(m20270101_000001_workshop_pictures::Migration),
        ];
        all.into_iter()
            .map(|migration| Box::new(InTransaction(migration)) as Box<dyn MigrationTrait>)
            .collect()
    }
}

/// A migration applied in a transaction with its record, on SQLite too (sea-orm-migration
/// wraps them on PostgreSQL only): a shop stopped half-way through an upgrade keeps its old
/// schema whole, and migrates again at its next start.
struct InTransaction(Box<dyn MigrationTrait>);

impl MigrationName for InTransaction {
    fn name(&self) -> &str {
        self.0.name()
    }
}

#[async_trait::async_trait]
impl MigrationTrait for InTransaction {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        self.0.up(manager).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        self.0.down(manager).await
    }

    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }
}
