//! Stock held while paying (see `holds`): a cart's lines are held from the moment its payment
//! is prepared until `held_until` (Unix seconds on the shop's clock), and `hold_address` is the
//! address that asked, for the per-address cap. Both are null when nothing is held; an index
//! on `held_until` finds the few live holds among many carts.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite alters a table one change at a time.
        for column in [
            big_integer_null(Carts::HeldUntil),
            // An IPv6 address is at most 45 characters.
            string_len_null(Carts::HoldAddress, 64),
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Carts::Table)
                        .add_column(column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_index(
                Index::create()
                    .name("idx_carts_held_until")
                    .table(Carts::Table)
                    .col(Carts::HeldUntil)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name("idx_carts_held_until")
                    .table(Carts::Table)
                    .to_owned(),
            )
            .await?;
        for column in [Carts::HeldUntil, Carts::HoldAddress] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Carts::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Carts {
    Table,
    HeldUntil,
    HoldAddress,
}
