//! Files the upload tests send: pictures made here, and files made by command-line tools.

use std::io::Cursor;
use std::process::Command;

/// A 2400×1600 JPEG carrying an EXIF segment with a GPS position.
pub fn jpeg_with_gps() -> Vec<u8> {
    let mut jpeg = Vec::new();
    image::DynamicImage::new_rgb8(2400, 1600)
        .write_to(&mut Cursor::new(&mut jpeg), image::ImageFormat::Jpeg)
        .unwrap();
    // An APP1 Exif segment naming a GPS position, right after the start-of-image marker.
    let mut exif =
        b"Exif\0\0MM\0\x2a\0\0\0\x08\0\x01\x88\x25\0\x04\0\0\0\x01\0\0\0\x1aGPS 51.4127N 2.5545W"
            .to_vec();
    exif.resize(exif.len() + 8, 0);
    let mut segment = vec![0xFF, 0xE1];
    segment.extend(((exif.len() + 2) as u16).to_be_bytes());
    segment.extend(exif);
    let mut out = jpeg[..2].to_vec();
    out.extend(segment);
    out.extend(&jpeg[2..]);
    out
}

/// An 800×600 PNG.
pub fn png() -> Vec<u8> {
    let mut out = Vec::new();
    image::DynamicImage::new_rgb8(800, 600)
        .write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png)
        .unwrap();
    out
}

/// A file made by a command-line tool into a temporary folder.
pub fn made_by(tool: &str, args: &[&str], output: &str, input: Option<(&str, &[u8])>) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    if let Some((name, bytes)) = input {
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    let status = Command::new(tool)
        .current_dir(dir.path())
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{tool} is installed by scripts/setup.sh: {e}"));
    assert!(
        status.status.success(),
        "{tool}: {}",
        String::from_utf8_lossy(&status.stderr)
    );
    std::fs::read(dir.path().join(output)).unwrap()
}

/// A PNG of `width`×`height` pixels of noise, which no compression shrinks: about three bytes a
/// pixel.
pub fn noisy_png(width: u32, height: u32) -> Vec<u8> {
    let mut seed = 0x2545_f491_u32;
    let picture = image::RgbImage::from_fn(width, height, |_, _| {
        let mut byte = || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed as u8
        };
        image::Rgb([byte(), byte(), byte()])
    });
    let mut out = Vec::new();
    picture
        .write_to(&mut Cursor::new(&mut out), image::ImageFormat::Png)
        .unwrap();
    out
}
