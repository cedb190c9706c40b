//! A picture's page sizes, made without holding more than the decoded picture itself: the
//! largest size is shrunk straight from it by averaging areas in integer maths (no float copy of
//! a 12-megapixel picture), each smaller size from the one before, and a phone's rotation is
//! applied to the small results rather than to the full picture.

use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use image::metadata::Orientation;
use image::{DynamicImage, RgbImage};

/// The widths a picture is kept in; the largest is its `file_url`.
pub const WIDTHS: [u32; 3] = [480, 960, 1600];

/// What each size is encoded as.
const JPEG_QUALITY: u8 = 82;

/// A picture in its page sizes: its upright size as kept and each size's JPEG (smallest first).
pub struct Sizes {
    pub width: u32,
    pub height: u32,
    pub jpegs: Vec<(u32, Vec<u8>)>,
}

/// Shrinks `raw` (as decoded, before `orientation`) into [`WIDTHS`], never enlarging: a
/// picture narrower than a width is kept at its own width, as the last size.
pub fn page_sizes(raw: RgbImage, orientation: Orientation) -> Result<Sizes, image::ImageError> {
    let turned = matches!(
        orientation,
        Orientation::Rotate90
            | Orientation::Rotate270
            | Orientation::Rotate90FlipH
            | Orientation::Rotate270FlipH
    );
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
    let mut jpegs = Vec::with_capacity(widths.len());
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
        let mut jpeg = Vec::new();
        let mut encoder = JpegEncoder::new_with_quality(&mut jpeg, JPEG_QUALITY);
        if orientation == Orientation::NoTransforms {
            encoder.encode_image(&current)?;
        } else {
            let mut upright = DynamicImage::ImageRgb8(current.clone());
            upright.apply_orientation(orientation);
            encoder.encode_image(&upright)?;
        }
        jpegs.push((target, jpeg));
    }
    jpegs.reverse();
    let width = *widths.last().expect("at least one width");
    Ok(Sizes {
        width,
        height: scaled(upright_h, width, upright_w),
        jpegs,
    })
}

/// `picture` at `w`×`h`: by area averaging when it at least halves (fast, integer, no float
/// buffer), else by a triangle filter (the float buffer is then no larger than the result).
fn shrink(picture: &RgbImage, w: u32, h: u32) -> RgbImage {
    if picture.width() >= 2 * w {
        image::imageops::thumbnail(picture, w, h)
    } else {
        image::imageops::resize(picture, w, h, FilterType::Triangle)
    }
}

/// `length` scaled by `to / from`, rounded, at least 1.
pub fn scaled(length: u32, to: u32, from: u32) -> u32 {
    let from = u64::from(from.max(1));
    ((u64::from(length) * u64::from(to) + from / 2) / from).max(1) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dimensions(jpeg: &[u8]) -> (u32, u32) {
        let picture = image::load_from_memory(jpeg).unwrap();
        (picture.width(), picture.height())
    }

    #[test]
    fn a_large_picture_gets_every_width_smallest_first() {
        let sizes = page_sizes(RgbImage::new(4000, 3000), Orientation::NoTransforms).unwrap();
        let got: Vec<(u32, (u32, u32))> = sizes
            .jpegs
            .iter()
            .map(|(w, jpeg)| (*w, dimensions(jpeg)))
            .collect();
        assert_eq!(
            got,
            [(480, (480, 360)), (960, (960, 720)), (1600, (1600, 1200))]
        );
        assert_eq!((sizes.width, sizes.height), (1600, 1200));
    }

    #[test]
    fn a_small_picture_is_never_enlarged() {
        let sizes = page_sizes(RgbImage::new(600, 400), Orientation::NoTransforms).unwrap();
        let widths: Vec<u32> = sizes.jpegs.iter().map(|s| s.0).collect();
        assert_eq!(widths, [480, 600]);
        assert_eq!((sizes.width, sizes.height), (600, 400));
        let exact = page_sizes(RgbImage::new(1600, 900), Orientation::NoTransforms).unwrap();
        let widths: Vec<u32> = exact.jpegs.iter().map(|s| s.0).collect();
        assert_eq!(widths, [480, 960, 1600]);
    }

    #[test]
    fn a_phone_picture_taken_upright_is_sized_and_kept_upright() {
        // Stored 4000×3000 with "turn 90°": upright it is 3000 wide and 4000 high.
        let sizes = page_sizes(RgbImage::new(4000, 3000), Orientation::Rotate90).unwrap();
        assert_eq!((sizes.width, sizes.height), (1600, 2133));
        assert_eq!(dimensions(&sizes.jpegs[2].1), (1600, 2133));
        assert_eq!(dimensions(&sizes.jpegs[0].1), (480, 640));
    }

    #[test]
    fn rotation_keeps_what_is_at_the_top() {
        // A red top row in the stored picture; turned 90° clockwise it becomes the right edge.
        let mut raw = RgbImage::new(200, 100);
        for x in 0..200 {
            for y in 0..10 {
                raw.put_pixel(x, y, image::Rgb([255, 0, 0]));
            }
        }
        let sizes = page_sizes(raw, Orientation::Rotate90).unwrap();
        let upright = image::load_from_memory(&sizes.jpegs[0].1)
            .unwrap()
            .to_rgb8();
        assert_eq!(upright.dimensions(), (100, 200));
        assert!(upright.get_pixel(98, 100)[0] > 200, "red on the right");
        assert!(upright.get_pixel(1, 100)[0] < 60, "not on the left");
    }
}
