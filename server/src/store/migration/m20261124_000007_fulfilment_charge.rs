//! What the florist's choice costs, fixed when the payment is made for it: on the cart until
//! the order is placed (`delivery_fee_pence`, `surcharge_pence`; null until check_intent prices
//! the kept choice), then on the order with the choice itself (`fulfilment`, core's form as
//! JSON; null for an order placed without one).

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // One column per statement: SQLite alters a table one change at a time.
        for column in [
            big_integer_null(Carts::DeliveryFeePence),
            big_integer_null(Carts::SurchargePence),
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
        for column in [
            text_null(Orders::Fulfilment),
            big_integer(Orders::DeliveryFeePence).default(0).to_owned(),
            big_integer(Orders::SurchargePence).default(0).to_owned(),
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Orders::Table)
                        .add_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [Carts::DeliveryFeePence, Carts::SurchargePence] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Carts::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        for column in [
            Orders::Fulfilment,
            Orders::DeliveryFeePence,
            Orders::SurchargePence,
        ] {
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
enum Carts {
    Table,
    DeliveryFeePence,
    SurchargePence,
}

#[derive(DeriveIden)]
enum Orders {
    Table,
    Fulfilment,
    DeliveryFeePence,
    SurchargePence,
}
