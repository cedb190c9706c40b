//! The back office's catalogue: a shelf can be hidden (it and its products leave /shop); a
//! product that was ordered is archived rather than deleted (it leaves /shop and carts, its
//! orders keep their snapshots); and a product's uploaded picture keeps its page sizes
//! (`480:products/x-480.jpg,960:…`), as an album's pictures do.

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
                    .table(Categories::Table)
                    .add_column(boolean(Categories::Hidden).default(false))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Products::Table)
                    .add_column(boolean(Products::Archived).default(false))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(Products::Table)
                    .add_column(string_len(Products::ImageVariants, 1000).default(""))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for (table, column) in [
            (
                Products::Table.into_iden(),
                Products::ImageVariants.into_iden(),
            ),
            (Products::Table.into_iden(), Products::Archived.into_iden()),
            (
                Categories::Table.into_iden(),
                Categories::Hidden.into_iden(),
            ),
        ] {
            manager
                .alter_table(Table::alter().table(table).drop_column(column).to_owned())
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Categories {
    Table,
    Hidden,
}

#[derive(DeriveIden)]
enum Products {
    Table,
    Archived,
    ImageVariants,
}
