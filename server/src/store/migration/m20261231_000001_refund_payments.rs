//! `order_refunds.payment_intent_id`: the payment a refund gives back, when it is not the
//! order's own. A workshop booking is paid twice (the deposit with the order, the balance
//! later through its link, on an intent of its own), and each payment is refunded on itself;
//! null for every refund of the order's own payment.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(OrderRefunds::Table)
                    .add_column(string_len_null(OrderRefunds::PaymentIntentId, 255))
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
                    .drop_column(OrderRefunds::PaymentIntentId)
                    .to_owned(),
            )
            .await?;
        Ok(())
    }
}

#[derive(DeriveIden)]
enum OrderRefunds {
    Table,
    PaymentIntentId,
}
