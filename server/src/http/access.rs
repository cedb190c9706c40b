//! One line per request in the log, and a request id on everything it does.
//!
//! The id comes from the proxy's `X-Request-Id` when it is a sane one, else is made here; it is
//! kept in a task-local for the request (so every line the request logs carries it, written
//! as a `request{id=…}` span: `http::log::format`), and sent back on the answer, errors
//! included, so a studio's "it said something went wrong" can be found in the log. The access
//! line (`http::log::access`) says the method, the route's shape (ids and tokens replaced,
//! never the query string: it may hold an order's token or a postcode), the status and the
//! time. The same answer is counted for `/metrics` (`metrics::Requests`).
//!
//! A task-local rather than a tracing span: the span's making, entering, leaving and closing
//! in the registry at every poll cost more than the 5 % of a catalogue read the whole log may
//! (performance.md, 2026-11-28).

use std::sync::Arc;
use std::time::Instant;

use poem::http::HeaderValue;
use poem::{Endpoint, Request, Response};

use crate::http::metrics::{Requests, route_class};

/// The header that carries the id, both ways.
pub const REQUEST_ID: &str = "x-request-id";

tokio::task_local! {
    /// The id of the request this task is answering.
    pub static CURRENT: RequestId;
}

/// The id of the request being answered here, if any.
pub fn current() -> Option<RequestId> {
    CURRENT.try_with(|id| *id).ok()
}

/// A request's id: at most 64 letters, digits, `-`, `_` or `.`, kept inline so that making,
/// keeping and reading it allocates nothing.
#[derive(Clone, Copy)]
pub struct RequestId {
    len: u8,
    bytes: [u8; 64],
}

impl RequestId {
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

/// Wraps every route: the request's id, on it and on the answer, the access line, the count.
pub async fn logged<E: Endpoint<Output = Response>>(
    next: Arc<E>,
    req: Request,
    requests: Requests,
) -> poem::Result<Response> {
    let id = request_id(req.headers().get(REQUEST_ID));
    let started = Instant::now();
    let method = req.method().clone();
    let uri = req.uri().clone();
    let class = route_class(uri.path());
    let answer = async move {
        match next.call(req).await {
            Ok(response) => response,
            Err(err) => err.into_response(),
        }
    };
    let mut response = CURRENT.scope(id, answer).await;
    if let Ok(value) = HeaderValue::from_str(id.as_str()) {
        response.headers_mut().insert(REQUEST_ID, value);
    }
    let status = response.status().as_u16();
    requests.count(class, status);
    crate::http::log::access(&id, method.as_str(), uri.path(), status, started.elapsed());
    Ok(response)
}

/// The proxy's id when it is 1 to 64 letters, digits, `-`, `_` or `.`; else a new one.
pub fn request_id(given: Option<&HeaderValue>) -> RequestId {
    let given = given.map(HeaderValue::as_bytes).filter(|id| {
        (1..=64).contains(&id.len())
            && id
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.".contains(b))
    });
    match given {
        Some(id) => {
            let mut kept = RequestId {
                len: id.len() as u8,
                bytes: [0; 64],
            };
            kept.bytes[..id.len()].copy_from_slice(id);
            kept
        }
        None => new_request_id(),
    }
}

/// A new id, 32 hex digits: random for this process (one draw at its start), then counted, so
/// making one costs no system call (a random id each request asked the kernel every time).
fn new_request_id() -> RequestId {
    static PROCESS: std::sync::LazyLock<u64> = std::sync::LazyLock::new(|| {
        let mut bytes = [0; 8];
        getrandom::fill(&mut bytes).expect("the system's randomness");
        u64::from_le_bytes(bytes)
    });
    static COUNT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut id = RequestId {
        len: 32,
        bytes: [0; 64],
    };
    for (at, digit) in id.bytes[..32].iter_mut().enumerate() {
        let word = if at < 16 { *PROCESS } else { n };
        let nibble = (word >> (60 - 4 * (at % 16))) & 0xf;
        *digit = b"0123456789abcdef"[nibble as usize];
    }
    id
}

/// A path as the shape of its route: static files by their folder, and every segment that is
/// an id, a token, a slug with digits or a file name replaced by `{}`.
pub fn route_shape(path: &str) -> String {
    let mut shape = Vec::new();
    route_shape_into(path, &mut shape);
    String::from_utf8(shape).expect("a route's shape is the path's own words and ASCII")
}

/// [`route_shape`], appended to a line being written.
pub fn route_shape_into(path: &str, shape: &mut Vec<u8>) {
    let mut segments = path.split('/').filter(|s| !s.is_empty());
    let first = segments.next().unwrap_or("");
    if matches!(first, "media" | "assets" | "fonts") {
        shape.push(b'/');
        shape.extend_from_slice(first.as_bytes());
        shape.extend_from_slice("/…".as_bytes());
        return;
    }
    let start = shape.len();
    for segment in std::iter::once(first).chain(segments) {
        shape.push(b'/');
        let word = segment.len() <= 24
            && segment
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b == b'-' || b == b'_');
        shape.extend_from_slice(if word { segment.as_bytes() } else { b"{}" });
    }
    if path.ends_with('/') && shape.len() - start > 1 {
        shape.push(b'/');
    }
    if shape.len() == start {
        shape.push(b'/');
    }
}
