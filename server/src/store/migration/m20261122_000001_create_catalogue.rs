//! Categories, products, their sizes, and the catalogue version.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Categories::Table)
                    .col(pk_auto(Categories::Id))
                    .col(string_len_uniq(Categories::Name, 100))
                    .col(integer(Categories::Position).default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Products::Table)
                    .col(pk_auto(Products::Id))
                    .col(integer(Products::CategoryId))
                    .col(string_len(Products::Name, 200))
                    .col(text(Products::Description))
                    .col(string_len_null(Products::Image, 500))
                    .col(
                        big_integer(Products::PricePence)
                            .check(Expr::col(Products::PricePence).gte(0)),
                    )
                    .col(
                        big_integer(Products::Stock)
                            .default(0)
                            .check(Expr::col(Products::Stock).gte(0)),
                    )
                    .col(integer(Products::Position).default(0))
                    .col(boolean(Products::Active).default(true))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Products::Table, Products::CategoryId)
                            .to(Categories::Table, Categories::Id)
                            .on_delete(ForeignKeyAction::Restrict),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Variations::Table)
                    .col(pk_auto(Variations::Id))
                    .col(integer(Variations::ProductId))
                    .col(string_len(Variations::Size, 100))
                    .col(
                        big_integer(Variations::PricePence)
                            .check(Expr::col(Variations::PricePence).gte(0)),
                    )
                    .col(
                        big_integer(Variations::Stock)
                            .default(0)
                            .check(Expr::col(Variations::Stock).gte(0)),
                    )
                    .col(integer(Variations::Position).default(0))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Variations::Table, Variations::ProductId)
                            .to(Products::Table, Products::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_variations_product")
                    .table(Variations::Table)
                    .col(Variations::ProductId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(CatalogueVersion::Table)
                    .col(integer(CatalogueVersion::Id).primary_key())
                    .col(big_integer(CatalogueVersion::Version))
                    .to_owned(),
            )
            .await?;
        let first = Query::insert()
            .into_table(CatalogueVersion::Table)
            .columns([CatalogueVersion::Id, CatalogueVersion::Version])
            .values_panic([1.into(), 1.into()])
            .to_owned();
        manager.exec_stmt(first).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            CatalogueVersion::Table.into_iden(),
            Variations::Table.into_iden(),
            Products::Table.into_iden(),
            Categories::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Categories {
    Table,
    Id,
    Name,
    Position,
}

#[derive(DeriveIden)]
enum Products {
    Table,
    Id,
    CategoryId,
    Name,
    Description,
    Image,
    PricePence,
    Stock,
    Position,
    Active,
}

#[derive(DeriveIden)]
enum Variations {
    Table,
    Id,
    ProductId,
    Size,
    PricePence,
    Stock,
    Position,
}

#[derive(DeriveIden)]
enum CatalogueVersion {
    Table,
    Id,
    Version,
}
