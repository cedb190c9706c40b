//! An admin can be disabled (`disabled_at`, Unix seconds; null while the account may sign in):
//! kept, with its name, but signed out and refused at the sign-in until enabled again.
//!
//! Usernames are meant to be unique whatever their capitals, but no index says so: a shop that
//! already has `Ruth` and `ruth` would fail this migration and not start. The accounts' own
//! code refuses a new name that differs from another only in capitals, and the shop says at
//! start and on the admins page which names clash (`accounts::admins`).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Admins::Table)
                    .add_column(big_integer_null(Admins::DisabledAt))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Admins::Table)
                    .drop_column(Admins::DisabledAt)
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum Admins {
    Table,
    DisabledAt,
}
