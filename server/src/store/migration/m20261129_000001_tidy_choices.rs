//! The florist's choices kept before core's tidied form was kept (`Fulfilment::form`), tidied
//! once, so every page and mail shows a kept choice as it is kept: the fields its method asks
//! for, trimmed, the postcode written as postcodes are, the card's line breaks as `\n`. The
//! columns stay as they are; only the JSON in `fulfilment` is rewritten, on orders and carts.
//! A choice that cannot be read (no method or day) is left as it is: nothing shows it.

use posy_core::calendar::Date;
use posy_core::fulfilment::{FulfilmentField, FulfilmentForm};
use posy_core::postcode::Postcode;
use posy_core::schedule::Method;
use sea_orm_migration::prelude::*;
use sea_orm_migration::sea_orm::ConnectionTrait;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [Choices::Orders, Choices::Carts] {
            tidy_all(manager, table).await?;
        }
        Ok(())
    }

    async fn down(&self, _manager: &SchemaManager) -> Result<(), DbErr> {
        // A tidied choice reads as the untidy one did: nothing to undo.
        Ok(())
    }
}

/// Rewrites every kept choice of `table` that tidying changes.
async fn tidy_all(manager: &SchemaManager<'_>, table: Choices) -> Result<(), DbErr> {
    let db = manager.get_connection();
    let kept = Query::select()
        .columns([Choices::Id, Choices::Fulfilment])
        .from(table)
        .and_where(Expr::col(Choices::Fulfilment).is_not_null())
        .to_owned();
    for row in db.query_all(&kept).await? {
        let before = row.try_get::<String>("", "fulfilment")?;
        let Some(after) = tidied(&before).filter(|after| *after != before) else {
            continue;
        };
        let id: Value = match table {
            Choices::Carts => row.try_get::<String>("", "id")?.into(),
            _ => row.try_get::<i32>("", "id")?.into(),
        };
        let update = Query::update()
            .table(table)
            .value(Choices::Fulfilment, after)
            .and_where(Expr::col(Choices::Id).eq(id))
            .to_owned();
        db.execute(&update).await?;
    }
    Ok(())
}

/// A kept choice (core's form as JSON) as core keeps one now; `None` when it has no method or
/// day that can be read.
pub fn tidied(kept: &str) -> Option<String> {
    let sent: FulfilmentForm = serde_json::from_str(kept).ok()?;
    let method = Method::parse(sent.method.trim())?;
    let date = Date::parse(sent.date.trim())?;
    let mut form = FulfilmentForm {
        method: method.as_str().to_owned(),
        date: date.to_wire(),
        ..FulfilmentForm::default()
    };
    for field in FulfilmentField::ALL {
        if field.asked(method) && !matches!(field, FulfilmentField::Method | FulfilmentField::Date)
        {
            let value = sent.value(field).trim();
            *form.value_mut(field) = match field {
                FulfilmentField::Postcode => {
                    Postcode::parse(value).map_or_else(|| value.to_owned(), |p| p.to_string())
                }
                FulfilmentField::CardMessage => value.replace("\r\n", "\n").replace('\r', "\n"),
                _ => value.to_owned(),
            };
        }
    }
    serde_json::to_string(&form).ok()
}

#[derive(DeriveIden, Clone, Copy)]
enum Choices {
    Orders,
    Carts,
    Id,
    Fulfilment,
}
