//! The studio's workshops and the enquiries sent through the contact form.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Workshops::Table)
                    .col(pk_auto(Workshops::Id))
                    .col(string_len(Workshops::Title, 200))
                    .col(text(Workshops::Description))
                    // Calendar dates as `YYYY-MM-DD`, times as the studio writes them.
                    .col(string_len(Workshops::Date, 10))
                    .col(string_len(Workshops::Time, 50))
                    .col(
                        big_integer(Workshops::PricePence)
                            .check(Expr::col(Workshops::PricePence).gte(0)),
                    )
                    .col(
                        big_integer(Workshops::DepositPence)
                            .check(Expr::col(Workshops::DepositPence).gte(0)),
                    )
                    .col(string_len(Workshops::BalanceDue, 10))
                    .col(
                        integer(Workshops::SpotsLeft).check(Expr::col(Workshops::SpotsLeft).gte(0)),
                    )
                    .col(string_len_null(Workshops::Image, 500))
                    .col(integer(Workshops::Position).default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Enquiries::Table)
                    .col(pk_auto(Enquiries::Id))
                    .col(string_len(Enquiries::Name, 100))
                    .col(string_len(Enquiries::Email, 254))
                    .col(string_len_null(Enquiries::Phone, 40))
                    .col(string_len(Enquiries::EnquiryType, 20))
                    .col(text(Enquiries::Message))
                    // Where it came from, for the per-address limit.
                    .col(string_len(Enquiries::RemoteAddr, 64))
                    .col(big_integer(Enquiries::CreatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_enquiries_addr_time")
                    .table(Enquiries::Table)
                    .col(Enquiries::RemoteAddr)
                    .col(Enquiries::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [Enquiries::Table.into_iden(), Workshops::Table.into_iden()] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Workshops {
    Table,
    Id,
    Title,
    Description,
    Date,
    Time,
    PricePence,
    DepositPence,
    BalanceDue,
    SpotsLeft,
    Image,
    Position,
}

#[derive(DeriveIden)]
enum Enquiries {
    Table,
    Id,
    Name,
    Email,
    Phone,
    EnquiryType,
    Message,
    RemoteAddr,
    CreatedAt,
}
