//! The studio's own facts as the shop keeps them: core's [`StudioFacts`] as JSON in the
//! `studio` row of `shop_settings` (the demo studio's until the back office saves its own),
//! checked by core before they are kept.
//!
//! Every page asks for them (`GET /api/site/`) and the mails sign with them, so they are kept
//! in memory ([`Facts`]): a save in this process replaces the copy at once; another process
//! sharing the database reads the row again when its copy is [`FRESH_FOR`] old.

use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use posy_core::studio::{StudioFacts, StudioField};
use posy_core::validation::FormProblems;
use sea_orm::{ConnectionTrait, DbErr};

use crate::store;
use crate::store::db::Writer;

/// The row that holds them, and what they are called in an error.
const KEY: &str = "studio";
const WHAT: &str = "studio facts";

/// How long a process trusts its copy before reading the row again, for saves made by
/// another process on the same database.
pub const FRESH_FOR: Duration = Duration::from_secs(30);

/// The facts in force, read from the database.
pub async fn stored(db: &impl ConnectionTrait) -> Result<StudioFacts, DbErr> {
    Ok(versioned(db).await?.0)
}

/// The facts in force read from the database (never a copy in memory, which may be another
/// process's older one), with the version a save must send back.
pub async fn versioned(db: &impl ConnectionTrait) -> Result<(StudioFacts, i64), DbErr> {
    let (saved, version) = store::settings::read_versioned(db, KEY, WHAT).await?;
    Ok((saved.unwrap_or_else(StudioFacts::demo), version))
}

/// Why facts were not saved.
#[derive(Debug)]
pub enum FactsError {
    /// Fields at fault, a sentence each (core's check).
    Form(FormProblems<StudioField>),
    /// Someone else saved the facts since the page loaded them.
    EditedMeanwhile,
    Db(DbErr),
}

impl From<DbErr> for FactsError {
    fn from(err: DbErr) -> Self {
        FactsError::Db(err)
    }
}

/// The facts in memory, shared by every handler of one shop (cloning shares them).
#[derive(Clone, Default)]
pub struct Facts {
    kept: Arc<RwLock<Kept>>,
}

#[derive(Default)]
struct Kept {
    /// The facts and when they were read or saved.
    facts: Option<(StudioFacts, Instant)>,
    /// Moves at every save, so a read that began before a save cannot put back what the
    /// save replaced.
    saves: u64,
}

impl Facts {
    /// The facts in force: the copy in memory while fresh, else the row read again.
    pub async fn get(&self, db: &impl ConnectionTrait) -> Result<StudioFacts, DbErr> {
        let saves = {
            let kept = self.kept.read().expect("not poisoned");
            if let Some((facts, at)) = &kept.facts
                && at.elapsed() < FRESH_FOR
            {
                return Ok(facts.clone());
            }
            kept.saves
        };
        let facts = stored(db).await?;
        let mut kept = self.kept.write().expect("not poisoned");
        if kept.saves == saves {
            kept.facts = Some((facts.clone(), Instant::now()));
        }
        Ok(facts)
    }

    /// Checks the facts with core and keeps them, if they are still at the version `seen`
    /// the page loaded: in the database, with what `who` changed in the record of who did what
    /// (one transaction, the writer's turn), then in memory, so the next page in this process
    /// shows them. Answers them as kept (tidied by core) with their new version.
    pub async fn save(
        &self,
        writer: &Writer,
        who: &str,
        facts: &StudioFacts,
        seen: i64,
    ) -> Result<(StudioFacts, i64), FactsError> {
        let checked = facts.check().map_err(FactsError::Form)?;
        let txn = writer.begin().await?;
        let (before, _) = versioned(&txn).await?;
        let version = store::settings::write(&txn, KEY, WHAT, &checked, seen)
            .await?
            .ok_or(FactsError::EditedMeanwhile)?;
        store::settings::record_change(&txn, who, WHAT, &before, &checked).await?;
        txn.commit().await?;
        let mut kept = self.kept.write().expect("not poisoned");
        kept.facts = Some((checked.clone(), Instant::now()));
        kept.saves += 1;
        Ok((checked, version))
    }
}
