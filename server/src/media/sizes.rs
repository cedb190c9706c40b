//! A picture's page sizes, made without holding more than the decoded picture itself: the
//! largest size is shrunk straight from it by averaging areas in integer maths (no float copy of
//! a 12-megapixel picture), each smaller size from the one before, and a phone's rotation is
//! applied to the small results rather than to the full picture.

use image::codecs::jpeg::JpegEncoder;
use image::metadata::Orientation;
use image::{DynamicImage, RgbImage};

/// The widths a picture is kept in; the largest is its `file_url`.
pub const WIDTHS: [u32; 3] = [480, 960, 1600];

/// What each size is encoded as.
const JPEG_QUALITY: u8 = 82;

/// A picture in its page sizes: its upright size as kept and each size (smallest first).
pub struct Sizes {
    pub width: u32,
    pub height: u32,
    pub sizes: Vec<Size>,
}

/// One page size of a picture: its JPEG, and its upright pixels for the WebP (made by
/// [`super::pictures::webp`] outside this blocking work).
pub struct Size {
    pub width: u32,
    pub jpeg: Vec<u8>,
    pub upright: RgbImage,
}

/// Shrinks `raw` (as decoded, before `orientation`) into [`WIDTHS`], never enlarging: a
/// picture narrower than a width is kept at its own width, as the last size.
pub fn page_sizes(raw: RgbImage, orientation: Orientation) -> Result<Sizes, image::ImageError> {
    let turned = turned(orientation);
    // The upright width decides the sizes; shrinking happens on the raw picture.
    let (upright_w, upright_h) = if turned {
        (raw.height(), raw.width())
    } else {
        (raw.width(), raw.height())
    };
    let mut widths: Vec<u32> = WIDTHS.into_iter().filter(|&w| w < upright_w).collect();
    if widths.len() < WIDTHS.len() {
        widths.push(upright_w);
    }
    let mut sizes = Vec::with_capacity(widths.len());
    let mut current = raw;
    for &target in widths.iter().rev() {
        let target_h = scaled(upright_h, target, upright_w);
        let (w, h) = if turned {
            (target_h, target)
        } else {
            (target, target_h)
        };
        if (w, h) != current.dimensions() {
            current = shrink(&current, w, h);
        }
        let upright = if orientation == Orientation::NoTransforms {
            current.clone()
        } else {
            let mut upright = DynamicImage::ImageRgb8(current.clone());
            upright.apply_orientation(orientation);
            upright.into_rgb8()
        };
        let mut jpeg = Vec::new();
        JpegEncoder::new_with_quality(&mut jpeg, JPEG_QUALITY).encode_image(&upright)?;
        sizes.push(Size {
            width: target,
            jpeg,
            upright,
        });
    }
    sizes.reverse();
    let width = *widths.last().expect("at least one width");
    Ok(Sizes {
        width,
        height: scaled(upright_h, width, upright_w),
        sizes,
    })
}

/// Whether `orientation` turns the picture a quarter: its upright width is then its height.
pub fn turned(orientation: Orientation) -> bool {
    matches!(
        orientation,
        Orientation::Rotate90
            | Orientation::Rotate270
            | Orientation::Rotate90FlipH
            | Orientation::Rotate270FlipH
    )
}

/// `picture` shrunk to `w`×`h` by area averaging: each new pixel is the mean of the part of the
/// picture it covers, edge pixels counted by the fraction covered. Integer maths in two passes
/// (across, then down), so besides the result it holds one picture `w` wide and as high as the
/// original, in bytes: no float copy (image's triangle filter made one four times the result's
/// size), and no aliasing when the sizes are close (image's `thumbnail` gives each source pixel
/// wholly to one new pixel).
pub fn shrink(picture: &RgbImage, w: u32, h: u32) -> RgbImage {
    let (old_w, old_h) = picture.dimensions();
    let across = resample(
        picture.as_raw(),
        old_h as usize,
        old_w as usize,
        w as usize,
        1,
    );
    let down = resample(&across, w as usize, old_h as usize, h as usize, w as usize);
    RgbImage::from_raw(w, h, down).expect("w×h RGB pixels")
}

/// Resamples `lines` lines of `from` RGB pixels each to `to` pixels, by area. A line's pixels
/// are `step` pixels apart and consecutive lines one pixel apart when `step` > 1 (columns of a
/// row-major picture), else lines follow one another (rows).
fn resample(pixels: &[u8], lines: usize, from: usize, to: usize, step: usize) -> Vec<u8> {
    // New pixel i covers [i·from, (i+1)·from) and old pixel j covers [j·to, (j+1)·to), in units
    // of 1/(from·to) of the line: overlaps are whole numbers, and each new pixel covers `from`.
    let mut out = vec![0u8; lines * to * 3];
    let (line_stride, out_line_stride, pixel_step) = if step == 1 {
        (from * 3, to * 3, 3)
    } else {
        (3, 3, step * 3)
    };
    for line in 0..lines {
        let base = line * line_stride;
        let out_base = line * out_line_stride;
        for i in 0..to {
            let (start, end) = (i * from, (i + 1) * from);
            let mut sum = [0u64; 3];
            for j in start / to..end.div_ceil(to).min(from) {
                let covered = (end.min((j + 1) * to) - start.max(j * to)) as u64;
                let at = base + j * pixel_step;
                for c in 0..3 {
                    sum[c] += u64::from(pixels[at + c]) * covered;
                }
            }
            let at = out_base + i * pixel_step;
            let whole = from as u64;
            for c in 0..3 {
                out[at + c] = ((sum[c] + whole / 2) / whole) as u8;
            }
        }
    }
    out
}

/// `length` scaled by `to / from`, rounded, at least 1.
pub fn scaled(length: u32, to: u32, from: u32) -> u32 {
    let from = u64::from(from.max(1));
    ((u64::from(length) * u64::from(to) + from / 2) / from).max(1) as u32
}
