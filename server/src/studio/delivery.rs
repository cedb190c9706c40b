//! The studio's delivery settings as the shop keeps them: core's [`DeliverySettings`] as JSON in
//! the `delivery` row of `shop_settings`, the demo defaults until the back office saves its own.
//! Every rule over them (zones, days, slots, cut-offs, fees) is core's, run by the browser and
//! by the server alike.

use posy_core::delivery::DeliverySettings;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ConnectionTrait, DbErr, EntityTrait, Set};

use crate::store::clock::now;
use crate::store::entities::shop_setting;

/// The row that holds them.
const KEY: &str = "delivery";

/// The settings in force: the saved ones, else the demo defaults.
pub async fn settings(db: &impl ConnectionTrait) -> Result<DeliverySettings, DbErr> {
    match shop_setting::Entity::find_by_id(KEY).one(db).await? {
        Some(row) => serde_json::from_str(&row.value).map_err(|err| {
            DbErr::Custom(format!("the saved delivery settings cannot be read: {err}"))
        }),
        None => Ok(DeliverySettings::demo()),
    }
}

/// Why settings were not saved.
#[derive(Debug)]
pub enum SaveError {
    /// What does not make sense in them, a sentence each (core's check).
    Problems(Vec<String>),
    Db(DbErr),
}

impl From<DbErr> for SaveError {
    fn from(err: DbErr) -> Self {
        SaveError::Db(err)
    }
}

/// Saves new settings, once core finds nothing wrong with them.
pub async fn save(db: &impl ConnectionTrait, settings: &DeliverySettings) -> Result<(), SaveError> {
    let problems = settings.problems();
    if !problems.is_empty() {
        return Err(SaveError::Problems(problems));
    }
    let value = serde_json::to_string(settings)
        .map_err(|err| DbErr::Custom(format!("the delivery settings cannot be written: {err}")))?;
    shop_setting::Entity::insert(shop_setting::ActiveModel {
        key: Set(KEY.to_owned()),
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
