//! `posy_server::http::headers`'s own tests (they were its `mod tests`).

use posy_server::http::headers::*;

#[test]
fn the_app_policy_lets_stripe_in_only_with_stripe() {
    let simulated = Policies::new("", false, None, "");
    let policy = simulated.app("abc");
    assert!(policy.contains("script-src 'self' 'wasm-unsafe-eval' 'nonce-abc';"));
    assert!(!policy.contains("stripe"));
    assert!(!policy.contains("unsafe-inline"));
    assert!(policy.contains("frame-ancestors 'none'"));
    let stripe = Policies::new("", true, Some("https://posy.example"), "");
    let policy = stripe.app("abc");
    assert!(policy.contains("'nonce-abc' https://js.stripe.com;"));
    assert!(policy.contains("connect-src 'self' https://api.stripe.com;"));
    assert!(policy.contains("frame-src https://js.stripe.com"));
}

#[test]
fn media_from_a_bucket_is_allowed_by_its_origin() {
    let policies = Policies::new("https://cdn.example/posy-bucket", false, None, "");
    assert!(
        policies
            .app("n")
            .contains("img-src 'self' data: blob: https://cdn.example;")
    );
    assert_eq!(origin(""), None);
}

#[test]
fn docs_scripts_are_allowed_by_hash() {
    let html = "<script src=\"/x.js\"></script><script>alert(1)</script>";
    let policy = docs_policy(html);
    // echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64
    assert!(policy.contains("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"));
    assert_eq!(policy.matches("sha256-").count(), 1);
}

#[test]
fn every_tag_gets_the_nonce() {
    let html = "<script type=module src=/a.js></script><style>p{}</style>";
    assert_eq!(
        with_nonce(html, "n1"),
        "<script nonce=\"n1\" type=module src=/a.js></script><style nonce=\"n1\">p{}</style>"
    );
}
