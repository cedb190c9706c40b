//! `posy_server::http::pages`'s own tests (they were its `mod tests`).

use posy_server::http::pages::*;

#[test]
fn a_page_is_drawn_and_kept_by_its_path_and_the_parameters_it_reads() {
    assert_eq!(drawn_address("/shop", Some("x=1")), "/shop");
    assert_eq!(
        drawn_address("/shop/12", Some("utm_source=news&x=2")),
        "/shop/12"
    );
    assert_eq!(drawn_address("/", None), "/");
    assert_eq!(
        drawn_address("/contact", Some("utm_source=news&type=event&x=1")),
        "/contact?type=event"
    );
    // A fixed order, and the first of a repeated name.
    assert_eq!(
        drawn_address(
            "/contact",
            Some("date=6+June&workshop=Wreath+making&type=event&type=wedding")
        ),
        "/contact?type=event&workshop=Wreath+making&date=6+June"
    );
}

#[test]
fn only_the_app_s_own_tags_carry_the_nonce() {
    let template = "<html><head><title>Posy</title><script type=\"module\" src=\"/a.js\"></script>\
                    </head><body><div id=\"root\"></div></body></html>";
    let stamped = posy_server::http::headers::with_nonce(template, "n0nce");
    // A drawn page whose words hold a tag (escaped by React, but never trusted to be).
    let page = Rendered {
        head: "<title>Rose</title>".into(),
        body: "<p>Rose</p><script>alert(1)</script><style>p{}</style>".into(),
    };
    let html = fill(&stamped, &page, "{}");
    assert_eq!(html.matches("nonce=\"n0nce\"").count(), 1, "{html}");
    assert!(
        html.contains("<script type=\"module\" nonce=\"n0nce\"")
            || html.contains("<script nonce=\"n0nce\" type=\"module\""),
        "{html}"
    );
    assert!(
        html.contains("<p>Rose</p><script>alert(1)</script>"),
        "{html}"
    );
}

#[test]
fn a_shopper_page_needs_the_site_and_its_own_answers() {
    assert_eq!(
        answers_for("/"),
        Some(vec!["/api/site/".to_owned(), "/api/products/".to_owned()])
    );
    assert_eq!(
        answers_for("/shop/12"),
        Some(vec![
            "/api/site/".to_owned(),
            "/api/products/12/".to_owned()
        ])
    );
    assert_eq!(
        answers_for("/gallery/album/3/"),
        Some(vec!["/api/site/".to_owned(), "/api/albums/3/".to_owned()])
    );
    assert_eq!(
        answers_for("/shop/peonies"),
        Some(vec!["/api/site/".to_owned()])
    );
    assert_eq!(
        answers_for("/gift-vouchers"),
        Some(vec![
            "/api/site/".to_owned(),
            "/api/vouchers/terms/".to_owned()
        ])
    );
    assert_eq!(
        answers_for("/gift-vouchers/balance"),
        Some(vec!["/api/site/".to_owned()])
    );
}

#[test]
fn per_visitor_and_studio_pages_are_drawn_in_the_browser() {
    for path in [
        "/checkout",
        "/admin",
        "/admin/orders/4",
        "/order-confirmation/9",
        "/payment-failed",
        "/workshops/booked/7",
        "/workshops/balance/7",
    ] {
        assert_eq!(answers_for(path), None, "{path}");
    }
}

#[test]
fn what_react_hoists_goes_in_the_head() {
    let page = split_head(
        "<link rel=\"preload\" as=\"image\" href=\"/a.jpg\"/><title>Shop · Posy</title><a class=\"skip-link\">x</a><title>no</title>",
    );
    assert_eq!(
        page.head,
        "<link rel=\"preload\" as=\"image\" href=\"/a.jpg\"/><title>Shop · Posy</title>"
    );
    assert_eq!(page.body, "<a class=\"skip-link\">x</a><title>no</title>");
}

#[test]
fn the_page_carries_its_answers_where_no_text_can_close_the_script() {
    let page = Rendered {
        head: "<title>Shop</title>".into(),
        body: "<h1>Shop</h1>".into(),
    };
    let answers = answers_json(&[(
        "/api/site/".into(),
        r#"{"name":"</script><script>x"}"#.into(),
    )]);
    let html = fill(
        "<html><head><title>Posy</title></head><body><div id=\"root\"></div></body></html>",
        &page,
        &answers,
    );
    assert_eq!(
        html,
        "<html><head><title>Shop</title></head><body><div id=\"root\"><h1>Shop</h1></div>\
         <script type=\"application/json\" id=\"first-load\">{\"/api/site/\":{\"name\":\"\\u003c/script>\\u003cscript>x\"}}</script></body></html>"
    );
}
