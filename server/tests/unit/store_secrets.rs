//! `posy_server::store::secrets`'s own tests (they were its `mod tests`).

use posy_server::store::secrets::*;

#[test]
fn only_equal_bytes_match() {
    assert!(constant_time_eq(b"abc", b"abc"));
    assert!(!constant_time_eq(b"abc", b"abd"));
    assert!(!constant_time_eq(b"abc", b"ab"));
}
