//! The shop's mail through a real SMTP server (aiosmtpd, from the tests' venv made by
//! `scripts/setup.sh test`), reached both ways a server elsewhere may be: TLS from the start
//! and STARTTLS. Its certificate is signed by an authority made for the test with `openssl`,
//! which the shop trusts through `POSY_SMTP_CA_FILE` alone.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use posy_server::app::config::Config;
use posy_server::app::startup::Application;

use crate::helpers::{Options, TestApp, spawn_app_with};

/// The mail server's login; the password needs percent-encoding in a URL, so it is given apart.
const USER: &str = "shop@posy.example";
const PASSWORD: &str = "p@ss w:rd/%";

/// A test authority and a certificate it signed for `localhost`.
struct Certificates {
    dir: tempfile::TempDir,
}

impl Certificates {
    fn make() -> Certificates {
        let dir = tempfile::tempdir().unwrap();
        let openssl = |args: &[&str]| {
            let output = Command::new("openssl")
                .args(args)
                .current_dir(dir.path())
                .output()
                .expect("openssl runs (Debian's openssl package)");
            assert!(
                output.status.success(),
                "openssl {args:?}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
        };
        let key = [
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:P-256",
            "-nodes",
        ];
        openssl(
            &[
                &[
                    "req",
                    "-x509",
                    "-days",
                    "2",
                    "-subj",
                    "/CN=Posy test authority",
                ][..],
                &key,
                &["-keyout", "ca.key", "-out", "ca.pem"],
            ]
            .concat(),
        );
        openssl(
            &[
                &["req", "-subj", "/CN=localhost"][..],
                &key,
                &["-keyout", "server.key", "-out", "server.csr"],
            ]
            .concat(),
        );
        std::fs::write(
            dir.path().join("server.ext"),
            "subjectAltName=DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n",
        )
        .unwrap();
        openssl(&[
            "x509",
            "-req",
            "-in",
            "server.csr",
            "-CA",
            "ca.pem",
            "-CAkey",
            "ca.key",
            "-set_serial",
            "2",
            "-days",
            "2",
            "-extfile",
            "server.ext",
            "-out",
            "server.pem",
        ]);
        Certificates { dir }
    }

    fn file(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }
}

/// How the server protects its connections.
#[derive(Clone, Copy)]
enum Protection {
    /// TLS from the first byte, as on port 465.
    Tls,
    /// STARTTLS required, as on port 587.
    StartTls,
}

/// aiosmtpd on a free port of 127.0.0.1, writing what it receives to a folder; stopped when
/// dropped.
struct MailServer {
    child: Child,
    port: u16,
    received: tempfile::TempDir,
    certificates: Certificates,
}

impl MailServer {
    fn start(protection: Protection) -> MailServer {
        let venv = std::env::var_os("POSY_PYTHON_VENV")
            .map(PathBuf::from)
            .unwrap_or_else(|| {
                Path::new(&std::env::var_os("HOME").expect("HOME is set"))
                    .join(".cache/posy/python-venv")
            });
        let python = venv.join("bin/python");
        assert!(
            python.exists(),
            "{} is missing: run scripts/setup.sh test (or scripts/python-venv.sh) to make the \
             tests' venv with aiosmtpd",
            python.display()
        );
        let certificates = Certificates::make();
        let received = tempfile::tempdir().unwrap();
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/api/smtp_server.py");
        let mut child = Command::new(python)
            .arg(script)
            .arg(match protection {
                Protection::Tls => "tls",
                Protection::StartTls => "starttls",
            })
            .arg(certificates.file("server.pem"))
            .arg(certificates.file("server.key"))
            .args([USER, PASSWORD])
            .arg(received.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the SMTP server starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .strip_prefix("listening ")
            .and_then(|p| p.trim().parse().ok())
            .unwrap_or_else(|| panic!("the SMTP server said {line:?}"));
        MailServer {
            child,
            port,
            received,
            certificates,
        }
    }

    /// `SMTP_URL` for this server, the login's user percent-encoded.
    fn url(&self, protection: Protection) -> String {
        let user = USER.replace('@', "%40");
        match protection {
            Protection::Tls => format!("smtps://{user}@localhost:{}", self.port),
            Protection::StartTls => format!("smtp://{user}@localhost:{}?tls=required", self.port),
        }
    }

    /// The messages received, once there are `count` of them.
    async fn messages(&self, count: usize) -> Vec<String> {
        crate::helpers::letters_in(self.received.path(), count)
            .await
            .unwrap_or_else(|| panic!("the SMTP server received fewer than {count} messages"))
    }
}

impl Drop for MailServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A shop that sends through `server` as `protection` says, with `password`, trusting the
/// test authority when `trust` is set.
async fn shop_sending_through(
    server: &MailServer,
    protection: Protection,
    password: &str,
    trust: bool,
) -> TestApp {
    spawn_app_with(Options {
        smtp: Some((
            server.url(protection),
            password.to_owned(),
            trust.then(|| server.certificates.file("ca.pem")),
        )),
        ..Options::default()
    })
    .await
}

/// A letter in the shop's outbox.
async fn post_a_letter(app: &TestApp) {
    posy_server::mail::enqueue(&app.db, "jo@example.com", "Your posy", "It is on its way.")
        .await
        .unwrap();
}

/// `/readyz`'s `attention`, once a line saying `words` is in it (the check at start runs
/// beside serving), or as it stands after a few seconds.
async fn attention_saying(app: &TestApp, words: &str) -> Vec<String> {
    let mut attention: Vec<String> = Vec::new();
    for _ in 0..100 {
        let (status, body) = app.get_json("/readyz").await;
        assert_eq!(status, 200, "{body}");
        attention = serde_json::from_value(body["attention"].clone()).unwrap();
        if attention.iter().any(|line| line.contains(words)) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    attention
}

#[tokio::test]
async fn mail_goes_out_over_tls_from_the_start_with_the_password_kept_apart() {
    let server = MailServer::start(Protection::Tls);
    let app = shop_sending_through(&server, Protection::Tls, PASSWORD, true).await;
    post_a_letter(&app).await;
    let messages = server.messages(1).await;
    assert!(
        messages[0].contains("Subject: Your posy"),
        "{}",
        messages[0]
    );
    assert!(
        messages[0].contains("shop@posy.example>"),
        "{}",
        messages[0]
    );
}

#[tokio::test]
async fn mail_goes_out_over_starttls() {
    let server = MailServer::start(Protection::StartTls);
    let app = shop_sending_through(&server, Protection::StartTls, PASSWORD, true).await;
    post_a_letter(&app).await;
    let messages = server.messages(1).await;
    assert!(messages[0].contains("It is on its way."), "{}", messages[0]);
}

#[tokio::test]
async fn a_refused_login_is_said_at_start_and_the_shop_serves_on() {
    let server = MailServer::start(Protection::StartTls);
    let app = shop_sending_through(&server, Protection::StartTls, "not the password", true).await;
    let attention = attention_saying(&app, "refused the shop's login").await;
    assert!(
        attention.iter().any(
            |line| line.starts_with("At start, the mail server at localhost:")
                && line.contains(
                    "refused the shop's login: check SMTP_URL's user and POSY_SMTP_PASSWORD"
                )
        ),
        "{attention:?}"
    );
    let (status, _) = app.get_json("/healthz").await;
    assert_eq!(status, 200);
    // Nothing reached the server: the letter waits in the outbox.
    post_a_letter(&app).await;
    assert_eq!(
        std::fs::read_dir(server.received.path()).unwrap().count(),
        0
    );
}

#[tokio::test]
async fn a_certificate_of_an_authority_not_trusted_is_refused() {
    let server = MailServer::start(Protection::Tls);
    let app = shop_sending_through(&server, Protection::Tls, PASSWORD, false).await;
    let attention = attention_saying(&app, "could not send through the mail server").await;
    assert!(
        attention
            .iter()
            .any(|line| line.contains("could not send through the mail server at localhost:")),
        "{attention:?}"
    );
}

/// A shop's settings that [`Application::build`] must refuse, and what it says.
async fn refusal(change: impl FnOnce(&mut Config)) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut config = Config::for_data_dir(dir.path().join("data"));
    config.smtp_url = Some("smtps://shop@smtp.example:465".into());
    config.smtp_password = Some("pw".into());
    config.mail_from = "shop@posy.example".into();
    config.studio_email = "studio@posy.example".into();
    change(&mut config);
    match Application::build(config).await {
        Ok(_) => panic!("the shop started"),
        Err(err) => {
            // Refused before anything was written.
            assert!(!dir.path().join("data/posy.db").exists());
            err.to_string()
        }
    }
}

#[tokio::test]
async fn mail_settings_that_cannot_work_stop_the_shop_with_what_to_write_instead() {
    let why = refusal(|c| c.smtp_url = Some("smtp://shop@smtp.example:587".into())).await;
    assert!(
        why.contains("smtps://USER@smtp.example:465")
            && why.contains("smtp://USER@smtp.example:587?tls=required"),
        "{why}"
    );
    let why = refusal(|c| c.studio_email = "studio@posy.localhost".into()).await;
    assert!(
        why.starts_with("POSY_STUDIO_EMAIL is studio@posy.localhost"),
        "{why}"
    );
    let why = refusal(|c| c.mail_from = "Posy <shop@posy.localhost>".into()).await;
    assert!(
        why.starts_with("POSY_MAIL_FROM is shop@posy.localhost"),
        "{why}"
    );
    let why = refusal(|c| c.smtp_url = Some("smtps://shop:pw@smtp.example:465".into())).await;
    assert!(why.contains("POSY_SMTP_PASSWORD alone"), "{why}");
}
