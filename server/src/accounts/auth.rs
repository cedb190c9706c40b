//! The studio's admin: accounts with Argon2id passwords (made on the command line; there is no
//! default account), sessions kept in the database behind an HttpOnly cookie (a new one at
//! every sign-in, ended by signing out, 8 idle hours, or the session lifetime, 12 hours by
//! default), and limits on failed sign-ins: 5 per address and username, and 20 per address
//! whatever the usernames (so a script trying a fresh name each time is stopped too), in 15
//! minutes.
//!
//! Argon2 is slow on purpose (tens of milliseconds of one core, 19 MiB), so it runs on tokio's
//! blocking pool, at most [`HASHING_AT_ONCE`] at a time, through the shop's [`Hasher`]. A
//! sign-in waits for the hasher only while fewer than [`SIGN_INS_WAITING`] others do; past that
//! it is refused at once (a 429 with a sentence) rather than queued, since each one waiting
//! holds a connection and a crowd of them would stall the shop. The limits' slots are taken
//! before any hashing, so a crowd beyond them costs no hashing at all.

use std::sync::Arc;
use std::time::Duration;

use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    Set,
};
use sha2::{Digest, Sha256};
use tokio::sync::Semaphore;

use crate::accounts::admins;
use crate::store::audit::{self, Kind};
use crate::store::clock::now;
use crate::store::db::Writer;
use crate::store::entities::{admin, session};
use crate::store::rate_limit::{self, Limit};

/// The session cookie's name over http.
pub const SESSION_COOKIE: &str = "posy_session";
/// The session cookie's name over https: browsers only keep a `__Host-` cookie that is Secure,
/// for the whole site and set by the site itself, so a sibling subdomain cannot plant one.
pub const SECURE_SESSION_COOKIE: &str = "__Host-posy_session";
/// A session unused this long has ended.
pub const IDLE_SECONDS: i64 = 8 * 60 * 60;
pub use posy_core::account::{MAX_PASSWORD_CHARS, MAX_USERNAME_CHARS, MIN_PASSWORD_CHARS};
/// How many passwords are hashed at once, at most. Each hash takes 19 MiB (Argon2's default
/// memory cost) and about 40 ms on a release build, so one at a time keeps a burst of sign-ins
/// within the server's memory budget and still checks 25 a second.
pub const HASHING_AT_ONCE: usize = 1;
/// How many sign-ins may wait for the hasher at once: about a third of a second of hashing on a
/// release build, ample for the studio's own sign-ins.
pub const SIGN_INS_WAITING: usize = 8;

/// The sign-in limit: `failures` per address and username in `window_minutes`.
pub fn sign_in_limit(failures: u32, window_minutes: u32) -> Limit {
    Limit::new("sign-in", failures, window_minutes)
}

/// The sign-in limit per address, whatever the usernames: `failures` in `window_minutes`.
pub fn sign_in_address_limit(failures: u32, window_minutes: u32) -> Limit {
    Limit::new("sign-in-address", failures, window_minutes)
}

/// A signed-in admin.
#[derive(Clone, Debug)]
pub struct Admin {
    pub id: i32,
    pub username: String,
}

/// Why signing in did not work.
#[derive(Debug)]
pub enum SignInRefused {
    /// The username or the password (or both) was left empty.
    Blank { username: bool, password: bool },
    /// The username or the password (or both) is longer than any account's.
    TooLong { username: bool, password: bool },
    /// Wrong username or password (which one is not said).
    NoMatch,
    /// Too many failures lately; try again after this many minutes.
    TooMany { minutes: u32 },
    /// Too many sign-ins are waiting to be checked just now.
    Busy,
}

/// Why an account was not made or its password not changed: a sentence for the field at
/// fault (core's rules), or the database failed.
#[derive(Debug)]
pub enum AccountError {
    Username(String),
    Password(String),
    Db(sea_orm::DbErr),
}

impl std::fmt::Display for AccountError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AccountError::Username(why) | AccountError::Password(why) => f.write_str(why),
            AccountError::Db(err) => write!(f, "the database failed: {err}"),
        }
    }
}

impl std::error::Error for AccountError {}

impl From<sea_orm::DbErr> for AccountError {
    fn from(err: sea_orm::DbErr) -> Self {
        AccountError::Db(err)
    }
}

/// The shop's password hasher: one hash at a time ([`HASHING_AT_ONCE`]), and sign-ins refused
/// at once past [`SIGN_INS_WAITING`] waiting. One a shop (`Clients` holds it), so shops that
/// share a process (the tests') never take each other's places; clones share it.
#[derive(Clone, Debug)]
pub struct Hasher {
    hashing: Arc<Semaphore>,
    /// Places in the sign-ins' queue for the hasher (the one hashing holds one too).
    pub sign_ins: Arc<Semaphore>,
}

impl Default for Hasher {
    fn default() -> Self {
        Hasher {
            hashing: Arc::new(Semaphore::new(HASHING_AT_ONCE)),
            sign_ins: Arc::new(Semaphore::new(HASHING_AT_ONCE + SIGN_INS_WAITING)),
        }
    }
}

impl Hasher {
    /// Hashes a password for storing, on the blocking pool, in turn.
    pub async fn hash(&self, password: String) -> anyhow::Result<String> {
        let turn = self.hashing.clone().acquire_owned().await?;
        tokio::task::spawn_blocking(move || {
            // Held by the hashing itself, so a request that goes away does not free its turn
            // early.
            let _turn = turn;
            let salt = SaltString::generate(&mut OsRng);
            Argon2::default()
                .hash_password(password.as_bytes(), &salt)
                .map(|h| h.to_string())
                .map_err(|e| anyhow::anyhow!("could not hash the password: {e}"))
        })
        .await?
    }

    /// For a sign-in: whether `password` matches the stored hash, as [`Hasher::matches`], or
    /// `None` at once when too many sign-ins are waiting for the hasher already.
    pub async fn sign_in_matches(&self, password: String, stored: String) -> Option<bool> {
        let _place = self.sign_ins.try_acquire().ok()?;
        Some(self.matches(password, stored).await)
    }

    /// True when `password` matches the stored hash; on the blocking pool, in turn.
    pub async fn matches(&self, password: String, stored: String) -> bool {
        let Ok(turn) = self.hashing.clone().acquire_owned().await else {
            return false;
        };
        tokio::task::spawn_blocking(move || {
            let _turn = turn;
            PasswordHash::new(&stored).is_ok_and(|hash| {
                Argon2::default()
                    .verify_password(password.as_bytes(), &hash)
                    .is_ok()
            })
        })
        .await
        .unwrap_or(false)
    }
}

/// Checks the username and password and opens a session; answers its token for the cookie.
/// `limit` counts the failures of `remote_addr` with this username, `per_address` its failures
/// whatever the username.
///
/// The record of who did what gets the sign-in, written with the session in one transaction
/// (the `writer`'s turn), and the failures (a wrong password, or one tried past the limits)
/// counted in one entry per address and window (the per-address limit's length).
#[allow(clippy::too_many_arguments)]
pub async fn sign_in(
    db: &impl ConnectionTrait,
    writer: &Writer,
    hasher: &Hasher,
    username: &str,
    password: &str,
    remote_addr: &str,
    limit: &Limit,
    per_address: &Limit,
) -> Result<(String, Admin), SignInError> {
    let refused = |why| Err(SignInError::Refused(why));
    let (no_username, no_password) = (username.trim().is_empty(), password.is_empty());
    if no_username || no_password {
        return refused(SignInRefused::Blank {
            username: no_username,
            password: no_password,
        });
    }
    // Lower case, as the limit counts it; no account's name is longer, so nothing longer is
    // hashed or stored.
    let who = username.trim().to_lowercase();
    let (long_username, long_password) = (
        who.chars().count() > MAX_USERNAME_CHARS,
        password.chars().count() > MAX_PASSWORD_CHARS,
    );
    if long_username || long_password {
        return refused(SignInRefused::TooLong {
            username: long_username,
            password: long_password,
        });
    }
    // The attempt takes its slot before the password is checked: parallel guesses cannot all
    // pass a count that none of them has raised yet. A sign-in that works clears the count.
    let attempt = format!("{remote_addr} {who}");
    let failed = || audit::count_failed_sign_in(db, remote_addr, per_address.window_seconds);
    for (limit, key) in [(per_address, remote_addr), (limit, attempt.as_str())] {
        if !limit.take(db, key).await? {
            failed().await?;
            return refused(SignInRefused::TooMany {
                minutes: limit.window_minutes(),
            });
        }
    }
    // A disabled account signs in no more than an unknown one, and is told no more.
    let account = admins::find_by_name(db, username)
        .await?
        .filter(|account| account.disabled_at.is_none());
    // An unknown name costs the same hashing as a known one, so timing tells nothing.
    let stored = account
        .as_ref()
        .map_or(DUMMY_HASH, |a| a.password_hash.as_str())
        .to_owned();
    let Some(matches) = hasher.sign_in_matches(password.to_owned(), stored).await else {
        return refused(SignInRefused::Busy);
    };
    let Some(account) = account.filter(|_| matches) else {
        failed().await?;
        return refused(SignInRefused::NoMatch);
    };
    let token = random_token();
    let now = now();
    let txn = writer.begin().await?;
    limit.clear(&txn, &attempt).await?;
    per_address.clear(&txn, remote_addr).await?;
    session::ActiveModel {
        id: Set(hash_token(&token)),
        admin_id: Set(account.id),
        created_at: Set(now),
        last_seen_at: Set(now),
    }
    .insert(&txn)
    .await?;
    let from = format!("from {remote_addr}");
    audit::record(&txn, &account.username, Kind::SignIn, &from, "signed in").await?;
    txn.commit().await?;
    Ok((
        token,
        Admin {
            id: account.id,
            username: account.username,
        },
    ))
}

/// A failed sign-in: refused, or the database failed.
#[derive(Debug)]
pub enum SignInError {
    Refused(SignInRefused),
    Db(sea_orm::DbErr),
}

impl From<sea_orm::DbErr> for SignInError {
    fn from(err: sea_orm::DbErr) -> Self {
        SignInError::Db(err)
    }
}

/// The admin whose live session this token opens, marking it used; `None` when there is
/// none, or it has been idle too long or lived past `lifetime_seconds` (it is then removed).
pub async fn session_admin(
    db: &impl ConnectionTrait,
    token: &str,
    lifetime_seconds: i64,
) -> Result<Option<Admin>, sea_orm::DbErr> {
    let id = hash_token(token);
    let Some(found) = session::Entity::find_by_id(id.clone()).one(db).await? else {
        return Ok(None);
    };
    let now = now();
    if now - found.last_seen_at > IDLE_SECONDS || now - found.created_at > lifetime_seconds {
        session::Entity::delete_by_id(id).exec(db).await?;
        return Ok(None);
    }
    // Written at most once a minute: reading a page should not be a write each time.
    if now - found.last_seen_at > 60 {
        session::Entity::update_many()
            .col_expr(session::Column::LastSeenAt, Expr::value(now))
            .filter(session::Column::Id.eq(&id))
            .exec(db)
            .await?;
    }
    // Disabling ends the account's sessions; this keeps one from outliving it by a race.
    Ok(admin::Entity::find_by_id(found.admin_id)
        .one(db)
        .await?
        .filter(|a| a.disabled_at.is_none())
        .map(|a| Admin {
            id: a.id,
            username: a.username,
        }))
}

/// Ends the session with this token.
pub async fn sign_out(db: &impl ConnectionTrait, token: &str) -> Result<(), sea_orm::DbErr> {
    session::Entity::delete_by_id(hash_token(token))
        .exec(db)
        .await?;
    Ok(())
}

/// Ends every session of the account `username`; answers how many there were, or `None` when
/// there is no such account.
pub async fn sign_out_all(
    db: &impl ConnectionTrait,
    username: &str,
) -> Result<Option<u64>, sea_orm::DbErr> {
    let Some(account) = admins::find_by_name(db, username).await? else {
        return Ok(None);
    };
    let ended = session::Entity::delete_many()
        .filter(session::Column::AdminId.eq(account.id))
        .exec(db)
        .await?;
    Ok(Some(ended.rows_affected))
}

/// Removes sessions idle too long (one past its lifetime is refused when next seen, and idle
/// from then on) and rate-limit counters whose window has passed; answers how many of each.
pub async fn sweep(db: &impl ConnectionTrait) -> Result<(u64, u64), sea_orm::DbErr> {
    let sessions = session::Entity::delete_many()
        .filter(session::Column::LastSeenAt.lt(now() - IDLE_SECONDS))
        .exec(db)
        .await?;
    let counters = rate_limit::sweep(db).await?;
    Ok((sessions.rows_affected, counters))
}

/// Runs [`sweep`] every ten minutes, for as long as the shop runs.
pub async fn sweep_forever(db: DatabaseConnection) {
    let mut every = tokio::time::interval(Duration::from_secs(10 * 60));
    loop {
        every.tick().await;
        match sweep(&db).await {
            Ok((0, 0)) => {}
            Ok((sessions, counters)) => {
                tracing::info!(
                    sessions,
                    counters,
                    "removed ended sessions and spent limits"
                )
            }
            Err(err) => tracing::warn!(%err, "could not remove ended sessions and spent limits"),
        }
    }
}

/// The session cookie's name: `__Host-` prefixed when served over https.
pub fn session_cookie_name(secure: bool) -> &'static str {
    if secure {
        SECURE_SESSION_COOKIE
    } else {
        SESSION_COOKIE
    }
}

/// The cookie carrying a session token (`None` clears it); Secure and `__Host-` prefixed when
/// served over https.
pub fn session_cookie(token: Option<&str>, secure: bool) -> String {
    let name = session_cookie_name(secure);
    let secure = if secure { "; Secure" } else { "" };
    match token {
        Some(token) => format!("{name}={token}; Path=/; HttpOnly; SameSite=Lax{secure}"),
        None => format!("{name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}"),
    }
}

pub(crate) fn random_token() -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the system has randomness");
    hex::encode(bytes)
}

pub(crate) fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// An Argon2id hash of a random password nobody knows, verified against for unknown names.
pub const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$oTH0ZVZhUK3UIhQAW5OKPvp1Q8yYC7mHfS6Hf0CU5Wk";
