//! A delivery slot's hours, kept with the choice that booked it (`slot_hours`, `09:00–13:00`;
//! null for a collection): on the cart while it is open, then on the order, so its mails and
//! pages give the hours the shopper chose even after the studio changes its slots. Orders
//! placed before keep null and show the slot by its name alone.

use sea_orm_migration::{prelude::*, schema::*};

#[derive(DeriveMigrationName)]
pub struct Migration;

/// The longest hours text: `HH:MM–HH:MM` is 11 characters; room to spare.
const HOURS_LEN: u32 = 40;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [Kept::Carts, Kept::Orders] {
            manager
                .alter_table(
                    Table::alter()
                        .table(table)
                        .add_column(string_len_null(Kept::SlotHours, HOURS_LEN))
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [Kept::Carts, Kept::Orders] {
            manager
                .alter_table(
                    Table::alter()
                        .table(table)
                        .drop_column(Kept::SlotHours)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}

#[derive(DeriveIden)]
enum Kept {
    Carts,
    Orders,
    SlotHours,
}
