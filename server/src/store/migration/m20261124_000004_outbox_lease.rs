//! The outbox claims a message with a lease of its own (`claimed_until`) instead of moving its
//! next try forward, fixes each message's Message-ID when it is queued (`message_id`), and
//! gives up on a message that keeps failing (`dead_at`).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite alters a table one change at a time.
        for column in [
            // Null for messages queued before this migration: they get one derived from their
            // id, the same on every try.
            string_len_null(Outbox::MessageId, 100),
            big_integer_null(Outbox::ClaimedUntil),
            big_integer_null(Outbox::DeadAt),
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Outbox::Table)
                        .add_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [Outbox::MessageId, Outbox::ClaimedUntil, Outbox::DeadAt] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Outbox::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Outbox {
    Table,
    MessageId,
    ClaimedUntil,
    DeadAt,
}
