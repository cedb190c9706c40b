//! The built web app and the media folder. Hashed assets are cached for a year; the app's page
//! (index.html) is fetched afresh each time, carries a fresh CSP nonce each time, and answers every path
//! that is not a file (the app routes in the browser). Errors never show a path on disk.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use poem::endpoint::StaticFilesEndpoint;
use poem::http::{Method, StatusCode, header};
use poem::{Endpoint, EndpointExt, IntoResponse, Request, Response, Result};

use crate::headers::{self, Policies};

/// Serves the single-page app from `dir`.
pub struct WebApp {
    dir: PathBuf,
    files: StaticFilesEndpoint,
    policies: Arc<Policies>,
}

impl WebApp {
    /// The app built into `dir` (Vite's `dist`), its page under `policies`.
    pub fn new(dir: &Path, policies: Arc<Policies>) -> WebApp {
        WebApp {
            dir: dir.to_owned(),
            files: StaticFilesEndpoint::new(dir),
            policies,
        }
    }

    /// The app's page with a fresh nonce in its tags and its policy.
    async fn page(&self) -> Response {
        let Ok(html) = tokio::fs::read_to_string(self.dir.join("index.html")).await else {
            return Response::builder()
                .status(StatusCode::SERVICE_UNAVAILABLE)
                .content_type("text/html; charset=utf-8")
                .body(NOT_BUILT);
        };
        let nonce = headers::nonce();
        Response::builder()
            .content_type("text/html; charset=utf-8")
            // Each answer has its own nonce, so it carries no validators: a revalidation always
            // fetches the page afresh (a 304 would pair an old page with a new policy).
            .header(header::CACHE_CONTROL, "no-cache")
            .header(header::CONTENT_SECURITY_POLICY, self.policies.app(&nonce))
            .body(headers::with_nonce(&html, &nonce))
    }
}

const NOT_BUILT: &str = "<!doctype html><meta charset=utf-8><title>Posy</title>\
    <p style=\"font-family:sans-serif;margin:3rem\">The web app has not been built yet. \
    Run <code>make build</code> (or <code>make run</code>) and reload.</p>";

impl Endpoint for WebApp {
    type Output = Response;

    async fn call(&self, req: Request) -> Result<Response> {
        let path = req.uri().path().to_owned();
        let relative = path.trim_start_matches('/');
        let is_file = !relative.is_empty()
            && !relative.contains("..")
            && !relative.contains('%')
            && relative != "index.html"
            && self.dir.join(relative).is_file();
        // A missing hashed asset is an old build's chunk: a 404 lets the app offer a reload,
        // where the page in its place would fail to parse as a script.
        let is_asset = path.starts_with("/assets/");
        if is_asset && !is_file {
            return Ok(StatusCode::NOT_FOUND.into_response());
        }
        if !is_file {
            if !matches!(*req.method(), Method::GET | Method::HEAD) {
                return Ok(StatusCode::METHOD_NOT_ALLOWED.into_response());
            }
            let mut response = self.page().await;
            if path.starts_with("/order-confirmation/") {
                keep_private(&mut response);
            }
            return Ok(response);
        }
        let mut response = match self.files.call(req).await {
            Ok(response) => response.into_response(),
            Err(err) => return Ok(pathless(err)),
        };
        if is_asset && response.status().is_success() {
            response.headers_mut().insert(
                header::CACHE_CONTROL,
                header::HeaderValue::from_static("public, max-age=31536000, immutable"),
            );
        }
        Ok(response)
    }
}

/// Marks an answer that carries an order link's token, or an order: never cached, and the
/// token never sent onwards in a Referer header.
pub fn keep_private(response: &mut Response) {
    let headers = response.headers_mut();
    headers.insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static("no-store"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        header::HeaderValue::from_static("no-referrer"),
    );
}

/// A static file's error as its bare status: poem's own words can name a path on disk.
fn pathless(err: poem::Error) -> Response {
    let status = err.status();
    if status.is_server_error() {
        tracing::error!(%err, "could not serve a file");
    }
    status.into_response()
}

/// Serves uploaded and demo media; names never change meaning, so a day's caching is safe.
pub fn media(dir: PathBuf) -> impl Endpoint<Output = Response> {
    StaticFilesEndpoint::new(dir)
        .map_to_response()
        .after(|res| async move {
            let mut res = match res {
                Ok(res) => res,
                Err(err) => return Ok(pathless(err)),
            };
            if res.status().is_success() {
                res.headers_mut().insert(
                    header::CACHE_CONTROL,
                    header::HeaderValue::from_static("public, max-age=86400"),
                );
            }
            Ok(res)
        })
}
