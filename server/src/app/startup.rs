//! Builds the whole application from a [`Config`]: database, demo content, routes. Tests run
//! it on port 0 and read the port back from [`Application::address`].

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::AtomicU64;
use std::time::Duration;

use poem::endpoint::make_sync;
use poem::http::{StatusCode, header};
use poem::listener::{Acceptor, Listener, TcpListener};
use poem::web::Html;
use poem::{Endpoint, EndpointExt, IntoEndpoint, IntoResponse, Response, Route};
use sea_orm::DatabaseConnection;

use crate::accounts::auth;
use crate::api::state::{Clients, Gallery, MediaBase, Privacy, Studio};
use crate::app::config::Config;
use crate::app::metrics::{self, Metrics};
use crate::app::{private, seed, tasks};
use crate::cart::CartKey;
use crate::cart::holds::HoldRules;
use crate::catalogue::Catalogue;
use crate::checkout::Checkout;
use crate::checkout::attempts::{PaymentAttempts, PaymentLooks};
use crate::checkout::payments;
use crate::checkout::payments::Provider;
use crate::checkout::webhook::{self, WebhookSecret};
use crate::http::csrf::Csrf;
use crate::http::headers::{self, Policies};
use crate::http::limits::{self, Guarded, Guards};
use crate::http::metrics::{Requests, Tally};
use crate::http::serve::{self, Serving};
use crate::http::{access, compression, error, web};
use crate::mail::{Mailer, SmtpSettings};
use crate::media::store::Media;
use crate::media::uploads::UploadLimits;
use crate::media::video::Videos;
use crate::store::clock::Clock;
use crate::store::health::{AtStart, Health};
use crate::store::{db, secrets};
use crate::studio::facts::Facts;
use crate::{api, cart, enquiries, mail};

/// A shop, bound to its port and ready to serve.
pub struct Application {
    address: SocketAddr,
    acceptor: Guarded<poem::listener::TcpAcceptor>,
    serving: Serving,
    routes: poem::endpoint::BoxEndpoint<'static>,
    db: DatabaseConnection,
    /// Where the shop's writes take their turn (the outbox's among them).
    writer: db::Writer,
    mailer: Mailer,
    videos: Videos,
    clock: Clock,
    /// Where mail is written as `.eml` files (the retention task removes them with their rows).
    outbox_dir: std::path::PathBuf,
    /// Every statement the shop has run.
    statements: Arc<AtomicU64>,
    /// Where order refunds are written, the provider that is asked for them, and the studio
    /// told of one that keeps failing.
    refunds: crate::orders::OrderDesk,
    /// What start-up found that needs a person (the mail server's check adds to it).
    at_start: AtStart,
    /// How waiting-list offers are made.
    offers: crate::studio::waiting::Offers,
}

/// The shop's mailer as the settings make it (refused in a sentence when they are wrong): the
/// shop's and `posy check`'s.
pub fn mailer(config: &Config) -> anyhow::Result<Mailer> {
    Mailer::new(
        &config.mail_from,
        &config.studio_email,
        config
            .smtp_url
            .as_deref()
            .map(|url| SmtpSettings {
                url,
                password: config.smtp_password.as_deref(),
                ca_file: config.smtp_ca_file.as_deref(),
            })
            .as_ref(),
        config.outbox_dir(),
    )
}

impl Application {
    /// Opens the database (migrating it), seeds an empty shop, binds the port.
    pub async fn build(config: Config) -> anyhow::Result<Application> {
        let payments_by = choose_payments(&config)?;
        // Refused before anything is written, like the payments.
        let mailer = mailer(&config)?;
        let at_start = AtStart::default();
        if let Some(why) = test_keys_in_public(&config) {
            at_start.note(why);
        }
        private::create_private_files();
        std::fs::create_dir_all(config.media_dir())?;
        // A folder that cannot be tightened (another owner, a mount without modes) still
        // serves: said in the log, not a shop that will not start.
        if let Err(err) = private::tighten(&config.data_dir) {
            tracing::warn!(
                %err,
                "could not make the data folder {} private: run the shop as the account that owns it",
                config.data_dir.display()
            );
        }
        for (tool, without) in crate::media::missing_tools() {
            tracing::warn!("{tool} is not installed: {without}");
        }
        let statements = Arc::new(AtomicU64::new(0));
        let mut db = db::connect(&config.database_url(), config.database_connections).await?;
        db::count_statements(&mut db, statements.clone());
        let media = config.media_store()?;
        seed::page_pictures(media.as_ref()).await?;
        if seed::seed_on_first_start(&db, media.as_ref(), !config.no_demo).await? {
            tracing::info!("added the demo catalogue on the shop's first start");
        }
        for names in crate::accounts::admins::clashing_names(&db).await? {
            tracing::warn!(
                "the admins {names} have names that differ only in capitals: remove or disable \
                 all but one on the back office's Admins page (or `posy admin remove`)"
            );
        }
        let acceptor = Guarded::new(
            TcpListener::bind(config.bind.clone())
                .into_acceptor()
                .await?,
            Guards {
                connections: config.max_connections,
                per_address: usize::try_from(config.max_connections_per_address)
                    .unwrap_or(usize::MAX),
                trusted_proxies: config.trusted_proxies.clone(),
                first_request: Duration::from_secs(config.first_request_seconds),
                idle: Duration::from_secs(config.idle_seconds),
            },
        );
        let address = acceptor
            .local_addr()
            .first()
            .and_then(|a| a.as_socket_addr().copied())
            .ok_or_else(|| anyhow::anyhow!("could not read the bound address"))?;
        let csrf = Csrf::new(
            secrets::load_or_create(&db, "csrf").await?,
            config.public_url.as_deref(),
        );
        let cart_key = CartKey::new(secrets::load_or_create(&db, "cart").await?);
        let payments = payment_provider(&config, payments_by, db.clone())?;
        tracing::info!(provider = payments.name(), "card payments");
        let writer =
            db::Writer::open(db.clone(), &config.database_url(), statements.clone()).await?;
        let checkout = Checkout {
            db: db.clone(),
            ledger: {
                let mut ledger = db::connect_ledger(&config.database_url(), &db).await?;
                db::count_statements(&mut ledger, statements.clone());
                writer.beside(ledger)
            },
            writer: writer.clone(),
            payments,
            public_url: config.public_url.clone().map_or_else(
                || format!("http://{address}"),
                |u| u.trim_end_matches('/').to_owned(),
            ),
            link_ttl_seconds: i64::from(config.order_link_days) * 24 * 60 * 60,
            studio_email: config.studio_email.clone(),
            facts: Facts::default(),
            clock: config.clock(),
            holds: HoldRules::new(config.hold_minutes, config.max_holds_per_address)
                .units_per_address(config.max_held_units_per_address)
                .renewals(config.max_hold_renewals),
            refunds_by_reason: Tally::default(),
        };
        let videos = Videos::new(db.clone(), media.clone(), config.data_dir.join("work"));
        let desk = checkout.order_desk();
        let refunds = desk.clone();
        let offers = crate::studio::waiting::Offers {
            hours: config.offer_hours,
            public_url: desk.public_url.clone(),
        };
        let outbox_writer = writer.clone();
        let routes = routes(
            &config,
            db.clone(),
            csrf,
            checkout,
            videos.clone(),
            media,
            at_start.clone(),
        )
        .data(cart::Adds::start(
            writer.clone(),
            cart_key.clone(),
            cart::new_carts_limit(config.new_carts_per_address),
        ))
        .data(cart_key)
        .data(writer)
        .data(desk)
        .data(offers.clone())
        .data(PaymentAttempts::new(
            config.max_intents_per_cart,
            config.max_intents_per_address,
        ))
        .data(PaymentLooks::new(
            config.max_intents_per_cart,
            config.max_intents_per_address,
        ))
        .boxed();
        Ok(Application {
            address,
            acceptor,
            serving: Serving {
                head: Duration::from_secs(config.first_request_seconds),
                http2_streams: config.http2_max_streams,
                grace: Duration::from_secs(10),
            },
            routes,
            db,
            writer: outbox_writer,
            mailer,
            videos,
            clock: config.clock(),
            outbox_dir: config.outbox_dir(),
            refunds,
            statements,
            at_start,
            offers,
        })
    }

    /// The address the shop listens on (the real port when bound to port 0).
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The shop's database connection.
    pub fn db(&self) -> &DatabaseConnection {
        &self.db
    }

    /// The back office's order calls, as the shop's tasks are given them (for tests that run a
    /// task's pass on a clock of their own).
    pub fn desk(&self) -> crate::orders::OrderDesk {
        self.refunds.clone()
    }

    /// How many statements the shop has run so far (see `db::count_statements`).
    pub fn statements(&self) -> Arc<AtomicU64> {
        self.statements.clone()
    }

    /// Serves until Ctrl-C or SIGTERM, then lets requests in flight finish.
    pub async fn run_until_stopped(self) -> anyhow::Result<()> {
        // Supervised: a panic in one of them is logged and the task starts again.
        let (db, clock) = (self.db.clone(), self.clock);
        let sweeper = tasks::supervise("cart sweeper", move || {
            cart::sweep_idle_carts(db.clone(), clock)
        });
        // The mail server is tried once, beside serving: a shop whose mail is broken still
        // takes orders (their letters wait in the outbox), and says so.
        let (check, at_start) = (self.mailer.clone(), self.at_start.clone());
        let mail_check = tokio::spawn(async move {
            if let Err(why) = check.check().await {
                at_start.note(format!("At start, {why}."));
            }
        });
        let (offering, offers, clock) = (self.writer.clone(), self.offers, self.clock);
        let waiting = tasks::supervise("waiting-list offers", move || {
            crate::studio::waiting::offer_forever(offering.clone(), clock, offers.clone())
        });
        let (writer, mailer) = (self.writer, self.mailer);
        // On the real clock, never the shop's --fake-now: it deletes by the rows' real times.
        let (retention_writer, outbox_dir) = (writer.clone(), self.outbox_dir);
        let retention = tasks::supervise("retention", move || {
            crate::app::retention::run_daily(
                retention_writer.clone(),
                outbox_dir.clone(),
                Clock::real(),
            )
        });
        let outbox = tasks::supervise("outbox", move || {
            mail::run_outbox(writer.clone(), mailer.clone())
        });
        let videos = self.videos;
        let resume = tasks::supervise("video resume", move || {
            let videos = videos.clone();
            async move {
                if let Err(err) = videos.resume().await {
                    tracing::warn!(%err, "could not resume video conversions");
                }
            }
        });
        let db = self.db.clone();
        let sessions = tasks::supervise("sign-in sweeper", move || {
            crate::accounts::auth::sweep_forever(db.clone())
        });
        // Handed the real clock, never the shop's (`--fake-now` must not delete anything).
        let db = self.db.clone();
        let forgetting = tasks::supervise("record of who did what", move || {
            crate::store::audit::forget_forever(db.clone(), Clock::real())
        });
        let desk = self.refunds;
        // On the real clock, never the shop's --fake-now: a reminder is a real mail.
        let reminding = desk.clone();
        let reminders = tasks::supervise("balance reminders", move || {
            crate::orders::bookings::remind_forever(reminding.clone(), Clock::real())
        });
        // On the real clock: a voucher for Christmas morning goes on the real one.
        let voucher_desk = desk.clone();
        let vouchers = tasks::supervise("gift vouchers", move || {
            crate::orders::vouchers::send_forever(voucher_desk.clone(), Clock::real())
        });
        let refunds = tasks::supervise("order refunds", move || {
            crate::orders::refunds::retry_forever(desk.clone())
        });
        serve::serve(self.acceptor, self.routes, self.serving, shutdown_signal()).await?;
        sweeper.abort();
        mail_check.abort();
        retention.abort();
        outbox.abort();
        refunds.abort();
        reminders.abort();
        waiting.abort();
        vouchers.abort();
        resume.abort();
        sessions.abort();
        forgetting.abort();
        Ok(())
    }
}

/// Every route of the shop.
fn routes(
    config: &Config,
    db: DatabaseConnection,
    csrf: Csrf,
    checkout: Checkout,
    videos: Videos,
    media: Media,
    at_start: AtStart,
) -> poem::endpoint::BoxEndpoint<'static> {
    let media_base = config.media_base();
    let catalogue = Arc::new(Catalogue::new(db.clone(), media_base.clone()));
    let spec = api::spec_json();
    let docs = api::docs_html();
    let policies = Arc::new(Policies::new(
        &media_base,
        checkout.payments.provider() == Provider::Stripe,
        config.public_url.as_deref(),
        &docs,
    ));
    let docs_policy = policies.docs().to_owned();
    let max_upload = config.max_upload_mb * 1_000_000;
    let api_endpoint = move || {
        let csrf = csrf.clone();
        api::service()
            .into_endpoint()
            .before(move |req| {
                let req = api::paths::strip_trailing_slash(req);
                let upload = api::upload::is_streamed(req.uri().path()).then_some(max_upload);
                limits::read_body(req, upload)
            })
            .catch_all_error(error::to_json)
            .around(move |next, req| {
                let csrf = csrf.clone();
                async move { csrf.guard(&next, req).await }
            })
            .around(private_orders)
            .around(allow_on_405)
    };
    let health = Health {
        db: db.clone(),
        data_dir: config.data_dir.clone(),
        media_dir: config.s3_bucket.is_none().then(|| config.media_dir()),
        at_start,
    };
    let health_for_api = health.clone();
    let requests = Requests::default();
    let webhook_events = Tally::default();
    let metrics = Metrics {
        token: config.metrics_token.clone(),
        health: health.clone(),
        requests: requests.clone(),
        refunds_by_reason: checkout.refunds_by_reason.clone(),
        webhook_events: webhook_events.clone(),
    };
    let counted_webhook = move || {
        let events = webhook_events.clone();
        webhook::receive.around(move |next, req| metrics::count_webhook(next, req, events.clone()))
    };
    let writer = checkout.writer.clone();
    let web_files = web::WebFiles::choose(config.web_dir.as_deref());
    tracing::info!("the web app is served from {web_files}");
    Route::new()
        // For monitors and proxies, outside the web app (which answers every other path).
        .at(
            "/healthz",
            make_sync(|_| {
                let body = serde_json::json!({"status": "ok", "version": crate::VERSION});
                unstored(json_response(body.to_string()))
            }),
        )
        .at(
            "/readyz",
            poem::endpoint::make(move |_| {
                let health = health.clone();
                async move {
                    let readiness = health.check(crate::store::clock::now()).await;
                    let mut response = unstored(json_response(
                        serde_json::to_string(&readiness).unwrap_or_default(),
                    ));
                    if !readiness.ready() {
                        response.set_status(StatusCode::SERVICE_UNAVAILABLE);
                    }
                    response
                }
            }),
        )
        .at(
            "/metrics",
            poem::endpoint::make(move |req| {
                let metrics = metrics.clone();
                async move { metrics.answer(&req, crate::store::clock::now()).await }
            }),
        )
        .at(
            "/api/openapi.json",
            make_sync(move |_| json_response(spec.clone())),
        )
        .at(
            "/api/docs",
            make_sync(move |_| {
                Html(docs.clone())
                    .with_header(header::CONTENT_SECURITY_POLICY, docs_policy.clone())
                    .into_response()
            }),
        )
        // Outside the CSRF guard: Stripe signs its events instead.
        .at("/api/payment/webhook/", counted_webhook())
        .at("/api/payment/webhook", counted_webhook())
        .nest_no_strip(
            "/api",
            api_endpoint().around(|next, req| compression::compressed(next, req, compression::API)),
        )
        // The spec's admin album paths, without /api.
        .nest_no_strip(
            "/albums",
            api_endpoint().around(|next, req| compression::compressed(next, req, compression::API)),
        )
        .nest("/media", web::media(config.media_dir()))
        .nest(
            "/",
            web::WebApp::new(&web_files, policies.clone(), api_endpoint().boxed())
                .around(|next, req| compression::compressed(next, req, compression::WEB)),
        )
        .around(move |next, req| headers::secure(next, req, policies.clone()))
        .around(move |next, req| access::logged(next, req, requests.clone()))
        .data(catalogue)
        .data(MediaBase(media_base.clone()))
        .data(WebhookSecret(config.stripe_webhook_secret.clone()))
        .data(Studio {
            facts: checkout.facts.clone(),
            notices_to: config.studio_email.clone(),
        })
        .data(clients(config))
        .data(Privacy {
            outbox_dir: config.outbox_dir(),
            stripe: checkout.payments.provider() == Provider::Stripe,
            mail_relay: config.smtp_url.is_some(),
            object_storage: config.s3_bucket.is_some(),
        })
        .data(config.clock())
        .data(health_for_api)
        .data(checkout)
        .data(Gallery {
            db: db.clone(),
            writer,
            media,
            videos,
            limits: UploadLimits {
                max_image_bytes: config.max_image_mb * 1_000_000,
                max_video_bytes: config.max_video_mb * 1_000_000,
                max_files: config.max_upload_files as usize,
                max_request_bytes: max_upload,
            },
            media_base: MediaBase(media_base.clone()),
        })
        .data(db)
        .boxed()
}

/// Orders and their tokens are never cached nor passed on in a Referer (see web::keep_private).
async fn private_orders<E: Endpoint<Output = Response>>(
    next: Arc<E>,
    req: poem::Request,
) -> poem::Result<Response> {
    let is_order = req.uri().path().starts_with("/api/orders");
    let mut response = next.call(req).await?;
    if is_order {
        web::keep_private(&mut response);
    }
    Ok(response)
}

/// A 405 names the methods the path does answer (RFC 9110).
async fn allow_on_405<E: Endpoint<Output = Response>>(
    next: Arc<E>,
    req: poem::Request,
) -> poem::Result<Response> {
    let path = req.uri().path().to_owned();
    let mut response = next.call(req).await?;
    if response.status() == StatusCode::METHOD_NOT_ALLOWED
        && let Some(methods) = api::paths::allowed_methods(&path)
        && let Ok(value) = methods.parse()
    {
        response.headers_mut().insert(header::ALLOW, value);
    }
    Ok(response)
}

/// A health answer is always asked afresh.
fn unstored(mut response: Response) -> Response {
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    response
}

fn json_response(body: String) -> Response {
    Response::builder()
        .content_type("application/json")
        .body(body)
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut signal) =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            signal.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
}

/// How to tell who is asking, as the configuration says.
fn clients(config: &Config) -> Clients {
    Clients {
        trusted_proxies: config.trusted_proxies.clone(),
        secure_cookies: config
            .public_url
            .as_deref()
            .is_some_and(|u| u.starts_with("https://")),
        session_lifetime_seconds: i64::from(config.admin_session_hours) * 60 * 60,
        sign_ins: auth::sign_in_limit(config.sign_in_failures, config.sign_in_window_minutes),
        sign_ins_per_address: auth::sign_in_address_limit(
            config.sign_in_failures_per_address,
            config.sign_in_window_minutes,
        ),
        enquiries: enquiries::limit(config.enquiries_per_address, config.enquiry_window_minutes),
        hasher: auth::Hasher::default(),
    }
}

/// Which provider takes the shop's payments.
pub enum PaymentChoice<'a> {
    Stripe {
        secret: &'a str,
        publishable: &'a str,
    },
    Simulated,
}

/// Stripe when all three of its keys are configured, else the simulated provider, which a shop
/// on an https public URL takes only with `--allow-test-payments`. Decided from the settings
/// alone, before the database is opened: a shop that refuses to start writes nothing (no
/// demo catalogue in what was meant to be a real shop's database).
pub fn choose_payments(config: &Config) -> anyhow::Result<PaymentChoice<'_>> {
    match (
        &config.stripe_secret_key,
        &config.stripe_publishable_key,
        &config.stripe_webhook_secret,
    ) {
        (Some(secret), Some(publishable), Some(_)) => Ok(PaymentChoice::Stripe {
            secret,
            publishable,
        }),
        (None, None, None) => {
            let public = config.public_url.as_deref().unwrap_or_default();
            if public.starts_with("https://") && !config.allow_test_payments {
                anyhow::bail!(
                    "{public} is served over https, but card payments would be simulated: \
                     STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are \
                     missing. Set all three to take real payments, or pass \
                     --allow-test-payments (POSY_ALLOW_TEST_PAYMENTS) for a test shop"
                );
            }
            Ok(PaymentChoice::Simulated)
        }
        (secret, publishable, webhook) => {
            let missing: Vec<&str> = [
                ("STRIPE_SECRET_KEY", secret.is_none()),
                ("STRIPE_PUBLISHABLE_KEY", publishable.is_none()),
                ("STRIPE_WEBHOOK_SECRET", webhook.is_none()),
            ]
            .into_iter()
            .filter_map(|(name, missing)| missing.then_some(name))
            .collect();
            anyhow::bail!(
                "Stripe needs all three of STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and \
                 STRIPE_WEBHOOK_SECRET; {} missing. Set all of them, or none for simulated \
                 payments",
                missing.join(" and ")
            )
        }
    }
}

/// Stripe's test keys on a shop served over https: a staging shop, or live keys forgotten.
/// Said, not refused: a staging shop on https is a fair thing to run.
fn test_keys_in_public(config: &Config) -> Option<String> {
    let public = config.public_url.as_deref()?;
    let secret = config.stripe_secret_key.as_deref()?;
    (public.starts_with("https://")
        && (secret.starts_with("sk_test_") || secret.starts_with("rk_test_")))
    .then(|| {
        format!(
            "Stripe's test keys are set (STRIPE_SECRET_KEY starts {}) on {public}: no card \
                 is really charged. Set the live keys (and the live webhook's secret) before \
                 taking orders",
            &secret[..8]
        )
    })
}

/// The provider [`choose_payments`] chose.
fn payment_provider(
    config: &Config,
    choice: PaymentChoice<'_>,
    db: DatabaseConnection,
) -> anyhow::Result<payments::Payments> {
    Ok(match choice {
        PaymentChoice::Stripe {
            secret,
            publishable,
        } => Arc::new(payments::stripe::StripeProvider::new(
            secret,
            publishable,
            config.stripe_api_url.as_deref(),
        )?),
        PaymentChoice::Simulated => Arc::new(payments::simulated::SimulatedProvider::new(db)),
    })
}
