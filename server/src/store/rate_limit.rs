//! Limits on how often one address may do something (sign in, send an enquiry), counted in the
//! database so every posy process agrees. Each attempt takes a slot with one upsert that raises
//! the counter and answers it: PostgreSQL locks the row and SQLite has one writer, so fifty
//! parallel attempts get fifty different counts and exactly `limit` of them are allowed. (A count
//! of rows followed by an insert let every parallel attempt see the same count.)
//!
//! The window is fixed: it starts with the first attempt and the count starts again once it has
//! passed. Rows whose window has passed count for nothing and are swept.

use sea_orm::sea_query::{Expr, OnConflict, Query};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, ExprTrait, QueryFilter};

use crate::store::clock::now;
use crate::store::entities::rate_limit::{self, Column};

/// A limit: `max` attempts per `window_seconds`.
#[derive(Clone, Copy, Debug)]
pub struct Limit {
    /// What is counted, the first word of the key, e.g. `sign-in`.
    pub scope: &'static str,
    pub max: u32,
    pub window_seconds: i64,
}

impl Limit {
    /// `max` attempts per `window_minutes` of `scope`.
    pub fn new(scope: &'static str, max: u32, window_minutes: u32) -> Limit {
        Limit {
            scope,
            max,
            window_seconds: i64::from(window_minutes) * 60,
        }
    }

    /// The window in whole minutes (what a refused visitor is told to wait, at most).
    pub fn window_minutes(&self) -> u32 {
        u32::try_from((self.window_seconds + 59) / 60).unwrap_or(u32::MAX)
    }

    /// The key of this limit's counter for `who` (an address, or an address and a name).
    fn key(&self, who: &str) -> String {
        format!("{} {who}", self.scope)
    }

    /// Counts an attempt by `who`; true when it is within the limit. Refused attempts do not
    /// lengthen the window, and the count stops one past the limit.
    pub async fn take(&self, db: &impl ConnectionTrait, who: &str) -> Result<bool, sea_orm::DbErr> {
        let now = now();
        let table = rate_limit::Entity;
        let window_over = Expr::col((table, Column::WindowEndsAt)).lte(now);
        let max = i32::try_from(self.max).unwrap_or(i32::MAX - 1);
        let upsert = Query::insert()
            .into_table(table)
            .columns([Column::Key, Column::Used, Column::WindowEndsAt])
            .values_panic([
                self.key(who).into(),
                1.into(),
                (now + self.window_seconds).into(),
            ])
            .on_conflict(
                OnConflict::column(Column::Key)
                    // Both right-hand sides see the row as it was before this update.
                    .value(
                        Column::Used,
                        Expr::case(window_over.clone(), 1)
                            .case(Expr::col((table, Column::Used)).gt(max), max + 1)
                            .finally(Expr::col((table, Column::Used)).add(1)),
                    )
                    .value(
                        Column::WindowEndsAt,
                        Expr::case(window_over, now + self.window_seconds)
                            .finally(Expr::col((table, Column::WindowEndsAt))),
                    )
                    .to_owned(),
            )
            .returning_col(Column::Used)
            .to_owned();
        let row = db
            .query_one(&upsert)
            .await?
            .ok_or_else(|| sea_orm::DbErr::RecordNotFound("the counter's new value".into()))?;
        let used: i32 = row.try_get("", "used")?;
        Ok(used <= max)
    }

    /// Forgets `who`'s attempts (a sign-in that worked clears the failures before it).
    pub async fn clear(&self, db: &impl ConnectionTrait, who: &str) -> Result<(), sea_orm::DbErr> {
        rate_limit::Entity::delete_by_id(self.key(who))
            .exec(db)
            .await?;
        Ok(())
    }
}

/// Removes counters whose window has passed; answers how many.
pub async fn sweep(db: &impl ConnectionTrait) -> Result<u64, sea_orm::DbErr> {
    let gone = rate_limit::Entity::delete_many()
        .filter(Column::WindowEndsAt.lte(now()))
        .exec(db)
        .await?;
    Ok(gone.rows_affected)
}
