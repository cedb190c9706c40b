//! `posy_server::http::web`'s own tests (they were its `mod tests`).

use poem::endpoint::make_sync;
use poem::http::{Method, StatusCode, header};
use poem::{Endpoint, EndpointExt, Request, Response};
use posy_server::http::headers::Policies;
use std::path::Path;
use std::sync::Arc;

use posy_server::http::web::*;

const FILES: &[(&str, &[u8])] = &[
    (
        "index.html",
        b"<!doctype html><title>Built</title><script type=\"module\" src=\"/assets/app-1a2b.js\"></script>",
    ),
    ("assets/app-1a2b.js", b"console.log('posy')"),
    ("favicon.svg", b"<svg xmlns=\"http://www.w3.org/2000/svg\"/>"),
    ("ssr/render.js", b"globalThis.renderPage = () => '';"),
];

fn built() -> WebApp {
    let api = make_sync(|_| StatusCode::NOT_FOUND)
        .map_to_response()
        .boxed();
    let policies = Arc::new(Policies::new("/media/", false, None, ""));
    WebApp::new(&WebFiles::Built(FILES), policies, api)
}

async fn get(app: &WebApp, path: &str, headers: &[(&str, &str)]) -> Response {
    let mut req = Request::builder().uri_str(path);
    for (name, value) in headers {
        req = req.header(*name, *value);
    }
    app.call(req.finish()).await.unwrap()
}

#[tokio::test]
async fn the_files_built_in_are_served_as_a_folders_would_be() {
    let app = built();
    let asset = get(&app, "/assets/app-1a2b.js", &[]).await;
    assert_eq!(asset.status(), StatusCode::OK);
    assert_eq!(
        asset.headers()[header::CACHE_CONTROL],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(
        asset.headers()[header::CONTENT_TYPE],
        "text/javascript; charset=utf-8"
    );
    let etag = asset.headers()[header::ETAG].clone();
    assert_eq!(
        asset.into_body().into_string().await.unwrap(),
        "console.log('posy')"
    );

    let again = get(
        &app,
        "/assets/app-1a2b.js",
        &[("if-none-match", etag.to_str().unwrap())],
    )
    .await;
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);

    let part = get(&app, "/favicon.svg", &[("range", "bytes=0-3")]).await;
    assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(part.headers()[header::CONTENT_TYPE], "image/svg+xml");
    assert!(!part.headers().contains_key(header::CACHE_CONTROL));
}

#[tokio::test]
async fn the_built_in_page_answers_app_routes_and_the_server_build_is_never_a_file() {
    let app = built();
    for path in ["/", "/shop/peonies", "/ssr/render.js", "/index.html"] {
        let page = get(&app, path, &[]).await;
        assert_eq!(page.status(), StatusCode::OK, "{path}");
        assert_eq!(page.headers()[header::CACHE_CONTROL], "no-cache", "{path}");
        let html = page.into_body().into_string().await.unwrap();
        assert!(html.contains("<title>Built</title>"), "{path}: {html}");
        assert!(html.contains(" nonce=\""), "{path}: {html}");
    }
    let missing = get(&app, "/assets/gone-9z9z.js", &[]).await;
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    let posted = app
        .call(
            Request::builder()
                .method(Method::POST)
                .uri_str("/favicon.svg")
                .finish(),
        )
        .await
        .unwrap();
    assert_eq!(posted.status(), StatusCode::METHOD_NOT_ALLOWED);
}

#[test]
fn a_folder_given_is_served_over_the_files_built_in() {
    assert!(matches!(
        WebFiles::choose(Some(Path::new("/srv/web"))),
        WebFiles::Folder(dir) if dir == Path::new("/srv/web")
    ));
    // A debug build carries none, so it reads web/dist as before.
    if BUILT.is_empty() {
        assert!(matches!(
            WebFiles::choose(None),
            WebFiles::Folder(dir) if dir == Path::new("web/dist")
        ));
    }
}
