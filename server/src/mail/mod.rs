//! Mail through an outbox: a message is written to the `outbox` table in the same transaction
//! as what it tells of (so an order never exists without its confirmation, nor the reverse),
//! then a sender delivers it and retries with growing pauses until it goes. Delivery is lettre
//! over SMTP when `SMTP_URL` is set, otherwise an `.eml` file in `outbox/` under the data
//! folder and a log line, so the embedded default needs no mail server.
//!
//! A mail is never lost and rarely doubled: a sender claims a message with a lease
//! (`claimed_until`), sends it, then marks it sent. A sender that dies between sending and
//! marking leaves a claim that expires, and the message goes again with the Message-ID fixed
//! when it was queued, so the recipient's mail program can tell it is the same mail. After
//! [`MAX_ATTEMPTS`] failures the message is marked dead and the studio is told once.

use std::path::PathBuf;
use std::time::Duration;

use lettre::message::Mailbox;
use lettre::message::header::ContentType;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};

use crate::store::clock::now;
use crate::store::db::Writer;
use crate::store::entities::outbox;

pub mod letters;
pub mod privacy;
pub mod smtp;

pub use letters::Letter;
pub use smtp::SmtpSettings;

/// How long a sender owns a message it is sending before another may try it.
const CLAIM_SECONDS: i64 = 120;
/// How long one try may take: well inside the lease, so a slow server never lets a second
/// sender start while the first is still talking to it.
const SEND_TIMEOUT: Duration = Duration::from_secs(60);
/// The longest pause between two tries.
pub const MAX_PAUSE_SECONDS: i64 = 60 * 60;
/// Tries before a message is given up as dead (about five hours of pauses).
pub const MAX_ATTEMPTS: i32 = 10;

/// Puts a message in the outbox, inside the caller's transaction.
pub async fn enqueue(
    db: &impl ConnectionTrait,
    recipient: &str,
    subject: &str,
    body: &str,
) -> Result<(), sea_orm::DbErr> {
    enqueue_answered_to(db, recipient, subject, body, None).await
}

/// Puts a message in the outbox whose answers go to `reply_to` (when given), inside the
/// caller's transaction.
pub async fn enqueue_answered_to(
    db: &impl ConnectionTrait,
    recipient: &str,
    subject: &str,
    body: &str,
    reply_to: Option<&str>,
) -> Result<(), sea_orm::DbErr> {
    let now = now();
    outbox::Entity::insert(outbox::ActiveModel {
        reply_to: Set(reply_to.map(str::to_owned)),
        recipient: Set(recipient.to_owned()),
        subject: Set(subject.to_owned()),
        body: Set(body.to_owned()),
        created_at: Set(now),
        attempts: Set(0),
        next_attempt_at: Set(now),
        sent_at: Set(None),
        last_error: Set(None),
        message_id: Set(Some(uuid::Uuid::new_v4().simple().to_string())),
        claimed_until: Set(None),
        dead_at: Set(None),
        ..Default::default()
    })
    .exec(db)
    .await?;
    Ok(())
}

/// Puts one of the shop's letters in the outbox, inside the caller's transaction.
pub async fn post(
    db: &impl ConnectionTrait,
    recipient: &str,
    letter: Letter,
) -> Result<(), sea_orm::DbErr> {
    enqueue(db, recipient, &letter.subject, &letter.body).await
}

/// Puts one of the studio's notices in the outbox with answers going to the person it is about
/// (the customer, the enquirer), so "Reply" in the studio's mail program reaches them and not
/// the shop's own address. An address no mail server would take is left out.
pub async fn post_answered_to(
    db: &impl ConnectionTrait,
    recipient: &str,
    letter: Letter,
    reply_to: &str,
) -> Result<(), sea_orm::DbErr> {
    let reply_to = Some(reply_to).filter(|address| posy_core::validation::is_email(address));
    enqueue_answered_to(db, recipient, &letter.subject, &letter.body, reply_to).await
}

/// Where mail goes.
#[derive(Clone)]
pub enum Transport {
    /// An SMTP server, and its `host:port` for sentences.
    Smtp(AsyncSmtpTransport<Tokio1Executor>, String),
    /// `.eml` files in a folder.
    Folder(PathBuf),
}

/// Sends the outbox's messages from one address.
#[derive(Clone)]
pub struct Mailer {
    from: Mailbox,
    transport: Transport,
    /// Who hears of a message the shop gave up on.
    studio: String,
}

/// How long the check at start may take to connect and sign in.
const CHECK_TIMEOUT: Duration = Duration::from_secs(45);

impl Mailer {
    /// Through the SMTP server `smtp` says when given (see [`smtp::server`]), else files in
    /// `folder`; mail that cannot be delivered is reported to `studio`. With a mail server,
    /// `.localhost` addresses (the defaults, good only for trying the shop) are refused: no
    /// server delivers for them, and no customer could answer them.
    pub fn new(
        from: &str,
        studio: &str,
        smtp: Option<&SmtpSettings<'_>>,
        folder: PathBuf,
    ) -> anyhow::Result<Mailer> {
        let from: Mailbox = from
            .parse()
            .map_err(|e| anyhow::anyhow!("the sender address {from:?} is not valid: {e}"))?;
        let transport = match smtp {
            Some(settings) => {
                for (setting, address) in [
                    ("POSY_MAIL_FROM", from.email.to_string()),
                    ("POSY_STUDIO_EMAIL", studio.to_owned()),
                ] {
                    anyhow::ensure!(
                        !smtp::is_localhost_address(&address),
                        "{setting} is {address}, a .localhost address no mail server delivers \
                         for: with SMTP_URL set, give the studio's own addresses in \
                         POSY_MAIL_FROM and POSY_STUDIO_EMAIL"
                    );
                }
                let server = smtp::server(settings)?;
                Transport::Smtp(server.transport, server.address)
            }
            None => Transport::Folder(folder),
        };
        Ok(Mailer {
            from,
            transport,
            studio: studio.to_owned(),
        })
    }

    /// Connects to the mail server and signs in, as a letter would: `Err` says in a sentence
    /// what is wrong. Always fine when mail goes to files.
    pub async fn check(&self) -> Result<(), String> {
        let Transport::Smtp(smtp, address) = &self.transport else {
            return Ok(());
        };
        let wait = "letters wait in the outbox until it is put right";
        match tokio::time::timeout(CHECK_TIMEOUT, smtp.test_connection()).await {
            Ok(Ok(true)) => {
                tracing::info!(server = %address, "the mail server takes the shop's login");
                Ok(())
            }
            Ok(Ok(false)) => Err(format!(
                "the mail server at {address} let the shop in but then did not answer; {wait}"
            )),
            // 535: the user name or password is not the server's (RFC 4954).
            Ok(Err(err)) if err.status().is_some_and(|code| code.to_string() == "535") => {
                Err(format!(
                    "the mail server at {address} refused the shop's login: check SMTP_URL's \
                     user and POSY_SMTP_PASSWORD ({}); {wait}",
                    said(&err)
                ))
            }
            Ok(Err(err)) => Err(format!(
                "the shop could not send through the mail server at {address} ({}); {wait}",
                said(&err)
            )),
            Err(_) => Err(format!(
                "the mail server at {address} did not answer within {} seconds; {wait}",
                CHECK_TIMEOUT.as_secs()
            )),
        }
    }

    /// The Message-ID of an outbox row: the same on every try.
    fn message_id(&self, message: &outbox::Model) -> String {
        let unique = match &message.message_id {
            Some(unique) => unique.clone(),
            None => format!("outbox-{}-{}", message.id, message.created_at),
        };
        format!("<{unique}@{}>", self.from.email.domain())
    }

    async fn send(&self, message: &outbox::Model) -> anyhow::Result<()> {
        let id = message.id;
        let mut email = Message::builder()
            .message_id(Some(self.message_id(message)))
            .from(self.from.clone());
        if let Some(reply_to) = &message.reply_to {
            email = email.reply_to(reply_to.parse()?);
        }
        let email = email
            .to(message.recipient.parse()?)
            .subject(&message.subject)
            .header(ContentType::TEXT_PLAIN)
            .body(message.body.clone())?;
        match &self.transport {
            Transport::Smtp(smtp, _) => {
                tokio::time::timeout(SEND_TIMEOUT, smtp.send(email))
                    .await
                    .map_err(|_| anyhow::anyhow!("the mail server took too long"))??;
            }
            Transport::Folder(folder) => {
                tokio::fs::create_dir_all(folder).await?;
                // Written whole under a temporary name, then renamed: readers never see half.
                let path = folder.join(privacy::file_name(id));
                let partial = folder.join(format!(".{id:06}.eml.partial"));
                tokio::fs::write(&partial, email.formatted()).await?;
                tokio::fs::rename(&partial, &path).await?;
                tracing::info!(id, file = %path.display(), "mail written");
            }
        }
        Ok(())
    }
}

/// An error with its causes, each said once (lettre repeats the server's answer in its cause).
fn said(err: &(dyn std::error::Error + 'static)) -> String {
    let mut text = err.to_string();
    let mut cause = err.source();
    while let Some(next) = cause {
        let next_text = next.to_string();
        if !text.contains(&next_text) {
            text = format!("{text}: {next_text}");
        }
        cause = next.source();
    }
    text
}

/// Messages not sent, not given up, due and not claimed by a live lease.
fn waiting(now: i64) -> sea_orm::sea_query::SimpleExpr {
    outbox::Column::SentAt
        .is_null()
        .and(outbox::Column::DeadAt.is_null())
        .and(outbox::Column::NextAttemptAt.lte(now))
        .and(
            outbox::Column::ClaimedUntil
                .is_null()
                .or(outbox::Column::ClaimedUntil.lte(now)),
        )
}

/// Sends every message that is due; returns how many went.
/// Each change to a letter takes the writer's turn, and none is held while a letter is sent.
pub async fn deliver_due(writer: &Writer, mailer: &Mailer) -> Result<usize, sea_orm::DbErr> {
    let due = outbox::Entity::find()
        .filter(waiting(now()))
        .order_by_asc(outbox::Column::Id)
        .limit(50)
        .all(writer.pool())
        .await?;
    let mut sent = 0;
    for message in due {
        if !claim(writer, message.id).await? {
            continue;
        }
        let attempts = message.attempts + 1;
        match mailer.send(&message).await {
            Ok(()) => {
                outbox::Entity::update_many()
                    .col_expr(outbox::Column::SentAt, Expr::value(now()))
                    .col_expr(outbox::Column::ClaimedUntil, Expr::value(None::<i64>))
                    .col_expr(outbox::Column::LastError, Expr::value(None::<String>))
                    .filter(outbox::Column::Id.eq(message.id))
                    .exec(writer)
                    .await?;
                sent += 1;
            }
            Err(err) if attempts >= MAX_ATTEMPTS => {
                give_up(writer, mailer, &message, &err.to_string()).await?;
            }
            Err(err) => {
                // The error may quote the recipient's address: it stays in the row, not the log.
                tracing::warn!(id = message.id, attempts, "mail not sent; will try again");
                outbox::Entity::update_many()
                    .col_expr(
                        outbox::Column::NextAttemptAt,
                        Expr::value(now() + pause_after(attempts)),
                    )
                    .col_expr(outbox::Column::ClaimedUntil, Expr::value(None::<i64>))
                    .col_expr(outbox::Column::LastError, Expr::value(err.to_string()))
                    .filter(outbox::Column::Id.eq(message.id))
                    .exec(writer)
                    .await?;
            }
        }
    }
    Ok(sent)
}

/// Takes the lease on a message (counting the try), unless another sender holds it.
async fn claim(writer: &Writer, id: i32) -> Result<bool, sea_orm::DbErr> {
    let now = now();
    let claimed = outbox::Entity::update_many()
        .col_expr(
            outbox::Column::ClaimedUntil,
            Expr::value(now + CLAIM_SECONDS),
        )
        .col_expr(
            outbox::Column::Attempts,
            Expr::col(outbox::Column::Attempts).add(1),
        )
        .filter(outbox::Column::Id.eq(id))
        .filter(waiting(now))
        .exec(writer)
        .await?;
    Ok(claimed.rows_affected == 1)
}

/// Marks a message dead and, in the same transaction, tells the studio: once, because only the
/// sender that sets `dead_at` writes the notice.
async fn give_up(
    writer: &Writer,
    mailer: &Mailer,
    message: &outbox::Model,
    error: &str,
) -> Result<(), sea_orm::DbErr> {
    tracing::error!(id = message.id, "mail given up after {MAX_ATTEMPTS} tries");
    let txn = writer.begin().await?;
    let marked = outbox::Entity::update_many()
        .col_expr(outbox::Column::DeadAt, Expr::value(now()))
        .col_expr(outbox::Column::ClaimedUntil, Expr::value(None::<i64>))
        .col_expr(outbox::Column::LastError, Expr::value(error))
        .filter(outbox::Column::Id.eq(message.id))
        .filter(outbox::Column::DeadAt.is_null())
        .exec(&txn)
        .await?;
    // A notice to the studio that cannot reach the studio is not reported again, or a broken
    // studio address would breed notices for ever.
    if marked.rows_affected == 1 && message.recipient != mailer.studio {
        post(
            &txn,
            &mailer.studio,
            letters::undeliverable(message.id, &message.subject, MAX_ATTEMPTS),
        )
        .await?;
    }
    txn.commit().await
}

/// Letters not sent that have failed at least once (given up on or still being tried), newest
/// first: what the back office lists as mail that needs a look.
pub async fn troubled(db: &DatabaseConnection) -> Result<Vec<outbox::Model>, sea_orm::DbErr> {
    troubled_letters()
        .order_by_desc(outbox::Column::Id)
        .limit(200)
        .all(db)
        .await
}

/// How many letters [`troubled`] would list.
pub async fn troubled_count(db: &DatabaseConnection) -> Result<u64, sea_orm::DbErr> {
    troubled_letters().count(db).await
}

fn troubled_letters() -> sea_orm::Select<outbox::Entity> {
    outbox::Entity::find()
        .filter(outbox::Column::SentAt.is_null())
        .filter(
            outbox::Column::DeadAt
                .is_not_null()
                .or(outbox::Column::LastError.is_not_null()),
        )
}

/// Sends a letter again at the next tick of the outbox, its tries counted afresh (a letter
/// given up on comes back). False when it was sent meanwhile or is not there.
pub async fn send_again(db: &DatabaseConnection, id: i32) -> Result<bool, sea_orm::DbErr> {
    let revived = revive().filter(outbox::Column::Id.eq(id)).exec(db).await?;
    Ok(revived.rows_affected == 1)
}

/// Sends every letter given up on again (`posy mail retry --dead`): how many.
pub async fn send_dead_again(writer: &Writer) -> Result<u64, sea_orm::DbErr> {
    // In a transaction begun as the writer, like every write beside the running shop
    // (`Writer::beside_the_shop`): it waits for the shop's writes rather than being refused.
    let txn = writer.begin().await?;
    let revived = revive()
        .filter(outbox::Column::DeadAt.is_not_null())
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(revived.rows_affected)
}

/// The update that puts an unsent letter back in the queue, due now.
fn revive() -> sea_orm::UpdateMany<outbox::Entity> {
    outbox::Entity::update_many()
        .col_expr(outbox::Column::DeadAt, Expr::value(None::<i64>))
        .col_expr(outbox::Column::Attempts, Expr::value(0))
        .col_expr(outbox::Column::NextAttemptAt, Expr::value(now()))
        .col_expr(outbox::Column::ClaimedUntil, Expr::value(None::<i64>))
        .filter(outbox::Column::SentAt.is_null())
}

/// 30 s, 1 min, 2 min … up to an hour.
pub fn pause_after(attempts: i32) -> i64 {
    let doublings = attempts.clamp(1, 12) - 1;
    std::cmp::min(30i64 << doublings, MAX_PAUSE_SECONDS)
}

/// Delivers the outbox every couple of seconds for as long as the server runs.
pub async fn run_outbox(writer: Writer, mailer: Mailer) {
    let mut tick = tokio::time::interval(Duration::from_secs(2));
    loop {
        tick.tick().await;
        if let Err(err) = deliver_due(&writer, &mailer).await {
            tracing::warn!(%err, "could not read the outbox");
        }
    }
}
