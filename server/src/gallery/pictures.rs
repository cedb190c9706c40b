//! What an uploaded file is, and what a picture becomes. The kind of a file is decided by its
//! content (magic bytes), never by its name or declared type. Pictures are decoded within size
//! and pixel limits, turned upright, and re-encoded as JPEG in the sizes the pages use (so EXIF,
//! and with it a phone's GPS position, is gone); HEIC and AVIF go through libheif's
//! `heif-convert` first. Videos go to the [`super::video`] worker.

use std::io::Cursor;

use image::imageops::FilterType;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use tokio::process::Command;

/// The widths a picture is kept in; the largest is its `file_url`.
pub const WIDTHS: [u32; 3] = [480, 960, 1600];
/// A picture with more pixels than this is refused (a decompression bomb, or simply too big).
pub const MAX_PIXELS: u64 = 50_000_000;

/// What a file is, judged by its first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A picture the image crate decodes.
    Picture(ImageFormat),
    /// HEIC, HEIF or AVIF: converted by libheif first.
    Heif,
    /// MP4, QuickTime or WebM.
    Video,
}

/// The kind of a file from its content, or why it is refused (a sentence naming the file).
pub fn classify(name: &str, head: &[u8]) -> Result<Kind, String> {
    let kind = infer::get(head).map(|t| t.mime_type());
    match kind {
        Some("image/jpeg") => Ok(Kind::Picture(ImageFormat::Jpeg)),
        Some("image/png") => Ok(Kind::Picture(ImageFormat::Png)),
        Some("image/webp") => Ok(Kind::Picture(ImageFormat::WebP)),
        Some("image/gif") => Ok(Kind::Picture(ImageFormat::Gif)),
        Some("image/heif" | "image/heic" | "image/avif") => Ok(Kind::Heif),
        Some("video/mp4" | "video/quicktime" | "video/webm" | "video/x-m4v") => Ok(Kind::Video),
        _ => Err(format!(
            "{name} is not a picture or video we can use. Please upload JPEG, PNG, WebP, GIF, \
             AVIF or HEIC pictures, or MP4, MOV or WebM videos."
        )),
    }
}

/// A picture ready to store: its size and the JPEG of each width (the largest last).
pub struct Prepared {
    pub width: u32,
    pub height: u32,
    pub sizes: Vec<(u32, Vec<u8>)>,
}

/// Decodes, turns upright and re-encodes a picture in [`WIDTHS`] (never enlarged).
pub fn prepare_picture(name: &str, bytes: &[u8], format: ImageFormat) -> Result<Prepared, String> {
    let unreadable = || format!("{name} could not be read as a picture. Is the file complete?");
    let mut limits = Limits::default();
    limits.max_image_width = Some(20_000);
    limits.max_image_height = Some(20_000);
    limits.max_alloc = Some(1 << 30);
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits.clone());
    let (w, h) = reader.into_dimensions().map_err(|_| unreadable())?;
    if u64::from(w) * u64::from(h) > MAX_PIXELS {
        return Err(format!(
            "{name} is too large ({w}×{h} pixels). Please upload pictures of at most 50 megapixels."
        ));
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(|_| unreadable())?;
    let orientation = decoder.orientation().ok();
    let mut picture = DynamicImage::from_decoder(decoder).map_err(|_| unreadable())?;
    if let Some(orientation) = orientation {
        picture.apply_orientation(orientation);
    }
    let picture = DynamicImage::ImageRgb8(picture.to_rgb8());
    let (width, height) = (picture.width(), picture.height());
    let mut sizes = Vec::new();
    for target in WIDTHS {
        let resized = if width > target {
            picture.resize_exact(target, scaled(height, target, width), FilterType::Triangle)
        } else {
            picture.clone()
        };
        let mut jpeg = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 82)
            .encode_image(&resized)
            .map_err(|_| unreadable())?;
        sizes.push((resized.width(), jpeg));
        if width <= target {
            break;
        }
    }
    let out_w = sizes.last().map_or(width, |s| s.0);
    let out_h = scaled(height, out_w, width);
    Ok(Prepared {
        width: out_w,
        height: out_h,
        sizes,
    })
}

/// `length` scaled by `to / from`, rounded, at least 1.
fn scaled(length: u32, to: u32, from: u32) -> u32 {
    let from = u64::from(from.max(1));
    ((u64::from(length) * u64::from(to) + from / 2) / from).max(1) as u32
}

/// HEIC, HEIF or AVIF to JPEG bytes through libheif's `heif-convert`.
pub async fn heif_to_jpeg(name: &str, bytes: &[u8]) -> Result<Vec<u8>, String> {
    let failed =
        || format!("{name} could not be converted. Please export it as JPEG and try again.");
    let dir = tempfile::tempdir().map_err(|_| failed())?;
    let input = dir.path().join("in.heic");
    let output = dir.path().join("out.jpg");
    tokio::fs::write(&input, bytes)
        .await
        .map_err(|_| failed())?;
    let status = Command::new("heif-convert")
        .arg("-q")
        .arg("92")
        .arg(&input)
        .arg(&output)
        .output()
        .await
        .map_err(|err| {
            tracing::error!(%err, "heif-convert is missing: install libheif-examples");
            failed()
        })?;
    if !status.status.success() {
        tracing::warn!(stderr = %String::from_utf8_lossy(&status.stderr), "heif-convert failed");
    }
    // A file holding several images is written as out-1.jpg, out-2.jpg…: the first is the primary.
    for candidate in [output.clone(), dir.path().join("out-1.jpg")] {
        if let Ok(jpeg) = tokio::fs::read(&candidate).await {
            return Ok(jpeg);
        }
    }
    Err(failed())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let mut out = Vec::new();
        DynamicImage::new_rgb8(width, height)
            .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .unwrap();
        out
    }

    #[test]
    fn files_are_judged_by_content_not_name() {
        assert_eq!(
            classify("flowers.gif", &png(2, 2)),
            Ok(Kind::Picture(ImageFormat::Png))
        );
        assert!(classify("flowers.jpg", b"this is text, not a picture").is_err());
        let svg = br#"<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>"#;
        let refused = classify("logo.svg", svg).unwrap_err();
        assert!(refused.starts_with("logo.svg is not a picture or video we can use"));
    }

    #[test]
    fn pictures_are_kept_in_the_widths_the_pages_use_and_never_enlarged() {
        let big = prepare_picture("big.png", &png(2000, 1000), ImageFormat::Png).unwrap();
        let widths: Vec<u32> = big.sizes.iter().map(|s| s.0).collect();
        assert_eq!(widths, [480, 960, 1600]);
        assert_eq!((big.width, big.height), (1600, 800));
        let small = prepare_picture("small.png", &png(600, 400), ImageFormat::Png).unwrap();
        let widths: Vec<u32> = small.sizes.iter().map(|s| s.0).collect();
        assert_eq!(widths, [480, 600]);
    }

    /// A PNG header claiming `width`×`height`, as a pixel flood's is, with no pixels behind it.
    fn png_header(width: u32, height: u32) -> Vec<u8> {
        fn crc32(bytes: &[u8]) -> u32 {
            let mut crc = 0xFFFF_FFFFu32;
            for byte in bytes {
                crc ^= u32::from(*byte);
                for _ in 0..8 {
                    crc = if crc & 1 == 1 {
                        (crc >> 1) ^ 0xEDB8_8320
                    } else {
                        crc >> 1
                    };
                }
            }
            !crc
        }
        let mut ihdr = b"IHDR".to_vec();
        ihdr.extend(width.to_be_bytes());
        ihdr.extend(height.to_be_bytes());
        ihdr.extend([8, 2, 0, 0, 0]);
        let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
        png.extend(13u32.to_be_bytes());
        png.extend(&ihdr);
        png.extend(crc32(&ihdr).to_be_bytes());
        for chunk in [b"IDAT", b"IEND"] {
            png.extend(0u32.to_be_bytes());
            png.extend(chunk);
            png.extend(crc32(chunk).to_be_bytes());
        }
        png
    }

    #[test]
    fn a_pixel_flood_is_refused_before_it_is_decoded() {
        let flood = png_header(15_000, 15_000);
        assert_eq!(
            classify("flood.png", &flood),
            Ok(Kind::Picture(ImageFormat::Png))
        );
        let refused = prepare_picture("flood.png", &flood, ImageFormat::Png)
            .err()
            .expect("refused");
        assert!(refused.contains("too large"), "{refused}");
    }
}
