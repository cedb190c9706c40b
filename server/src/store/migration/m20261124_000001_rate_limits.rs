//! One counter row per limited thing (sign-ins per address and username, enquiries per
//! address), raised by a single atomic upsert so parallel requests can never all slip under the
//! limit; it replaces `login_failures`, whose count-then-insert could.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(RateLimits::Table)
                    // What is counted and whose: `sign-in 203.0.113.9 ruth`, `contact 203.0.113.9`.
                    .col(string_len(RateLimits::Key, 200).primary_key())
                    .col(integer(RateLimits::Used))
                    // Unix seconds; from then on the count starts again, and the sweep removes it.
                    .col(big_integer(RateLimits::WindowEndsAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_rate_limits_window_ends_at")
                    .table(RateLimits::Table)
                    .col(RateLimits::WindowEndsAt)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table(LoginFailures::Table).to_owned())
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(LoginFailures::Table)
                    .col(pk_auto(LoginFailures::Id))
                    .col(string_len(LoginFailures::Username, 100))
                    .col(string_len(LoginFailures::RemoteAddr, 64))
                    .col(big_integer(LoginFailures::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table(RateLimits::Table).to_owned())
            .await
    }
}

#[derive(DeriveIden)]
enum RateLimits {
    Table,
    Key,
    Used,
    WindowEndsAt,
}

#[derive(DeriveIden)]
enum LoginFailures {
    Table,
    Id,
    Username,
    RemoteAddr,
    CreatedAt,
}
