//! Orders and their lines, the access tokens of order links, refunds, the mail outbox, and the
//! simulated payment provider's intents.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Orders::Table)
                    .col(pk_auto(Orders::Id))
                    // One order per cart and per payment: the unique keys make placing an
                    // order idempotent however often the browser or the webhook asks.
                    .col(string_len_uniq(Orders::CartId, 36))
                    .col(string_len_uniq(Orders::PaymentIntentId, 255))
                    .col(string_len(Orders::Email, 254))
                    .col(string_len(Orders::FirstName, 100))
                    .col(string_len(Orders::LastName, 100))
                    .col(string_len(Orders::Address, 300))
                    .col(string_len(Orders::City, 100))
                    .col(string_len(Orders::Postcode, 20))
                    .col(string_len(Orders::Phone, 40))
                    .col(big_integer(Orders::TotalPence))
                    .col(big_integer(Orders::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(OrderItems::Table)
                    .col(pk_auto(OrderItems::Id))
                    .col(integer(OrderItems::OrderId))
                    // The product may be withdrawn later; the line keeps its own copy below.
                    .col(integer_null(OrderItems::ProductId))
                    .col(integer_null(OrderItems::VariationId))
                    // Snapshots at the time of the order: the name with its size, and the price.
                    .col(string_len(OrderItems::ProductName, 300))
                    .col(integer(OrderItems::Quantity))
                    .col(big_integer(OrderItems::UnitPricePence))
                    .foreign_key(
                        ForeignKey::create()
                            .from(OrderItems::Table, OrderItems::OrderId)
                            .to(Orders::Table, Orders::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(OrderItems::Table, OrderItems::ProductId)
                            .to(Products::Table, Products::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(OrderItems::Table, OrderItems::VariationId)
                            .to(Variations::Table, Variations::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_order_items_order")
                    .table(OrderItems::Table)
                    .col(OrderItems::OrderId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(OrderTokens::Table)
                    .col(pk_auto(OrderTokens::Id))
                    .col(integer(OrderTokens::OrderId))
                    // SHA-256 of the token, hex: a leaked database opens no order links.
                    .col(string_len_uniq(OrderTokens::TokenHash, 64))
                    .col(big_integer(OrderTokens::CreatedAt))
                    .col(big_integer(OrderTokens::ExpiresAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(OrderTokens::Table, OrderTokens::OrderId)
                            .to(Orders::Table, Orders::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Refunds::Table)
                    // A payment refunded instead of becoming an order, so asking again gives
                    // the same answer and never refunds twice.
                    .col(string_len(Refunds::PaymentIntentId, 255).primary_key())
                    .col(string_len(Refunds::CartId, 36))
                    .col(text(Refunds::Reason))
                    // False when the provider refused the refund: the studio must act.
                    .col(boolean(Refunds::Succeeded))
                    .col(big_integer(Refunds::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Outbox::Table)
                    .col(pk_auto(Outbox::Id))
                    .col(string_len(Outbox::Recipient, 254))
                    .col(string_len(Outbox::Subject, 300))
                    .col(text(Outbox::Body))
                    .col(big_integer(Outbox::CreatedAt))
                    .col(integer(Outbox::Attempts).default(0))
                    .col(big_integer(Outbox::NextAttemptAt))
                    .col(big_integer_null(Outbox::SentAt))
                    .col(text_null(Outbox::LastError))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_outbox_due")
                    .table(Outbox::Table)
                    .col(Outbox::SentAt)
                    .col(Outbox::NextAttemptAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(SimulatedPayments::Table)
                    .col(string_len(SimulatedPayments::Id, 64).primary_key())
                    .col(string_len_uniq(SimulatedPayments::ClientSecret, 128))
                    .col(string_len(SimulatedPayments::CartId, 36))
                    .col(big_integer(SimulatedPayments::Amount))
                    .col(string_len(SimulatedPayments::Currency, 3))
                    .col(string_len(SimulatedPayments::Status, 40))
                    .col(string_len_null(SimulatedPayments::BillingName, 200))
                    .col(string_len_null(SimulatedPayments::BillingEmail, 254))
                    .col(string_len_null(SimulatedPayments::BillingPhone, 40))
                    .col(string_len_null(SimulatedPayments::BillingLine1, 300))
                    .col(string_len_null(SimulatedPayments::BillingCity, 100))
                    .col(string_len_null(SimulatedPayments::BillingPostalCode, 20))
                    .col(boolean(SimulatedPayments::Refunded).default(false))
                    .col(big_integer(SimulatedPayments::CreatedAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            SimulatedPayments::Table.into_iden(),
            Outbox::Table.into_iden(),
            Refunds::Table.into_iden(),
            OrderTokens::Table.into_iden(),
            OrderItems::Table.into_iden(),
            Orders::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Orders {
    Table,
    Id,
    CartId,
    PaymentIntentId,
    Email,
    FirstName,
    LastName,
    Address,
    City,
    Postcode,
    Phone,
    TotalPence,
    CreatedAt,
}

#[derive(DeriveIden)]
enum OrderItems {
    Table,
    Id,
    OrderId,
    ProductId,
    VariationId,
    ProductName,
    Quantity,
    UnitPricePence,
}

#[derive(DeriveIden)]
enum OrderTokens {
    Table,
    Id,
    OrderId,
    TokenHash,
    CreatedAt,
    ExpiresAt,
}

#[derive(DeriveIden)]
enum Refunds {
    Table,
    PaymentIntentId,
    CartId,
    Reason,
    Succeeded,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Outbox {
    Table,
    Id,
    Recipient,
    Subject,
    Body,
    CreatedAt,
    Attempts,
    NextAttemptAt,
    SentAt,
    LastError,
}

#[derive(DeriveIden)]
enum SimulatedPayments {
    Table,
    Id,
    ClientSecret,
    CartId,
    Amount,
    Currency,
    Status,
    BillingName,
    BillingEmail,
    BillingPhone,
    BillingLine1,
    BillingCity,
    BillingPostalCode,
    Refunded,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Products {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Variations {
    Table,
    Id,
}
