//! What a stranger's requests and connections cannot do: load foreign scripts into the shop's
//! pages, frame them, read files off the disk, send unbounded bodies, or hold connections open.

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::helpers::{Options, TEST_SHOP_CONNECTIONS, spawn_app, spawn_app_with};

#[tokio::test]
async fn every_answer_carries_the_security_headers() {
    let app = spawn_app().await;
    for path in [
        "/",
        "/shop",
        "/api/products/",
        "/assets/app-1a2b3c.js",
        "/api/no-such/",
    ] {
        let response = app.get(path).await;
        let headers = response.headers();
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["x-frame-options"], "DENY", "{path}");
        assert_eq!(
            headers["referrer-policy"], "strict-origin-when-cross-origin",
            "{path}"
        );
        assert!(headers.contains_key("permissions-policy"), "{path}");
        let policy = headers["content-security-policy"].to_str().unwrap();
        assert!(
            policy.contains("frame-ancestors 'none'"),
            "{path}: {policy}"
        );
        assert!(!policy.contains("unsafe-inline"), "{path}: {policy}");
        // Served over http here: no HSTS.
        assert!(!headers.contains_key("strict-transport-security"), "{path}");
    }
    // JSON and files allow nothing to load.
    let policy = app.get("/api/products/").await.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(policy.starts_with("default-src 'none'"), "{policy}");
}

#[tokio::test]
async fn the_page_carries_a_fresh_nonce_in_its_policy_and_tags() {
    let app = spawn_app().await;
    let mut nonces = Vec::new();
    for _ in 0..2 {
        let response = app.get("/shop").await;
        let policy = response.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(
            policy.contains("script-src 'self' 'wasm-unsafe-eval' 'nonce-"),
            "{policy}"
        );
        // The simulated provider: Stripe is not let in.
        assert!(!policy.contains("stripe.com"), "{policy}");
        let nonce = policy
            .split("'nonce-")
            .nth(1)
            .and_then(|rest| rest.split('\'').next())
            .unwrap()
            .to_owned();
        let html = response.text().await.unwrap();
        assert!(
            html.contains(&format!("<script nonce=\"{nonce}\" type=\"module\"")),
            "{html}"
        );
        nonces.push(nonce);
    }
    assert_ne!(nonces[0], nonces[1]);
}

#[tokio::test]
async fn a_shop_on_stripe_lets_stripe_in_and_https_adds_hsts() {
    let fake_stripe = wiremock::MockServer::start().await;
    let app = spawn_app_with(Options {
        stripe_api_url: Some(fake_stripe.uri()),
        configure: Some(|config| config.public_url = Some("https://posy.example".into())),
        ..Options::default()
    })
    .await;
    let response = app.get("/checkout").await;
    let policy = response.headers()["content-security-policy"]
        .to_str()
        .unwrap();
    assert!(policy.contains("https://js.stripe.com"), "{policy}");
    assert!(
        policy.contains("connect-src 'self' https://api.stripe.com"),
        "{policy}"
    );
    assert!(
        response.headers()["strict-transport-security"]
            .to_str()
            .unwrap()
            .starts_with("max-age=")
    );
}

#[tokio::test]
async fn the_docs_page_has_its_own_policy() {
    let app = spawn_app().await;
    let response = app.get("/api/docs").await;
    assert_eq!(response.status(), 200);
    let policy = response.headers()["content-security-policy"]
        .to_str()
        .unwrap();
    assert!(policy.contains("script-src 'sha256-"), "{policy}");
    assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
}

#[tokio::test]
async fn file_errors_never_show_a_path_on_disk() {
    let app = spawn_app().await;
    for path in [
        "/media/..%2f..%2f..%2fetc%2fpasswd",
        "/media/..%2f..%2fposy.db",
        "/media/no-such-picture.jpg",
        "/favicon.svg%2f..%2f..%2f..%2fetc%2fpasswd",
    ] {
        let response = app.get(path).await;
        let status = response.status();
        let body = response.text().await.unwrap();
        assert!(
            status.is_client_error() || status == 200,
            "{path}: {status}"
        );
        assert!(!body.contains("/etc"), "{path}: {body}");
        assert!(!body.contains("root:"), "{path}: {body}");
        assert!(
            !body.contains(&*app.data_dir.to_string_lossy()),
            "{path}: {body}"
        );
    }
}

/// A JSON body sent in chunks, without a Content-Length.
fn chunked(json: String) -> reqwest::Body {
    let chunks: Vec<Result<Vec<u8>, std::io::Error>> = json
        .into_bytes()
        .chunks(4096)
        .map(|c| Ok(c.to_vec()))
        .collect();
    reqwest::Body::wrap_stream(futures_util::stream::iter(chunks))
}

#[tokio::test]
async fn a_body_without_a_length_is_counted_and_refused_past_the_limit() {
    let app = spawn_app().await;
    let huge = format!(
        r#"{{"name":"Ann","email":"ann@example.com","message":"{}"}}"#,
        "x".repeat(2 * 1024 * 1024)
    );
    let response = app
        .client
        .post(app.url("/api/contact/"))
        .header("content-type", "application/json")
        .header("cookie", format!("csrftoken={}", app.csrf))
        .header("x-csrftoken", &app.csrf)
        .body(chunked(huge))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 413);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["error"], "That is too large to send.");
}

#[tokio::test]
async fn a_chunked_body_within_the_limit_is_read() {
    let app = spawn_app().await;
    let (_, cart) = app.get_json("/api/cart/").await;
    let (_, products) = app.get_json("/api/products/").await;
    let product = products
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["variations"].as_array().is_none_or(|v| v.is_empty()))
        .expect("a product without sizes");
    let add = serde_json::json!({
        "cart_id": cart["id"],
        "product_id": product["id"],
        "quantity": 1,
    });
    let response = app
        .client
        .post(app.url("/api/cart/add_item/"))
        .header("content-type", "application/json")
        .header("cookie", format!("csrftoken={}", app.csrf))
        .header("x-csrftoken", &app.csrf)
        .body(chunked(add.to_string()))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
}

/// Reads until the server closes the connection; false if it is still open after `wait`.
async fn closed_within(stream: &mut TcpStream, wait: Duration) -> bool {
    let mut buf = [0u8; 1024];
    matches!(
        tokio::time::timeout(wait, stream.read(&mut buf)).await,
        Ok(Ok(0) | Err(_))
    )
}

#[tokio::test]
async fn a_connection_that_never_finishes_its_request_is_closed() {
    let app = spawn_app_with(Options {
        configure: Some(|config| config.first_request_seconds = 1),
        ..Options::default()
    })
    .await;
    let address = app.base.trim_start_matches("http://").to_owned();
    let mut silent = TcpStream::connect(&address).await.unwrap();
    let mut slow = TcpStream::connect(&address).await.unwrap();
    slow.write_all(b"GET /api/products/ HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    for _ in 0..3 {
        tokio::time::sleep(Duration::from_millis(300)).await;
        // A byte now and then does not keep it open.
        let _ = slow.write_all(b"X").await;
    }
    assert!(closed_within(&mut silent, Duration::from_secs(5)).await);
    assert!(closed_within(&mut slow, Duration::from_secs(5)).await);
    // A prompt request is answered as ever.
    assert_eq!(app.get("/api/products/").await.status(), 200);
}

/// The idle limit counts a sender's silence, never the shop's own work (`limits::Owed`): a
/// request whose body stops half-way is closed once idle, and the connection beside it,
/// answered, stays usable.
#[tokio::test]
async fn a_body_that_stops_coming_is_closed_once_idle() {
    let app = spawn_app_with(Options {
        configure: Some(|config| config.idle_seconds = 1),
        ..Options::default()
    })
    .await;
    let address = app.base.trim_start_matches("http://").to_owned();
    let mut stalled = TcpStream::connect(&address).await.unwrap();
    let head = format!(
        "POST /api/contact/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
         Cookie: csrftoken={csrf}\r\nX-CSRFToken: {csrf}\r\nContent-Length: 200\r\n\r\n{{\"name\":",
        csrf = app.csrf
    );
    let sent = std::time::Instant::now();
    stalled.write_all(head.as_bytes()).await.unwrap();
    let mut answer = vec![0u8; 4096];
    let read = tokio::time::timeout(Duration::from_secs(5), stalled.read(&mut answer))
        .await
        .expect("an answer once idle")
        .unwrap();
    // Not refused at once: the shop waited out the idle time for the rest of the body.
    assert!(
        sent.elapsed() >= Duration::from_millis(900),
        "{:?}",
        sent.elapsed()
    );
    let answer = String::from_utf8_lossy(&answer[..read]);
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("We couldn't read that request"), "{answer}");
    assert!(closed_within(&mut stalled, Duration::from_secs(5)).await);
    assert_eq!(app.get("/api/products/").await.status(), 200);
}

#[tokio::test]
async fn connections_past_the_limit_wait_for_a_free_one() {
    let app = spawn_app_with(Options {
        configure: Some(|config| {
            config.max_connections = 2;
            config.first_request_seconds = 2;
        }),
        ..Options::default()
    })
    .await;
    let address = app.base.trim_start_matches("http://").to_owned();
    // The test client's own connection may hold one permit; fill the rest with idle ones.
    let idle: Vec<TcpStream> =
        futures_util::future::join_all((0..2).map(|_| TcpStream::connect(address.clone())))
            .await
            .into_iter()
            .map(Result::unwrap)
            .collect();
    let fresh = reqwest::Client::builder().no_proxy().build().unwrap();
    let waiting = fresh.get(app.url("/api/products/")).send();
    // Not served while both permits are held...
    let early = tokio::time::timeout(Duration::from_millis(1000), waiting).await;
    assert!(early.is_err(), "served past the connection limit");
    // ...and served once the idle ones are closed at their deadline.
    let served = tokio::time::timeout(
        Duration::from_secs(10),
        fresh.get(app.url("/api/products/")).send(),
    )
    .await
    .expect("served once a connection was free")
    .unwrap();
    assert_eq!(served.status(), 200);
    drop(idle);
}

#[test]
fn help_never_prints_the_database_password() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_posy"))
        .args(["serve", "--help"])
        .env("DATABASE_URL", "postgres://posy:s3cret-pw@db.example/posy")
        .env("SMTP_URL", "smtps://shop:mail-pw@smtp.example:465")
        .output()
        .expect("posy runs");
    let help = String::from_utf8_lossy(&output.stdout);
    assert!(help.contains("DATABASE_URL"), "{help}");
    assert!(!help.contains("s3cret-pw"), "{help}");
    assert!(!help.contains("mail-pw"), "{help}");
}

#[tokio::test]
async fn two_shops_starting_together_on_one_database_both_start() {
    // PostgreSQL when TEST_DATABASE_URL is set, else a SQLite file both open.
    let dir = tempfile::tempdir().unwrap();
    let url = match crate::helpers::fresh_postgres_database().await {
        Some(url) => url,
        None => format!("sqlite://{}?mode=rwc", dir.path().join("posy.db").display()),
    };
    let (a, b) = tokio::join!(
        posy_server::store::db::connect(&url, TEST_SHOP_CONNECTIONS),
        posy_server::store::db::connect(&url, TEST_SHOP_CONNECTIONS)
    );
    a.expect("the first starts");
    b.expect("the second starts");
}

/// A connection to the shop from `from` (any 127.x.x.x address is this machine's own).
async fn connect_from(app: &crate::helpers::TestApp, from: &str) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(format!("{from}:0").parse().unwrap()).unwrap();
    let to = app.base.trim_start_matches("http://").parse().unwrap();
    socket.connect(to).await.unwrap()
}

/// Asks for /healthz on `stream` and answers the status line of the answer, if one came.
async fn health_on(stream: &mut TcpStream) -> Option<String> {
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .ok()?;
    let mut buf = [0u8; 4096];
    let n = tokio::time::timeout(Duration::from_secs(5), stream.read(&mut buf))
        .await
        .ok()?
        .ok()?;
    let text = String::from_utf8_lossy(&buf[..n]).into_owned();
    text.lines()
        .next()
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
}

#[tokio::test]
async fn connections_past_an_addresss_share_are_closed_and_other_addresses_still_get_in() {
    let app = spawn_app_with(Options {
        configure: Some(|config| {
            config.max_connections_per_address = 3;
            // A proxy's connections carry many visitors: not capped.
            config.trusted_proxies = vec!["127.0.0.4".parse().unwrap()];
        }),
        ..Options::default()
    })
    .await;
    // Three idle keep-alive sockets from one address take its share...
    let mut idle = Vec::new();
    for _ in 0..3 {
        idle.push(connect_from(&app, "127.0.0.3").await);
    }
    // ...so a fourth from it is closed without an answer.
    let mut fourth = connect_from(&app, "127.0.0.3").await;
    assert_eq!(health_on(&mut fourth).await, None);
    assert!(closed_within(&mut fourth, Duration::from_secs(2)).await);
    // The next visitor is served.
    let mut visitor = connect_from(&app, "127.0.0.2").await;
    assert_eq!(
        health_on(&mut visitor).await.as_deref(),
        Some("HTTP/1.1 200 OK")
    );
    // The proxy may hold more than an address's share.
    let mut through_proxy = Vec::new();
    for _ in 0..5 {
        let mut stream = connect_from(&app, "127.0.0.4").await;
        assert_eq!(
            health_on(&mut stream).await.as_deref(),
            Some("HTTP/1.1 200 OK")
        );
        through_proxy.push(stream);
    }
    // One of the idle sockets closing gives its address a place again.
    drop(idle.pop());
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut again = connect_from(&app, "127.0.0.3").await;
    assert_eq!(
        health_on(&mut again).await.as_deref(),
        Some("HTTP/1.1 200 OK")
    );
}

#[tokio::test]
async fn a_second_request_dribbled_on_a_kept_alive_connection_is_closed_at_its_deadline() {
    let app = spawn_app_with(Options {
        configure: Some(|config| config.first_request_seconds = 1),
        ..Options::default()
    })
    .await;
    let mut stream = connect_from(&app, "127.0.0.5").await;
    assert_eq!(
        health_on(&mut stream).await.as_deref(),
        Some("HTTP/1.1 200 OK"),
        "the first request is answered and the connection kept alive"
    );
    let (mut reader, mut writer) = stream.into_split();
    writer
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let started = std::time::Instant::now();
    // A byte now and then does not keep it open.
    let dribbling = tokio::spawn(async move {
        for _ in 0..40 {
            tokio::time::sleep(Duration::from_millis(250)).await;
            if writer.write_all(b"X").await.is_err() {
                break;
            }
        }
    });
    let closed = tokio::time::timeout(Duration::from_secs(5), async {
        let mut buf = [0u8; 1024];
        // Nothing but a close (after an error answer, perhaps) comes back.
        while let Ok(n) = reader.read(&mut buf).await
            && n > 0
        {}
    })
    .await;
    dribbling.abort();
    assert!(closed.is_ok(), "still open after 5 s of dribbling");
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "closed after {:?}",
        started.elapsed()
    );
    // A prompt request is answered as ever.
    assert_eq!(app.get("/api/products/").await.status(), 200);
}
