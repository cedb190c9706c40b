//! One line per request in the log, and a request id on everything it does.
//!
//! The id comes from the proxy's `X-Request-Id` when it is a sane one, else is made here; it is
//! on a span around the request (so every line the request logs carries it), and sent back on
//! the answer, errors included, so a studio's "it said something went wrong" can be found in
//! the log. The access line says the method, the route's shape (ids and tokens replaced, never
//! the query string: it may hold an order's token or a postcode), the status and the time.
//! The same answer is counted for `/metrics` (`metrics::Requests`).

use std::sync::Arc;
use std::time::Instant;

use poem::http::HeaderValue;
use poem::{Endpoint, Request, Response};
use tracing::Instrument;

use crate::http::metrics::{Requests, route_class};

/// The header that carries the id, both ways.
pub const REQUEST_ID: &str = "x-request-id";

/// Wraps every route: the span, the id on the answer, the access line, the count.
pub async fn logged<E: Endpoint<Output = Response>>(
    next: Arc<E>,
    req: Request,
    requests: Requests,
) -> poem::Result<Response> {
    let id = request_id(req.headers().get(REQUEST_ID));
    let started = Instant::now();
    let method = req.method().clone();
    // The path's shape is worked out only for a line that is written (see `route` below).
    let uri = req.uri().clone();
    let class = route_class(uri.path());
    let span = tracing::info_span!("request", id = %id);
    let mut response = match next.call(req).instrument(span.clone()).await {
        Ok(response) => response,
        Err(err) => err.into_response(),
    };
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID, value);
    }
    requests.count(class, response.status().as_u16());
    span.in_scope(|| {
        tracing::info!(
            target: "posy::access",
            method = %method,
            route = %route_shape(uri.path()),
            status = response.status().as_u16(),
            ms = started.elapsed().as_millis() as u64,
        );
    });
    Ok(response)
}

/// The proxy's id when it is 1 to 64 letters, digits, `-`, `_` or `.`; else a new one.
pub fn request_id(given: Option<&HeaderValue>) -> String {
    given
        .and_then(|value| value.to_str().ok())
        .filter(|id| {
            (1..=64).contains(&id.len())
                && id
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(&b))
        })
        .map_or_else(new_request_id, str::to_owned)
}

/// A new id: random for this process (one draw at its start), then counted, so making one
/// costs no system call (a random id each request asked the kernel every time).
fn new_request_id() -> String {
    static PROCESS: std::sync::LazyLock<u64> = std::sync::LazyLock::new(|| {
        let mut bytes = [0; 8];
        getrandom::fill(&mut bytes).expect("the system's randomness");
        u64::from_le_bytes(bytes)
    });
    static COUNT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("{:016x}{n:016x}", *PROCESS)
}

/// A path as the shape of its route: static files by their folder, and every segment that is
/// an id, a token, a slug with digits or a file name replaced by `{}`.
pub fn route_shape(path: &str) -> String {
    let mut segments = path.split('/').filter(|s| !s.is_empty());
    let first = segments.next().unwrap_or("");
    if matches!(first, "media" | "assets" | "fonts") {
        return format!("/{first}/…");
    }
    let mut shape = String::new();
    for segment in std::iter::once(first).chain(segments) {
        shape.push('/');
        let word = segment.len() <= 24
            && segment
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b == b'-' || b == b'_');
        shape.push_str(if word { segment } else { "{}" });
    }
    if path.ends_with('/') && shape.len() > 1 {
        shape.push('/');
    }
    if shape.is_empty() {
        shape.push('/');
    }
    shape
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_route_keeps_its_words_and_loses_its_ids_tokens_and_files() {
        for (path, shape) in [
            ("/", "/"),
            ("/shop", "/shop"),
            ("/api/products/12/", "/api/products/{}/"),
            ("/api/orders/31", "/api/orders/{}"),
            (
                "/api/cart/6f1c2d9e-1b7a-4c55-9a61-3a2f8e0d4b11/items/",
                "/api/cart/{}/items/",
            ),
            (
                "/api/admin/orders/7/choice/",
                "/api/admin/orders/{}/choice/",
            ),
            ("/media/products/peony-posy-960.webp", "/media/…"),
            ("/assets/index-1a2b3c.js", "/assets/…"),
            ("/gallery/Winter%20Weddings", "/gallery/{}"),
            ("/contact", "/contact"),
        ] {
            assert_eq!(route_shape(path), shape, "{path}");
        }
    }

    #[test]
    fn a_sane_id_from_the_proxy_is_kept_and_anything_else_replaced() {
        let given = HeaderValue::from_static("req-42_a.b");
        assert_eq!(request_id(Some(&given)), "req-42_a.b");
        for bad in ["", "has space", "quote\"", &"x".repeat(65)] {
            let bad = HeaderValue::from_str(bad).unwrap();
            let made = request_id(Some(&bad));
            assert_eq!(made.len(), 32, "{made}");
            assert!(made.bytes().all(|b| b.is_ascii_hexdigit()));
        }
        assert_eq!(request_id(None).len(), 32);
    }
}
