//! The catalogue version's row names its database with a random word (`instance`), so a
//! process serving several shops (the tests do) keeps apart the versions it wrote in each (see
//! `catalogue::bump_version`).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(CatalogueVersion::Table)
                    .add_column(string_len(CatalogueVersion::Instance, 32).default(""))
                    .to_owned(),
            )
            .await?;
        let named = Query::update()
            .table(CatalogueVersion::Table)
            .value(
                CatalogueVersion::Instance,
                uuid::Uuid::new_v4().simple().to_string(),
            )
            .to_owned();
        manager.exec_stmt(named).await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(CatalogueVersion::Table)
                    .drop_column(CatalogueVersion::Instance)
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum CatalogueVersion {
    Table,
    Instance,
}
