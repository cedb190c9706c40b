//! Core's values kept as JSON in the `shop_settings` table, one row each under its own key
//! (the delivery settings, the studio's facts).

use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, Set};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::store::audit::{self, Kind};
use crate::store::clock::now;
#[cfg(doc)]
use crate::store::db::Writer;
use crate::store::entities::shop_setting;

/// Why settings were not saved.
#[derive(Debug)]
pub enum SaveError {
    /// What does not make sense in them or is out of bounds, a sentence each (core's check).
    Problems(Vec<String>),
    /// Someone else saved the settings since the page loaded them.
    EditedMeanwhile,
    Db(DbErr),
}

impl From<DbErr> for SaveError {
    fn from(err: DbErr) -> Self {
        SaveError::Db(err)
    }
}

/// The value kept under `key`, none when nothing was saved; `what` names it in an error.
pub async fn read<T: DeserializeOwned>(
    db: &impl ConnectionTrait,
    key: &str,
    what: &str,
) -> Result<Option<T>, DbErr> {
    Ok(read_versioned(db, key, what).await?.0)
}

/// The value kept under `key` (none when nothing was saved) and its version (0 then), read
/// together: what a settings page loads and sends back with its save.
pub async fn read_versioned<T: DeserializeOwned>(
    db: &impl ConnectionTrait,
    key: &str,
    what: &str,
) -> Result<(Option<T>, i64), DbErr> {
    let Some(row) = shop_setting::Entity::find_by_id(key).one(db).await? else {
        return Ok((None, 0));
    };
    serde_json::from_str(&row.value)
        .map(|value| (Some(value), row.version))
        .map_err(|err| DbErr::Custom(format!("the saved {what} cannot be read: {err}")))
}

/// Keeps `value` under `key` if it is still at version `seen` (0: never saved), in one
/// statement, so the row is whole or unchanged; answers the new version, or none when someone
/// else saved it since `seen` (nothing is written then). The shop calls it on a transaction of
/// its [`Writer`] that also writes the change's record ([`record_change`]).
pub async fn write<T: Serialize>(
    db: &impl ConnectionTrait,
    key: &str,
    what: &str,
    value: &T,
    seen: i64,
) -> Result<Option<i64>, DbErr> {
    // Versions count up from 1 a save at a time: the last whole number was never stored.
    let Some(next) = seen.checked_add(1) else {
        return Ok(None);
    };
    let value = serde_json::to_string(value)
        .map_err(|err| DbErr::Custom(format!("the {what} cannot be written: {err}")))?;
    let changed = shop_setting::Entity::update_many()
        .col_expr(shop_setting::Column::Value, Expr::value(value.clone()))
        .col_expr(shop_setting::Column::UpdatedAt, Expr::value(now()))
        .col_expr(shop_setting::Column::Version, Expr::value(next))
        .filter(shop_setting::Column::Key.eq(key))
        .filter(shop_setting::Column::Version.eq(seen))
        .exec(db)
        .await?;
    if changed.rows_affected == 1 {
        return Ok(Some(next));
    }
    if seen != 0 {
        return Ok(None);
    }
    // Never saved: the first save makes the row, unless another made it meanwhile.
    let made = shop_setting::Entity::insert(shop_setting::ActiveModel {
        key: Set(key.to_owned()),
        value: Set(value),
        updated_at: Set(now()),
        version: Set(1),
    })
    .on_conflict(
        OnConflict::column(shop_setting::Column::Key)
            .do_nothing()
            .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    Ok((made == 1).then_some(1))
}

/// Writes in the record of who did what that `who` changed the `what` from `old` to `new`:
/// the fields that differ, old → new in small JSON; nothing when none does. Called on the
/// transaction that saves them.
pub async fn record_change<T: Serialize>(
    db: &impl ConnectionTrait,
    who: &str,
    what: &str,
    old: &T,
    new: &T,
) -> Result<(), DbErr> {
    let json = |value: &T| {
        serde_json::to_value(value)
            .map_err(|err| DbErr::Custom(format!("the {what} cannot be written: {err}")))
    };
    let change = audit::changed_fields(&json(old)?, &json(new)?);
    if change.is_empty() {
        return Ok(());
    }
    audit::record(db, who, Kind::Settings, what, &change).await
}
