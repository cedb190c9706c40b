//! The one order in which stock rows are locked: sizes by id, then products by id.
//!
//! Everything that writes or holds stock inside a transaction (a hold at `check_intent`, an
//! order taking its stock, a product edit, a refund putting stock back) locks the rows it will
//! touch in this order before touching them, so no two of them can wait on each other in a
//! circle on PostgreSQL (a deadlock, which PostgreSQL ends by failing one of them). On SQLite a
//! write transaction holds the whole database, and the locks below are left out of the SQL.
//!
//! The lock is `FOR NO KEY UPDATE`, not `FOR UPDATE`: a cart line added meanwhile checks its
//! product with a key-share lock (the foreign key), which `FOR UPDATE` would block and, when the
//! adding transaction then wants the row itself, turn into a deadlock; the shop never changes
//! a product's or size's id, so the weaker lock keeps every guarantee the stock needs.

use sea_orm::sea_query::LockType;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect,
};

use super::entities::{product, variation};

/// The rows of `sizes` and `products`, locked until the transaction ends, in the shop's one
/// order (see the module's notes).
pub async fn lock(
    txn: &impl ConnectionTrait,
    sizes: impl IntoIterator<Item = i32>,
    products: impl IntoIterator<Item = i32>,
) -> Result<(Vec<variation::Model>, Vec<product::Model>), DbErr> {
    let sizes = variation::Entity::find()
        .filter(variation::Column::Id.is_in(sizes))
        .order_by_asc(variation::Column::Id)
        .lock(LockType::NoKeyUpdate)
        .all(txn)
        .await?;
    let products = product::Entity::find()
        .filter(product::Column::Id.is_in(products))
        .order_by_asc(product::Column::Id)
        .lock(LockType::NoKeyUpdate)
        .all(txn)
        .await?;
    Ok((sizes, products))
}
