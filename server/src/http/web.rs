//! The built web app and the media folder. Hashed assets are cached for a year; the app's page
//! (index.html) is fetched afresh each time, carries a fresh CSP nonce each time, and answers every path
//! that is not a file (the app routes in the browser). A shopper's page arrives already drawn
//! (`pages`), with the API's answers it was drawn from inside it. Errors never show a path on disk.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use poem::endpoint::BoxEndpoint;
use poem::endpoint::StaticFilesEndpoint;
use poem::http::{Method, StatusCode, header};
use poem::{Endpoint, EndpointExt, IntoResponse, Request, Response, Result};

use crate::http::headers::{self, Policies};
use crate::http::pages::{self, Pages};

/// Where Vite's server build of the app (`web/vite.ssr.config.ts`) sits inside the app's folder;
/// never served as a file.
const SERVER_BUILD: &str = "ssr";

/// Serves the single-page app from `dir`.
pub struct WebApp {
    dir: PathBuf,
    files: StaticFilesEndpoint,
    policies: Arc<Policies>,
    pages: Pages,
    api: BoxEndpoint<'static>,
}

impl WebApp {
    /// The app built into `dir` (Vite's `dist`), its page under `policies`; shoppers' pages are
    /// drawn from what `api` answers.
    pub fn new(dir: &Path, policies: Arc<Policies>, api: BoxEndpoint<'static>) -> WebApp {
        WebApp {
            dir: dir.to_owned(),
            files: StaticFilesEndpoint::new(dir),
            policies,
            pages: Pages::new(&dir.join(SERVER_BUILD).join("render.js")),
            api,
        }
    }

    /// The app's page with a fresh nonce in its tags and its policy; for a shopper's page, with
    /// the page drawn inside it.
    async fn page(&self, req: &Request) -> Response {
        let Ok(mut html) = tokio::fs::read_to_string(self.dir.join("index.html")).await else {
            return Response::builder()
                .status(StatusCode::SERVICE_UNAVAILABLE)
                .content_type("text/html; charset=utf-8")
                .body(NOT_BUILT);
        };
        // Only the app's own tags carry the nonce: stamped before the drawn page goes in, so
        // nothing a page draws (a product's words, an album's title) is ever given it.
        let nonce = headers::nonce();
        html = headers::with_nonce(&html, &nonce);
        if let Some(drawn) = self.drawn(req, &html).await {
            html = drawn;
        }
        Response::builder()
            .content_type("text/html; charset=utf-8")
            // Each answer has its own nonce, so it carries no validators: a revalidation always
            // fetches the page afresh (a 304 would pair an old page with a new policy).
            .header(header::CACHE_CONTROL, "no-cache")
            .header(header::CONTENT_SECURITY_POLICY, self.policies.app(&nonce))
            .body(html)
    }
}

impl WebApp {
    /// The app's page with the shopper's page drawn in, or `None` when it is drawn in the
    /// browser (a per-visitor page, or the renderer failed: the browser then draws it as before).
    async fn drawn(&self, req: &Request, template: &str) -> Option<String> {
        let paths = pages::answers_for(req.uri().path())?;
        let mut answers = Vec::with_capacity(paths.len());
        for path in paths {
            if let Some(body) = self.answer(req, &path).await {
                answers.push((path, body));
            }
        }
        let answers = pages::answers_json(&answers);
        let url = pages::drawn_address(req.uri().path(), req.uri().query());
        let url = url.as_str();
        match self.pages.render(url, &answers).await {
            Ok(page) => Some(pages::fill(template, &page, &answers)),
            Err(err) => {
                tracing::warn!(%err, url, "page left to the browser");
                None
            }
        }
    }

    /// What the API answers a visitor's GET of `path` (no cookies: the public answer), if 200.
    async fn answer(&self, req: &Request, path: &str) -> Option<String> {
        let mut ask = Request::builder()
            .method(Method::GET)
            .uri_str(path)
            .finish();
        // The shop's state (database, catalogue, facts) travels in the request's extensions.
        *ask.extensions_mut() = req.extensions().clone();
        let response = self.api.get_response(ask).await;
        if response.status() != StatusCode::OK {
            return None;
        }
        response.into_body().into_string().await.ok()
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
            && !relative.starts_with(SERVER_BUILD)
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
            let mut response = self.page(&req).await;
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
