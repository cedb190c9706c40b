//! What Stripe tells of a payment after the order is placed:
//!
//! - `payment_alerts`: a dispute (the customer's bank takes the money back unless the studio
//!   answers with evidence by `respond_by`) or an early fraud warning (the card network's
//!   notice that the payment may be fraudulent), one row per dispute or warning (its Stripe id,
//!   unique, so an event sent twice finds the first), kept up to date as Stripe's news comes.
//! - `order_refunds.cancelled`: the refund was made with the order's cancellation, so the
//!   customer's letter, written when the provider has given the money back, says both.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PaymentAlerts::Table)
                    .col(pk_auto(PaymentAlerts::Id))
                    .col(integer(PaymentAlerts::OrderId))
                    .col(string_len(PaymentAlerts::Kind, 20))
                    .col(string_len_uniq(PaymentAlerts::ProviderId, 100))
                    .col(string_len(PaymentAlerts::Status, 50))
                    .col(string_len(PaymentAlerts::Reason, 100))
                    .col(big_integer_null(PaymentAlerts::AmountPence))
                    .col(big_integer_null(PaymentAlerts::RespondBy))
                    .col(big_integer(PaymentAlerts::CreatedAt))
                    .col(big_integer(PaymentAlerts::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(PaymentAlerts::Table, PaymentAlerts::OrderId)
                            .to(Orders::Table, Orders::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_payment_alerts_order")
                    .table(PaymentAlerts::Table)
                    .col(PaymentAlerts::OrderId)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(OrderRefunds::Table)
                    .add_column(boolean(OrderRefunds::Cancelled).default(false))
                    .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(OrderRefunds::Table)
                    .drop_column(OrderRefunds::Cancelled)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table(PaymentAlerts::Table).to_owned())
            .await?;
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Orders {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum OrderRefunds {
    Table,
    Cancelled,
}

#[derive(DeriveIden)]
enum PaymentAlerts {
    Table,
    Id,
    OrderId,
    Kind,
    ProviderId,
    Status,
    Reason,
    AmountPence,
    RespondBy,
    CreatedAt,
    UpdatedAt,
}
