//! Keys the server makes for itself: created at random on first start and kept in the
//! database, so every posy process sharing that database signs and checks alike.

use sea_orm::{ConnectionTrait, DbErr, EntityTrait, Set};

use crate::store::entities::secret;

/// The 32-byte key named `name`, made now if the database has none yet.
pub async fn load_or_create(db: &impl ConnectionTrait, name: &str) -> Result<[u8; 32], DbErr> {
    let mut fresh = [0u8; 32];
    getrandom::fill(&mut fresh).map_err(|e| DbErr::Custom(format!("no randomness: {e}")))?;
    // Two processes starting at once both try; the first one's key stands.
    secret::Entity::insert(secret::ActiveModel {
        name: Set(name.to_owned()),
        value: Set(hex::encode(fresh)),
    })
    .on_conflict_do_nothing_on([secret::Column::Name])
    .exec(db)
    .await?;
    let stored = secret::Entity::find_by_id(name.to_owned())
        .one(db)
        .await?
        .ok_or_else(|| DbErr::RecordNotFound(format!("secret {name}")))?;
    let mut key = [0u8; 32];
    hex::decode_to_slice(&stored.value, &mut key)
        .map_err(|e| DbErr::Custom(format!("secret {name} is not 32 bytes of hex: {e}")))?;
    Ok(key)
}

/// Whether `a` and `b` are equal, taking the same time wherever they differ (a token or a
/// hash compared with what was presented; only the length may show).
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |diff, (x, y)| diff | (x ^ y)) == 0
}
