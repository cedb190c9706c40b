//! The studio's delivery settings as the shop keeps them: core's [`DeliverySettings`] as JSON in
//! the `delivery` row of `shop_settings`, the demo defaults until the back office saves its own.
//! Every rule over them (zones, days, slots, cut-offs, fees) is core's, run by the browser and
//! by the server alike.

use posy_core::delivery::DeliverySettings;
use sea_orm::{ConnectionTrait, DbErr};

use crate::store;
use crate::store::settings::SaveError;

/// The row that holds them, and what they are called in an error.
const KEY: &str = "delivery";
const WHAT: &str = "delivery settings";

/// The settings in force: the saved ones, else the demo defaults.
pub async fn settings(db: &impl ConnectionTrait) -> Result<DeliverySettings, DbErr> {
    Ok(versioned(db).await?.0)
}

/// The settings in force with the version a save must send back.
pub async fn versioned(db: &impl ConnectionTrait) -> Result<(DeliverySettings, i64), DbErr> {
    let (saved, version) = store::settings::read_versioned(db, KEY, WHAT).await?;
    Ok((saved.unwrap_or_else(DeliverySettings::demo), version))
}

/// Saves new settings, once core finds nothing wrong with them, if the saved ones are still
/// at the version `seen` the page loaded, and writes what `who` changed in the record of who
/// did what; answers the new version. `db` is the transaction that saves them (the writer's
/// turn), so the settings and their record are written together.
pub async fn save(
    db: &impl ConnectionTrait,
    who: &str,
    settings: &DeliverySettings,
    seen: i64,
) -> Result<i64, SaveError> {
    let problems = settings.problems();
    if !problems.is_empty() {
        return Err(SaveError::Problems(problems));
    }
    let (before, _) = versioned(db).await?;
    let version = store::settings::write(db, KEY, WHAT, settings, seen)
        .await?
        .ok_or(SaveError::EditedMeanwhile)?;
    store::settings::record_change(db, who, WHAT, &before, settings).await?;
    Ok(version)
}
