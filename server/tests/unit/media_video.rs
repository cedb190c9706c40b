//! `posy_server::media::video`'s own tests (they were its `mod tests`).

use posy_server::media::video::*;
use std::path::Path;
use tokio::process::Command;

/// The tags ffprobe reads in a file's container.
async fn tags(file: &Path) -> String {
    let out = Command::new("ffprobe")
        .args(["-v", "error", "-show_entries", "format_tags", "-of", "json"])
        .arg(file)
        .output()
        .await
        .expect("ffprobe runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[tokio::test]
async fn a_converted_video_keeps_no_location() {
    let dir = tempfile::tempdir().unwrap();
    let clip = dir.path().join("clip.mov");
    let made = Command::new("ffmpeg")
        .args(["-nostdin", "-v", "error", "-f", "lavfi", "-i"])
        .arg("testsrc=duration=1:size=320x240:rate=10")
        .args(["-metadata", "location=+51.4545-002.5879/", "-threads", "1"])
        .arg(&clip)
        .status()
        .await
        .expect("ffmpeg is installed (scripts/setup.sh)");
    assert!(made.success());
    assert!(
        tags(&clip).await.contains("51.4545"),
        "the clip has a location"
    );

    let (mp4, poster) = (dir.path().join("out.mp4"), dir.path().join("out.jpg"));
    let size = convert_video(&clip, &mp4, &poster).await.unwrap();
    assert_eq!(size, (320, 240));
    let kept = tags(&mp4).await;
    assert!(
        !kept.contains("51.4545") && !kept.contains("location"),
        "{kept}"
    );
}
