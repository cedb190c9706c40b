//! `posy_server::http::metrics`'s own tests (they were its `mod tests`).

use posy_server::http::metrics::*;

#[test]
fn routes_fall_in_a_few_fixed_classes() {
    for (path, class) in [
        ("/api/products/", "api"),
        ("/api/cart/add_item/", "api"),
        ("/api/admin/orders/7/", "admin"),
        ("/albums/3/images/", "admin"),
        ("/api/payment/webhook/", "webhook"),
        ("/media/products/a-480.webp", "media"),
        ("/healthz", "monitor"),
        ("/metrics", "monitor"),
        ("/", "web"),
        ("/shop/peonies", "web"),
        ("/assets/index-1a2b.js", "web"),
        ("/wp-login.php", "web"),
    ] {
        assert_eq!(route_class(path), class, "{path}");
    }
}

#[test]
fn requests_are_counted_by_class_and_status() {
    let requests = Requests::default();
    requests.count(route_class("/api/products/"), 200);
    requests.count(route_class("/api/products/3/"), 200);
    requests.count(route_class("/api/cart/add_item/"), 409);
    requests.count(route_class("/metrics"), 401);
    assert_eq!(
        requests.counted(),
        [("api", 200, 2), ("api", 409, 1), ("monitor", 401, 1)]
    );
}

#[test]
fn the_text_format_escapes_label_values() {
    let mut text = Text::default();
    text.family("posy_things_total", "counter", "Things.");
    text.sample("posy_things_total", &[("kind", "a \"b\"\\c")], 3);
    text.sample("posy_things_total", &[], 1.5);
    assert_eq!(
        text.finish(),
        "# HELP posy_things_total Things.\n# TYPE posy_things_total counter\n\
         posy_things_total{kind=\"a \\\"b\\\"\\\\c\"} 3\nposy_things_total 1.5\n"
    );
}
