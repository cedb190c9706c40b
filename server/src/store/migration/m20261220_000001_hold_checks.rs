//! What a cart's holds have asked for, so that one shopper cannot keep stock or places for ever
//! (see `cart::holds`): `hold_checks` counts its `check_intent` calls in the current hour (its
//! place in a slot or collection day counts from the second: the one the checkout makes just
//! before paying, not the page's first), `holds_started` counts the holds it started in that
//! hour (each after the first is a renewal), and `hold_hour_from` is when that hour began.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column at a time: SQLite alters one column per statement.
        for column in [
            integer(Carts::HoldChecks).default(0).to_owned(),
            integer(Carts::HoldsStarted).default(0).to_owned(),
            big_integer_null(Carts::HoldHourFrom),
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Carts::Table)
                        .add_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [Carts::HoldChecks, Carts::HoldsStarted, Carts::HoldHourFrom] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Carts::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Carts {
    Table,
    HoldChecks,
    HoldsStarted,
    HoldHourFrom,
}
