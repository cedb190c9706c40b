//! The record of who did what in the back office (`store::audit`): one row per change, written
//! in the change's own transaction, kept two years. Plain strings, no enum types, alike on
//! both databases.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(AuditEntries::Table)
                    .col(pk_auto(AuditEntries::Id))
                    // Unix seconds, real time: the last time for a counted entry.
                    .col(big_integer(AuditEntries::At))
                    // The admin's username as it was, or `command line`.
                    .col(string_len(AuditEntries::Who, 100))
                    // `sign-in`, `price`, `stock`, … (`store::audit::Kind`).
                    .col(string_len(AuditEntries::Kind, 32))
                    // What was changed, e.g. `Peony posy (#12)`.
                    .col(text(AuditEntries::Subject))
                    // The change, old → new, in words.
                    .col(text(AuditEntries::Change))
                    // How many times: 1, or the failed sign-ins counted in one row.
                    .col(integer(AuditEntries::Times).default(1))
                    // The key a counted entry is raised under (one per address and window);
                    // null for every other entry.
                    .col(string_len_null(AuditEntries::Tally, 200))
                    .to_owned(),
            )
            .await?;
        // Unique, so two failures at once raise one row (both databases let many rows be null).
        manager
            .create_index(
                Index::create()
                    .name("idx_audit_entries_tally")
                    .table(AuditEntries::Table)
                    .col(AuditEntries::Tally)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_audit_entries_at")
                    .table(AuditEntries::Table)
                    .col(AuditEntries::At)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_audit_entries_kind_at")
                    .table(AuditEntries::Table)
                    .col(AuditEntries::Kind)
                    .col(AuditEntries::At)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(AuditEntries::Table).to_owned())
            .await
    }
}

#[derive(DeriveIden)]
enum AuditEntries {
    Table,
    Id,
    At,
    Who,
    Kind,
    Subject,
    Change,
    Times,
    Tally,
}
