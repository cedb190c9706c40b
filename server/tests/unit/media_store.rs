//! `posy_server::media::store`'s own tests (they were its `mod tests`).

use posy_server::media::store::*;

#[test]
fn only_plain_relative_paths_are_media_paths() {
    assert!(safe("albums/a-480.jpg").is_ok());
    for bad in ["", "/etc/passwd", "../x", "albums/../../x", "albums//x"] {
        assert!(safe(bad).is_err(), "{bad}");
    }
}

#[tokio::test]
async fn a_local_folder_keeps_and_forgets_files() {
    let dir = tempfile::tempdir().unwrap();
    let store = LocalFolder(dir.path().to_owned());
    store.put("albums/x.jpg", b"jpeg".to_vec()).await.unwrap();
    assert_eq!(
        std::fs::read(dir.path().join("albums/x.jpg")).unwrap(),
        b"jpeg"
    );
    store.delete("albums/x.jpg").await.unwrap();
    store.delete("albums/x.jpg").await.unwrap();
    assert!(!dir.path().join("albums/x.jpg").exists());
}

#[tokio::test]
async fn a_local_folder_copies_a_file_in_whole() {
    let dir = tempfile::tempdir().unwrap();
    let store = LocalFolder(dir.path().join("media"));
    let from = dir.path().join("clip.mp4");
    let bytes: Vec<u8> = (0..3_000_000u32).map(|n| n as u8).collect();
    std::fs::write(&from, &bytes).unwrap();
    store.put_file("albums/clip.mp4", &from).await.unwrap();
    assert_eq!(
        std::fs::read(dir.path().join("media/albums/clip.mp4")).unwrap(),
        bytes
    );
    assert!(!dir.path().join("media/albums/clip.partial").exists());
}
