//! `posy_server::accounts::auth`'s own tests (they were its `mod tests`).

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordVerifier};
use posy_server::accounts::auth::*;

#[test]
fn the_dummy_hash_is_a_valid_argon2id_hash() {
    let hash = PasswordHash::new(DUMMY_HASH).expect("parses");
    assert_eq!(hash.algorithm.as_str(), "argon2id");
    assert!(Argon2::default().verify_password(b"guess", &hash).is_err());
}

#[tokio::test]
async fn a_sign_in_is_refused_at_once_while_the_hashers_queue_is_full() {
    let hasher = Hasher::default();
    let queue = hasher
        .sign_ins
        .try_acquire_many(u32::try_from(HASHING_AT_ONCE + SIGN_INS_WAITING).unwrap())
        .unwrap();
    // Refused, not queued: with every permit held, a sign-in that waited for one would
    // never answer, and one that hashed would answer Some(false). (A clock is no proof: a
    // busy machine can pause any thread for longer than a hash takes.)
    assert_eq!(
        hasher
            .sign_in_matches("guess".into(), DUMMY_HASH.into())
            .await,
        None
    );
    drop(queue);
    assert_eq!(
        hasher
            .sign_in_matches("guess".into(), DUMMY_HASH.into())
            .await,
        Some(false)
    );
}

#[test]
fn session_cookies_are_http_only_and_lax_and_host_prefixed_over_https() {
    assert_eq!(
        session_cookie(Some("abc"), true),
        "__Host-posy_session=abc; Path=/; HttpOnly; SameSite=Lax; Secure"
    );
    assert_eq!(
        session_cookie(Some("abc"), false),
        "posy_session=abc; Path=/; HttpOnly; SameSite=Lax"
    );
    assert!(session_cookie(None, false).contains("Max-Age=0"));
    assert!(session_cookie(None, true).starts_with("__Host-posy_session=;"));
}
