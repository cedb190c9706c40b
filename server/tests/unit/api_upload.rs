//! `posy_server::api::upload`'s own tests (they were its `mod tests`).

use posy_server::api::upload::*;

#[test]
fn album_uploads_and_pictures_of_products_and_workshops_are_streamed_and_nothing_else() {
    assert!(is_streamed("/api/albums/7/upload_images"));
    assert!(is_streamed("/albums/7/upload_images"));
    assert!(is_streamed("/api/admin/products/7/picture"));
    assert!(is_streamed("/api/admin/workshops/7/picture"));
    assert!(!is_streamed("/api/admin/workshops/7"));
    assert!(!is_streamed("/api/admin/products/7"));
    assert!(!is_streamed("/api/albums/7"));
    assert!(!is_streamed("/api/cart/add_item"));
}
