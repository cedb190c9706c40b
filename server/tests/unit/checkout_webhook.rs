//! `posy_server::checkout::webhook`'s own tests (they were its `mod tests`).

use hmac::{Hmac, KeyInit, Mac};
use posy_server::checkout::webhook::*;
use sha2::Sha256;

fn signed(payload: &[u8], secret: &str, t: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{t}.").as_bytes());
    mac.update(payload);
    format!("t={t},v1={}", hex::encode(mac.finalize().into_bytes()))
}

#[test]
fn only_a_fresh_signature_under_the_secret_holds() {
    let body = br#"{"type":"x"}"#;
    let now = 1_795_435_200;
    assert_eq!(
        verify(body, &signed(body, "whsec", now), "whsec", now),
        Ok(())
    );
    let rolled = format!("t={now},v1=00,{}", &signed(body, "whsec", now)[13..]);
    assert_eq!(verify(body, &rolled, "whsec", now), Ok(()), "{rolled}");
    assert!(verify(body, &signed(body, "other", now), "whsec", now).is_err());
    assert!(verify(b"{}", &signed(body, "whsec", now), "whsec", now).is_err());
    assert!(verify(body, &signed(body, "whsec", now - 301), "whsec", now).is_err());
    assert!(verify(body, "", "whsec", now).is_err());
}
