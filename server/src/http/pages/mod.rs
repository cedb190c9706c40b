//! The shop's pages as HTML that already holds them: the server renders the web app's own React
//! pages (its server build, in an embedded JavaScript engine: `engine`) from the very answers
//! the API gives, and puts those answers inside the page, so the heading, the text and the first
//! pictures paint before any script runs and the browser's React hydrates the same markup.
//! Renders are kept per page and answers, so a page is rendered again only when what it shows
//! has changed (the catalogue, the studio's facts, an album).

pub mod core_host;
pub mod engine;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use engine::Engine;
pub use engine::{Bundle, RenderError};

/// The API answers a shopper's page is drawn from, by the page's path; `None` for the pages
/// that are per visitor or the studio's (the cart's checkout, an order, the back office): the
/// browser draws those from the empty page, as before.
pub fn answers_for(path: &str) -> Option<Vec<String>> {
    let site = "/api/site/".to_owned();
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let mut paths = vec![site];
    match parts.as_slice() {
        [
            "checkout" | "payment-failed" | "admin" | "order-confirmation",
            ..,
        ] => return None,
        // A booking's confirmation and its balance are read through their link's token.
        ["workshops", "booked" | "balance", ..] => return None,
        // The home page shows this week's bouquets from the catalogue.
        [""] | ["shop"] => paths.push("/api/products/".into()),
        ["shop", id] if is_id(id) => paths.push(format!("/api/products/{id}/")),
        ["gallery"] => paths.push("/api/albums/".into()),
        ["gallery", "album", id] if is_id(id) => paths.push(format!("/api/albums/{id}/")),
        ["workshops"] => paths.push("/api/workshops/".into()),
        ["workshops", slug] if is_slug(slug) => paths.push(format!("/api/workshops/{slug}/")),
        ["privacy"] => paths.push("/api/privacy/".into()),
        // The values offered and how long a voucher lasts.
        ["gift-vouchers"] => paths.push("/api/vouchers/terms/".into()),
        _ => {}
    }
    Some(paths)
}

/// A workshop's slug as core makes them: lowercase letters, digits and hyphens.
fn is_slug(part: &str) -> bool {
    !part.is_empty()
        && part.len() <= posy_core::workshop::MAX_SLUG_CHARS
        && part
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// The address a page is drawn for, and its renders kept by: its path with only the query
/// parameters the page reads (the contact form's `type`, `workshop` and `date`, as
/// `enquiryFromSearch` reads them), in a fixed order. Any other parameter (`?x=1`, a
/// campaign's tags) draws the same page from the same kept render instead of a render of its
/// own on the renderer's one thread.
pub fn drawn_address(path: &str, query: Option<&str>) -> String {
    let reads: &[&str] = match path.trim_matches('/') {
        "contact" => &["type", "workshop", "date"],
        _ => &[],
    };
    let given: Vec<(String, String)> = query
        .map(|q| form_urlencoded::parse(q.as_bytes()).into_owned().collect())
        .unwrap_or_default();
    let mut kept = form_urlencoded::Serializer::new(String::new());
    let mut any = false;
    for name in reads {
        // The first of a repeated name, as the browser's URLSearchParams.get reads it.
        if let Some((_, value)) = given.iter().find(|(given, _)| given == name) {
            kept.append_pair(name, value);
            any = true;
        }
    }
    if any {
        format!("{path}?{}", kept.finish())
    } else {
        path.to_owned()
    }
}

fn is_id(part: &str) -> bool {
    !part.is_empty() && part.len() <= 9 && part.bytes().all(|b| b.is_ascii_digit())
}

/// A rendered page: what goes in `<head>` (the page's title and the pictures it preloads) and
/// what goes inside `#root`.
#[derive(Debug, Clone, PartialEq)]
pub struct Rendered {
    pub head: String,
    pub body: String,
}

/// Renders kept: at most this many pages at once (a shop has a few dozen).
const KEPT: usize = 256;

/// Drawn pages by their address and the answers they were drawn from.
type Kept = HashMap<(String, String), Arc<Rendered>>;

/// The renderer and the pages it has rendered.
#[derive(Clone)]
pub struct Pages {
    engine: Engine,
    kept: Arc<Mutex<Kept>>,
}

impl Pages {
    /// The renderer over the web app's server build.
    pub fn new(bundle: Bundle) -> Pages {
        Pages {
            engine: Engine::start(bundle),
            kept: Arc::default(),
        }
    }

    /// The page at `url` drawn from `answers` (JSON: an object of API paths and their answers).
    pub async fn render(&self, url: &str, answers: &str) -> Result<Arc<Rendered>, RenderError> {
        let key = (url.to_owned(), answers.to_owned());
        if let Some(page) = self.kept.lock().expect("never poisoned").get(&key) {
            return Ok(page.clone());
        }
        let html = self.engine.render(url, answers).await?;
        let page = Arc::new(split_head(&html));
        let mut kept = self.kept.lock().expect("never poisoned");
        if kept.len() >= KEPT {
            // Old answers' pages are never asked for again; starting afresh is simplest.
            kept.clear();
        }
        kept.insert(key, page.clone());
        Ok(page)
    }
}

/// React puts what belongs in `<head>` (a `<title>`, preloads, meta tags a page renders) at the
/// start of its output; the rest is the page.
pub fn split_head(html: &str) -> Rendered {
    let mut rest = html;
    let mut head = String::new();
    loop {
        let end = if rest.starts_with("<title") {
            rest.find("</title>").map(|i| i + "</title>".len())
        } else if rest.starts_with("<link") || rest.starts_with("<meta") {
            rest.find('>').map(|i| i + 1)
        } else {
            None
        };
        let Some(end) = end else { break };
        head.push_str(&rest[..end]);
        rest = &rest[end..];
    }
    Rendered {
        head,
        body: rest.to_owned(),
    }
}

/// `answers` (API paths and their JSON bodies) as one JSON object, safe inside a `<script>`.
pub fn answers_json(answers: &[(String, String)]) -> String {
    let mut json = String::from("{");
    for (i, (path, body)) in answers.iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        json.push_str(&serde_json::to_string(path).expect("a string"));
        json.push(':');
        json.push_str(body);
    }
    json.push('}');
    json
}

/// Puts the rendered page, its head and its answers into the app's page (`index.html`).
pub fn fill(template: &str, page: &Rendered, answers: &str) -> String {
    let mut html = template.to_owned();
    if page.head.contains("<title")
        && let (Some(start), Some(end)) = (html.find("<title>"), html.find("</title>"))
    {
        html.replace_range(start..end + "</title>".len(), "");
    }
    if let Some(at) = html.find("</head>") {
        html.insert_str(at, &page.head);
    }
    // The answers are read by the browser's JSON parser, never run; `<` is escaped so no text
    // in them can close the script element.
    let data = format!(
        "<div id=\"root\">{}</div><script type=\"application/json\" id=\"first-load\">{}</script>",
        page.body,
        answers.replace('<', "\\u003c")
    );
    html.replacen("<div id=\"root\"></div>", &data, 1)
}
