//! What a florist's order needs stored: the studio's settings (`shop_settings`, one row per
//! kind, the delivery settings as core's JSON) and each product's notice (`lead_days`, the
//! days a piece needs making; 0 for most).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ShopSettings::Table)
                    .if_not_exists()
                    .col(string_len(ShopSettings::Key, 50).primary_key())
                    .col(text(ShopSettings::Value))
                    .col(big_integer(ShopSettings::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Products::Table)
                    .add_column(integer(Products::LeadDays).default(0))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Products::Table)
                    .drop_column(Products::LeadDays)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table(ShopSettings::Table).to_owned())
            .await
    }
}

#[derive(DeriveIden)]
enum ShopSettings {
    Table,
    Key,
    Value,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Products {
    Table,
    LeadDays,
}
