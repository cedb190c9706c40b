//! The studio's admins as the back office manages them: who they are, a new admin added by
//! another, an admin's own new password (the current one asked again, limited like signing
//! in), and signing out every session of an account. The first account still comes from
//! `posy admin create`; the accounts' rules are core's (`account`) and the sessions `auth`'s.

use poem_openapi::Object;
use posy_core::account;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, QueryOrder,
    Set, TransactionTrait,
};

use crate::accounts::auth::{self, Admin};
use crate::store::clock::iso8601;
use crate::store::entities::{admin, session};
use crate::store::rate_limit::Limit;

/// An admin as the list shows them.
#[derive(Debug, Object)]
pub struct AdminView {
    pub username: String,
    /// When the account was made, e.g. `2026-11-24T09:30:00Z`.
    pub created: String,
    /// The admin asking.
    pub is_you: bool,
}

/// Every admin, oldest first.
pub async fn list(db: &impl ConnectionTrait, asking: &Admin) -> Result<Vec<AdminView>, DbErr> {
    let rows = admin::Entity::find()
        .order_by_asc(admin::Column::CreatedAt)
        .order_by_asc(admin::Column::Id)
        .all(db)
        .await?;
    Ok(rows
        .into_iter()
        .map(|row| AdminView {
            is_you: row.id == asking.id,
            username: row.username,
            created: iso8601(row.created_at),
        })
        .collect())
}

/// Why a password was not changed.
#[derive(Debug)]
pub enum PasswordError {
    /// The current password was left empty.
    NoCurrent,
    /// The current password is not this account's.
    Wrong,
    /// The new password breaks core's rules: why.
    New(String),
    /// Too many wrong passwords lately; try again after this many minutes.
    TooMany {
        minutes: u32,
    },
    Db(DbErr),
}

impl From<DbErr> for PasswordError {
    fn from(err: DbErr) -> Self {
        PasswordError::Db(err)
    }
}

/// What changing a password needs besides the passwords.
pub struct Asking<'a> {
    pub admin: &'a Admin,
    /// The session's own token: it stays signed in.
    pub token: &'a str,
    /// Who is asking, for the limit on wrong passwords (shared with signing in).
    pub address: &'a str,
    pub limit: &'a Limit,
}

/// Changes the asking admin's password once the current one is given again, and signs out
/// the account's other sessions (someone who knew the old one is out); this session stays.
/// Wrong current passwords count against the same limit as failed sign-ins. The new password
/// is hashed before the one transaction that stores it and ends the other sessions.
pub async fn change_password(
    db: &DatabaseConnection,
    asking: Asking<'_>,
    current: &str,
    new: &str,
) -> Result<(), PasswordError> {
    if current.is_empty() {
        return Err(PasswordError::NoCurrent);
    }
    if current.chars().count() > account::MAX_PASSWORD_CHARS {
        return Err(PasswordError::Wrong);
    }
    account::check_new_password(new).map_err(PasswordError::New)?;
    // Counted as signing in counts: guessing here is no cheaper than at the sign-in.
    let attempt = format!(
        "{} {}",
        asking.address,
        asking.admin.username.to_lowercase()
    );
    if !asking.limit.take(db, &attempt).await? {
        return Err(PasswordError::TooMany {
            minutes: asking.limit.window_minutes(),
        });
    }
    let account = admin::Entity::find_by_id(asking.admin.id)
        .one(db)
        .await?
        .ok_or(PasswordError::Wrong)?;
    if !auth::password_matches(current.to_owned(), account.password_hash).await {
        return Err(PasswordError::Wrong);
    }
    asking.limit.clear(db, &attempt).await?;
    let hash = auth::hash_password(new.to_owned())
        .await
        .map_err(|err| DbErr::Custom(err.to_string()))?;
    let txn = db.begin().await?;
    admin::Entity::update(admin::ActiveModel {
        id: Set(account.id),
        password_hash: Set(hash),
        ..Default::default()
    })
    .exec(&txn)
    .await?;
    session::Entity::delete_many()
        .filter(session::Column::AdminId.eq(account.id))
        .filter(session::Column::Id.ne(auth::hash_token(asking.token)))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(())
}

/// Ends every session of the admin's account, the asking one too; answers how many.
pub async fn sign_out_everywhere(db: &impl ConnectionTrait, admin: &Admin) -> Result<u64, DbErr> {
    let ended = session::Entity::delete_many()
        .filter(session::Column::AdminId.eq(admin.id))
        .exec(db)
        .await?;
    Ok(ended.rows_affected)
}
