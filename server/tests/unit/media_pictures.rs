//! `posy_server::media::pictures`'s own tests (they were its `mod tests`).

use image::{DynamicImage, ImageFormat, RgbImage};
use posy_server::media::pictures::*;
use std::io::Cursor;

fn png(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    DynamicImage::new_rgb8(width, height)
        .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
        .unwrap();
    out
}

#[test]
fn a_file_is_judged_by_its_content_against_the_published_media_types() {
    assert_eq!(
        classify("a.mp4", &png(2, 2)),
        Ok(Kind::Picture(ImageFormat::Png))
    );
    assert!(classify("a.png", b"%PDF-1.4").is_err());
    let pictures = media_types(false);
    assert!(pictures.contains(&"image/heic") && !pictures.contains(&"video/mp4"));
    assert_eq!(media_types(true).len(), KINDS.len());
}

#[tokio::test]
async fn a_pictures_webp_is_lossy_and_keeps_its_size() {
    // A gradient, so the encoder has something to lose.
    let picture = RgbImage::from_fn(300, 200, |x, y| image::Rgb([x as u8, y as u8, 90]));
    let webp = webp(&picture)
        .await
        .expect("cwebp is installed (scripts/setup.sh)");
    // A lossy WebP holds a VP8 chunk; a lossless one VP8L.
    assert_eq!(&webp[12..16], b"VP8 ");
    let decoded = image::load_from_memory_with_format(&webp, ImageFormat::WebP).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (300, 200));
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
    let widths: Vec<u32> = big.sizes.iter().map(|s| s.width).collect();
    assert_eq!(widths, [480, 960, 1600]);
    assert_eq!((big.width, big.height), (1600, 800));
    let small = prepare_picture("small.png", &png(600, 400), ImageFormat::Png).unwrap();
    let widths: Vec<u32> = small.sizes.iter().map(|s| s.width).collect();
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

/// A box of `kind` around `body`.
fn bmff(kind: &[u8; 4], body: &[u8]) -> Vec<u8> {
    let mut out = ((body.len() + 8) as u32).to_be_bytes().to_vec();
    out.extend(kind);
    out.extend(body);
    out
}

/// A HEIF file's boxes declaring pictures of these sizes, with no picture behind them.
fn heif_declaring(sizes: &[(u32, u32)]) -> Vec<u8> {
    let mut ipco = Vec::new();
    for (w, h) in sizes {
        let mut ispe = vec![0, 0, 0, 0];
        ispe.extend(w.to_be_bytes());
        ispe.extend(h.to_be_bytes());
        ipco.extend(bmff(b"ispe", &ispe));
    }
    let mut meta = vec![0, 0, 0, 0];
    meta.extend(bmff(b"hdlr", &[0; 24]));
    meta.extend(bmff(b"iprp", &bmff(b"ipco", &ipco)));
    let mut file = bmff(b"ftyp", b"heic\0\0\0\0mif1heic");
    file.extend(bmff(b"meta", &meta));
    file.extend(bmff(b"mdat", &[]));
    file
}

#[test]
fn a_heif_files_declared_size_is_read_without_decoding() {
    let file = heif_declaring(&[(320, 240), (4032, 3024)]);
    assert_eq!(heif_declared_size(&file), Some((4032, 3024)));
    assert_eq!(heif_declared_size(b"not a heif file at all"), None);
}

#[tokio::test]
async fn a_heif_pixel_flood_is_refused_before_heif_convert_runs() {
    let flood = heif_declaring(&[(40_000, 40_000)]);
    let refused = heif_to_jpeg("flood.heic", &flood).await.unwrap_err();
    assert!(
        refused.contains("too large (40000×40000 pixels)"),
        "{refused}"
    );
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
