//! The built web app and the media folder. Hashed assets are cached for a year; the app's page
//! (index.html) is fetched afresh each time, carries a fresh CSP nonce each time, and answers every path
//! that is not a file (the app routes in the browser). A shopper's page arrives already drawn
//! (`pages`), with the API's answers it was drawn from inside it. Errors never show a path on disk.
//!
//! A release binary carries the app's files ([`BUILT`], listed by build.rs), so it serves from
//! any folder; `--web-dir` (and every debug build, which carries none) reads a folder instead.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use poem::endpoint::BoxEndpoint;
use poem::endpoint::StaticFilesEndpoint;
use poem::http::{Method, StatusCode, header};
use poem::web::StaticFileRequest;
use poem::{Endpoint, EndpointExt, FromRequest, IntoResponse, Request, Response, Result};
use sha2::{Digest, Sha256};

use crate::http::headers::{self, Policies};
use crate::http::pages::{self, Bundle, Pages};

/// Where Vite's server build of the app (`web/vite.ssr.config.ts`) sits inside the app's folder;
/// never served as a file.
const SERVER_BUILD: &str = "ssr";

/// The web app's files (path inside `web/dist`, bytes) built into a release binary; none in a
/// debug build, or a release one built before the web app.
pub const BUILT: &[(&str, &[u8])] = include!(concat!(env!("OUT_DIR"), "/web_files.rs"));

/// Where the app's files are read from.
#[derive(Clone, Debug)]
pub enum WebFiles {
    /// A folder on disk.
    Folder(PathBuf),
    /// Files built into the binary.
    Built(&'static [(&'static str, &'static [u8])]),
}

impl WebFiles {
    /// The folder given, else the files built in, else `web/dist` in the working folder.
    pub fn choose(folder: Option<&Path>) -> WebFiles {
        match folder {
            Some(folder) => WebFiles::Folder(folder.to_owned()),
            None if !BUILT.is_empty() => WebFiles::Built(BUILT),
            None => WebFiles::Folder(PathBuf::from("web/dist")),
        }
    }
}

impl std::fmt::Display for WebFiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WebFiles::Folder(dir) => write!(f, "the folder {}", dir.display()),
            WebFiles::Built(files) => write!(f, "the {} files built into posy", files.len()),
        }
    }
}

/// The app's files, ready to serve.
enum Files {
    Folder {
        dir: PathBuf,
        endpoint: StaticFilesEndpoint,
    },
    Built(HashMap<&'static str, BuiltFile>),
}

/// A file built into the binary, with the validator a browser revalidates it by.
struct BuiltFile {
    bytes: &'static [u8],
    etag: String,
}

/// Serves the single-page app from its files.
pub struct WebApp {
    files: Files,
    policies: Arc<Policies>,
    pages: Pages,
    api: BoxEndpoint<'static>,
}

impl WebApp {
    /// The app built into `files` (Vite's `dist`), its page under `policies`; shoppers' pages
    /// are drawn from what `api` answers.
    pub fn new(files: &WebFiles, policies: Arc<Policies>, api: BoxEndpoint<'static>) -> WebApp {
        let render = format!("{SERVER_BUILD}/render.js");
        let (files, bundle) = match files {
            WebFiles::Folder(dir) => (
                Files::Folder {
                    dir: dir.clone(),
                    endpoint: StaticFilesEndpoint::new(dir),
                },
                Bundle::File(dir.join(&render)),
            ),
            WebFiles::Built(list) => {
                let bundle = list
                    .iter()
                    .find(|(name, _)| *name == render)
                    .map_or(Bundle::Missing, |&(_, bytes)| Bundle::Built(bytes));
                let files = list
                    .iter()
                    .map(|&(name, bytes)| {
                        let etag = format!("\"{}\"", &hex::encode(Sha256::digest(bytes))[..20]);
                        (name, BuiltFile { bytes, etag })
                    })
                    .collect();
                (Files::Built(files), bundle)
            }
        };
        WebApp {
            files,
            policies,
            pages: Pages::new(bundle),
            api,
        }
    }

    /// index.html, if the app is built.
    async fn index(&self) -> Option<String> {
        match &self.files {
            Files::Folder { dir, .. } => {
                tokio::fs::read_to_string(dir.join("index.html")).await.ok()
            }
            Files::Built(files) => files
                .get("index.html")
                .and_then(|file| String::from_utf8(file.bytes.to_vec()).ok()),
        }
    }

    /// Whether `relative` (a request's path without its first `/`) names one of the app's files.
    fn has_file(&self, relative: &str) -> bool {
        match &self.files {
            Files::Folder { dir, .. } => dir.join(relative).is_file(),
            Files::Built(files) => files.contains_key(relative),
        }
    }

    /// One of the app's files, as a folder's file would be answered (content type, validator,
    /// conditional requests and ranges).
    async fn file(&self, req: Request, relative: &str) -> Response {
        let file = match &self.files {
            Files::Folder { endpoint, .. } => {
                return match endpoint.call(req).await {
                    Ok(response) => response.into_response(),
                    Err(err) => pathless(err),
                };
            }
            Files::Built(files) => match files.get(relative) {
                Some(file) => file,
                None => return StatusCode::NOT_FOUND.into_response(),
            },
        };
        if !matches!(*req.method(), Method::GET | Method::HEAD) {
            return StatusCode::METHOD_NOT_ALLOWED.into_response();
        }
        let etag = header::HeaderValue::from_str(&file.etag).expect("hex in quotes");
        let unchanged = req
            .headers()
            .get_all(header::IF_NONE_MATCH)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .any(|tag| {
                let tag = tag.trim();
                tag == "*" || tag.trim_start_matches("W/") == file.etag
            });
        if unchanged {
            return Response::builder()
                .status(StatusCode::NOT_MODIFIED)
                .header(header::ETAG, etag)
                .finish();
        }
        let ranged = match StaticFileRequest::from_request_without_body(&req).await {
            Ok(ranged) => ranged.create_response_from_data(file.bytes),
            Err(err) => return pathless(err),
        };
        // As a folder's files are typed: text in UTF-8.
        let mime = mime_guess::from_path(relative).first_or_octet_stream();
        let content_type =
            if mime.type_() == "text" || mime.essence_str() == "application/javascript" {
                format!("{mime}; charset=utf-8")
            } else {
                mime.to_string()
            };
        let mut response = match ranged {
            Ok(response) => response.with_content_type(content_type).into_response(),
            Err(err) => return pathless(err.into()),
        };
        response.headers_mut().insert(header::ETAG, etag);
        response
    }

    /// The app's page with a fresh nonce in its tags and its policy; for a shopper's page, with
    /// the page drawn inside it.
    async fn page(&self, req: &Request) -> Response {
        let Some(mut html) = self.index().await else {
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
            && self.has_file(relative);
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
        let mut response = self.file(req, relative).await;
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
