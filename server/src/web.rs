//! The built web app and the media folder. Hashed assets are cached for a year; index.html is
//! always revalidated, and answers every path that is not a file (the app routes in the browser).

use std::path::{Path, PathBuf};

use poem::endpoint::StaticFilesEndpoint;
use poem::http::{StatusCode, header};
use poem::{Endpoint, IntoResponse, Request, Response, Result};

/// Serves the single-page app from `dir`.
pub struct WebApp {
    dir: PathBuf,
    files: StaticFilesEndpoint,
}

impl WebApp {
    /// The app built into `dir` (Vite's `dist`).
    pub fn new(dir: &Path) -> WebApp {
        WebApp {
            dir: dir.to_owned(),
            files: StaticFilesEndpoint::new(dir)
                .index_file("index.html")
                .fallback_to_index()
                .no_cache_index(),
        }
    }
}

const NOT_BUILT: &str = "<!doctype html><meta charset=utf-8><title>Posy</title>\
    <p style=\"font-family:sans-serif;margin:3rem\">The web app has not been built yet. \
    Run <code>make build</code> (or <code>make run</code>) and reload.</p>";

impl Endpoint for WebApp {
    type Output = Response;

    async fn call(&self, req: Request) -> Result<Response> {
        let path = req.uri().path().to_owned();
        if !self.dir.join("index.html").is_file() {
            return Ok(Response::builder()
                .status(StatusCode::SERVICE_UNAVAILABLE)
                .content_type("text/html; charset=utf-8")
                .body(NOT_BUILT));
        }
        // A missing hashed asset is an old build's chunk: a 404 lets the app offer a reload,
        // where index.html in its place would fail to parse as a script.
        let is_asset = path.starts_with("/assets/");
        if is_asset && (path.contains("..") || !self.dir.join(&path[1..]).is_file()) {
            return Ok(StatusCode::NOT_FOUND.into_response());
        }
        let mut response = self.files.call(req).await?.into_response();
        if is_asset && response.status().is_success() {
            response.headers_mut().insert(
                header::CACHE_CONTROL,
                header::HeaderValue::from_static("public, max-age=31536000, immutable"),
            );
        }
        if path.starts_with("/order-confirmation/") {
            keep_private(&mut response);
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

/// Serves uploaded and demo media; names never change meaning, so a day's caching is safe.
pub fn media(dir: PathBuf) -> impl Endpoint<Output = Response> {
    use poem::EndpointExt;
    StaticFilesEndpoint::new(dir)
        .map_to_response()
        .after(|res| async move {
            let mut res = res?;
            if res.status().is_success() {
                res.headers_mut().insert(
                    header::CACHE_CONTROL,
                    header::HeaderValue::from_static("public, max-age=86400"),
                );
            }
            Ok(res)
        })
}
