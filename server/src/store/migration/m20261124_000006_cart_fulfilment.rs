//! A cart keeps the florist's choice (`fulfilment`, core's form as JSON) from the checkout
//! page until the order is placed.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Carts::Table)
                    .add_column(text_null(Carts::Fulfilment))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(Carts::Table)
                    .drop_column(Carts::Fulfilment)
                    .to_owned(),
            )
            .await
    }
}

#[derive(DeriveIden)]
enum Carts {
    Table,
    Fulfilment,
}
