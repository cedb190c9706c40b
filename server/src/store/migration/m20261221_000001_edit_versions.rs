//! What a back-office edit was made from: a `version` on products, shelves and the studio's
//! settings rows, moved on by every save of what their forms edit. A form carries the version
//! it loaded, and a save against a version that has moved since (someone else saved) is
//! refused rather than undoing the other person's work. Existing rows start at 0.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            Versioned::Products,
            Versioned::Categories,
            Versioned::ShopSettings,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(table)
                        .add_column(big_integer(Versioned::Version).default(0))
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            Versioned::Products,
            Versioned::Categories,
            Versioned::ShopSettings,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(table)
                        .drop_column(Versioned::Version)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Versioned {
    Products,
    Categories,
    ShopSettings,
    Version,
}
