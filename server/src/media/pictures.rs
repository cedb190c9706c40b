//! What an uploaded file is, and what a picture becomes. The kind of a file is decided by its
//! content (magic bytes), never by its name or declared type. Pictures are decoded within size
//! and pixel limits, turned upright, and re-encoded as JPEG in the sizes the pages use (so EXIF,
//! and with it a phone's GPS position, is gone), each size also as a lossy WebP by libwebp's
//! `cwebp`; HEIC and AVIF go through libheif's `heif-convert` first. Videos go to the
//! [`super::video`] worker.

use std::io::Cursor;

use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits, RgbImage};
use jpeg_decoder::PixelFormat;
use tokio::process::Command;

use super::sizes;

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

/// The media types the shop takes, as its content shows them, and the kind each is.
pub const KINDS: [(&str, Kind); 11] = [
    ("image/jpeg", Kind::Picture(ImageFormat::Jpeg)),
    ("image/png", Kind::Picture(ImageFormat::Png)),
    ("image/webp", Kind::Picture(ImageFormat::WebP)),
    ("image/gif", Kind::Picture(ImageFormat::Gif)),
    ("image/heif", Kind::Heif),
    ("image/heic", Kind::Heif),
    ("image/avif", Kind::Heif),
    ("video/mp4", Kind::Video),
    ("video/quicktime", Kind::Video),
    ("video/webm", Kind::Video),
    ("video/x-m4v", Kind::Video),
];

/// The media types the shop takes: pictures, and videos too when `videos`.
pub fn media_types(videos: bool) -> Vec<&'static str> {
    KINDS
        .iter()
        .filter(|(_, kind)| videos || *kind != Kind::Video)
        .map(|(media_type, _)| *media_type)
        .collect()
}

/// The kind of a file from its content, or why it is refused (a sentence naming the file).
pub fn classify(name: &str, head: &[u8]) -> Result<Kind, String> {
    let found = infer::get(head).map(|t| t.mime_type());
    KINDS
        .iter()
        .find(|(media_type, _)| found == Some(*media_type))
        .map(|(_, kind)| *kind)
        .ok_or_else(|| {
            format!(
                "{name} is not a picture or video we can use. Please upload JPEG, PNG, WebP, GIF, \
                 AVIF or HEIC pictures, or MP4, MOV or WebM videos."
            )
        })
}

/// Decodes, turns upright and re-encodes a picture in [`sizes::WIDTHS`] (never enlarged):
/// its size and each width's JPEG and pixels (the largest last).
pub fn prepare_picture(
    name: &str,
    bytes: &[u8],
    format: ImageFormat,
) -> Result<sizes::Sizes, String> {
    let unreadable = || format!("{name} could not be read as a picture. Is the file complete?");
    let mut limits = Limits::default();
    limits.max_image_width = Some(20_000);
    limits.max_image_height = Some(20_000);
    limits.max_alloc = Some(1 << 30);
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    reader.limits(limits.clone());
    let (w, h) = reader.into_dimensions().map_err(|_| unreadable())?;
    if u64::from(w) * u64::from(h) > MAX_PIXELS {
        return Err(too_many_pixels(name, w, h));
    }
    let (picture, orientation) = if format == ImageFormat::Jpeg {
        decode_jpeg_scaled(bytes).ok_or_else(unreadable)?
    } else {
        let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
        reader.limits(limits);
        let mut decoder = reader.into_decoder().map_err(|_| unreadable())?;
        let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
        let picture = DynamicImage::from_decoder(decoder).map_err(|_| unreadable())?;
        (picture.into_rgb8(), orientation)
    };
    sizes::page_sizes(picture, orientation).map_err(|_| unreadable())
}

/// How lossy the WebPs are: 78 keeps flowers' petals and paper grain looking as the JPEG's
/// (quality 82) do, at about half their bytes.
const WEBP_QUALITY: &str = "78";

/// How long `cwebp` may take over one size.
const WEBP_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(30);

/// A picture's lossy WebP, made by libwebp's `cwebp` (the image crate writes only lossless
/// WebP, larger than the JPEG for photographs). Its pixels go in as a PPM on standard input
/// and the WebP comes back on standard output: no temporary files, no metadata.
pub async fn webp(picture: &RgbImage) -> anyhow::Result<Vec<u8>> {
    use tokio::io::AsyncWriteExt;
    let (w, h) = picture.dimensions();
    let mut ppm = format!("P6\n{w} {h}\n255\n").into_bytes();
    ppm.extend_from_slice(picture.as_raw());
    let mut child = Command::new("cwebp")
        .args([
            "-quiet",
            "-q",
            WEBP_QUALITY,
            "-metadata",
            "none",
            "-o",
            "-",
            "--",
            "-",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()?;
    let mut stdin = child.stdin.take().expect("piped");
    let feed = async move {
        stdin.write_all(&ppm).await?;
        // Closing it tells cwebp the picture is complete.
        drop(stdin);
        Ok::<_, std::io::Error>(())
    };
    let run = async { tokio::try_join!(feed, child.wait_with_output()) };
    let (_, output) = tokio::time::timeout(WEBP_TIME_LIMIT, run)
        .await
        .map_err(|_| anyhow::anyhow!("cwebp stopped after {} s", WEBP_TIME_LIMIT.as_secs()))??;
    anyhow::ensure!(
        output.status.success() && output.stdout.starts_with(b"RIFF"),
        "cwebp failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    Ok(output.stdout)
}

/// The most memory a JPEG's decoding may take.
const MAX_JPEG_DECODING_BYTES: usize = 64 * 1024 * 1024;

/// Decodes a JPEG at the smallest of its full size, ½, ¼ and ⅛ (the decoder scales as it
/// decodes) that still gives the largest page width, with its EXIF orientation: a
/// 50-megapixel photo then takes about 9 MB decoded instead of 150 MB. `None` when it cannot
/// be read.
fn decode_jpeg_scaled(bytes: &[u8]) -> Option<(RgbImage, Orientation)> {
    // The decoder panics on a few malformed headers; such a file is unreadable, not a failure.
    std::panic::catch_unwind(|| {
        let mut decoder = jpeg_decoder::Decoder::new(Cursor::new(bytes));
        decoder.set_max_decoding_buffer_size(MAX_JPEG_DECODING_BYTES);
        decoder.read_info().ok()?;
        // The EXIF segment comes before the frame header, so it has been read by now.
        let orientation = decoder
            .exif_data()
            .and_then(Orientation::from_exif_chunk)
            .unwrap_or(Orientation::NoTransforms);
        let full = decoder.info()?;
        let widest = u16::try_from(sizes::WIDTHS[sizes::WIDTHS.len() - 1]).ok()?;
        // Only the axis that becomes the upright width must stay at least the widest size
        // (or whole, if it is narrower); u16::MAX asks nothing of the other.
        let wanted = if sizes::turned(orientation) {
            (u16::MAX, widest.min(full.height))
        } else {
            (widest.min(full.width), u16::MAX)
        };
        decoder.scale(wanted.0, wanted.1).ok()?;
        let pixels = decoder.decode().ok()?;
        let info = decoder.info()?;
        let (w, h) = (u32::from(info.width), u32::from(info.height));
        let rgb = match info.pixel_format {
            PixelFormat::RGB24 => pixels,
            PixelFormat::L8 => pixels.iter().flat_map(|&l| [l, l, l]).collect(),
            PixelFormat::L16 => pixels
                .chunks_exact(2)
                .flat_map(|l| [l[0], l[0], l[0]])
                .collect(),
            PixelFormat::CMYK32 => pixels
                .chunks_exact(4)
                .flat_map(|p| {
                    // Print files: each of red, green and blue is what cyan, magenta or yellow
                    // and black leave of the paper (as the image crate used to convert them).
                    let k = 255 - u16::from(p[3]);
                    [0, 1, 2].map(|i| ((255 - u16::from(p[i])) * k / 255) as u8)
                })
                .collect(),
        };
        Some((RgbImage::from_raw(w, h, rgb)?, orientation))
    })
    .ok()
    .flatten()
}

fn too_many_pixels(name: &str, w: u32, h: u32) -> String {
    format!(
        "{name} is too large ({w}×{h} pixels). Please upload pictures of at most {} megapixels.",
        MAX_PIXELS / 1_000_000
    )
}

/// How long `heif-convert` may take over one picture.
const HEIF_TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(60);

/// The largest picture a HEIF file declares (its `ispe` properties), without decoding it;
/// `None` when the file has no readable box structure.
pub fn heif_declared_size(bytes: &[u8]) -> Option<(u32, u32)> {
    let mut largest = None;
    // meta → iprp → ipco holds the item properties, `ispe` among them.
    let meta = boxes(bytes).find(|(kind, _)| kind == b"meta")?.1;
    let iprp = boxes(meta.get(4..)?).find(|(kind, _)| kind == b"iprp")?.1;
    let ipco = boxes(iprp).find(|(kind, _)| kind == b"ipco")?.1;
    for (kind, body) in boxes(ipco) {
        if &kind == b"ispe" && body.len() >= 12 {
            let w = u32::from_be_bytes(body[4..8].try_into().ok()?);
            let h = u32::from_be_bytes(body[8..12].try_into().ok()?);
            if largest.is_none_or(|(lw, lh): (u32, u32)| {
                u64::from(w) * u64::from(h) > u64::from(lw) * u64::from(lh)
            }) {
                largest = Some((w, h));
            }
        }
    }
    largest
}

/// The ISO-BMFF boxes in `bytes`: each one's type and body, until one does not fit.
fn boxes(mut bytes: &[u8]) -> impl Iterator<Item = ([u8; 4], &[u8])> {
    std::iter::from_fn(move || {
        let size = u32::from_be_bytes(bytes.get(0..4)?.try_into().ok()?) as usize;
        let kind: [u8; 4] = bytes.get(4..8)?.try_into().ok()?;
        let (header, size) = match size {
            0 => (8, bytes.len()),
            1 => (
                16,
                usize::try_from(u64::from_be_bytes(bytes.get(8..16)?.try_into().ok()?)).ok()?,
            ),
            n => (8, n),
        };
        let body = bytes.get(header..size)?;
        bytes = &bytes[size..];
        Some((kind, body))
    })
}

/// HEIC, HEIF or AVIF to JPEG bytes through libheif's `heif-convert`.
pub async fn heif_to_jpeg(name: &str, bytes: &[u8]) -> Result<Vec<u8>, String> {
    let failed =
        || format!("{name} could not be converted. Please export it as JPEG and try again.");
    // libheif decodes the whole picture at once: a pixel flood is refused by what it declares.
    let (w, h) = heif_declared_size(bytes).ok_or_else(failed)?;
    if u64::from(w) * u64::from(h) > MAX_PIXELS {
        return Err(too_many_pixels(name, w, h));
    }
    let dir = tempfile::tempdir().map_err(|_| failed())?;
    let input = dir.path().join("in.heic");
    let output = dir.path().join("out.jpg");
    tokio::fs::write(&input, bytes)
        .await
        .map_err(|_| failed())?;
    let mut convert = Command::new("heif-convert");
    convert.arg("-q").arg("92").arg(&input).arg(&output);
    let status = super::video::limited(&mut convert, HEIF_TIME_LIMIT)
        .await
        .map_err(|err| {
            tracing::error!(%err, "heif-convert failed to run (is libheif-examples installed?)");
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
