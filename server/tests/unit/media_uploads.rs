//! `posy_server::media::uploads`'s own tests (they were its `mod tests`).

use posy_server::media::uploads::*;

#[test]
fn file_names_are_shown_without_their_folders() {
    assert_eq!(display_name("../../etc/passwd"), "passwd");
    assert_eq!(display_name("C:\\photos\\rose.jpg"), "rose.jpg");
    assert_eq!(display_name(""), "A file");
}
