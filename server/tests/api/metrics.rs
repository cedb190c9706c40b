//! `/metrics`: off unless a token is set, then only for that token, in Prometheus's text
//! format; and `posy check` on a test shop.

use posy_server::app::check::check;
use posy_server::app::config::Config;
use posy_server::store::clock;
use posy_server::store::health::{AtStart, Health};

use crate::builders::{OrderBuilder, Paid};
use crate::checkout::place;
use crate::helpers::{Options, TestApp, spawn_app, spawn_app_with, sql};

pub const TOKEN: &str = "a-long-random-token-for-the-tests";

pub fn with_token(config: &mut Config) {
    config.metrics_token = Some(TOKEN.into());
}

async fn metrics_shop() -> TestApp {
    spawn_app_with(Options {
        configure: Some(with_token),
        ..Options::default()
    })
    .await
}

/// `/metrics` as a scraper with `token` gets it: the status and the text.
pub async fn scrape(app: &TestApp, token: Option<&str>) -> (u16, String) {
    let mut request = app.client.get(app.url("/metrics"));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    (
        response.status().as_u16(),
        response.text().await.unwrap_or_default(),
    )
}

/// The value of one sample (`name{labels}` as written), 0 when it is not there yet.
pub fn sample(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .map_or(0.0, |value| value.parse().unwrap())
}

#[tokio::test]
async fn metrics_are_off_unless_a_token_is_set() {
    let app = spawn_app().await;
    let (status, body) = scrape(&app, Some(TOKEN)).await;
    assert_eq!(status, 404, "{body}");
    assert!(body.contains("POSY_METRICS_TOKEN is not set"), "{body}");
}

#[tokio::test]
async fn metrics_need_the_token_as_a_bearer() {
    let app = metrics_shop().await;
    for token in [None, Some("wrong"), Some(&TOKEN[1..]), Some("")] {
        let (status, body) = scrape(&app, token).await;
        assert_eq!(status, 401, "{token:?}: {body}");
    }
    let response = app.client.get(app.url("/metrics")).send().await.unwrap();
    assert_eq!(
        response.headers()["www-authenticate"],
        "Bearer realm=\"posy metrics\""
    );
    // The token in another scheme is refused too.
    let response = app
        .client
        .get(app.url("/metrics"))
        .header("authorization", format!("Basic {TOKEN}"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 401);

    let response = app
        .client
        .get(app.url("/metrics"))
        .bearer_auth(TOKEN)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(
        response.headers()["content-type"],
        "text/plain; version=0.0.4; charset=utf-8"
    );
    let text = response.text().await.unwrap();
    for family in [
        "posy_build_info",
        "posy_ready",
        "posy_attention",
        "posy_http_requests_total",
        "posy_orders_total",
        "posy_checkout_refunds_total",
        "posy_webhook_events_total",
        "posy_outbox_pending",
        "posy_outbox_dead",
        "posy_outbox_oldest_pending_seconds",
        "posy_refunds_failing",
        "posy_data_disk_free_bytes",
        "posy_database_bytes",
    ] {
        assert!(
            text.contains(&format!("# TYPE {family} ")),
            "{family}:\n{text}"
        );
    }
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        text.contains(&format!("posy_build_info{{version=\"{version}\",commit=\"")),
        "{text}"
    );
    assert_eq!(sample(&text, "posy_ready"), 1.0);
    // The four refused scrapes above, and the Basic one.
    assert_eq!(
        sample(
            &text,
            "posy_http_requests_total{class=\"monitor\",status=\"401\"}"
        ),
        6.0,
        "{text}"
    );
    assert!(sample(&text, "posy_database_bytes") > 0.0, "{text}");
    assert!(sample(&text, "posy_data_disk_free_bytes") > 0.0, "{text}");
}

#[tokio::test]
async fn an_order_and_a_refund_at_the_checkout_move_their_counters() {
    let app = metrics_shop().await;
    let (_, before) = scrape(&app, Some(TOKEN)).await;
    let orders = "posy_orders_total{channel=\"card\"}";
    let sold_out = "posy_checkout_refunds_total{reason=\"sold_out\"}";
    assert_eq!(sample(&before, orders), 0.0);
    assert_eq!(sample(&before, sold_out), 0.0);

    OrderBuilder::of("The Bedminster", 1).place(&app).await;
    // Two paid for, one left: the payment is given back.
    let Paid { cart, intent, .. } = OrderBuilder::of("The Bedminster", 2).paid(&app).await;
    sql(
        &app,
        "UPDATE products SET stock = 1 WHERE name = 'The Bedminster'",
    )
    .await;
    sql(&app, "UPDATE catalogue_version SET version = version + 1").await;
    let (status, body) = place(&app, &intent, &cart).await;
    assert_eq!(status, 409, "{body}");

    let (_, after) = scrape(&app, Some(TOKEN)).await;
    assert_eq!(sample(&after, orders), 1.0, "{after}");
    assert_eq!(sample(&after, sold_out), 1.0, "{after}");
    assert!(
        sample(
            &after,
            "posy_http_requests_total{class=\"api\",status=\"200\"}"
        ) > sample(
            &before,
            "posy_http_requests_total{class=\"api\",status=\"200\"}"
        ),
        "{after}"
    );
}

#[tokio::test]
async fn the_outboxs_oldest_letter_is_aged_by_the_clock_the_figures_are_given() {
    let app = spawn_app().await;
    let now = clock::now();
    crate::helpers::failing_letter(&app, now).await;
    let health = Health {
        db: app.db.clone(),
        data_dir: app.data_dir.clone(),
        media_dir: Some(app.data_dir.join("media")),
        at_start: AtStart::default(),
    };
    let figures = health.figures(now + 3_600).await.unwrap();
    assert_eq!(figures.mail_pending, 1);
    assert_eq!(figures.mail_dead, 0);
    assert_eq!(figures.mail_oldest_seconds, 3_600);
    let later = health.figures(now + 7_200).await.unwrap();
    assert_eq!(later.mail_oldest_seconds, 7_200);
}

#[tokio::test]
async fn posy_check_lists_what_is_right_and_wrong_with_a_test_shop() {
    let app = spawn_app().await;
    let found = check(app.config(), clock::now()).await;
    let lines: Vec<String> = found.iter().map(ToString::to_string).collect();
    let said = lines.join("\n");
    assert!(
        said.contains("✓ The shop can serve: the database answers"),
        "{said}"
    );
    assert!(
        said.contains("✗ Needs a person: no backup has been made"),
        "{said}"
    );
    assert!(
        said.contains("✗ No admin can sign in: make one with `posy admin create"),
        "{said}"
    );
    assert!(
        said.contains("✓ SMTP_URL is not set: mail is written as files into"),
        "{said}"
    );
    assert!(
        said.contains("✓ Card payments are simulated (no Stripe keys are set)"),
        "{said}"
    );
    assert!(
        lines.iter().any(|l| l.contains("ffmpeg")),
        "the upload tools are listed: {said}"
    );
    assert!(
        found.iter().any(|f| !f.ok),
        "so `posy check` exits non-zero"
    );
}

#[tokio::test]
async fn posy_check_says_when_the_mail_server_cannot_be_reached() {
    let app = spawn_app().await;
    let mut config = app.config().clone();
    // A port nothing listens on.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    config.smtp_url = Some(format!("smtp://127.0.0.1:{port}"));
    // With a mail server, the .localhost defaults are refused before any connection.
    config.mail_from = "Posy floral studio <shop@example.com>".into();
    config.studio_email = "studio@example.com".into();
    let said: Vec<String> = check(&config, clock::now())
        .await
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        said.iter().any(|line| line
            .starts_with("✗ The shop could not send through the mail server at 127.0.0.1")),
        "{said:?}"
    );
}
