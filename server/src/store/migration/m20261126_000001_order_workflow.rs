//! The studio's work on paid orders: each order has a status (core's `OrderStatus`), how it
//! was paid (`card` through the shop's provider, or `studio` for an order taken by phone or in
//! the studio and paid there), who took it, what has been given back; every change of status
//! is kept in `order_events` with who and when; and refunds the studio gives get their own
//! table, several per order, apart from the checkout's "paid, no order" refunds.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite adds one at a time.
        let order_columns = [
            string_len(Orders::Status, 30).default("new").to_owned(),
            string_len(Orders::PaidBy, 20).default("card").to_owned(),
            string_len_null(Orders::PaymentNote, 200).to_owned(),
            string_len_null(Orders::TakenBy, 100).to_owned(),
            big_integer(Orders::RefundedPence).default(0).to_owned(),
            boolean(Orders::FeeRefunded).default(false).to_owned(),
        ];
        for column in order_columns {
            manager
                .alter_table(
                    Table::alter()
                        .table(Orders::Table)
                        .add_column(column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .alter_table(
                Table::alter()
                    .table(OrderItems::Table)
                    .add_column(integer(OrderItems::RefundedQuantity).default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_orders_status")
                    .table(Orders::Table)
                    .col(Orders::Status)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_orders_created")
                    .table(Orders::Table)
                    .col(Orders::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(OrderEvents::Table)
                    .col(pk_auto(OrderEvents::Id))
                    .col(integer(OrderEvents::OrderId))
                    .col(string_len(OrderEvents::Status, 30))
                    .col(string_len(OrderEvents::By, 100))
                    .col(big_integer(OrderEvents::At))
                    .col(text_null(OrderEvents::Note))
                    .foreign_key(
                        ForeignKey::create()
                            .from(OrderEvents::Table, OrderEvents::OrderId)
                            .to(Orders::Table, Orders::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_order_events_order")
                    .table(OrderEvents::Table)
                    .col(OrderEvents::OrderId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(OrderRefunds::Table)
                    .col(pk_auto(OrderRefunds::Id))
                    .col(integer(OrderRefunds::OrderId))
                    .col(big_integer(OrderRefunds::AmountPence))
                    .col(text(OrderRefunds::What))
                    .col(text(OrderRefunds::Reason))
                    .col(string_len_uniq(OrderRefunds::IdempotencyKey, 100))
                    .col(string_len(OrderRefunds::State, 20))
                    .col(integer(OrderRefunds::Attempts).default(0))
                    .col(text_null(OrderRefunds::LastError))
                    .col(big_integer_null(OrderRefunds::NextAttemptAt))
                    .col(string_len(OrderRefunds::CreatedBy, 100))
                    .col(big_integer(OrderRefunds::CreatedAt))
                    .col(big_integer_null(OrderRefunds::SettledAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(OrderRefunds::Table, OrderRefunds::OrderId)
                            .to(Orders::Table, Orders::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_order_refunds_order")
                    .table(OrderRefunds::Table)
                    .col(OrderRefunds::OrderId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_order_refunds_due")
                    .table(OrderRefunds::Table)
                    .col(OrderRefunds::State)
                    .col(OrderRefunds::NextAttemptAt)
                    .to_owned(),
            )
            .await?;
        // The simulated provider keeps its refunds by idempotency key, as Stripe does, so a
        // retried refund gives back once.
        manager
            .create_table(
                Table::create()
                    .table(SimulatedRefunds::Table)
                    .col(string_len(SimulatedRefunds::IdempotencyKey, 100).primary_key())
                    .col(string_len(SimulatedRefunds::PaymentIntentId, 64))
                    .col(big_integer(SimulatedRefunds::Amount))
                    .col(big_integer(SimulatedRefunds::CreatedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(SimulatedRefunds::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(OrderRefunds::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(OrderEvents::Table).to_owned())
            .await?;
        for name in ["idx_orders_status", "idx_orders_created"] {
            manager
                .drop_index(Index::drop().name(name).table(Orders::Table).to_owned())
                .await?;
        }
        manager
            .alter_table(
                Table::alter()
                    .table(OrderItems::Table)
                    .drop_column(OrderItems::RefundedQuantity)
                    .to_owned(),
            )
            .await?;
        for column in [
            Orders::FeeRefunded,
            Orders::RefundedPence,
            Orders::TakenBy,
            Orders::PaymentNote,
            Orders::PaidBy,
            Orders::Status,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Orders::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Orders {
    Table,
    Id,
    Status,
    PaidBy,
    PaymentNote,
    TakenBy,
    RefundedPence,
    FeeRefunded,
    CreatedAt,
}

#[derive(DeriveIden)]
enum OrderItems {
    Table,
    RefundedQuantity,
}

#[derive(DeriveIden)]
enum OrderEvents {
    Table,
    Id,
    OrderId,
    Status,
    By,
    At,
    Note,
}

#[derive(DeriveIden)]
enum OrderRefunds {
    Table,
    Id,
    OrderId,
    AmountPence,
    What,
    Reason,
    IdempotencyKey,
    State,
    Attempts,
    LastError,
    NextAttemptAt,
    CreatedBy,
    CreatedAt,
    SettledAt,
}

#[derive(DeriveIden)]
enum SimulatedRefunds {
    Table,
    IdempotencyKey,
    PaymentIntentId,
    Amount,
    CreatedAt,
}
