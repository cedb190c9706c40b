//! The gift vouchers' ledger: every movement of a voucher is a row of `voucher_movements`
//! (issued, held for a cart, spent on an order, given back by a refund, voided, extended) and
//! its balance is their sum; core's [`posy_core::voucher`] judges the sum.
//!
//! **Holds, as stock's.** At `check_intent` the amount a cart will take from a voucher is
//! written as a `held` row for that cart ([`hold`]), in the transaction that holds the cart's
//! stock. A `held` row counts only while its cart's hold lives (`carts.held_until` ahead of the
//! shop's clock, the cart still open), so it lapses with the same minutes and ends with the same
//! events as the stock (any cart change, a refunded payment), with nothing to clean up. Placing
//! the order turns the row into `spent` ([`spend`]) in the order's transaction.
//!
//! **Why it cannot be overspent.** [`hold`] and [`spend`] first lock the voucher's row (`FOR
//! UPDATE` on PostgreSQL; SQLite runs one write transaction at a time anyway), then sum its
//! movements, then write; so two carts spending the same £25 at once run one after the other,
//! and the second sees the first's hold (at READ COMMITTED each statement reads afresh).
//!
//! Every row that moves money carries a unique key (`held:…`, `spent:…`, `refund:…`), so a
//! retried transaction finds its row instead of writing a second.

use posy_core::Money;
use posy_core::calendar::Date;
use posy_core::voucher::{Movement, VoucherCode, VoucherRefusal, VoucherState, is_due};
use sea_orm::sea_query::{Expr, LockType};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DbErr, EntityTrait, ExprTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};

use crate::store::clock::now;
use crate::store::entities::{cart as carts, voucher, voucher_movement as movement};

/// A voucher's status before its payment has gone through: it cannot be spent.
pub const UNPAID: &str = "unpaid";
/// A voucher's status once paid for (or sold in the studio).
pub const ISSUED: &str = "issued";

/// The voucher with this code, paid for; `None` for an unknown or unpaid one.
pub async fn find(
    db: &impl ConnectionTrait,
    code: &VoucherCode,
) -> Result<Option<voucher::Model>, DbErr> {
    voucher::Entity::find()
        .filter(voucher::Column::Code.eq(code.as_str()))
        .filter(voucher::Column::Status.eq(ISSUED))
        .one(db)
        .await
}

/// Locks the voucher's row to the end of the transaction (PostgreSQL; a no-op on SQLite, whose
/// write transactions run one at a time) and reads it as it now is.
async fn lock(txn: &impl ConnectionTrait, id: i32) -> Result<Option<voucher::Model>, DbErr> {
    voucher::Entity::find_by_id(id)
        .lock(LockType::Update)
        .one(txn)
        .await
}

/// What can be spent from the voucher now: every settled movement, less what the live holds
/// of other carts than `except_cart` take. `now` is the shop's clock, which holds are kept by.
pub async fn available(
    db: &impl ConnectionTrait,
    id: i32,
    now: i64,
    except_cart: Option<&str>,
) -> Result<Money, DbErr> {
    let rows = movement::Entity::find()
        .filter(movement::Column::VoucherId.eq(id))
        .all(db)
        .await?;
    let settled: i64 = rows
        .iter()
        .filter(|row| row.kind != Movement::Held.as_str())
        .map(|row| row.amount_pence)
        .sum();
    let holds: Vec<&movement::Model> = rows
        .iter()
        .filter(|row| row.kind == Movement::Held.as_str())
        .filter(|row| row.cart_id.as_deref() != except_cart)
        .collect();
    if holds.is_empty() {
        return Ok(Money::from_pence(settled));
    }
    let live: Vec<String> = carts::Entity::find()
        .filter(carts::Column::Id.is_in(holds.iter().filter_map(|row| row.cart_id.clone())))
        .filter(carts::Column::HeldUntil.gt(now))
        .filter(carts::Column::OrderedAt.is_null())
        .all(db)
        .await?
        .into_iter()
        .map(|cart| cart.id)
        .collect();
    let held: i64 = holds
        .iter()
        .filter(|row| row.cart_id.as_ref().is_some_and(|id| live.contains(id)))
        .map(|row| row.amount_pence)
        .sum();
    Ok(Money::from_pence(settled + held))
}

/// The voucher as core judges it: what it has now (holds of carts other than `except_cart`
/// taken off), its last day and whether it was voided.
pub async fn state(
    db: &impl ConnectionTrait,
    voucher: &voucher::Model,
    now: i64,
    except_cart: Option<&str>,
) -> Result<VoucherState, DbErr> {
    Ok(VoucherState {
        available: available(db, voucher.id, now, except_cart).await?,
        expires_on: Date::parse(&voucher.expires_on)
            .unwrap_or_else(|| Date::new(1970, 1, 1).expect("a real day")),
        voided: voucher.voided_at.is_some(),
    })
}

/// Why a voucher could not be held or spent.
#[derive(Debug)]
pub enum NotTaken {
    /// No paid voucher has the code kept on the cart.
    Unknown,
    /// Core's refusal (ran out, voided, nothing left).
    Refused(VoucherRefusal),
    /// Less is left than was paid for (core's `left_sentence` says how much).
    Short(Money),
    Db(DbErr),
}

impl From<DbErr> for NotTaken {
    fn from(err: DbErr) -> Self {
        NotTaken::Db(err)
    }
}

/// Forgets the cart's holds on any voucher (a new hold replaces them; a cart without a voucher
/// keeps none).
pub async fn forget_holds(txn: &impl ConnectionTrait, cart_id: &str) -> Result<(), DbErr> {
    movement::Entity::delete_many()
        .filter(movement::Column::CartId.eq(cart_id))
        .filter(movement::Column::Kind.eq(Movement::Held.as_str()))
        .exec(txn)
        .await?;
    Ok(())
}

/// Holds for the cart what the voucher `code` can pay of `due` (at most `due`), in the
/// caller's transaction (the cart's hold, which must be live by `now` on the shop's clock for
/// the row to count). Answers what is held and the voucher's id. See the module's notes.
pub async fn hold(
    txn: &impl ConnectionTrait,
    cart_id: &str,
    code: &VoucherCode,
    due: Money,
    now: i64,
    today: Date,
) -> Result<(Money, i32), NotTaken> {
    forget_holds(txn, cart_id).await?;
    let found = find(txn, code).await?.ok_or(NotTaken::Unknown)?;
    let voucher = lock(txn, found.id).await?.ok_or(NotTaken::Unknown)?;
    let left = state(txn, &voucher, now, Some(cart_id))
        .await?
        .usable(today)
        .map_err(NotTaken::Refused)?;
    let amount = left.min(due).max(Money::ZERO);
    if amount > Money::ZERO {
        movement::ActiveModel {
            voucher_id: Set(voucher.id),
            kind: Set(Movement::Held.as_str().to_owned()),
            amount_pence: Set(-amount.pence()),
            cart_id: Set(Some(cart_id.to_owned())),
            key: Set(format!("held:{}:{cart_id}", voucher.id)),
            at: Set(self::now()),
            ..Default::default()
        }
        .insert(txn)
        .await?;
    }
    Ok((amount, voucher.id))
}

/// Turns the cart's hold on its voucher into `amount` spent on `order_id`, in the order's
/// transaction: refused when the voucher can no longer pay it (the hold lapsed and another cart
/// took the balance, or the studio voided it meanwhile). `now` is the shop's clock.
pub async fn spend(
    txn: &impl ConnectionTrait,
    cart_id: &str,
    code: &VoucherCode,
    amount: Money,
    order_id: i32,
    now: i64,
    today: Date,
) -> Result<i32, NotTaken> {
    let found = find(txn, code).await?.ok_or(NotTaken::Unknown)?;
    let voucher = lock(txn, found.id).await?.ok_or(NotTaken::Unknown)?;
    let key = format!("spent:{order_id}");
    if movement::Entity::find()
        .filter(movement::Column::Key.eq(&key))
        .one(txn)
        .await?
        .is_some()
    {
        return Ok(voucher.id);
    }
    // This cart's own hold aside: what is left for it, whether or not its hold still lives.
    let left = state(txn, &voucher, now, Some(cart_id))
        .await?
        .usable(today)
        .map_err(NotTaken::Refused)?;
    if left < amount {
        return Err(NotTaken::Short(left));
    }
    forget_holds(txn, cart_id).await?;
    movement::ActiveModel {
        voucher_id: Set(voucher.id),
        kind: Set(Movement::Spent.as_str().to_owned()),
        amount_pence: Set(-amount.pence()),
        cart_id: Set(Some(cart_id.to_owned())),
        order_id: Set(Some(order_id)),
        key: Set(key),
        at: Set(self::now()),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    Ok(voucher.id)
}

/// Writes the voucher's first movement, its value: once (the key is the voucher's).
pub async fn issue(txn: &impl ConnectionTrait, voucher: &voucher::Model) -> Result<(), DbErr> {
    let key = format!("issued:{}", voucher.id);
    movement::Entity::insert(movement::ActiveModel {
        voucher_id: Set(voucher.id),
        kind: Set(Movement::Issued.as_str().to_owned()),
        amount_pence: Set(voucher.value_pence),
        key: Set(key),
        at: Set(now()),
        who: Set(voucher.taken_by.clone()),
        ..Default::default()
    })
    .on_conflict_do_nothing_on([movement::Column::Key])
    .exec_without_returning(txn)
    .await?;
    Ok(())
}

/// Gives `amount` back to the voucher from a refund of `order_id`, under the refund's own
/// `key` (so a retried refund gives back once).
pub async fn give_back(
    txn: &impl ConnectionTrait,
    voucher_id: i32,
    order_id: i32,
    amount: Money,
    key: &str,
    who: &str,
) -> Result<(), DbErr> {
    movement::Entity::insert(movement::ActiveModel {
        voucher_id: Set(voucher_id),
        kind: Set(Movement::Refunded.as_str().to_owned()),
        amount_pence: Set(amount.pence()),
        order_id: Set(Some(order_id)),
        key: Set(format!("refund:{key}")),
        who: Set(Some(who.chars().take(100).collect())),
        at: Set(now()),
        ..Default::default()
    })
    .on_conflict_do_nothing_on([movement::Column::Key])
    .exec_without_returning(txn)
    .await?;
    Ok(())
}

/// Why the studio's change to a voucher was refused.
#[derive(Debug)]
pub enum ChangeError {
    /// No such voucher.
    Gone,
    /// Changed since the page read it.
    Stale,
    /// The change itself makes no sense (a sentence).
    Invalid(&'static str),
    Db(DbErr),
}

impl From<DbErr> for ChangeError {
    fn from(err: DbErr) -> Self {
        ChangeError::Db(err)
    }
}

/// Moves the version on, only from the one the page saw: the studio's edit lock.
async fn next_version(
    txn: &impl ConnectionTrait,
    id: i32,
    seen: i32,
) -> Result<voucher::Model, ChangeError> {
    // A version never stored (the largest number) is stale, not an overflow.
    let next = seen.checked_add(1).ok_or(ChangeError::Stale)?;
    let moved = voucher::Entity::update_many()
        .col_expr(voucher::Column::Version, Expr::value(next))
        .filter(voucher::Column::Id.eq(id))
        .filter(voucher::Column::Version.eq(seen))
        .exec(txn)
        .await?;
    if moved.rows_affected == 0 {
        return Err(
            if voucher::Entity::find_by_id(id).one(txn).await?.is_some() {
                ChangeError::Stale
            } else {
                ChangeError::Gone
            },
        );
    }
    voucher::Entity::find_by_id(id)
        .one(txn)
        .await?
        .ok_or(ChangeError::Gone)
}

/// Voids the voucher: what is left (live holds aside: a cart paying now keeps what it holds)
/// goes, in one `voided` movement. `now` is the shop's clock.
pub async fn void(
    txn: &impl ConnectionTrait,
    id: i32,
    seen: i32,
    who: &str,
    note: &str,
    now: i64,
) -> Result<voucher::Model, ChangeError> {
    let voucher = next_version(txn, id, seen).await?;
    if voucher.voided_at.is_some() {
        return Err(ChangeError::Invalid(
            "This voucher has been voided already.",
        ));
    }
    let left = available(txn, id, now, None).await?;
    voucher::Entity::update_many()
        .col_expr(voucher::Column::VoidedAt, Expr::value(self::now()))
        .filter(voucher::Column::Id.eq(id))
        .exec(txn)
        .await?;
    let movement = movement::ActiveModel {
        voucher_id: Set(id),
        kind: Set(Movement::Voided.as_str().to_owned()),
        amount_pence: Set(-std::cmp::max(left.pence(), 0)),
        who: Set(Some(who.chars().take(100).collect())),
        note: Set(Some(note.to_owned())),
        key: Set(format!("voided:{id}")),
        ..Default::default()
    };
    moved(txn, id, movement).await
}

/// Moves the voucher's last day to `until` (later than it is), with an `extended` movement.
pub async fn extend(
    txn: &impl ConnectionTrait,
    id: i32,
    seen: i32,
    until: Date,
    who: &str,
) -> Result<voucher::Model, ChangeError> {
    let voucher = next_version(txn, id, seen).await?;
    let current = Date::parse(&voucher.expires_on);
    if current.is_some_and(|day| until <= day) {
        return Err(ChangeError::Invalid(
            "Choose a last day later than the voucher's current one.",
        ));
    }
    voucher::Entity::update_many()
        .col_expr(voucher::Column::ExpiresOn, Expr::value(until.to_wire()))
        .filter(voucher::Column::Id.eq(id))
        .exec(txn)
        .await?;
    let movement = movement::ActiveModel {
        voucher_id: Set(id),
        kind: Set(Movement::Extended.as_str().to_owned()),
        amount_pence: Set(0),
        expires_on: Set(Some(until.to_wire())),
        who: Set(Some(who.chars().take(100).collect())),
        key: Set(format!("extended:{id}:{}", voucher.version)),
        ..Default::default()
    };
    moved(txn, id, movement).await
}

/// Writes the studio's `movement` of voucher `id`, stamped now, and reads the voucher back.
async fn moved(
    txn: &impl ConnectionTrait,
    id: i32,
    movement: movement::ActiveModel,
) -> Result<voucher::Model, ChangeError> {
    movement::ActiveModel {
        at: Set(self::now()),
        ..movement
    }
    .insert(txn)
    .await?;
    voucher::Entity::find_by_id(id)
        .one(txn)
        .await?
        .ok_or(ChangeError::Gone)
}

/// The voucher's movements, oldest first (holds included, live or not).
pub async fn history(db: &impl ConnectionTrait, id: i32) -> Result<Vec<movement::Model>, DbErr> {
    movement::Entity::find()
        .filter(movement::Column::VoucherId.eq(id))
        .order_by_asc(movement::Column::Id)
        .all(db)
        .await
}

/// The row of `shop_settings` that holds core's `VoucherSettings`, and its name in an error.
const SETTINGS_KEY: &str = "vouchers";
const SETTINGS_WHAT: &str = "voucher settings";

/// The voucher settings in force (the defaults until the studio saves its own), with the
/// version a save must send back.
pub async fn versioned_settings(
    db: &impl ConnectionTrait,
) -> Result<(posy_core::voucher::VoucherSettings, i64), DbErr> {
    let (saved, version) =
        crate::store::settings::read_versioned(db, SETTINGS_KEY, SETTINGS_WHAT).await?;
    Ok((saved.unwrap_or_default(), version))
}

/// The voucher settings in force.
pub async fn settings(
    db: &impl ConnectionTrait,
) -> Result<posy_core::voucher::VoucherSettings, DbErr> {
    Ok(versioned_settings(db).await?.0)
}

/// Saves the voucher settings from the version `seen`; `Ok(Err(sentence))` when core refuses
/// them, `Ok(Ok(None))` when someone saved since.
pub async fn save_settings(
    db: &impl ConnectionTrait,
    settings: &posy_core::voucher::VoucherSettings,
    seen: i64,
) -> Result<Result<Option<i64>, String>, DbErr> {
    if let Some(problem) = settings.problem() {
        return Ok(Err(problem));
    }
    Ok(Ok(crate::store::settings::write(
        db,
        SETTINGS_KEY,
        SETTINGS_WHAT,
        settings,
        seen,
    )
    .await?))
}

/// How a new voucher is paid.
pub enum PaidFor<'a> {
    /// Online, through the shop's payment provider: `unpaid` until its payment succeeds.
    Card,
    /// In the studio (a phone order): issued at once.
    Studio { note: &'a str, taken_by: &'a str },
}

/// Writes a new voucher for `order` in the caller's transaction, with a fresh code; issued at
/// once when sold in the studio (its `issued` movement written), else `unpaid` until its
/// payment. It lasts the settings' months from its send day (when its holder first has it).
pub async fn create(
    txn: &impl ConnectionTrait,
    order: &posy_core::voucher::VoucherOrder,
    paid: PaidFor<'_>,
) -> Result<voucher::Model, DbErr> {
    let settings = settings(txn).await?;
    let (status, paid_by, note, taken_by) = match paid {
        PaidFor::Card => (UNPAID, "card", None, None),
        PaidFor::Studio { note, taken_by } => (
            ISSUED,
            "studio",
            Some(note.to_owned()),
            Some(taken_by.to_owned()),
        ),
    };
    let code = fresh_code(txn).await?;
    let made = voucher::ActiveModel {
        code: Set(code.as_str().to_owned()),
        status: Set(status.to_owned()),
        version: Set(1),
        created_at: Set(now()),
        paid_by: Set(paid_by.to_owned()),
        payment_note: Set(note),
        taken_by: Set(taken_by.clone()),
        ..terms(order, &settings)
    }
    .insert(txn)
    .await?;
    if status == ISSUED {
        issue(txn, &made).await?;
    }
    Ok(made)
}

/// The form's terms as a voucher's columns: its value, buyer, recipient, message, send day and
/// so its last day.
fn terms(
    order: &posy_core::voucher::VoucherOrder,
    settings: &posy_core::voucher::VoucherSettings,
) -> voucher::ActiveModel {
    let (recipient_name, recipient_email) = match &order.recipient {
        Some((name, email)) => (Some(name.clone()), Some(email.clone())),
        None => (order.print_for.clone(), None),
    };
    voucher::ActiveModel {
        value_pence: Set(order.value.pence()),
        expires_on: Set(settings.expires_on(order.send_on).to_wire()),
        buyer_name: Set(order.buyer_name.clone()),
        buyer_email: Set(order.buyer_email.clone()),
        recipient_name: Set(recipient_name),
        recipient_email: Set(recipient_email),
        message: Set(order.message.clone()),
        send_on: Set(order.send_on.to_wire()),
        ..Default::default()
    }
}

/// Writes the form's terms over a voucher bought online that is still unpaid (the buyer pressed
/// Pay again after a refused card, perhaps with a field corrected), so the purchase keeps one
/// voucher and one payment; false when it is no longer unpaid.
pub async fn rewrite(
    txn: &impl ConnectionTrait,
    id: i32,
    order: &posy_core::voucher::VoucherOrder,
) -> Result<bool, DbErr> {
    let settings = settings(txn).await?;
    let written = voucher::Entity::update_many()
        .set(terms(order, &settings))
        .filter(voucher::Column::Id.eq(id))
        .filter(voucher::Column::Status.eq(UNPAID))
        .exec(txn)
        .await?;
    Ok(written.rows_affected == 1)
}

/// A code no voucher has yet, from the system's randomness (2^58 codes: a clash is all but
/// impossible, and checked all the same).
async fn fresh_code(txn: &impl ConnectionTrait) -> Result<VoucherCode, DbErr> {
    loop {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes).map_err(|e| DbErr::Custom(format!("no randomness: {e}")))?;
        let code = VoucherCode::from_random(u128::from_le_bytes(bytes));
        let taken = voucher::Entity::find()
            .filter(voucher::Column::Code.eq(code.as_str()))
            .one(txn)
            .await?;
        if taken.is_none() {
            return Ok(code);
        }
    }
}

/// The latest 100 vouchers, or those whose code or buyer's or recipient's e-mail address holds
/// `query` (any case).
pub async fn list(
    db: &impl ConnectionTrait,
    query: Option<&str>,
) -> Result<Vec<voucher::Model>, DbErr> {
    let mut find = voucher::Entity::find().order_by_desc(voucher::Column::Id);
    if let Some(query) = query.map(str::trim).filter(|q| !q.is_empty()) {
        let code =
            VoucherCode::parse(query).map_or_else(|| query.to_uppercase(), |c| c.to_string());
        let email = query.to_lowercase();
        find = find.filter(
            sea_orm::Condition::any()
                .add(voucher::Column::Code.contains(code))
                .add(
                    Expr::expr(sea_orm::sea_query::Func::lower(Expr::col(
                        voucher::Column::BuyerEmail,
                    )))
                    .like(format!("%{email}%")),
                )
                .add(
                    Expr::expr(sea_orm::sea_query::Func::lower(Expr::col(
                        voucher::Column::RecipientEmail,
                    )))
                    .like(format!("%{email}%")),
                ),
        );
    }
    find.limit(100).all(db).await
}

/// Queues the voucher's mail (to its recipient, or its buyer to print) and marks it sent, once:
/// a second call, or a second process, finds it marked and sends nothing. One whose people's
/// details went before it was sent (an erasure, or the retention rule) is never mailed: there
/// is no address left to send it to. Its code still works for whoever has it, and the back
/// office says why it was not sent. In the caller's transaction.
pub async fn send(
    txn: &impl ConnectionTrait,
    row: &voucher::Model,
    studio: &posy_core::studio::StudioFacts,
    public_url: &str,
) -> Result<bool, DbErr> {
    let marked = voucher::Entity::update_many()
        .col_expr(voucher::Column::SentAt, Expr::value(now()))
        .filter(voucher::Column::Id.eq(row.id))
        .filter(voucher::Column::SentAt.is_null())
        .filter(voucher::Column::Status.eq(ISSUED))
        .filter(voucher::Column::AnonymisedAt.is_null())
        .exec(txn)
        .await?;
    if marked.rows_affected == 0 {
        return Ok(false);
    }
    let to = row.recipient_email.as_deref().unwrap_or(&row.buyer_email);
    let letter = super::voucher_letters::voucher_letter(row, studio, public_url);
    crate::mail::post(txn, to, letter).await?;
    Ok(true)
}

/// Sends every issued voucher whose time has come (core's [`is_due`]) and that has not gone
/// yet; answers how many went.
pub async fn send_due(desk: &super::OrderDesk, now: i64) -> Result<usize, DbErr> {
    let Some(here) = posy_core::calendar::LondonTime::at(now) else {
        return Ok(0);
    };
    let waiting = voucher::Entity::find()
        .filter(voucher::Column::Status.eq(ISSUED))
        // Only days come (the wire form `2026-12-25` sorts as the days do): vouchers bought
        // ahead for Christmas morning never fill the batch before one due today.
        .filter(voucher::Column::SendOn.lte(here.date.to_wire()))
        .filter(voucher::Column::SentAt.is_null())
        .filter(voucher::Column::VoidedAt.is_null())
        .filter(voucher::Column::AnonymisedAt.is_null())
        .order_by_asc(voucher::Column::Id)
        .limit(200)
        .all(&desk.db)
        .await?;
    let mut sent = 0;
    for row in waiting {
        if !Date::parse(&row.send_on).is_some_and(|day| is_due(day, now)) {
            continue;
        }
        let studio = desk.facts.get(&desk.db).await?;
        let txn = desk.ledger.begin().await?;
        if send(&txn, &row, &studio, &desk.public_url).await? {
            sent += 1;
        }
        txn.commit().await?;
    }
    Ok(sent)
}

/// Sends vouchers as their time comes, every minute, for as long as the shop runs, on `clock`
/// (the real one in the shop: a voucher for Christmas morning goes on the real Christmas
/// morning, whatever `--fake-now` says).
pub async fn send_forever(desk: super::OrderDesk, clock: crate::store::clock::Clock) {
    let mut every_minute = tokio::time::interval(std::time::Duration::from_secs(60));
    loop {
        every_minute.tick().await;
        match send_due(&desk, clock.now()).await {
            Ok(0) => {}
            Ok(sent) => tracing::info!(sent, "gift vouchers sent"),
            Err(err) => tracing::warn!(%err, "could not send the gift vouchers due"),
        }
    }
}
