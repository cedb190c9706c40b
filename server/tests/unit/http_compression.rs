//! `posy_server::http::compression`'s own tests (they were its `mod tests`).

use poem::http::{HeaderMap, HeaderValue, header};
use posy_server::http::compression::*;

fn accepting(value: &str) -> Option<Coding> {
    let mut headers = HeaderMap::new();
    headers.insert(
        header::ACCEPT_ENCODING,
        HeaderValue::from_str(value).unwrap(),
    );
    negotiate(&headers)
}

#[test]
fn the_browsers_preference_between_brotli_and_gzip_decides() {
    assert_eq!(accepting("gzip, deflate, br, zstd"), Some(Coding::Brotli));
    assert_eq!(accepting("gzip"), Some(Coding::Gzip));
    assert_eq!(accepting("br;q=0.5, gzip;q=0.8"), Some(Coding::Gzip));
    assert_eq!(accepting("br; q=0.9, gzip; q=0.9"), Some(Coding::Brotli));
    assert_eq!(accepting("*"), Some(Coding::Brotli));
    assert_eq!(accepting("*;q=0.5, br;q=0"), Some(Coding::Gzip));
}

#[test]
fn nothing_is_compressed_for_a_browser_that_accepts_neither() {
    assert_eq!(negotiate(&HeaderMap::new()), None);
    assert_eq!(accepting("identity"), None);
    assert_eq!(accepting("deflate, zstd"), None);
    assert_eq!(accepting("gzip;q=0, br;q=0"), None);
    assert_eq!(accepting("*;q=0"), None);
}
