//! Mail through an outbox: a message is written to the `outbox` table in the same transaction
//! as what it tells of (so an order never exists without its confirmation, nor the reverse),
//! then a sender delivers it and retries with growing pauses until it goes. Delivery is lettre
//! over SMTP when `SMTP_URL` is set, otherwise an `.eml` file in `outbox/` under the data
//! folder and a log line, so the embedded default needs no mail server.

use std::path::PathBuf;
use std::time::Duration;

use lettre::message::Mailbox;
use lettre::message::header::ContentType;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};

use crate::clock::now;
use crate::entities::outbox;

pub mod letters;

pub use letters::Letter;

/// How long a sender owns a message it is sending before another may try it.
const CLAIM_SECONDS: i64 = 120;
/// The longest pause between two tries.
const MAX_PAUSE_SECONDS: i64 = 60 * 60;

/// Puts a message in the outbox, inside the caller's transaction.
pub async fn enqueue(
    db: &impl ConnectionTrait,
    recipient: &str,
    subject: &str,
    body: &str,
) -> Result<(), sea_orm::DbErr> {
    let now = now();
    outbox::ActiveModel {
        recipient: Set(recipient.to_owned()),
        subject: Set(subject.to_owned()),
        body: Set(body.to_owned()),
        created_at: Set(now),
        attempts: Set(0),
        next_attempt_at: Set(now),
        sent_at: Set(None),
        last_error: Set(None),
        ..Default::default()
    }
    .insert(db)
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

/// Where mail goes.
#[derive(Clone)]
pub enum Transport {
    /// An SMTP server.
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    /// `.eml` files in a folder.
    Folder(PathBuf),
}

/// Sends the outbox's messages from one address.
#[derive(Clone)]
pub struct Mailer {
    from: Mailbox,
    transport: Transport,
}

impl Mailer {
    /// SMTP when `smtp_url` is given (e.g. `smtps://user:pass@smtp.example:465`), else files
    /// in `folder`.
    pub fn new(from: &str, smtp_url: Option<&str>, folder: PathBuf) -> anyhow::Result<Mailer> {
        let from: Mailbox = from
            .parse()
            .map_err(|e| anyhow::anyhow!("the sender address {from:?} is not valid: {e}"))?;
        let transport = match smtp_url {
            Some(url) => {
                Transport::Smtp(AsyncSmtpTransport::<Tokio1Executor>::from_url(url)?.build())
            }
            None => Transport::Folder(folder),
        };
        Ok(Mailer { from, transport })
    }

    async fn send(&self, id: i32, message: &outbox::Model) -> anyhow::Result<()> {
        let email = Message::builder()
            .from(self.from.clone())
            .to(message.recipient.parse()?)
            .subject(&message.subject)
            .header(ContentType::TEXT_PLAIN)
            .body(message.body.clone())?;
        match &self.transport {
            Transport::Smtp(smtp) => {
                smtp.send(email).await?;
            }
            Transport::Folder(folder) => {
                tokio::fs::create_dir_all(folder).await?;
                // Written whole under a temporary name, then renamed: readers never see half.
                let path = folder.join(format!("{id:06}.eml"));
                let partial = folder.join(format!(".{id:06}.eml.partial"));
                tokio::fs::write(&partial, email.formatted()).await?;
                tokio::fs::rename(&partial, &path).await?;
                tracing::info!(to = %message.recipient, subject = %message.subject, file = %path.display(), "mail written");
            }
        }
        Ok(())
    }
}

/// Sends every message that is due; returns how many went.
pub async fn deliver_due(
    db: &DatabaseConnection,
    mailer: &Mailer,
) -> Result<usize, sea_orm::DbErr> {
    let now = now();
    let due = outbox::Entity::find()
        .filter(outbox::Column::SentAt.is_null())
        .filter(outbox::Column::NextAttemptAt.lte(now))
        .order_by_asc(outbox::Column::Id)
        .limit(50)
        .all(db)
        .await?;
    let mut sent = 0;
    for message in due {
        // Claim it first, so two posy processes never send the same message.
        let claimed = outbox::Entity::update_many()
            .col_expr(
                outbox::Column::NextAttemptAt,
                Expr::value(now + CLAIM_SECONDS),
            )
            .col_expr(
                outbox::Column::Attempts,
                Expr::col(outbox::Column::Attempts).add(1),
            )
            .filter(outbox::Column::Id.eq(message.id))
            .filter(outbox::Column::SentAt.is_null())
            .filter(outbox::Column::NextAttemptAt.eq(message.next_attempt_at))
            .exec(db)
            .await?;
        if claimed.rows_affected == 0 {
            continue;
        }
        let attempts = message.attempts + 1;
        let mut row: outbox::ActiveModel = message.clone().into();
        row.attempts = Set(attempts);
        match mailer.send(message.id, &message).await {
            Ok(()) => {
                row.sent_at = Set(Some(crate::clock::now()));
                row.last_error = Set(None);
                sent += 1;
            }
            Err(err) => {
                tracing::warn!(id = message.id, attempts, %err, "mail not sent; will try again");
                row.next_attempt_at = Set(crate::clock::now() + pause_after(attempts));
                row.last_error = Set(Some(err.to_string()));
            }
        }
        row.update(db).await?;
    }
    Ok(sent)
}

/// 30 s, 1 min, 2 min … up to an hour.
fn pause_after(attempts: i32) -> i64 {
    let doublings = attempts.clamp(1, 12) - 1;
    std::cmp::min(30i64 << doublings, MAX_PAUSE_SECONDS)
}

/// Delivers the outbox every couple of seconds for as long as the server runs.
pub async fn run_outbox(db: DatabaseConnection, mailer: Mailer) {
    let mut tick = tokio::time::interval(Duration::from_secs(2));
    loop {
        tick.tick().await;
        if let Err(err) = deliver_due(&db, &mailer).await {
            tracing::warn!(%err, "could not read the outbox");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pauses_double_up_to_an_hour() {
        assert_eq!(pause_after(1), 30);
        assert_eq!(pause_after(2), 60);
        assert_eq!(pause_after(3), 120);
        assert_eq!(pause_after(20), MAX_PAUSE_SECONDS);
    }
}
