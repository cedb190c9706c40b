//! Orders placed from a card's billing details that did not pass the checkout's rules are
//! kept and flagged for the studio to check; the simulated provider can hold a disputed
//! charge, as Stripe's can.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite adds a single column per ALTER TABLE.
        manager
            .alter_table(
                Table::alter()
                    .table(Orders::Table)
                    .add_column(boolean(Orders::CheckDetails).default(false))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(SimulatedPayments::Table)
                    .add_column(boolean(SimulatedPayments::Disputed).default(false))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(SimulatedPayments::Table)
                    .drop_column(SimulatedPayments::Disputed)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Orders::Table)
                    .drop_column(Orders::CheckDetails)
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum Orders {
    Table,
    CheckDetails,
}

#[derive(DeriveIden)]
enum SimulatedPayments {
    Table,
    Disputed,
}
