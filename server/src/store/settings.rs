//! Core's values kept as JSON in the `shop_settings` table, one row each under its own key
//! (the delivery settings, the studio's facts).

use sea_orm::sea_query::OnConflict;
use sea_orm::{ConnectionTrait, DbErr, EntityTrait, Set};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::store::clock::now;
use crate::store::entities::shop_setting;

/// The value kept under `key`, none when nothing was saved; `what` names it in an error.
pub async fn read<T: DeserializeOwned>(
    db: &impl ConnectionTrait,
    key: &str,
    what: &str,
) -> Result<Option<T>, DbErr> {
    let Some(row) = shop_setting::Entity::find_by_id(key).one(db).await? else {
        return Ok(None);
    };
    serde_json::from_str(&row.value)
        .map(Some)
        .map_err(|err| DbErr::Custom(format!("the saved {what} cannot be read: {err}")))
}

/// Keeps `value` under `key`, in one statement: the row is whole or unchanged.
pub async fn write<T: Serialize>(
    db: &impl ConnectionTrait,
    key: &str,
    what: &str,
    value: &T,
) -> Result<(), DbErr> {
    let value = serde_json::to_string(value)
        .map_err(|err| DbErr::Custom(format!("the {what} cannot be written: {err}")))?;
    shop_setting::Entity::insert(shop_setting::ActiveModel {
        key: Set(key.to_owned()),
        value: Set(value),
        updated_at: Set(now()),
    })
    .on_conflict(
        OnConflict::column(shop_setting::Column::Key)
            .update_columns([shop_setting::Column::Value, shop_setting::Column::UpdatedAt])
            .to_owned(),
    )
    .exec(db)
    .await?;
    Ok(())
}
