//! The record of who did what in the back office: sign-ins (failed ones counted per address
//! and window, one row each), products, prices and stock, settings, admins, refunds, exports
//! and erasures, each with who (the admin's username as it was, or [`COMMAND_LINE`]) and when.
//!
//! It lives here, below every domain, because every domain writes to it: each calls
//! [`record`] on the transaction that makes its change, so a change that is refused or rolled
//! back leaves no entry, and no entry stands without its change. The back office shows it
//! read-only, newest first. Entries are kept [`KEPT_DAYS`] and then deleted by
//! [`forget_forever`], which compares their real timestamps with the clock it is handed (the
//! real one in the shop, never `--fake-now`; a moved one in tests).

use std::time::Duration;

use posy_core::calendar::LondonTime;
use sea_orm::sea_query::{Expr, OnConflict, Query};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, ExprTrait,
    PaginatorTrait, QueryFilter, QueryOrder, Set,
};

use crate::store::clock::{Clock, now};
use crate::store::entities::audit_entry::{self, Column};

/// Who made a change on the shop's server (`posy admin …`) rather than in the back office.
pub const COMMAND_LINE: &str = "command line";
/// Who tried a failed sign-in: nobody known.
pub const NOT_SIGNED_IN: &str = "not signed in";
/// How long an entry is kept: two years, a leap day included.
pub const KEPT_DAYS: i64 = 731;
/// Entries a page of the record shows.
pub const PAGE_SIZE: u64 = 50;

/// What an entry is about, kept as its word (`as_str`) in a string column, and published by
/// the API under the same words (a test holds the two to each other).
#[derive(Clone, Copy, Debug, PartialEq, Eq, poem_openapi::Enum)]
#[oai(rename = "AuditKind", rename_all = "kebab-case")]
pub enum Kind {
    SignIn,
    /// Failed sign-ins from one address in one window, counted in one entry.
    FailedSignIns,
    /// A product made, changed (but for its prices and stock), archived, restored or deleted.
    Product,
    Price,
    Stock,
    Settings,
    /// An admin added, disabled, enabled or removed.
    Admin,
    Refund,
    /// Customers' data taken out of the shop (the orders' CSV, a customer's export).
    Export,
    /// A customer's data erased on request.
    Erasure,
    /// A workshop made, changed, hidden or cancelled, or a booking's balance or cancellation.
    Workshop,
    /// A gift voucher sold in the studio, extended or voided.
    Voucher,
    /// An offer code made, changed or ended.
    Offer,
}

impl Kind {
    /// Every kind, in the order the back office offers them.
    pub const ALL: [Kind; 13] = [
        Kind::SignIn,
        Kind::FailedSignIns,
        Kind::Product,
        Kind::Price,
        Kind::Stock,
        Kind::Settings,
        Kind::Admin,
        Kind::Refund,
        Kind::Export,
        Kind::Erasure,
        Kind::Workshop,
        Kind::Voucher,
        Kind::Offer,
    ];

    /// The word kept in the table and sent on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::SignIn => "sign-in",
            Kind::FailedSignIns => "failed-sign-ins",
            Kind::Product => "product",
            Kind::Price => "price",
            Kind::Stock => "stock",
            Kind::Settings => "settings",
            Kind::Admin => "admin",
            Kind::Refund => "refund",
            Kind::Export => "export",
            Kind::Erasure => "erasure",
            Kind::Workshop => "workshop",
            Kind::Voucher => "voucher",
            Kind::Offer => "offer",
        }
    }

    /// What the back office calls it.
    pub fn label(self) -> &'static str {
        match self {
            Kind::SignIn => "Sign-ins",
            Kind::FailedSignIns => "Failed sign-ins",
            Kind::Product => "Products",
            Kind::Price => "Prices",
            Kind::Stock => "Stock",
            Kind::Settings => "Settings",
            Kind::Admin => "Admins",
            Kind::Refund => "Refunds",
            Kind::Export => "Exports",
            Kind::Erasure => "Erasures",
            Kind::Workshop => "Workshops",
            Kind::Voucher => "Gift vouchers",
            Kind::Offer => "Offer codes",
        }
    }

    /// The kind a word names.
    pub fn parse(word: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|kind| kind.as_str() == word)
    }
}

/// Writes an entry on `db`, which should be the transaction making the change, so the two
/// stand or fall together. `subject` names what was changed (`Peony posy (#12)`), `change`
/// says how, old → new ([`from_to`]).
pub async fn record(
    db: &impl ConnectionTrait,
    who: &str,
    kind: Kind,
    subject: &str,
    change: &str,
) -> Result<(), DbErr> {
    audit_entry::Entity::insert(audit_entry::ActiveModel {
        at: Set(now()),
        who: Set(who.chars().take(100).collect()),
        kind: Set(kind.as_str().to_owned()),
        subject: Set(subject.to_owned()),
        change: Set(change.to_owned()),
        times: Set(1),
        tally: Set(None),
        ..Default::default()
    })
    .exec_without_returning(db)
    .await?;
    Ok(())
}

/// `what: old → new`, the way a change is written.
pub fn from_to(what: &str, old: impl std::fmt::Display, new: impl std::fmt::Display) -> String {
    format!("{what}: {old} → {new}")
}

/// The fields that differ between two values kept as JSON objects (settings), each as
/// `field: old → new` in small JSON, joined by `; `; empty when nothing changed.
pub fn changed_fields(old: &serde_json::Value, new: &serde_json::Value) -> String {
    let empty = serde_json::Map::new();
    let (old, new) = (
        old.as_object().unwrap_or(&empty),
        new.as_object().unwrap_or(&empty),
    );
    let mut fields: Vec<&String> = old.keys().chain(new.keys()).collect();
    fields.sort();
    fields.dedup();
    let null = serde_json::Value::Null;
    fields
        .into_iter()
        .filter_map(|field| {
            let (was, is) = (
                old.get(field).unwrap_or(&null),
                new.get(field).unwrap_or(&null),
            );
            (was != is).then(|| from_to(field, was, is))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// Counts a failed sign-in from `address`: one entry per address and window of
/// `window_seconds` (windows start on the clock's multiples of it), its count raised by one
/// atomic upsert, so a guesser's thousand tries are one row, not a thousand. The usernames
/// tried are not kept: people type their password there by mistake.
pub async fn count_failed_sign_in(
    db: &impl ConnectionTrait,
    address: &str,
    window_seconds: i64,
) -> Result<(), DbErr> {
    let at = now();
    let window = Ord::max(window_seconds, 60);
    let starts = at - at.rem_euclid(window);
    let from = LondonTime::at(starts).map_or_else(String::new, |time| time.brief());
    let change = format!(
        "wrong username or password, counted over {} minutes from {from}",
        window / 60
    );
    let table = audit_entry::Entity;
    let upsert = Query::insert()
        .into_table(table)
        .columns([
            Column::At,
            Column::Who,
            Column::Kind,
            Column::Subject,
            Column::Change,
            Column::Times,
            Column::Tally,
        ])
        .values_panic([
            at.into(),
            NOT_SIGNED_IN.into(),
            Kind::FailedSignIns.as_str().into(),
            format!("from {address}").into(),
            change.into(),
            1.into(),
            format!("failed-sign-ins {address} {starts}").into(),
        ])
        .on_conflict(
            OnConflict::column(Column::Tally)
                .value(Column::Times, Expr::col((table, Column::Times)).add(1))
                .value(Column::At, at)
                .to_owned(),
        )
        .to_owned();
    db.execute(&upsert).await?;
    Ok(())
}

/// A page of the record (the first is 1), newest first, of one kind or all; with how many
/// pages there are.
pub async fn page(
    db: &impl ConnectionTrait,
    kind: Option<Kind>,
    page: u64,
) -> Result<(Vec<audit_entry::Model>, u64), DbErr> {
    let mut query = audit_entry::Entity::find();
    if let Some(kind) = kind {
        query = query.filter(Column::Kind.eq(kind.as_str()));
    }
    let pages = query
        .order_by_desc(Column::At)
        .order_by_desc(Column::Id)
        .paginate(db, PAGE_SIZE);
    let count = Ord::max(pages.num_pages().await?, 1);
    // A page past the end is empty (and its offset is never computed, so never overflows).
    let entries = match Ord::max(page, 1) {
        page if page > count => Vec::new(),
        page => pages.fetch_page(page - 1).await?,
    };
    Ok((entries, count))
}

/// Deletes the entries written before `cutoff` (Unix seconds); answers how many. Small and on
/// its own, so a wider retention task can call it too.
pub async fn forget_before(db: &impl ConnectionTrait, cutoff: i64) -> Result<u64, DbErr> {
    let gone = audit_entry::Entity::delete_many()
        .filter(Column::At.lt(cutoff))
        .exec(db)
        .await?;
    Ok(gone.rows_affected)
}

/// Deletes the entries older than [`KEPT_DAYS`] on `clock`; answers how many.
pub async fn forget_old(db: &impl ConnectionTrait, clock: Clock) -> Result<u64, DbErr> {
    forget_before(db, clock.now() - KEPT_DAYS * 86_400).await
}

/// Runs [`forget_old`] now and then daily, for as long as the shop runs. The shop hands it the
/// real clock: its `--fake-now` moves the calendar, and must never make it delete anything.
pub async fn forget_forever(db: DatabaseConnection, clock: Clock) {
    let mut every = tokio::time::interval(Duration::from_secs(24 * 60 * 60));
    loop {
        every.tick().await;
        match forget_old(&db, clock).await {
            Ok(0) => {}
            Ok(gone) => tracing::info!(gone, "forgot who did what over two years ago"),
            Err(err) => tracing::warn!(%err, "could not forget who did what two years ago"),
        }
    }
}
