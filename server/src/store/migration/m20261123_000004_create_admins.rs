//! The studio's admin accounts, their sessions, and failed sign-ins (for the limit).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Admins::Table)
                    .col(pk_auto(Admins::Id))
                    .col(string_len_uniq(Admins::Username, 100))
                    // Argon2id in PHC form.
                    .col(string_len(Admins::PasswordHash, 200))
                    .col(big_integer(Admins::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Sessions::Table)
                    // SHA-256 of the cookie's token, hex: a leaked table opens no sessions.
                    .col(string_len(Sessions::Id, 64).primary_key())
                    .col(integer(Sessions::AdminId))
                    .col(big_integer(Sessions::CreatedAt))
                    .col(big_integer(Sessions::LastSeenAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Sessions::Table, Sessions::AdminId)
                            .to(Admins::Table, Admins::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
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
            .create_index(
                Index::create()
                    .name("idx_login_failures_who")
                    .table(LoginFailures::Table)
                    .col(LoginFailures::RemoteAddr)
                    .col(LoginFailures::Username)
                    .col(LoginFailures::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            LoginFailures::Table.into_iden(),
            Sessions::Table.into_iden(),
            Admins::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Admins {
    Table,
    Id,
    Username,
    PasswordHash,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Sessions {
    Table,
    Id,
    AdminId,
    CreatedAt,
    LastSeenAt,
}

#[derive(DeriveIden)]
enum LoginFailures {
    Table,
    Id,
    Username,
    RemoteAddr,
    CreatedAt,
}
