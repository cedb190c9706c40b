//! The studio's inbox of enquiries: each has a status (`new`, `answered`, `closed`; core's
//! `EnquiryStatus`) and the moment it was first opened; the replies sent from the shop are
//! kept with it; and a mail can name who its answers go to (`reply_to`), so a reply sent
//! from the shop is answered to the studio.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite adds one at a time.
        manager
            .alter_table(
                Table::alter()
                    .table(Enquiries::Table)
                    .add_column(string_len(Enquiries::Status, 20).default("new"))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Enquiries::Table)
                    .add_column(big_integer_null(Enquiries::ReadAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_enquiries_status_time")
                    .table(Enquiries::Table)
                    .col(Enquiries::Status)
                    .col(Enquiries::CreatedAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(EnquiryReplies::Table)
                    .col(pk_auto(EnquiryReplies::Id))
                    .col(integer(EnquiryReplies::EnquiryId))
                    .col(text(EnquiryReplies::Body))
                    .col(string_len(EnquiryReplies::SentBy, 100))
                    .col(big_integer(EnquiryReplies::SentAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(EnquiryReplies::Table, EnquiryReplies::EnquiryId)
                            .to(Enquiries::Table, Enquiries::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_enquiry_replies_enquiry")
                    .table(EnquiryReplies::Table)
                    .col(EnquiryReplies::EnquiryId)
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Outbox::Table)
                    .add_column(string_len_null(Outbox::ReplyTo, 254))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Outbox::Table)
                    .drop_column(Outbox::ReplyTo)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table(EnquiryReplies::Table).to_owned())
            .await?;
        manager
            .drop_index(
                Index::drop()
                    .name("idx_enquiries_status_time")
                    .table(Enquiries::Table)
                    .to_owned(),
            )
            .await?;
        for column in [Enquiries::ReadAt, Enquiries::Status] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Enquiries::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Enquiries {
    Table,
    Id,
    Status,
    ReadAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum EnquiryReplies {
    Table,
    Id,
    EnquiryId,
    Body,
    SentBy,
    SentAt,
}

#[derive(DeriveIden)]
enum Outbox {
    Table,
    ReplyTo,
}
