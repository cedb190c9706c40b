//! Where pictures and videos are fetched from. Stored paths may lack the `/media/` prefix
//! (the spec's API sent both forms); absolute URLs, such as an object store's, are kept.

/// Shown when a picture is missing or fails to load.
pub const PLACEHOLDER_IMAGE: &str = "/placeholder.svg";

/// The URL to fetch a stored media path from. `base` is the media host (`""` for the same
/// origin, or e.g. `https://cdn.example.com`); a missing path gives the placeholder.
pub fn media_url(path: Option<&str>, base: &str) -> String {
    let path = match path.map(str::trim) {
        None | Some("") => return PLACEHOLDER_IMAGE.to_owned(),
        Some(path) => path,
    };
    if is_absolute(path) {
        return path.to_owned();
    }
    let relative = path.trim_start_matches('/');
    let relative = relative.strip_prefix("media/").unwrap_or(relative);
    format!("{}/media/{relative}", base.trim_end_matches('/'))
}

/// A video's poster picture: the same file name ending in `.jpg` instead of `.mov` or `.mp4`.
pub fn video_thumbnail(url: &str) -> String {
    let lower = url.to_ascii_lowercase();
    for ext in [".mov", ".mp4"] {
        if lower.ends_with(ext) {
            return format!("{}.jpg", &url[..url.len() - ext.len()]);
        }
    }
    url.to_owned()
}

/// The lossy WebP kept beside a stored JPEG picture: the same name ending in `.webp`
/// (`albums/x-480.jpg` → `albums/x-480.webp`). Browsers that show WebP fetch it instead: it is
/// about half the JPEG's size.
pub fn webp_path(jpeg: &str) -> String {
    let lower = jpeg.to_ascii_lowercase();
    for ext in [".jpg", ".jpeg"] {
        if lower.ends_with(ext) {
            return format!("{}.webp", &jpeg[..jpeg.len() - ext.len()]);
        }
    }
    format!("{jpeg}.webp")
}

/// Whether a stored picture's file is a WebP (by its name, which the shop gave it).
pub fn is_webp(path: &str) -> bool {
    path.to_ascii_lowercase().ends_with(".webp")
}

fn is_absolute(path: &str) -> bool {
    let lower = path.get(..8).unwrap_or(path).to_ascii_lowercase();
    lower.starts_with("http://")
        || lower.starts_with("https://")
        || path.starts_with("//")
        || lower.starts_with("data:")
        || lower.starts_with("blob:")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_without_media_gets_it_inserted() {
        assert_eq!(
            media_url(Some("products/peony.jpg"), ""),
            "/media/products/peony.jpg"
        );
        assert_eq!(
            media_url(Some("/products/peony.jpg"), ""),
            "/media/products/peony.jpg"
        );
    }

    #[test]
    fn a_path_with_media_is_not_given_it_twice() {
        assert_eq!(
            media_url(Some("/media/products/peony.jpg"), ""),
            "/media/products/peony.jpg"
        );
        assert_eq!(
            media_url(Some("media/products/peony.jpg"), ""),
            "/media/products/peony.jpg"
        );
    }

    #[test]
    fn a_media_base_makes_the_url_absolute() {
        assert_eq!(
            media_url(Some("products/peony.jpg"), "https://shop.example/"),
            "https://shop.example/media/products/peony.jpg"
        );
    }

    #[test]
    fn absolute_urls_such_as_an_object_stores_are_left_alone() {
        let url = "https://bucket.s3.example.com/albums/1/a.jpg";
        assert_eq!(media_url(Some(url), "https://shop.example"), url);
        assert_eq!(
            media_url(Some("HTTP://x.example/a.jpg"), ""),
            "HTTP://x.example/a.jpg"
        );
    }

    #[test]
    fn a_missing_picture_gives_the_placeholder() {
        assert_eq!(media_url(None, ""), PLACEHOLDER_IMAGE);
        assert_eq!(
            media_url(Some("  "), "https://shop.example"),
            PLACEHOLDER_IMAGE
        );
    }

    #[test]
    fn a_pictures_webp_sits_beside_its_jpeg() {
        assert_eq!(webp_path("albums/x-480.jpg"), "albums/x-480.webp");
        assert_eq!(webp_path("pages/Hero.JPEG"), "pages/Hero.webp");
        assert_eq!(webp_path("products/odd"), "products/odd.webp");
        assert!(is_webp(&webp_path("albums/x-480.jpg")));
        assert!(!is_webp("albums/x-480.jpg"));
    }

    #[test]
    fn a_videos_thumbnail_swaps_its_extension_for_jpg() {
        assert_eq!(
            video_thumbnail("/media/albums/first-dance.mp4"),
            "/media/albums/first-dance.jpg"
        );
        assert_eq!(
            video_thumbnail("/media/albums/arch.MOV"),
            "/media/albums/arch.jpg"
        );
        assert_eq!(
            video_thumbnail("/media/albums/arch.jpg"),
            "/media/albums/arch.jpg"
        );
    }
}
