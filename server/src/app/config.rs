//! How a shop is configured: flags and environment variables, each explained by `posy --help`.

use std::path::PathBuf;

use clap::Args;

use crate::http::proxies::Network;

/// Settings for running the shop.
#[derive(Clone, Debug, Args)]
pub struct Config {
    /// Address and port to listen on.
    #[arg(long, env = "POSY_BIND", default_value = "127.0.0.1:8080", global = true)]
    pub bind: String,

    /// Folder for the shop's own files: the SQLite database, uploaded media, written mail.
    #[arg(long, env = "POSY_DATA_DIR", default_value = "data", global = true)]
    pub data_dir: PathBuf,

    /// Database to use, e.g. postgres://user@host/posy. Default: the SQLite file
    /// posy.db in the data folder.
    #[arg(long, env = "DATABASE_URL", hide_env_values = true, global = true)]
    pub database_url: Option<String>,

    /// Folder of the built web app (index.html and assets), served for every non-API path.
    /// Default: the web app built into a release binary (web/dist in a debug build).
    #[arg(long, env = "POSY_WEB_DIR", global = true)]
    pub web_dir: Option<PathBuf>,

    /// The shop's public address, e.g. https://posy.example, used in links sent by e-mail
    /// and for absolute media URLs. Default: the bind address over http.
    #[arg(long, env = "POSY_PUBLIC_URL", global = true)]
    pub public_url: Option<String>,

    /// Do not add the demo catalogue to an empty database.
    #[arg(long, env = "POSY_NO_DEMO", global = true)]
    pub no_demo: bool,

    /// Let the shop run with simulated payments on an https public URL (a staging shop). Without
    /// it, a shop on https refuses to start unless Stripe is configured.
    #[arg(long, env = "POSY_ALLOW_TEST_PAYMENTS", global = true)]
    pub allow_test_payments: bool,

    /// How many payment attempts one cart may make in an hour: check_intent calls that make a
    /// payment intent or change its amount (asking again for an unchanged cart is free).
    #[arg(long, env = "POSY_MAX_INTENTS_PER_CART", default_value_t = 20, global = true)]
    pub max_intents_per_cart: u32,

    /// How many payment attempts (as above) one address may make in an hour, over all its
    /// carts; generous, since mobile shoppers share their carrier's addresses.
    #[arg(long, env = "POSY_MAX_INTENTS_PER_ADDRESS", default_value_t = 300, global = true)]
    pub max_intents_per_address: u32,

    /// How many minutes a cart's stock is held for it once its payment is prepared
    /// (check_intent), unless the order is placed or the cart changes first. Other shoppers
    /// are told the held stock is in other baskets.
    #[arg(
        long,
        env = "POSY_HOLD_MINUTES",
        default_value_t = 10,
        value_parser = clap::value_parser!(u32).range(1..=24 * 60),
        global = true
    )]
    pub hold_minutes: u32,

    /// How many hours a seat offered from a workshop's waiting list is kept for the person
    /// offered it before it goes to the next.
    #[arg(
        long,
        env = "POSY_OFFER_HOURS",
        default_value_t = posy_core::workshop::OFFER_HOURS,
        value_parser = clap::value_parser!(u32).range(1..=7 * 24),
        global = true
    )]
    pub offer_hours: u32,

    /// How many carts one address may have holding stock at once, so that nobody can hold the
    /// shop's stock from one place.
    #[arg(
        long,
        env = "POSY_MAX_HOLDS_PER_ADDRESS",
        default_value_t = 3,
        value_parser = clap::value_parser!(u32).range(1..),
        global = true
    )]
    pub max_holds_per_address: u32,

    /// How many pieces one address may have held at once over all its carts while paying (and
    /// never more than a third of any product's or size's stock, at least 1), so that nobody
    /// can set the shelf aside from one place. An IPv6 address counts by its /64.
    #[arg(
        long,
        env = "POSY_MAX_HELD_UNITS_PER_ADDRESS",
        default_value_t = 20,
        value_parser = clap::value_parser!(u32).range(1..),
        global = true
    )]
    pub max_held_units_per_address: u32,

    /// How many times in an hour a cart's hold may be started again once it has lapsed or the
    /// cart changed (a shopper who took eleven minutes to find her card renews once).
    #[arg(long, env = "POSY_MAX_HOLD_RENEWALS", default_value_t = 3, global = true)]
    pub max_hold_renewals: u32,

    /// How many new carts one address may start in an hour (a cart starts with its first
    /// add); generous, since mobile shoppers share their carrier's addresses.
    #[arg(
        long,
        env = "POSY_NEW_CARTS_PER_ADDRESS",
        default_value_t = 100,
        value_parser = clap::value_parser!(u32).range(1..),
        global = true
    )]
    pub new_carts_per_address: u32,

    /// Stripe's secret key (sk_…). With the publishable key and the webhook secret, card
    /// payments go through Stripe; without all three, the simulated test-mode provider.
    #[arg(long, env = "STRIPE_SECRET_KEY", hide_env_values = true, global = true)]
    pub stripe_secret_key: Option<String>,

    /// Stripe's publishable key (pk_…), given to the browser.
    #[arg(long, env = "STRIPE_PUBLISHABLE_KEY", global = true)]
    pub stripe_publishable_key: Option<String>,

    /// The signing secret (whsec_…) of the webhook endpoint /api/payment/webhook/.
    #[arg(long, env = "STRIPE_WEBHOOK_SECRET", hide_env_values = true, global = true)]
    pub stripe_webhook_secret: Option<String>,

    /// Another address for Stripe's API (a test double). Default: Stripe's own.
    #[arg(long, env = "STRIPE_API_URL", hide = true, global = true)]
    pub stripe_api_url: Option<String>,

    /// Send mail through this SMTP server: smtps://user@smtp.example:465 (TLS from the start)
    /// or smtp://user@smtp.example:587?tls=required (STARTTLS); plain smtp:// only to
    /// localhost. Default: write each message as an .eml file in outbox/ under the data folder.
    #[arg(long, env = "SMTP_URL", hide_env_values = true, global = true)]
    pub smtp_url: Option<String>,

    /// The SMTP login's password, kept apart from SMTP_URL so it need not be percent-encoded.
    #[arg(long, env = "POSY_SMTP_PASSWORD", hide_env_values = true, global = true)]
    pub smtp_password: Option<String>,

    /// A PEM file of a root certificate to trust for the SMTP server's TLS, besides the usual
    /// ones (a mail server with a certificate of its own authority).
    #[arg(long, env = "POSY_SMTP_CA_FILE", global = true)]
    pub smtp_ca_file: Option<PathBuf>,

    /// The sender of the shop's mail.
    #[arg(
        long,
        env = "POSY_MAIL_FROM",
        default_value = "Posy floral studio <shop@posy.localhost>",
        global = true
    )]
    pub mail_from: String,

    /// Where new-order notices and enquiries go.
    #[arg(long, env = "POSY_STUDIO_EMAIL", default_value = "studio@posy.localhost", global = true)]
    pub studio_email: String,

    /// The reverse proxies in front of the shop, a comma-separated list of addresses or
    /// networks (e.g. 127.0.0.1,10.0.0.0/8,fd00::/8). A request from one of them is taken to
    /// come from the right-most X-Forwarded-For entry that is not one of them (for every
    /// per-address limit), and their connections are not capped per address. Default: none,
    /// each request's own address counts.
    #[arg(long, env = "POSY_TRUSTED_PROXIES", value_delimiter = ',', global = true)]
    pub trusted_proxies: Vec<Network>,

    /// For tests and journeys: the shop's date rules (which days and slots can be booked) read
    /// this moment at start, e.g. 2026-12-14T11:30:00Z, and time runs on from there.
    /// Timestamps stay real.
    #[arg(
        long,
        env = "POSY_FAKE_NOW",
        value_parser = moment,
        hide = true,
        global = true
    )]
    pub fake_now: Option<i64>,

    /// Replaced by --trusted-proxies; given, the shop refuses to start and says so.
    #[arg(
        long = "behind-proxy",
        env = "POSY_BEHIND_PROXY",
        num_args = 0..=1,
        default_missing_value = "true",
        value_parser = retired_behind_proxy,
        hide = true,
        global = true
    )]
    pub retired_behind_proxy: Option<Retired>,

    /// An admin session ends this many hours after signing in, however busy (and after 8
    /// idle hours in any case).
    #[arg(
        long,
        env = "POSY_ADMIN_SESSION_HOURS",
        default_value_t = 12,
        value_parser = clap::value_parser!(u32).range(1..=24 * 366),
        global = true
    )]
    pub admin_session_hours: u32,

    /// How many failed sign-ins one address may make for one username before it must wait.
    #[arg(
        long,
        env = "POSY_SIGN_IN_FAILURES",
        default_value_t = 5,
        value_parser = clap::value_parser!(u32).range(1..),
        global = true
    )]
    pub sign_in_failures: u32,

    /// How many failed sign-ins one address may make in all, whatever the usernames, before it
    /// must wait (in the same window).
    #[arg(
        long,
        env = "POSY_SIGN_IN_FAILURES_PER_ADDRESS",
        default_value_t = 20,
        value_parser = clap::value_parser!(u32).range(1..),
        global = true
    )]
    pub sign_in_failures_per_address: u32,

    /// How long, in minutes, the sign-in failures count (from the first), and so the wait.
    #[arg(
        long,
        env = "POSY_SIGN_IN_WINDOW_MINUTES",
        default_value_t = 15,
        value_parser = clap::value_parser!(u32).range(1..=24 * 60),
        global = true
    )]
    pub sign_in_window_minutes: u32,

    /// How many enquiries the contact form takes from one address before it must wait.
    #[arg(
        long,
        env = "POSY_ENQUIRIES_PER_ADDRESS",
        default_value_t = 5,
        value_parser = clap::value_parser!(u32).range(1..),
        global = true
    )]
    pub enquiries_per_address: u32,

    /// How long, in minutes, an address's enquiries count (from the first).
    #[arg(
        long,
        env = "POSY_ENQUIRY_WINDOW_MINUTES",
        default_value_t = 10,
        value_parser = clap::value_parser!(u32).range(1..=24 * 60),
        global = true
    )]
    pub enquiry_window_minutes: u32,

    /// The largest picture an admin may upload, in megabytes.
    #[arg(long, env = "POSY_MAX_IMAGE_MB", default_value_t = 25, global = true)]
    pub max_image_mb: u64,

    /// The largest video an admin may upload, in megabytes.
    #[arg(long, env = "POSY_MAX_VIDEO_MB", default_value_t = 200, global = true)]
    pub max_video_mb: u64,

    /// The most pictures and videos one upload may carry, its featured picture besides.
    #[arg(
        long,
        env = "POSY_MAX_UPLOAD_FILES",
        default_value_t = crate::api::paths::DEFAULT_MAX_UPLOAD_FILES,
        value_parser = clap::value_parser!(u32).range(1..),
        global = true
    )]
    pub max_upload_files: u32,

    /// The largest upload (all its files together), in megabytes.
    #[arg(long, env = "POSY_MAX_UPLOAD_MB", default_value_t = 500, global = true)]
    pub max_upload_mb: u64,

    /// Keep media in this S3-compatible bucket instead of the data folder (credentials from
    /// AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY); needs --media-url.
    #[arg(long, env = "POSY_S3_BUCKET", global = true)]
    pub s3_bucket: Option<String>,

    /// The bucket's region.
    #[arg(long, env = "POSY_S3_REGION", default_value = "us-east-1", global = true)]
    pub s3_region: String,

    /// The S3 endpoint for stores other than Amazon's, e.g. https://minio.example:9000.
    #[arg(long, env = "POSY_S3_ENDPOINT", global = true)]
    pub s3_endpoint: Option<String>,

    /// The bucket's access key id (else AWS_ACCESS_KEY_ID).
    #[arg(long, env = "POSY_S3_ACCESS_KEY_ID", global = true)]
    pub s3_access_key_id: Option<String>,

    /// The bucket's secret key (else AWS_SECRET_ACCESS_KEY).
    #[arg(long, env = "POSY_S3_SECRET_ACCESS_KEY", hide_env_values = true, global = true)]
    pub s3_secret_access_key: Option<String>,

    /// Where browsers fetch media from, e.g. https://cdn.example/posy-bucket (its files are
    /// under media/). Default: the shop's own /media/.
    #[arg(long, env = "POSY_MEDIA_URL", global = true)]
    pub media_url: Option<String>,

    /// Serve /metrics (Prometheus's text format) to a scraper that sends this token as
    /// `Authorization: Bearer …`; make a long random one, e.g. `openssl rand -hex 32`.
    /// Default: no /metrics (it answers 404).
    #[arg(long, env = "POSY_METRICS_TOKEN", hide_env_values = true, global = true)]
    pub metrics_token: Option<String>,

    /// How many days an order confirmation link works.
    #[arg(long, env = "POSY_ORDER_LINK_DAYS", default_value_t = 30, global = true)]
    pub order_link_days: u32,

    /// The most connections served at once; more wait in the system's queue.
    #[arg(long, env = "POSY_MAX_CONNECTIONS", default_value_t = 512, global = true)]
    pub max_connections: usize,

    /// On PostgreSQL, the most connections the shop keeps to its database; its carts' writes
    /// keep up to half as many more. Lower it where shops share a server's `max_connections`.
    #[arg(
        long,
        env = "POSY_DATABASE_CONNECTIONS",
        default_value_t = crate::store::db::POSTGRES_CONNECTIONS,
        value_parser = clap::value_parser!(u32).range(2..),
        global = true
    )]
    pub database_connections: u32,

    /// The most connections served at once from one address (an IPv6 address counts by its
    /// /64); more from it are closed at once. Not applied to --trusted-proxies, whose
    /// connections carry many visitors.
    #[arg(
        long,
        env = "POSY_MAX_CONNECTIONS_PER_ADDRESS",
        default_value_t = 32,
        value_parser = clap::value_parser!(u64).range(1..),
        global = true
    )]
    pub max_connections_per_address: u64,

    /// Seconds a connection has to send each request's headers: the first from connecting,
    /// each later one from the answer before it (so a kept-alive connection that sends nothing
    /// is closed after this long too).
    #[arg(
        long,
        env = "POSY_FIRST_REQUEST_SECONDS",
        default_value_t = 10,
        value_parser = clap::value_parser!(u64).range(1..),
        global = true
    )]
    pub first_request_seconds: u64,

    /// The most requests one HTTP/2 connection may have under way at once.
    #[arg(
        long,
        env = "POSY_HTTP2_MAX_STREAMS",
        default_value_t = 100,
        value_parser = clap::value_parser!(u32).range(1..),
        global = true
    )]
    pub http2_max_streams: u32,

    /// Seconds a connection may sit idle before it is closed.
    #[arg(long, env = "POSY_IDLE_SECONDS", default_value_t = 60, global = true)]
    pub idle_seconds: u64,
}

/// A setting the shop no longer takes; it never parses, so it is never held.
#[derive(Clone, Debug)]
pub enum Retired {}

fn retired_behind_proxy(_: &str) -> Result<Retired, String> {
    Err(
        "--behind-proxy (POSY_BEHIND_PROXY) is gone: list the addresses or networks of your \
         reverse proxies in --trusted-proxies (POSY_TRUSTED_PROXIES) instead, e.g. \
         --trusted-proxies 127.0.0.1"
            .into(),
    )
}

impl Config {
    /// The database URL, defaulting to the SQLite file in the data folder.
    pub fn database_url(&self) -> String {
        match &self.database_url {
            Some(url) => url.clone(),
            None => format!(
                "sqlite://{}?mode=rwc",
                self.data_dir.join("posy.db").display()
            ),
        }
    }

    /// The shop's public address without a trailing slash.
    pub fn public_url(&self) -> String {
        match &self.public_url {
            Some(url) => url.trim_end_matches('/').to_owned(),
            None => format!("http://{}", self.bind),
        }
    }

    /// Where mail is written when there is no SMTP server.
    pub fn outbox_dir(&self) -> PathBuf {
        self.data_dir.join("outbox")
    }

    /// What media URLs start with: the media URL, else the public URL, else the same origin.
    pub fn media_base(&self) -> String {
        self.media_url
            .clone()
            .or_else(|| self.public_url.clone())
            .unwrap_or_default()
    }

    /// The media store: the bucket when one is configured, else the media folder.
    pub fn media_store(&self) -> anyhow::Result<crate::media::store::Media> {
        use crate::media::store::{Bucket, LocalFolder};
        match &self.s3_bucket {
            Some(bucket) => {
                anyhow::ensure!(
                    self.media_url.is_some(),
                    "POSY_S3_BUCKET needs POSY_MEDIA_URL: the address browsers fetch the bucket's media from"
                );
                Ok(std::sync::Arc::new(Bucket::new(
                    bucket,
                    &self.s3_region,
                    self.s3_endpoint.as_deref(),
                    self.s3_access_key_id
                        .as_deref()
                        .zip(self.s3_secret_access_key.as_deref()),
                )?))
            }
            None => Ok(std::sync::Arc::new(LocalFolder(self.media_dir()))),
        }
    }

    /// Where media files live on disk.
    pub fn media_dir(&self) -> PathBuf {
        self.data_dir.join("media")
    }

    /// A configuration for tests and tools: a given data folder, everything else default.
    pub fn for_data_dir(data_dir: PathBuf) -> Config {
        Config {
            bind: "127.0.0.1:0".into(),
            data_dir,
            database_url: None,
            web_dir: None,
            public_url: None,
            no_demo: false,
            allow_test_payments: false,
            max_intents_per_cart: 20,
            max_intents_per_address: 300,
            hold_minutes: 10,
            offer_hours: posy_core::workshop::OFFER_HOURS,
            max_holds_per_address: 3,
            max_held_units_per_address: 20,
            max_hold_renewals: 3,
            new_carts_per_address: 100,
            stripe_secret_key: None,
            stripe_publishable_key: None,
            stripe_webhook_secret: None,
            stripe_api_url: None,
            smtp_url: None,
            smtp_password: None,
            smtp_ca_file: None,
            mail_from: "Posy floral studio <shop@posy.localhost>".into(),
            studio_email: "studio@posy.localhost".into(),
            order_link_days: 30,
            max_connections: 512,
            database_connections: crate::store::db::POSTGRES_CONNECTIONS,
            max_connections_per_address: 32,
            first_request_seconds: 10,
            http2_max_streams: 100,
            idle_seconds: 60,
            trusted_proxies: Vec::new(),
            retired_behind_proxy: None,
            fake_now: None,
            admin_session_hours: 12,
            sign_in_failures: 5,
            sign_in_failures_per_address: 20,
            sign_in_window_minutes: 15,
            enquiries_per_address: 5,
            enquiry_window_minutes: 10,
            max_image_mb: 25,
            max_video_mb: 200,
            max_upload_files: crate::api::paths::DEFAULT_MAX_UPLOAD_FILES,
            max_upload_mb: 500,
            s3_bucket: None,
            s3_region: "us-east-1".into(),
            s3_endpoint: None,
            s3_access_key_id: None,
            s3_secret_access_key: None,
            media_url: None,
            metrics_token: None,
        }
    }
}

/// Reads `--fake-now`'s moment.
fn moment(text: &str) -> Result<i64, String> {
    crate::store::clock::parse_moment(text)
        .ok_or_else(|| format!("not a moment like 2026-12-14T11:30:00Z: {text}"))
}

impl Config {
    /// The clock the shop's date rules read: `--fake-now`'s, else the real one.
    pub fn clock(&self) -> crate::store::clock::Clock {
        self.fake_now.map_or_else(
            crate::store::clock::Clock::real,
            crate::store::clock::Clock::starting_at,
        )
    }
}
