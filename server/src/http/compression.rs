//! Answers compressed with brotli or gzip, whichever of the two the browser prefers.
//!
//! The shop's own rather than poem's `Compression` middleware, which also builds zstd (whose C
//! library was among the longest steps of a fresh build, for a coding the shop never chose)
//! and unpacks compressed request bodies, which no client of the shop sends.

use std::sync::Arc;

use async_compression::Level;
use async_compression::tokio::bufread::{BrotliEncoder, GzipEncoder};
use poem::http::{HeaderMap, HeaderValue, StatusCode, header};
use poem::{Body, Endpoint, Request, Response};
use tokio::io::BufReader;

/// How hard each coding works.
#[derive(Clone, Copy, Debug)]
pub struct Effort {
    brotli: Level,
    gzip: Level,
}

/// For API answers, made afresh for each request: brotli's fastest.
pub const API: Effort = Effort {
    brotli: Level::Fastest,
    gzip: Level::Default,
};

/// The web app's files and pages are fetched once a visit (its assets then cached a year) over
/// a phone's connection: worth brotli 5 (the shell's JavaScript 87 KB on the wire, not 122 KB
/// at brotli's fastest), a few milliseconds of CPU each.
pub const WEB: Effort = Effort {
    brotli: Level::Precise(5),
    gzip: Level::Precise(5),
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coding {
    Brotli,
    Gzip,
}

/// The coding an answer to these request headers is sent in: of br and gzip, the one
/// Accept-Encoding gives the highest weight (br when they tie), or none when it accepts neither.
/// `*` stands for both; a weight of 0 refuses.
pub fn negotiate(headers: &HeaderMap) -> Option<Coding> {
    let (mut brotli, mut gzip, mut any) = (None, None, None);
    let items = headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','));
    for item in items {
        let mut parts = item.split(';').map(str::trim);
        let name = parts.next().unwrap_or_default();
        let weight = parts
            .filter_map(|p| p.strip_prefix("q=").or_else(|| p.strip_prefix("Q=")))
            .find_map(|q| q.parse::<f32>().ok())
            .unwrap_or(1.0);
        let slot = if name.eq_ignore_ascii_case("br") {
            &mut brotli
        } else if name.eq_ignore_ascii_case("gzip") {
            &mut gzip
        } else if name == "*" {
            &mut any
        } else {
            continue;
        };
        *slot = Some(weight);
    }
    let brotli = brotli.or(any).unwrap_or(0.0);
    let gzip = gzip.or(any).unwrap_or(0.0);
    if brotli <= 0.0 && gzip <= 0.0 {
        None
    } else if brotli >= gzip {
        Some(Coding::Brotli)
    } else {
        Some(Coding::Gzip)
    }
}

/// Calls `next` and compresses its answer in the coding the request prefers, unless it has no
/// body or is already encoded. The answer varies with Accept-Encoding, and says so to caches.
pub async fn compressed<E: Endpoint<Output = Response>>(
    next: Arc<E>,
    req: Request,
    effort: Effort,
) -> poem::Result<Response> {
    let coding = negotiate(req.headers());
    let mut response = next.call(req).await?;
    response
        .headers_mut()
        .append(header::VARY, HeaderValue::from_static("accept-encoding"));
    let Some(coding) = coding else {
        return Ok(response);
    };
    if matches!(
        response.status(),
        StatusCode::NO_CONTENT | StatusCode::NOT_MODIFIED
    ) || response.headers().contains_key(header::CONTENT_ENCODING)
    {
        return Ok(response);
    }
    let body = response.take_body();
    if body.is_empty() {
        response.set_body(body);
        return Ok(response);
    }
    let body = BufReader::new(body.into_async_read());
    let (name, encoded) = match coding {
        Coding::Brotli => (
            "br",
            Body::from_async_read(BrotliEncoder::with_quality(body, effort.brotli)),
        ),
        Coding::Gzip => (
            "gzip",
            Body::from_async_read(GzipEncoder::with_quality(body, effort.gzip)),
        ),
    };
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(name));
    headers.remove(header::CONTENT_LENGTH);
    response.set_body(encoded);
    Ok(response)
}
