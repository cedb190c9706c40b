//! The SMTP server the shop sends through, read from `SMTP_URL` so that a setting that would
//! send the login or the letters in the clear, or that cannot work, stops the shop at start
//! with a sentence saying what to write instead, rather than failing quietly later.
//!
//! Three forms (lettre's own): `smtps://user@host:465` (TLS from the first byte),
//! `smtp://user@host:587?tls=required` (STARTTLS, refused if the server does not offer it),
//! and plain `smtp://host:25`, taken only for a server on this machine (a local relay such as
//! Postfix, which sends on with its own TLS). `tls=opportunistic` falls back to plain text
//! when anyone on the way strips the STARTTLS offer, so it too is taken only for this machine.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::path::Path;
use std::time::Duration;

use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
use lettre::transport::smtp::extension::ClientId;
use lettre::transport::smtp::{SMTP_PORT, SUBMISSION_PORT, SUBMISSIONS_PORT};
use lettre::{AsyncSmtpTransport, Tokio1Executor};
use url::{Host, Url};

/// How long the mail server has to answer each step (lettre's default is a minute).
const STEP_TIMEOUT: Duration = Duration::from_secs(30);

/// The settings that say how to reach the mail server.
pub struct SmtpSettings<'a> {
    /// `SMTP_URL`.
    pub url: &'a str,
    /// `POSY_SMTP_PASSWORD`: the login's password, not percent-encoded.
    pub password: Option<&'a str>,
    /// `POSY_SMTP_CA_FILE`: one more root certificate to trust (PEM).
    pub ca_file: Option<&'a Path>,
}

/// A mail server, ready to be connected to, and how to name it in a sentence.
pub struct Server {
    pub transport: AsyncSmtpTransport<Tokio1Executor>,
    /// `host:port`, for the log and the back office (never the login).
    pub address: String,
}

/// How the connection is protected.
#[derive(Debug, PartialEq)]
enum Protection {
    /// TLS from the first byte (`smtps://`).
    Tls,
    /// STARTTLS, required (`smtp://…?tls=required`).
    StartTls,
    /// STARTTLS when offered, else plain text (`smtp://…?tls=opportunistic`).
    StartTlsIfOffered,
    /// None (`smtp://`).
    Plain,
}

/// Reads the settings into a transport, or says in a sentence what to change.
pub fn server(settings: &SmtpSettings<'_>) -> anyhow::Result<Server> {
    let url = Url::parse(settings.url).map_err(|err| {
        anyhow::anyhow!(
            "SMTP_URL is not a URL ({err}): write it like smtps://user@smtp.example:465"
        )
    })?;
    let host = url
        .host_str()
        .filter(|h| !h.is_empty())
        .ok_or_else(|| anyhow::anyhow!("SMTP_URL names no mail server"))?
        .to_owned();
    let tls = url
        .query_pairs()
        .find(|(key, _)| key == "tls")
        .map(|(_, value)| value.into_owned());
    let protection = match (url.scheme(), tls.as_deref()) {
        ("smtps", None | Some("wrapper")) => Protection::Tls,
        ("smtp", Some("required")) => Protection::StartTls,
        ("smtp", Some("opportunistic")) => Protection::StartTlsIfOffered,
        ("smtp", None) => Protection::Plain,
        ("smtp" | "smtps", Some(other)) => anyhow::bail!(
            "SMTP_URL's tls={other} is not a setting Posy knows: {}",
            forms(&host)
        ),
        (scheme, _) => anyhow::bail!(
            "SMTP_URL starts with {scheme}://, which is not a mail server's address: {}",
            forms(&host)
        ),
    };
    let local = url.host().is_some_and(|h| on_this_machine(&h));
    if !local
        && matches!(
            protection,
            Protection::Plain | Protection::StartTlsIfOffered
        )
    {
        anyhow::bail!(
            "SMTP_URL would send the mail server's login and every letter to {host} without \
             encryption (or with encryption that anyone on the way can strip), which only a \
             server on this machine may have: {}",
            forms(&host)
        );
    }
    let port = url.port().unwrap_or(match protection {
        Protection::Tls => SUBMISSIONS_PORT,
        Protection::StartTls | Protection::StartTlsIfOffered => SUBMISSION_PORT,
        Protection::Plain => SMTP_PORT,
    });
    let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(host.clone())
        .port(port)
        .timeout(Some(STEP_TIMEOUT));
    if protection != Protection::Plain {
        let mut parameters = TlsParameters::builder(host.clone());
        if let Some(file) = settings.ca_file {
            parameters = parameters.add_root_certificate(root_certificate(file)?);
        }
        let parameters = parameters.build()?;
        builder = builder.tls(match protection {
            Protection::Tls => Tls::Wrapper(parameters),
            Protection::StartTls => Tls::Required(parameters),
            _ => Tls::Opportunistic(parameters),
        });
    }
    if let Some(credentials) = credentials(&url, settings.password)? {
        builder = builder.credentials(credentials);
    }
    // As lettre reads it: a path names this machine in the greeting (HELO/EHLO).
    let hello = url.path().trim_matches('/');
    if !hello.is_empty() {
        builder = builder.hello_name(ClientId::Domain(hello.to_owned()));
    }
    Ok(Server {
        transport: builder.build(),
        address: format!("{host}:{port}"),
    })
}

/// The two forms a mail server elsewhere may be reached by.
fn forms(host: &str) -> String {
    format!(
        "use smtps://USER@{host}:465 (TLS from the start) or \
         smtp://USER@{host}:587?tls=required (STARTTLS), whichever the mail provider offers, \
         with the password in POSY_SMTP_PASSWORD"
    )
}

/// `localhost` or a loopback address: a connection that never leaves this machine.
fn on_this_machine(host: &Host<&str>) -> bool {
    match host {
        // A URL of a scheme it does not know (smtp) keeps an IPv4 address as a name.
        Host::Domain(name) => {
            name.eq_ignore_ascii_case("localhost")
                || name.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
        }
        Host::Ipv4(ip) => Ipv4Addr::is_loopback(ip),
        Host::Ipv6(ip) => Ipv6Addr::is_loopback(ip),
    }
}

/// The login: the URL's user (percent-decoded) with the password from `POSY_SMTP_PASSWORD`
/// as it stands, or else from the URL (percent-decoded).
fn credentials(url: &Url, apart: Option<&str>) -> anyhow::Result<Option<Credentials>> {
    let decode = |part: &str, what: &str| {
        percent_encoding::percent_decode_str(part)
            .decode_utf8()
            .map(|s| s.into_owned())
            .map_err(|_| anyhow::anyhow!("SMTP_URL's {what} is not valid percent-encoded text"))
    };
    let user = decode(url.username(), "user name")?;
    let password = match (url.password(), apart) {
        (Some(_), Some(_)) => anyhow::bail!(
            "SMTP_URL has a password and POSY_SMTP_PASSWORD is set too: keep it in \
             POSY_SMTP_PASSWORD alone"
        ),
        (Some(in_url), None) => Some(decode(in_url, "password")?),
        (None, apart) => apart.map(str::to_owned),
    };
    match (user.is_empty(), password) {
        (true, None) => Ok(None),
        (true, Some(_)) => anyhow::bail!(
            "POSY_SMTP_PASSWORD is set but SMTP_URL names no user: put the login's user before \
             the server, e.g. smtps://shop%40posy.example@smtp.example:465 (an @ in it \
             written %40)"
        ),
        (false, None) => anyhow::bail!(
            "SMTP_URL names the user {user:?} but no password: set POSY_SMTP_PASSWORD"
        ),
        (false, Some(password)) => Ok(Some(Credentials::new(user, password))),
    }
}

fn root_certificate(file: &Path) -> anyhow::Result<Certificate> {
    let pem = std::fs::read(file).map_err(|err| {
        anyhow::anyhow!("POSY_SMTP_CA_FILE {} cannot be read: {err}", file.display())
    })?;
    // lettre takes a file with no certificate in it as an empty list.
    let marked = String::from_utf8_lossy(&pem).contains("-----BEGIN CERTIFICATE-----");
    Certificate::from_pem(&pem)
        .ok()
        .filter(|_| marked)
        .ok_or_else(|| {
            anyhow::anyhow!(
                "POSY_SMTP_CA_FILE {} is not a PEM certificate",
                file.display()
            )
        })
}

/// Whether an address belongs to `.localhost`, a name that never reaches anyone's mailbox.
pub fn is_localhost_address(address: &str) -> bool {
    let domain = address
        .trim()
        .trim_end_matches('>')
        .rsplit('@')
        .next()
        .unwrap_or_default()
        .trim_end_matches('.')
        .to_ascii_lowercase();
    domain == "localhost" || domain.ends_with(".localhost")
}
