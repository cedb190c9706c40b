//! What the studio changes on an order when the customer rings (its day, slot, address or
//! card), each change kept as a line of the order's history in `order_changes`; the studio's
//! own notes on an order in `order_notes` (never shown or mailed to the customer); and
//! `orders.version`, counted up by each of those writes, so a change made from a page that
//! read an older version is refused rather than undoing someone else's.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Orders::Table)
                    .add_column(integer(Orders::Version).default(0))
                    .to_owned(),
            )
            .await?;
        for table in [Lines::OrderChanges, Lines::OrderNotes] {
            manager
                .create_table(
                    Table::create()
                        .table(table)
                        .col(pk_auto(Lines::Id))
                        .col(integer(Lines::OrderId))
                        .col(text(Lines::Text))
                        .col(string_len(Lines::By, 100))
                        .col(big_integer(Lines::At))
                        .foreign_key(
                            ForeignKey::create()
                                .from(table, Lines::OrderId)
                                .to(Orders::Table, Orders::Id)
                                .on_delete(ForeignKeyAction::Cascade),
                        )
                        .to_owned(),
                )
                .await?;
            let name = match table {
                Lines::OrderChanges => "idx_order_changes_order",
                _ => "idx_order_notes_order",
            };
            manager
                .create_index(
                    Index::create()
                        .name(name)
                        .table(table)
                        .col(Lines::OrderId)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [Lines::OrderNotes, Lines::OrderChanges] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        manager
            .alter_table(
                Table::alter()
                    .table(Orders::Table)
                    .drop_column(Orders::Version)
                    .to_owned(),
            )
            .await?;
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Orders {
    Table,
    Id,
    Version,
}

/// Both tables have the same shape: a line of text about an order, by whom and when.
#[derive(DeriveIden, Clone, Copy)]
enum Lines {
    OrderChanges,
    OrderNotes,
    Id,
    OrderId,
    Text,
    By,
    At,
}
