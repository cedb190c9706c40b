//! Carts and their lines, and the server's signing secret.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Carts::Table)
                    // A random UUID: the id is the shopper's only key to the cart.
                    .col(string_len(Carts::Id, 36).primary_key())
                    // Unix seconds, as everywhere in Posy's tables.
                    .col(big_integer(Carts::CreatedAt))
                    .col(big_integer(Carts::UpdatedAt))
                    // Set when the cart became an order; such a cart takes no more changes.
                    .col(big_integer_null(Carts::OrderedAt))
                    // The payment intent made for it at checkout, reused while the cart is open.
                    .col(string_len_null(Carts::PaymentIntentId, 255))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_carts_updated_at")
                    .table(Carts::Table)
                    .col(Carts::UpdatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(CartItems::Table)
                    .col(pk_auto(CartItems::Id))
                    .col(string_len(CartItems::CartId, 36))
                    .col(integer(CartItems::ProductId))
                    .col(integer_null(CartItems::VariationId))
                    .col(
                        integer(CartItems::Quantity)
                            .check(Expr::col(CartItems::Quantity).between(1, 10)),
                    )
                    .col(big_integer(CartItems::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(CartItems::Table, CartItems::CartId)
                            .to(Carts::Table, Carts::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(CartItems::Table, CartItems::ProductId)
                            .to(Products::Table, Products::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(CartItems::Table, CartItems::VariationId)
                            .to(Variations::Table, Variations::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_cart_items_cart")
                    .table(CartItems::Table)
                    .col(CartItems::CartId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Secrets::Table)
                    .col(string_len(Secrets::Name, 50).primary_key())
                    .col(string_len(Secrets::Value, 200))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            Secrets::Table.into_iden(),
            CartItems::Table.into_iden(),
            Carts::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Carts {
    Table,
    Id,
    CreatedAt,
    UpdatedAt,
    OrderedAt,
    PaymentIntentId,
}

#[derive(DeriveIden)]
enum CartItems {
    Table,
    Id,
    CartId,
    ProductId,
    VariationId,
    Quantity,
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

#[derive(DeriveIden)]
enum Secrets {
    Table,
    Name,
    Value,
}
