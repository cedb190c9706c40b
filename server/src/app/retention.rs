//! The retention task: once a day it applies the studio's retention settings (core's
//! [`RetentionSettings`], kept by `studio::retention`) to what the shop holds, each domain
//! doing its own part: sent mail and mail given up on go (rows and `.eml` files), orders whose
//! day is long past lose the recipient's phone, the instructions and the card message,
//! enquiries with nothing new for the kept period go with their replies, orders and gift
//! vouchers older than six years are anonymised, and so are vouchers never paid for once an
//! unpaid cart would have gone.
//!
//! It compares the rows' real timestamps with the clock it is handed. The shop hands it the
//! real one: the `--fake-now` that moves the shop's calendar for journeys and demos must never
//! make it delete anything. Tests hand it a clock they move.

use std::path::{Path, PathBuf};
use std::time::Duration;

use posy_core::retention::RetentionSettings;
use sea_orm::DbErr;

use crate::store::clock::Clock;
use crate::store::db::Writer;
use crate::{cart, enquiries, mail, orders, studio};

/// How often the rules are applied.
const EVERY: Duration = Duration::from_secs(24 * 60 * 60);

/// What one pass removed or changed, for the log and the tests.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Applied {
    /// Letters deleted (sent, or given up on, long enough ago).
    pub mail: usize,
    /// `.eml` files removed with them (and any left by an earlier pass).
    pub mail_files: usize,
    /// Orders whose recipient's phone, instructions and card message were blanked.
    pub blanked: u64,
    /// Enquiries deleted with their replies.
    pub enquiries: u64,
    /// Orders anonymised.
    pub anonymised: u64,
    /// Workshop bookings whose note (allergies: health data) was deleted, 30 days after the
    /// workshop.
    pub notes: u64,
    /// Gift vouchers whose buyer's and recipient's details and message went.
    pub vouchers: u64,
    /// Gift vouchers never paid for whose details and message went.
    pub unpaid_vouchers: u64,
}

/// Applies the settings in force once, as at `now` (Unix seconds on the clock handed in).
/// Each rule writes in transactions of its own, in turn with the shop's other writes.
pub async fn apply(writer: &Writer, outbox_dir: &Path, now: i64) -> Result<Applied, DbErr> {
    let settings: RetentionSettings = studio::retention::settings(writer.pool()).await?;
    let cut = settings.cutoffs(now);
    let mut applied = Applied::default();

    let txn = writer.begin().await?;
    let gone =
        mail::privacy::delete_expired(&txn, cut.mail_sent_before, cut.mail_given_up_before).await?;
    txn.commit().await?;
    applied.mail = gone.len();
    // Files of rows already gone too: a pass that stopped between its commit and its files.
    let mut files = mail::privacy::orphaned_files(writer.pool(), outbox_dir).await?;
    files.extend(gone);
    files.sort_unstable();
    files.dedup();
    applied.mail_files = mail::privacy::remove_files(outbox_dir, &files)
        .map_err(|err| DbErr::Custom(format!("the outbox's files cannot be removed: {err}")))?;

    // In batches, so a first pass over years of orders never holds the writer's turn long.
    loop {
        let txn = writer.begin().await?;
        let blanked =
            orders::privacy::blank_handed_over_before(&txn, cut.handed_over_before, now).await?;
        txn.commit().await?;
        applied.blanked += blanked;
        if blanked < orders::privacy::BATCH {
            break;
        }
    }

    let txn = writer.begin().await?;
    let today = orders::admin::studio_today(now);
    applied.notes = orders::bookings::clear_old_notes(&txn, today, now).await?;
    txn.commit().await?;

    let txn = writer.begin().await?;
    applied.enquiries = enquiries::privacy::delete_quiet_since(&txn, cut.enquiries_before).await?;
    txn.commit().await?;

    loop {
        let txn = writer.begin().await?;
        let anonymised =
            orders::privacy::anonymise_placed_before(&txn, cut.orders_before, now).await?;
        txn.commit().await?;
        applied.anonymised += anonymised;
        if anonymised < orders::privacy::BATCH {
            break;
        }
    }

    // Gift vouchers keep their people's details as long as orders do (their code and ledger,
    // which are money, stay).
    let txn = writer.begin().await?;
    applied.vouchers =
        orders::voucher_privacy::anonymise_bought_before(&txn, cut.orders_before, now).await?;
    // A purchase never paid for keeps them no longer than an unpaid checkout keeps its cart
    // (with the recipient and the card message on its choice): until it lies idle that long.
    let unpaid_before = now - cart::IDLE_LIMIT.as_secs() as i64;
    applied.unpaid_vouchers =
        orders::voucher_privacy::anonymise_unpaid_started_before(&txn, unpaid_before, now).await?;
    txn.commit().await?;
    Ok(applied)
}

/// Applies the rules at once and then every day, for as long as the shop runs, on `clock`
/// (the real one in the shop).
pub async fn run_daily(writer: Writer, outbox_dir: PathBuf, clock: Clock) {
    let mut every_day = tokio::time::interval(EVERY);
    loop {
        every_day.tick().await;
        match apply(&writer, &outbox_dir, clock.now()).await {
            Ok(applied) if applied == Applied::default() => {}
            Ok(applied) => tracing::info!(?applied, "applied the retention settings"),
            Err(err) => tracing::warn!(%err, "could not apply the retention settings"),
        }
    }
}
