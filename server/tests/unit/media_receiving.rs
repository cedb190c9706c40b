//! `posy_server::media::receiving`'s own tests (they were its `mod tests`).

use posy_server::media::pictures::Kind;
use posy_server::media::receiving::*;
use posy_server::media::uploads::UploadLimits;

fn limits() -> UploadLimits {
    UploadLimits {
        max_image_bytes: 25_000_000,
        max_video_bytes: 200_000_000,
        max_files: 20,
        max_request_bytes: 500_000_000,
    }
}

#[test]
fn a_file_is_measured_by_its_own_kinds_limit_once_known() {
    let picture = Some(Kind::Picture(image::ImageFormat::Png));
    assert_eq!(too_big("a.png", picture, 25_000_000, &limits()), None);
    assert_eq!(
        too_big("a.png", picture, 25_000_001, &limits()).as_deref(),
        Some("a.png is larger than the 25 MB allowed for a picture.")
    );
    assert_eq!(
        too_big("a.mp4", Some(Kind::Video), 25_000_001, &limits()),
        None
    );
    assert!(too_big("a", None, 200_000_001, &limits()).is_some());
}
