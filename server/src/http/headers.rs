//! The security headers every answer carries. The app's HTML gets a Content-Security-Policy
//! that lets in only the shop's own scripts (and Stripe's, when the shop takes real payments);
//! the API's docs page gets one for its own inline scripts; everything else (JSON, media,
//! assets) gets a policy that allows nothing, so an uploaded file can never run as a page.

use std::sync::Arc;

use base64::Engine;
use poem::http::{HeaderMap, HeaderValue, header};
use poem::{Endpoint, Request, Response};
use sha2::{Digest, Sha256};

/// The policy for answers that are not pages: nothing may load, nothing may frame them.
const NOTHING: &str =
    "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// What the shop's answers may load, fixed at start-up.
#[derive(Clone, Debug)]
pub struct Policies {
    /// Origins media comes from besides the shop itself (a bucket's address), if any.
    media_origin: Option<String>,
    /// The shop takes card payments through Stripe.js.
    stripe: bool,
    /// The shop is served over https: browsers are told to keep to it (HSTS).
    https: bool,
    /// The docs page's policy, with the hashes of its inline scripts.
    docs: String,
}

impl Policies {
    /// The policies for a shop with this media address, payment provider, public address and
    /// docs page.
    pub fn new(media_base: &str, stripe: bool, public_url: Option<&str>, docs_html: &str) -> Self {
        Policies {
            media_origin: origin(media_base),
            stripe,
            https: public_url.is_some_and(|u| u.starts_with("https://")),
            docs: docs_policy(docs_html),
        }
    }

    /// The policy for the app's HTML, letting in inline tags that carry `nonce`.
    pub fn app(&self, nonce: &str) -> String {
        let media = self
            .media_origin
            .as_deref()
            .map(|o| format!(" {o}"))
            .unwrap_or_default();
        let (stripe_script, stripe_frame, stripe_connect) = if self.stripe {
            (
                " https://js.stripe.com",
                "https://js.stripe.com https://hooks.stripe.com",
                " https://api.stripe.com",
            )
        } else {
            ("", "'none'", "")
        };
        format!(
            "default-src 'self'; \
             script-src 'self' 'wasm-unsafe-eval' 'nonce-{nonce}'{stripe_script}; \
             style-src 'self' 'nonce-{nonce}'; \
             img-src 'self' data: blob:{media}; \
             media-src 'self' blob:{media}; \
             font-src 'self'; \
             connect-src 'self'{stripe_connect}; \
             frame-src {stripe_frame}; \
             object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
        )
    }

    /// The policy for `/api/docs`.
    pub fn docs(&self) -> &str {
        &self.docs
    }
}

/// Adds the headers every answer needs, keeping any policy the endpoint chose itself.
pub async fn secure<E: Endpoint<Output = Response>>(
    next: Arc<E>,
    req: Request,
    policies: Arc<Policies>,
) -> poem::Result<Response> {
    let mut response = next.call(req).await?;
    add(response.headers_mut(), &policies);
    Ok(response)
}

fn add(headers: &mut HeaderMap, policies: &Policies) {
    let mut keep = |name: header::HeaderName, value: &'static str| {
        if !headers.contains_key(&name) {
            headers.insert(name, HeaderValue::from_static(value));
        }
    };
    keep(header::CONTENT_SECURITY_POLICY, NOTHING);
    keep(header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    // For browsers too old for frame-ancestors.
    keep(header::X_FRAME_OPTIONS, "DENY");
    // Order pages set no-referrer themselves (see web::keep_private).
    keep(header::REFERRER_POLICY, "strict-origin-when-cross-origin");
    keep(
        header::HeaderName::from_static("permissions-policy"),
        "camera=(), microphone=(), geolocation=(), usb=(), payment=(self \"https://js.stripe.com\")",
    );
    if policies.https {
        keep(
            header::STRICT_TRANSPORT_SECURITY,
            "max-age=63072000; includeSubDomains",
        );
    }
}

/// A fresh nonce for one page: 128 random bits, hex (a subset of base64's letters).
pub fn nonce() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the system has randomness");
    hex::encode(bytes)
}

/// Marks every `<script` and `<style` tag of a page with the nonce, so inline ones may run
/// under the policy and nothing injected without it can.
pub fn with_nonce(html: &str, nonce: &str) -> String {
    html.replace("<script", &format!("<script nonce=\"{nonce}\""))
        .replace("<style", &format!("<style nonce=\"{nonce}\""))
}

/// `https://cdn.example` from `https://cdn.example/bucket`; `None` for the shop's own media.
pub fn origin(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let host = rest.split('/').next().filter(|h| !h.is_empty())?;
    Some(format!("{scheme}://{host}"))
}

/// The docs page (Swagger UI) runs inline scripts: each is allowed by its hash, nothing else.
pub fn docs_policy(html: &str) -> String {
    let hashes: Vec<String> = inline_scripts(html)
        .map(|script| {
            let digest = Sha256::digest(script.as_bytes());
            format!(
                " 'sha256-{}'",
                base64::engine::general_purpose::STANDARD.encode(digest)
            )
        })
        .collect();
    format!(
        "default-src 'none'; script-src{}; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data:; connect-src 'self'; font-src 'self' data:; \
         base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        hashes.concat()
    )
}

/// The text of each `<script>` without a `src`.
fn inline_scripts(html: &str) -> impl Iterator<Item = &str> {
    html.split("<script").skip(1).filter_map(|rest| {
        let (attributes, body) = rest.split_once('>')?;
        if attributes.contains("src=") {
            return None;
        }
        Some(body.split_once("</script>")?.0)
    })
}
