//! The studio's admins as the back office manages them: who they are, a new admin added by
//! another (who gives their own password again), disabled, enabled again or removed (never
//! the last who can sign in), an admin's own new password (the current one asked again,
//! limited like signing in), and signing out every session of an account. Each change to who
//! may sign in is mailed to the studio's address, so an admin added by someone who stole a
//! session does not go unseen, and written in the record of who did what in the change's own
//! transaction. The first account comes from `posy admin create`; the accounts' rules are
//! core's (`account`) and the sessions `auth`'s.
//!
//! Usernames are unique whatever their capitals (`Ruth` is `ruth`): the database's index only
//! says so for the exact name, and a shop that made both before this rule keeps them (each
//! listed as clashing) rather than failing to start, so the rule lives here, and admins change
//! one at a time ([`in_turn`]) so two adding `Ruth` and `ruth` at once cannot both pass it.

use poem_openapi::Object;
use posy_core::account;
use posy_core::calendar::LondonTime;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DbBackend, DbErr,
    EntityTrait, QueryFilter, QueryOrder, Set,
};

use crate::accounts::auth::{self, AccountError, Admin, Hasher};
use crate::mail::{self, Letter};
use crate::store::audit::{self, Kind};
use crate::store::clock::{iso8601, now};
use crate::store::db::Writer;
use crate::store::entities::{admin, session};
use crate::store::rate_limit::Limit;

/// An admin as the list shows them.
#[derive(Debug, Object)]
pub struct AdminView {
    pub id: i32,
    pub username: String,
    /// When the account was made, e.g. `2026-11-24T09:30:00Z`.
    pub created: String,
    /// The admin asking.
    pub is_you: bool,
    /// Disabled: kept, but it may not sign in until enabled again.
    pub disabled: bool,
    /// Another admin's name differs from this one only in capitals (made before names were
    /// unique whatever their capitals): remove or disable one of them.
    pub clashes: bool,
}

/// Every admin, oldest first.
pub async fn list(db: &impl ConnectionTrait, asking: &Admin) -> Result<Vec<AdminView>, DbErr> {
    let rows = all(db).await?;
    Ok(rows
        .iter()
        .map(|row| AdminView {
            id: row.id,
            is_you: row.id == asking.id,
            username: row.username.clone(),
            created: iso8601(row.created_at),
            disabled: row.disabled_at.is_some(),
            clashes: rows.iter().any(|other| {
                other.id != row.id && folded(&other.username) == folded(&row.username)
            }),
        })
        .collect())
}

/// Every account, oldest first: a studio has a handful.
async fn all(db: &impl ConnectionTrait) -> Result<Vec<admin::Model>, DbErr> {
    admin::Entity::find()
        .order_by_asc(admin::Column::CreatedAt)
        .order_by_asc(admin::Column::Id)
        .all(db)
        .await
}

/// A username as compared: `Ruth` and `ruth` are one name.
fn folded(username: &str) -> String {
    username.trim().to_lowercase()
}

/// The account a typed name means: the one with exactly that name, else the one whose name
/// differs only in capitals (`ruth` signs in as `Ruth`). With two such and neither exact, none:
/// which was meant cannot be told.
pub async fn find_by_name(
    db: &impl ConnectionTrait,
    username: &str,
) -> Result<Option<admin::Model>, DbErr> {
    let typed = username.trim();
    let mut alike: Vec<admin::Model> = all(db)
        .await?
        .into_iter()
        .filter(|row| folded(&row.username) == folded(typed))
        .collect();
    if let Some(exact) = alike.iter().position(|row| row.username == typed) {
        return Ok(Some(alike.swap_remove(exact)));
    }
    Ok(if alike.len() == 1 { alike.pop() } else { None })
}

/// The names that differ only in capitals, each group as `Ruth and ruth`: said in the log at
/// start so the studio can remove or disable one.
pub async fn clashing_names(db: &impl ConnectionTrait) -> Result<Vec<String>, DbErr> {
    let rows = all(db).await?;
    let mut groups: Vec<Vec<&str>> = Vec::new();
    for row in &rows {
        match groups
            .iter_mut()
            .find(|group| folded(group[0]) == folded(&row.username))
        {
            Some(group) => group.push(&row.username),
            None => groups.push(vec![&row.username]),
        }
    }
    Ok(groups
        .into_iter()
        .filter(|group| group.len() > 1)
        .map(|group| group.join(" and "))
        .collect())
}

/// Waits, inside `txn`, until no other transaction is changing the admins: on PostgreSQL an
/// advisory lock held to the transaction's end; SQLite's writes already take turns (the
/// writer's queue, or a transaction begun IMMEDIATE on the command line).
async fn in_turn(txn: &impl ConnectionTrait) -> Result<(), DbErr> {
    if txn.get_database_backend() == DbBackend::Postgres {
        // Any fixed number: the one lock every change to the admins takes.
        txn.execute_unprepared("SELECT pg_advisory_xact_lock(7413001)")
            .await?;
    }
    Ok(())
}

/// Who changed the admins, and where the studio is told.
pub struct ChangedBy<'a> {
    /// The admin who did it, or [`audit::COMMAND_LINE`].
    pub who: &'a str,
    /// The studio's address, for the notice.
    pub notify: &'a str,
}

/// Why the admins were not changed.
#[derive(Debug)]
pub enum AdminsError {
    /// The asking admin's own password was not given or is wrong, or too many were.
    Confirm(PasswordError),
    /// The new account's username or password breaks a rule.
    Account(AccountError),
    /// No admin has that id (removed meanwhile).
    Gone,
    /// The change would leave no admin who can sign in: why, as a sentence.
    LastActive(String),
    Db(DbErr),
}

impl From<DbErr> for AdminsError {
    fn from(err: DbErr) -> Self {
        AdminsError::Db(err)
    }
}

impl From<AccountError> for AdminsError {
    fn from(err: AccountError) -> Self {
        match err {
            AccountError::Db(err) => AdminsError::Db(err),
            refused => AdminsError::Account(refused),
        }
    }
}

impl std::fmt::Display for AdminsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AdminsError::Confirm(_) => f.write_str("your own password is needed for that"),
            AdminsError::Account(err) => write!(f, "{err}"),
            AdminsError::Gone => f.write_str("there is no such admin"),
            AdminsError::LastActive(why) => f.write_str(why),
            AdminsError::Db(err) => write!(f, "the database failed: {err}"),
        }
    }
}

impl std::error::Error for AdminsError {}

/// Said when a username is taken, whatever its capitals.
pub fn name_taken(username: &str) -> String {
    format!("There is already an admin called {username}. Please choose another username.")
}

/// A new account's name and password, checked against core's rules and hashed, ready for
/// [`add`]: the slow hashing is done before any transaction begins.
pub struct NewAccount {
    username: String,
    password_hash: String,
}

impl NewAccount {
    /// Checks the username and password (`shop` is the shop's name, a guesser's first word)
    /// and hashes the password with the shop's `hasher`.
    pub async fn prepare(
        username: &str,
        password: &str,
        shop: &str,
        hasher: &Hasher,
    ) -> Result<NewAccount, AccountError> {
        let username = account::check_username(username).map_err(AccountError::Username)?;
        account::check_new_password(password, &[&username, shop, "posy"])
            .map_err(AccountError::Password)?;
        let password_hash = hasher
            .hash(password.to_owned())
            .await
            .map_err(|err| AccountError::Db(DbErr::Custom(err.to_string())))?;
        Ok(NewAccount {
            username,
            password_hash,
        })
    }
}

/// Makes the account inside `txn`, refusing a name another admin has whatever its capitals,
/// and tells the studio when there were admins before (the first account is the one setting
/// the shop up).
pub async fn add(
    txn: &impl ConnectionTrait,
    account: NewAccount,
    by: &ChangedBy<'_>,
) -> Result<Admin, AdminsError> {
    in_turn(txn).await?;
    let existing = all(txn).await?;
    if let Some(taken) = existing
        .iter()
        .find(|row| folded(&row.username) == folded(&account.username))
    {
        return Err(AccountError::Username(name_taken(&taken.username)).into());
    }
    let made = admin::ActiveModel {
        username: Set(account.username),
        password_hash: Set(account.password_hash),
        created_at: Set(now()),
        disabled_at: Set(None),
        ..Default::default()
    }
    .insert(txn)
    .await?;
    audit::record(txn, by.who, Kind::Admin, &made.username, "added").await?;
    if !existing.is_empty() {
        mail::post(
            txn,
            by.notify,
            notice(Change::Added, &made.username, by.who),
        )
        .await?;
    }
    Ok(Admin {
        id: made.id,
        username: made.username,
    })
}

/// Makes an account outside the running shop's writer (the command line, tests): checked
/// and hashed, then added in a transaction begun IMMEDIATE.
pub async fn create(
    db: &DatabaseConnection,
    username: &str,
    password: &str,
    by: &ChangedBy<'_>,
) -> Result<Admin, AdminsError> {
    let account = NewAccount::prepare(username, password, "", &Hasher::default()).await?;
    let txn = crate::store::db::begin_immediate(db).await?;
    let made = add(&txn, account, by).await?;
    txn.commit().await?;
    Ok(made)
}

/// What was done to an admin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    Added,
    Disabled,
    Enabled,
    Removed,
}

/// Disables, enables or removes the admin `id` inside `txn`, never leaving no admin who can
/// sign in; a disabled or removed admin's sessions end at once. The studio is told. Answers
/// the admin's name. Disabling a disabled admin (or enabling an enabled one) changes nothing
/// and tells no one.
pub async fn change(
    txn: &impl ConnectionTrait,
    id: i32,
    what: Change,
    by: &ChangedBy<'_>,
) -> Result<String, AdminsError> {
    in_turn(txn).await?;
    let everyone = all(txn).await?;
    let target = everyone
        .iter()
        .find(|row| row.id == id)
        .ok_or(AdminsError::Gone)?;
    let name = target.username.clone();
    let others_active = everyone
        .iter()
        .any(|row| row.id != id && row.disabled_at.is_none());
    let ends_access = matches!(what, Change::Disabled | Change::Removed);
    if ends_access && target.disabled_at.is_none() && !others_active {
        let doing = if what == Change::Removed {
            "removed"
        } else {
            "disabled"
        };
        return Err(AdminsError::LastActive(format!(
            "{name} is the only admin who can sign in, so they cannot be {doing}: add or \
             enable another admin first."
        )));
    }
    let unchanged = match what {
        Change::Disabled => target.disabled_at.is_some(),
        Change::Enabled => target.disabled_at.is_none(),
        Change::Removed | Change::Added => false,
    };
    if unchanged {
        return Ok(name);
    }
    if ends_access {
        session::Entity::delete_many()
            .filter(session::Column::AdminId.eq(id))
            .exec(txn)
            .await?;
    }
    match what {
        Change::Removed => {
            admin::Entity::delete_by_id(id).exec(txn).await?;
        }
        Change::Disabled | Change::Enabled => {
            admin::Entity::update(admin::ActiveModel {
                id: Set(id),
                disabled_at: Set((what == Change::Disabled).then(now)),
                ..Default::default()
            })
            .exec(txn)
            .await?;
        }
        Change::Added => unreachable!("an admin is added by `add`"),
    }
    let done = match what {
        Change::Disabled => "disabled: signed out, cannot sign in",
        Change::Enabled => "enabled again",
        Change::Removed => "removed",
        Change::Added => "added",
    };
    audit::record(txn, by.who, Kind::Admin, &name, done).await?;
    mail::post(txn, by.notify, notice(what, &name, by.who)).await?;
    Ok(name)
}

/// The studio's notice of a change to who may sign in.
fn notice(what: Change, name: &str, by: &str) -> Letter {
    let by = if by == audit::COMMAND_LINE {
        "Someone on the shop's server (`posy admin`)"
    } else {
        by
    };
    let when = LondonTime::at(now()).map_or_else(String::new, |at| format!(" on {}", at.full()));
    let unexpected = "If you did not expect this, sign in to the back office, check the \
                      Admins page (under Settings) and change your password.";
    let (subject, said) = match what {
        Change::Added => (
            format!("A new admin: {name}"),
            format!(
                "{by} added {name} as an admin{when}. {name} can now sign in to the back \
                 office and see the orders, the customers' details and the enquiries."
            ),
        ),
        Change::Disabled => (
            format!("Admin {name} disabled"),
            format!(
                "{by} disabled {name}{when}. {name} is signed out and cannot sign in until \
                 enabled again on the Admins page."
            ),
        ),
        Change::Enabled => (
            format!("Admin {name} enabled again"),
            format!("{by} enabled {name} again{when}: {name} can sign in to the back office."),
        ),
        Change::Removed => (
            format!("Admin {name} removed"),
            format!("{by} removed the admin {name}{when}. {name} is signed out for good."),
        ),
    };
    Letter {
        subject,
        body: format!("{said}\n\n{unexpected}\n"),
    }
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

/// Who is asking to change their password or the admins, besides the passwords.
pub struct Asking<'a> {
    pub admin: &'a Admin,
    /// The session's own token: it stays signed in.
    pub token: &'a str,
    /// Who is asking, for the limit on wrong passwords (shared with signing in).
    pub address: String,
    pub limit: &'a Limit,
    /// The shop's name: among a guesser's first words, so no new password may lean on it.
    pub shop: String,
    /// The shop's hasher, for the password given again and a new one.
    pub hasher: &'a Hasher,
}

/// Checks the asking admin's own password, given again before a change that matters (their
/// password, another admin). Wrong ones count against the same limit as failed sign-ins:
/// guessing here is no cheaper than at the sign-in.
pub async fn confirm(
    db: &DatabaseConnection,
    asking: &Asking<'_>,
    current: &str,
) -> Result<(), PasswordError> {
    if current.is_empty() {
        return Err(PasswordError::NoCurrent);
    }
    if current.chars().count() > account::MAX_PASSWORD_CHARS {
        return Err(PasswordError::Wrong);
    }
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
    if !asking
        .hasher
        .matches(current.to_owned(), account.password_hash)
        .await
    {
        return Err(PasswordError::Wrong);
    }
    asking.limit.clear(db, &attempt).await?;
    Ok(())
}

/// Changes the asking admin's password once the current one is given again, and signs out
/// the account's other sessions (someone who knew the old one is out); this session stays.
/// The new password is hashed before the one transaction that stores it and ends the other
/// sessions.
pub async fn change_password(
    db: &DatabaseConnection,
    writer: &Writer,
    asking: Asking<'_>,
    current: &str,
    new: &str,
) -> Result<(), PasswordError> {
    if current.is_empty() {
        return Err(PasswordError::NoCurrent);
    }
    account::check_new_password(new, &[&asking.admin.username, &asking.shop, "posy"])
        .map_err(PasswordError::New)?;
    confirm(db, &asking, current).await?;
    let hash = asking
        .hasher
        .hash(new.to_owned())
        .await
        .map_err(|err| DbErr::Custom(err.to_string()))?;
    let txn = writer.begin().await?;
    admin::Entity::update(admin::ActiveModel {
        id: Set(asking.admin.id),
        password_hash: Set(hash),
        ..Default::default()
    })
    .exec(&txn)
    .await?;
    session::Entity::delete_many()
        .filter(session::Column::AdminId.eq(asking.admin.id))
        .filter(session::Column::Id.ne(auth::hash_token(asking.token)))
        .exec(&txn)
        .await?;
    let who = &asking.admin.username;
    audit::record(&txn, who, Kind::Admin, who, "changed their own password").await?;
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
