//! `posy_server::http::csrf`'s own tests (they were its `mod tests`).

use poem::http::{HeaderMap, header};
use posy_server::http::csrf::*;

fn csrf() -> Csrf {
    Csrf::new([7; 32], None)
}

#[test]
fn a_token_this_server_issued_is_valid() {
    let csrf = csrf();
    assert!(csrf.is_valid(&csrf.issue()));
}

#[test]
fn a_token_signed_with_another_key_or_altered_is_not() {
    let token = Csrf::new([8; 32], None).issue();
    assert!(!csrf().is_valid(&token));
    assert!(!csrf().is_valid("abc.def"));
    assert!(!csrf().is_valid("no-dot"));
    let mine = csrf().issue();
    let last = if mine.ends_with('0') { '1' } else { '0' };
    let altered = format!("{}{last}", &mine[..mine.len() - 1]);
    assert!(!csrf().is_valid(&altered));
}

#[test]
fn the_cookie_is_found_among_others() {
    let mut headers = HeaderMap::new();
    headers.insert(header::COOKIE, "a=1; csrftoken=xyz; b=2".parse().unwrap());
    assert_eq!(cookie(&headers, COOKIE), Some("xyz"));
    assert_eq!(cookie(&headers, "c"), None);
}

#[test]
fn another_origin_is_cross_site_and_the_same_host_is_not() {
    let csrf = Csrf::new([7; 32], Some("https://shop.example/"));
    let headers = |pairs: &[(&'static str, &str)]| {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.insert(*name, value.parse().unwrap());
        }
        map
    };
    assert!(!csrf.is_cross_site(&headers(&[("host", "127.0.0.1:8080")])));
    assert!(!csrf.is_cross_site(&headers(&[
        ("host", "127.0.0.1:8080"),
        ("origin", "http://127.0.0.1:8080")
    ])));
    assert!(!csrf.is_cross_site(&headers(&[
        ("host", "10.0.0.2"),
        ("origin", "https://shop.example")
    ])));
    assert!(csrf.is_cross_site(&headers(&[
        ("host", "127.0.0.1:8080"),
        ("origin", "https://evil.example")
    ])));
    assert!(csrf.is_cross_site(&headers(&[("origin", "null")])));
    assert!(csrf.is_cross_site(&headers(&[("sec-fetch-site", "cross-site")])));
}
