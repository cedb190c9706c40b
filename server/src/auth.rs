//! The studio's admin: accounts with Argon2id passwords (made on the command line; there is no
//! default account), sessions kept in the database behind an HttpOnly cookie (a new one at
//! every sign-in, ended by signing out or 8 idle hours), and a limit of 5 failed sign-ins per
//! address and username in 15 minutes.

use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter, Set,
};
use sha2::{Digest, Sha256};

use crate::clock::now;
use crate::entities::{admin, login_failure, session};

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "posy_session";
/// A session unused this long has ended.
pub const IDLE_SECONDS: i64 = 8 * 60 * 60;
/// Failed sign-ins allowed per address and username in [`FAILURE_WINDOW_SECONDS`].
pub const MAX_FAILURES: u64 = 5;
/// The window of the sign-in limit.
pub const FAILURE_WINDOW_SECONDS: i64 = 15 * 60;
/// The shortest password an account may have.
pub const MIN_PASSWORD_CHARS: usize = 12;

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
    /// Wrong username or password (which one is not said).
    NoMatch,
    /// Too many failures lately.
    TooMany,
}

/// Makes an admin account. Refuses an empty or taken username and a short password.
pub async fn create_admin(
    db: &impl ConnectionTrait,
    username: &str,
    password: &str,
) -> anyhow::Result<()> {
    let username = username.trim();
    anyhow::ensure!(
        !username.is_empty() && username.len() <= 100,
        "the username must have 1 to 100 characters"
    );
    anyhow::ensure!(
        password.chars().count() >= MIN_PASSWORD_CHARS,
        "the password must have at least {MIN_PASSWORD_CHARS} characters"
    );
    let taken = admin::Entity::find()
        .filter(admin::Column::Username.eq(username))
        .count(db)
        .await?;
    anyhow::ensure!(taken == 0, "there is already an admin called {username}");
    admin::ActiveModel {
        username: Set(username.to_owned()),
        password_hash: Set(hash_password(password)?),
        created_at: Set(now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

fn hash_password(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| anyhow::anyhow!("could not hash the password: {e}"))
}

/// Checks the username and password and opens a session; answers its token for the cookie.
pub async fn sign_in(
    db: &impl ConnectionTrait,
    username: &str,
    password: &str,
    remote_addr: &str,
) -> Result<(String, Admin), SignInError> {
    let (no_username, no_password) = (username.trim().is_empty(), password.is_empty());
    if no_username || no_password {
        return Err(SignInError::Refused(SignInRefused::Blank {
            username: no_username,
            password: no_password,
        }));
    }
    let who = username.trim().to_lowercase();
    let failures = login_failure::Entity::find()
        .filter(login_failure::Column::RemoteAddr.eq(remote_addr))
        .filter(login_failure::Column::Username.eq(&who))
        .filter(login_failure::Column::CreatedAt.gt(now() - FAILURE_WINDOW_SECONDS))
        .count(db)
        .await?;
    if failures >= MAX_FAILURES {
        return Err(SignInError::Refused(SignInRefused::TooMany));
    }
    let account = admin::Entity::find()
        .filter(admin::Column::Username.eq(username.trim()))
        .one(db)
        .await?;
    // An unknown name costs the same hashing as a known one, so timing tells nothing.
    let stored = account
        .as_ref()
        .map_or(DUMMY_HASH, |a| a.password_hash.as_str());
    let matches = PasswordHash::new(stored).is_ok_and(|hash| {
        Argon2::default()
            .verify_password(password.as_bytes(), &hash)
            .is_ok()
    });
    let Some(account) = account.filter(|_| matches) else {
        login_failure::ActiveModel {
            username: Set(who),
            remote_addr: Set(remote_addr.to_owned()),
            created_at: Set(now()),
            ..Default::default()
        }
        .insert(db)
        .await?;
        return Err(SignInError::Refused(SignInRefused::NoMatch));
    };
    login_failure::Entity::delete_many()
        .filter(login_failure::Column::RemoteAddr.eq(remote_addr))
        .filter(login_failure::Column::Username.eq(&who))
        .exec(db)
        .await?;
    let token = random_token();
    let now = now();
    session::ActiveModel {
        id: Set(hash_token(&token)),
        admin_id: Set(account.id),
        created_at: Set(now),
        last_seen_at: Set(now),
    }
    .insert(db)
    .await?;
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
/// none or it has been idle too long (it is then removed).
pub async fn session_admin(
    db: &impl ConnectionTrait,
    token: &str,
) -> Result<Option<Admin>, sea_orm::DbErr> {
    let id = hash_token(token);
    let Some(found) = session::Entity::find_by_id(id.clone()).one(db).await? else {
        return Ok(None);
    };
    let now = now();
    if now - found.last_seen_at > IDLE_SECONDS {
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
    Ok(admin::Entity::find_by_id(found.admin_id)
        .one(db)
        .await?
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

/// The cookie carrying a session token (`None` clears it).
pub fn session_cookie(token: Option<&str>, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    match token {
        Some(token) => {
            format!("{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax{secure}")
        }
        None => format!("{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}"),
    }
}

fn random_token() -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the system has randomness");
    hex::encode(bytes)
}

fn hash_token(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// An Argon2id hash of a random password nobody knows, verified against for unknown names.
const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$oTH0ZVZhUK3UIhQAW5OKPvp1Q8yYC7mHfS6Hf0CU5Wk";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dummy_hash_is_a_valid_argon2id_hash() {
        let hash = PasswordHash::new(DUMMY_HASH).expect("parses");
        assert_eq!(hash.algorithm.as_str(), "argon2id");
        assert!(Argon2::default().verify_password(b"guess", &hash).is_err());
    }

    #[test]
    fn session_cookies_are_http_only_and_lax() {
        let cookie = session_cookie(Some("abc"), true);
        assert_eq!(
            cookie,
            "posy_session=abc; Path=/; HttpOnly; SameSite=Lax; Secure"
        );
        assert!(session_cookie(None, false).contains("Max-Age=0"));
    }
}
