//! `posy_server::http::access`'s own tests (they were its `mod tests`).

use poem::http::HeaderValue;
use posy_server::http::access::*;

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
    assert_eq!(request_id(Some(&given)).as_str(), "req-42_a.b");
    for bad in ["", "has space", "quote\"", &"x".repeat(65)] {
        let bad = HeaderValue::from_str(bad).unwrap();
        let made = request_id(Some(&bad));
        let made = made.as_str();
        assert_eq!(made.len(), 32, "{made}");
        assert!(made.bytes().all(|b| b.is_ascii_hexdigit()));
    }
    assert_eq!(request_id(None).as_str().len(), 32);
    assert_ne!(request_id(None).as_str(), request_id(None).as_str());
}
