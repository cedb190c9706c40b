//! Where each choice books its place, for the capacities of slots and collection days (see
//! `places`): `fulfil_method` (`delivery` or `collection`), `fulfil_date` (`2026-12-15`) and,
//! for delivery, `fulfil_slot` (the slot's name), on orders (written with the order) and on
//! carts (written with the choice, counted while the cart's stock is held). An index over the
//! orders' three makes the count one grouped query over the days from today. Rows from before
//! are filled in from the choice they keep as JSON.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [Places::Orders, Places::Carts] {
            // One column per statement: SQLite alters a table one change at a time.
            for column in [
                string_len_null(Places::FulfilMethod, 20),
                string_len_null(Places::FulfilDate, 20),
                // A slot's name, as the choice names it (at most 50 characters there).
                string_len_null(Places::FulfilSlot, 100),
            ] {
                manager
                    .alter_table(Table::alter().table(table).add_column(column).to_owned())
                    .await?;
            }
        }
        manager
            .create_index(
                Index::create()
                    .name("idx_orders_fulfil_places")
                    .table(Places::Orders)
                    .col(Places::FulfilDate)
                    .col(Places::FulfilMethod)
                    .col(Places::FulfilSlot)
                    .to_owned(),
            )
            .await?;
        for table in [Places::Orders, Places::Carts] {
            fill_in(manager, table).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_index(
                Index::drop()
                    .name("idx_orders_fulfil_places")
                    .table(Places::Orders)
                    .to_owned(),
            )
            .await?;
        for table in [Places::Orders, Places::Carts] {
            for column in [Places::FulfilMethod, Places::FulfilDate, Places::FulfilSlot] {
                manager
                    .alter_table(Table::alter().table(table).drop_column(column).to_owned())
                    .await?;
            }
        }
        Ok(())
    }
}

/// Writes the place of every row of `table` that keeps a choice.
async fn fill_in(manager: &SchemaManager<'_>, table: Places) -> Result<(), DbErr> {
    let db = manager.get_connection();
    let kept = Query::select()
        .columns([Places::Id, Places::Fulfilment])
        .from(table)
        .and_where(Expr::col(Places::Fulfilment).is_not_null())
        .to_owned();
    for row in db.query_all(&kept).await? {
        let Some((method, date, slot)) = place_of(&row.try_get::<String>("", "fulfilment")?) else {
            continue;
        };
        let id: Value = match table {
            Places::Carts => row.try_get::<String>("", "id")?.into(),
            _ => row.try_get::<i32>("", "id")?.into(),
        };
        let update = Query::update()
            .table(table)
            .values([
                (Places::FulfilMethod, method.into()),
                (Places::FulfilDate, date.into()),
                (Places::FulfilSlot, slot.into()),
            ])
            .and_where(Expr::col(Places::Id).eq(id))
            .to_owned();
        db.execute(&update).await?;
    }
    Ok(())
}

/// The method, day and slot (delivery only) a kept choice (core's form as JSON) books, trimmed
/// as core reads them; `None` for a choice that cannot be read as one.
pub fn place_of(kept: &str) -> Option<(String, String, Option<String>)> {
    let form: serde_json::Value = serde_json::from_str(kept).ok()?;
    let text = |name: &str| Some(form.get(name)?.as_str()?.trim().to_owned());
    let method = text("method")?;
    let date = text("date").filter(|d| !d.is_empty())?;
    match method.as_str() {
        "delivery" => Some((method, date, Some(text("slot")?))),
        "collection" => Some((method, date, None)),
        _ => None,
    }
}

#[derive(DeriveIden, Clone, Copy)]
enum Places {
    Orders,
    Carts,
    Id,
    Fulfilment,
    FulfilMethod,
    FulfilDate,
    FulfilSlot,
}
