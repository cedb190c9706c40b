//! The spec's CSRF scheme: a `csrftoken` cookie the page can read, echoed by every
//! unsafe call in the `X-CSRFToken` header. Another site can make a browser send the cookie
//! but cannot read it, so it cannot write the header. The token is signed by the server, so a
//! cookie planted from elsewhere (a sibling subdomain, say) is not accepted either; and a
//! request whose Origin or Sec-Fetch-Site says it comes from another site is refused outright.

use std::sync::Arc;

use hmac::{KeyInit, Mac};
use poem::http::{HeaderMap, Method, StatusCode, header};
use poem::{Endpoint, IntoResponse, Request, Response};

use crate::http::error;

/// The cookie and header names the spec fixes.
pub const COOKIE: &str = "csrftoken";
/// The header every unsafe call repeats the cookie's value in.
pub const HEADER: &str = "X-CSRFToken";

const MISSING_TOKEN: &str = "Your session has expired. Please refresh the page and try again.";
const CROSS_SITE: &str = "This request came from another website, so we did not act on it.";

type HmacSha256 = hmac::Hmac<sha2::Sha256>;

/// Issues and checks CSRF tokens with one server key.
#[derive(Clone)]
pub struct Csrf {
    key: Arc<[u8; 32]>,
    /// Mark the cookie Secure (the shop is served over https).
    secure: bool,
    /// The shop's public origin, e.g. `https://posy.example`, accepted besides the Host header's.
    public_origin: Option<String>,
}

impl Csrf {
    /// A checker signing with `key`.
    pub fn new(key: [u8; 32], public_url: Option<&str>) -> Csrf {
        Csrf {
            key: Arc::new(key),
            secure: public_url.is_some_and(|u| u.starts_with("https://")),
            public_origin: public_url.map(|u| u.trim_end_matches('/').to_owned()),
        }
    }

    /// A fresh token: 16 random bytes and their signature, in hex.
    pub fn issue(&self) -> String {
        let mut nonce = [0u8; 16];
        getrandom::fill(&mut nonce).expect("the system has randomness");
        let nonce = hex::encode(nonce);
        let signature = hex::encode(self.mac(&nonce).finalize().into_bytes());
        format!("{nonce}.{signature}")
    }

    /// True when this server signed `token`.
    pub fn is_valid(&self, token: &str) -> bool {
        let Some((nonce, signature)) = token.split_once('.') else {
            return false;
        };
        let Ok(signature) = hex::decode(signature) else {
            return false;
        };
        self.mac(nonce).verify_slice(&signature).is_ok()
    }

    fn mac(&self, nonce: &str) -> HmacSha256 {
        let mut mac = <HmacSha256 as KeyInit>::new_from_slice(self.key.as_slice())
            .expect("HMAC takes keys of any length");
        mac.update(nonce.as_bytes());
        mac
    }

    /// Refuses unsafe requests without a matching token or from another site; sets the cookie
    /// on answers to requests that had no valid one.
    pub async fn guard<E: Endpoint>(&self, next: &E, req: Request) -> poem::Result<Response> {
        let cookie = cookie(req.headers(), COOKIE)
            .filter(|t| self.is_valid(t))
            .map(str::to_owned);
        let unsafe_method = !matches!(
            *req.method(),
            Method::GET | Method::HEAD | Method::OPTIONS | Method::TRACE
        );
        if unsafe_method {
            if self.is_cross_site(req.headers()) {
                return Ok(error::json(StatusCode::FORBIDDEN, CROSS_SITE));
            }
            let header = req.headers().get(HEADER).and_then(|v| v.to_str().ok());
            let matches = matches!((&cookie, header), (Some(c), Some(h)) if c == h);
            if !matches {
                return Ok(error::json(StatusCode::FORBIDDEN, MISSING_TOKEN));
            }
        }
        let mut response = next.call(req).await?.into_response();
        if cookie.is_none() {
            let secure = if self.secure { "; Secure" } else { "" };
            let value = format!(
                "{COOKIE}={}; Path=/; Max-Age=31536000; SameSite=Lax{secure}",
                self.issue()
            );
            if let Ok(value) = value.parse() {
                response.headers_mut().append(header::SET_COOKIE, value);
            }
        }
        Ok(response)
    }

    pub fn is_cross_site(&self, headers: &HeaderMap) -> bool {
        let text = |name| headers.get(name).and_then(|v| v.to_str().ok());
        if text("sec-fetch-site") == Some("cross-site") {
            return true;
        }
        let Some(origin) = text(header::ORIGIN.as_str()) else {
            return false;
        };
        let origin = origin.trim_end_matches('/');
        if self.public_origin.as_deref() == Some(origin) {
            return false;
        }
        // Same origin when the Origin names the host the request was sent to.
        let host = text(header::HOST.as_str()).unwrap_or_default();
        let origin_host = origin
            .strip_prefix("https://")
            .or_else(|| origin.strip_prefix("http://"));
        origin_host != Some(host)
    }
}

/// The value of the cookie `name`, if the request sent it.
/// The value of the cookie `name` in a request's headers.
pub fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value)
}
