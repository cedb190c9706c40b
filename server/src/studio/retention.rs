//! How long the shop keeps customers' personal data, as the studio sets it: core's
//! [`RetentionSettings`] as JSON in the `retention` row of `shop_settings`, the defaults (which
//! suit a UK shop) until the back office saves its own. The privacy notice says them in words,
//! and the daily retention task applies them.

use posy_core::retention::RetentionSettings;
use sea_orm::{ConnectionTrait, DbErr};

use crate::store;
use crate::store::settings::SaveError;

/// The row that holds them, and what they are called in an error.
const KEY: &str = "retention";
const WHAT: &str = "retention settings";

/// The settings in force: the saved ones, else the defaults.
pub async fn settings(db: &impl ConnectionTrait) -> Result<RetentionSettings, DbErr> {
    Ok(versioned(db).await?.0)
}

/// The settings in force with the version a save must send back.
pub async fn versioned(db: &impl ConnectionTrait) -> Result<(RetentionSettings, i64), DbErr> {
    let (saved, version) = store::settings::read_versioned(db, KEY, WHAT).await?;
    Ok((saved.unwrap_or_default(), version))
}

/// Saves new settings, once core finds nothing wrong with them, if the saved ones are still
/// at the version `seen` the page loaded; answers the new version.
pub async fn save(
    db: &impl ConnectionTrait,
    settings: &RetentionSettings,
    seen: i64,
) -> Result<i64, SaveError> {
    let problems = settings.problems();
    if !problems.is_empty() {
        return Err(SaveError::Problems(problems));
    }
    store::settings::write(db, KEY, WHAT, settings, seen)
        .await?
        .ok_or(SaveError::EditedMeanwhile)
}
