//! When the retention rules or an erasure reached an order: `details_blanked_at` once the
//! recipient's phone, the instructions and the card message were blanked (13 months after the
//! day, by default), `anonymised_at` once its personal data went (6 years, or on request).
//! Each rule then passes over the orders it has done. Existing orders start with neither.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [Orders::DetailsBlankedAt, Orders::AnonymisedAt] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Orders::Table)
                        .add_column(big_integer_null(column))
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [Orders::DetailsBlankedAt, Orders::AnonymisedAt] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Orders::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Orders {
    Table,
    DetailsBlankedAt,
    AnonymisedAt,
}
