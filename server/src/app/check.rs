//! `posy check`: what the shop checks as it starts and what `/readyz` reports, plus what only a
//! person setting it up needs to know (the mail server's login, the Stripe key's mode, and
//! whether Stripe has a webhook endpoint for the shop), as a list of sentences each marked ✓
//! or ✗. It changes nothing: no migration, no mail sent, no file made.

use std::fmt;
use std::os::unix::fs::PermissionsExt;

use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};

use crate::app::config::Config;
use crate::app::startup::{PaymentChoice, choose_payments};
use crate::checkout::payments::stripe::{self, WebhookEndpoint};
use crate::store::entities::admin;
use crate::store::health::{AtStart, Health};

/// One line of the list.
#[derive(Debug, Clone, PartialEq)]
pub struct Finding {
    pub ok: bool,
    pub sentence: String,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", if self.ok { "✓" } else { "✗" }, self.sentence)
    }
}

pub fn good(sentence: impl Into<String>) -> Finding {
    Finding {
        ok: true,
        sentence: sentence.into(),
    }
}

pub fn bad(sentence: impl Into<String>) -> Finding {
    Finding {
        ok: false,
        sentence: sentence.into(),
    }
}

/// Every check, in the order a person would fix them, as at `now` (Unix seconds).
pub async fn check(config: &Config, now: i64) -> Vec<Finding> {
    let mut found = Vec::new();
    found.extend(data_folder(config));
    found.extend(database(config, now).await);
    found.extend(tools());
    found.extend(mail(config).await);
    found.extend(payments(config).await);
    found
}

/// The data folder is there and the shop's alone.
fn data_folder(config: &Config) -> Vec<Finding> {
    let dir = &config.data_dir;
    match std::fs::metadata(dir) {
        Err(err) => vec![bad(format!(
            "The data folder {} cannot be read ({err}): check --data-dir (POSY_DATA_DIR).",
            dir.display()
        ))],
        Ok(meta) if meta.permissions().mode() & 0o077 != 0 => vec![bad(format!(
            "The data folder {} can be read by other accounts (mode {:o}): start the shop as \
             the account that owns it, which makes it private.",
            dir.display(),
            meta.permissions().mode() & 0o777
        ))],
        Ok(_) => vec![good(format!(
            "The data folder {} is private to the shop's account.",
            dir.display()
        ))],
    }
}

/// What `/readyz` reports, and the admins the shop warns of at start.
async fn database(config: &Config, now: i64) -> Vec<Finding> {
    let db = match crate::store::db::connect_to_look(&config.database_url()).await {
        Ok(db) => db,
        Err(err) => {
            return vec![bad(format!(
                "The database cannot be opened ({err}): check --data-dir or DATABASE_URL, or \
                 start the shop once to make it."
            ))];
        }
    };
    let health = Health {
        db: db.clone(),
        data_dir: config.data_dir.clone(),
        media_dir: config.s3_bucket.is_none().then(|| config.media_dir()),
        // What the shop notes at its start (the mail server's login, test keys in public) is
        // checked below in its own lines.
        at_start: AtStart::default(),
    };
    let readiness = health.check(now).await;
    let mut found = Vec::new();
    if readiness.ready() {
        found.push(good(
            "The shop can serve: the database answers, its migrations are applied, the media \
             can be written and the disk has room.",
        ));
    }
    found.extend(
        readiness
            .problems
            .into_iter()
            .map(|problem| bad(sentence(&problem))),
    );
    found.extend(
        readiness
            .attention
            .into_iter()
            .map(|item| bad(format!("Needs a person: {item}."))),
    );
    let admins = admin::Entity::find()
        .filter(admin::Column::DisabledAt.is_null())
        .count(&db)
        .await;
    match admins {
        Ok(0) => found.push(bad(
            "No admin can sign in: make one with `posy admin create --username NAME`.",
        )),
        Ok(n) => found.push(good(format!("{n} admin(s) can sign in."))),
        Err(err) => found.push(bad(format!("The admins could not be read: {err}."))),
    }
    if let Ok(clashes) = crate::accounts::admins::clashing_names(&db).await {
        found.extend(clashes.into_iter().map(|names| {
            bad(format!(
                "The admins {names} have names that differ only in capitals: remove or disable \
                 all but one."
            ))
        }));
    }
    let _ = db.close().await;
    found
}

/// The upload tools the shop names at start.
fn tools() -> Vec<Finding> {
    let missing = crate::media::missing_tools();
    crate::media::TOOLS
        .into_iter()
        .map(|(tool, without)| {
            if missing.iter().any(|(name, _)| *name == tool) {
                bad(format!("{tool} is not installed: {without}."))
            } else {
                good(format!("{tool} is installed."))
            }
        })
        .collect()
}

/// The mail settings, and the SMTP server's login (the mail module's own check, as at start:
/// no mail sent).
async fn mail(config: &Config) -> Vec<Finding> {
    let mailer = match super::startup::mailer(config) {
        Ok(mailer) => mailer,
        Err(err) => return vec![bad(format!("The mail settings are wrong: {err}."))],
    };
    if config.smtp_url.is_none() {
        let files = config.outbox_dir();
        return vec![if is_public(config) {
            bad(format!(
                "SMTP_URL is not set: mail is written as files into {} and nobody receives it.",
                files.display()
            ))
        } else {
            good(format!(
                "SMTP_URL is not set: mail is written as files into {} (a test shop).",
                files.display()
            ))
        }];
    }
    match mailer.check().await {
        Ok(()) => vec![good(
            "The mail server accepted the connection and the login (no mail was sent).",
        )],
        Err(why) => vec![bad(format!(
            "{}. Check SMTP_URL (see docs/operations.md, Mail).",
            capitalised(&why)
        ))],
    }
}

/// A sentence from words made to follow a comma: its first letter a capital.
fn capitalised(words: &str) -> String {
    let mut letters = words.chars();
    letters.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(letters).collect()
    })
}

/// Which payments the settings choose, the Stripe key's mode, and Stripe's webhook endpoint.
async fn payments(config: &Config) -> Vec<Finding> {
    let (secret, publishable) = match choose_payments(config) {
        Err(err) => return vec![bad(format!("{err}."))],
        Ok(PaymentChoice::Simulated) => {
            return vec![good(
                "Card payments are simulated (no Stripe keys are set): no real money is taken.",
            )];
        }
        Ok(PaymentChoice::Stripe {
            secret,
            publishable,
        }) => (secret, publishable),
    };
    let mut found = Vec::new();
    // The example settings file's `rk_live_...` reads as a live key by its prefix alone.
    for (name, key) in [
        ("STRIPE_SECRET_KEY", secret),
        ("STRIPE_PUBLISHABLE_KEY", publishable),
    ] {
        if is_placeholder(key) {
            found.push(bad(format!(
                "{name} is a placeholder ({key}), not a key: put in the key from the Stripe \
                 dashboard."
            )));
        }
    }
    if !found.is_empty() {
        return found;
    }
    match (stripe::key_mode(secret), stripe::key_mode(publishable)) {
        (Some(mode), Some(other)) if mode != other => found.push(bad(format!(
            "STRIPE_SECRET_KEY is a {mode} key but STRIPE_PUBLISHABLE_KEY a {other} one: both \
             must come from the same mode of the Stripe dashboard."
        ))),
        (Some("test"), _) if is_public(config) => found.push(bad(
            "Stripe's keys are test keys on an https shop: no real money is taken. Put the live \
             keys in for the shop to take payments.",
        )),
        (Some(mode), _) => found.push(good(format!(
            "Stripe's keys are {mode} keys{}.",
            if mode == "test" {
                ": no real money is taken"
            } else {
                ""
            }
        ))),
        (None, _) => found.push(bad(
            "STRIPE_SECRET_KEY does not look like a Stripe key (sk_… or rk_…).",
        )),
    }
    let Some(public) = &config.public_url else {
        found.push(bad(
            "POSY_PUBLIC_URL is not set, so Stripe has no address to send its events to.",
        ));
        return found;
    };
    let wanted = format!("{}/api/payment/webhook/", public.trim_end_matches('/'));
    match stripe::webhook_endpoints(secret, config.stripe_api_url.as_deref()).await {
        Ok(endpoints) => found.push(webhook(&endpoints, &wanted)),
        Err(err) => found.push(bad(format!(
            "Stripe's webhook endpoints could not be listed ({err}): the key may lack the \
             Webhook Endpoints read permission, or Stripe cannot be reached."
        ))),
    }
    found
}

/// Whether a key is not a real key's shape: Stripe's keys are letters and digits after their
/// prefix (`rk_live_...` in the example settings file is not).
fn is_placeholder(key: &str) -> bool {
    let rest = key.rsplit('_').next().unwrap_or_default();
    rest.is_empty() || !rest.chars().all(|c| c.is_ascii_alphanumeric())
}

/// Whether Stripe sends `payment_intent.succeeded` to `wanted` among `endpoints`.
pub fn webhook(endpoints: &[WebhookEndpoint], wanted: &str) -> Finding {
    let same = |url: &str| url.trim_end_matches('/') == wanted.trim_end_matches('/');
    let Some(endpoint) = endpoints.iter().find(|e| same(&e.url)) else {
        return bad(format!(
            "Stripe has no webhook endpoint for {wanted}: add one (docs/operations.md, Stripe), \
             or an order whose page closed before it was placed is never placed."
        ));
    };
    if endpoint.status != "enabled" {
        return bad(format!(
            "Stripe's webhook endpoint for {wanted} is {}: enable it in the dashboard.",
            endpoint.status
        ));
    }
    let sends = |event: &str| endpoint.events.iter().any(|e| e == event || e == "*");
    if !sends("payment_intent.succeeded") {
        return bad(format!(
            "Stripe's webhook endpoint for {wanted} does not send payment_intent.succeeded: \
             add that event to it."
        ));
    }
    good(format!(
        "Stripe sends payment_intent.succeeded to {wanted}."
    ))
}

/// A shop on an https public address is a real one.
fn is_public(config: &Config) -> bool {
    config
        .public_url
        .as_deref()
        .is_some_and(|url| url.starts_with("https://"))
}

/// A readiness problem as a sentence: capitalised, with a full stop.
pub fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let first = chars.next().map(|c| c.to_uppercase().to_string());
    format!("{}{}.", first.unwrap_or_default(), chars.as_str())
}
