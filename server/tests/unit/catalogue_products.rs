//! `posy_server::catalogue::products`'s own tests (they were its `mod tests`).

use posy_server::catalogue::products::*;

#[test]
fn only_uploaded_pictures_are_removed_never_the_demos() {
    let stem = "0123456789abcdef0123456789abcdef";
    assert!(uploaded(&format!("products/{stem}-480.jpg")));
    assert!(uploaded(&format!("products/{stem}-1600.webp")));
    assert!(!uploaded("products/peony-posy-480.webp"));
    assert!(!uploaded("products/peony-posy.jpg"));
    assert!(!uploaded(&format!("albums/{stem}-480.jpg")));
    assert!(!uploaded(&format!("products/{stem}-480/../../x.jpg")));
}
