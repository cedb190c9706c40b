//! `posy_server::checkout::payments::stripe`'s own tests (they were its `mod tests`).

use posy_server::checkout::payments::stripe::*;

#[test]
fn a_keys_mode_is_read_from_its_prefix() {
    assert_eq!(key_mode("sk_test_51Habc"), Some("test"));
    assert_eq!(key_mode("rk_live_51Habc"), Some("live"));
    assert_eq!(key_mode("pk_live_51Habc"), Some("live"));
    assert_eq!(key_mode("whsec_abc"), None);
    assert_eq!(key_mode("sk_prod_abc"), None);
}
