//! `posy_server::media::sizes`'s own tests (they were its `mod tests`).

use image::RgbImage;
use image::metadata::Orientation;
use posy_server::media::sizes::*;

fn dimensions(jpeg: &[u8]) -> (u32, u32) {
    let picture = image::load_from_memory(jpeg).unwrap();
    (picture.width(), picture.height())
}

#[test]
fn a_large_picture_gets_every_width_smallest_first() {
    let sizes = page_sizes(RgbImage::new(4000, 3000), Orientation::NoTransforms).unwrap();
    let got: Vec<(u32, (u32, u32))> = sizes
        .sizes
        .iter()
        .map(|s| (s.width, dimensions(&s.jpeg)))
        .collect();
    assert_eq!(
        got,
        [(480, (480, 360)), (960, (960, 720)), (1600, (1600, 1200))]
    );
    assert_eq!((sizes.width, sizes.height), (1600, 1200));
}

#[test]
fn shrinking_averages_the_area_each_new_pixel_covers() {
    // Halving: each new pixel is the mean of a 2×2 block.
    let mut picture = RgbImage::new(4, 2);
    for (x, value) in [0u8, 100, 200, 50].into_iter().enumerate() {
        for y in 0..2 {
            picture.put_pixel(x as u32, y, image::Rgb([value, 255 - value, 7]));
        }
    }
    let half = shrink(&picture, 2, 1);
    assert_eq!(half.get_pixel(0, 0).0, [50, 205, 7]);
    assert_eq!(half.get_pixel(1, 0).0, [125, 130, 7]);
    // 5 → 4: each new pixel covers 1¼ old ones; the first all of old 0 and ¼ of old 1,
    // the second ¾ of old 1 and ½ of old 2, and so on.
    let mut row = RgbImage::new(5, 1);
    for (x, value) in [0u8, 80, 160, 240, 40].into_iter().enumerate() {
        row.put_pixel(x as u32, 0, image::Rgb([value; 3]));
    }
    let shrunk = shrink(&row, 4, 1);
    let got: Vec<u8> = shrunk.pixels().map(|p| p[0]).collect();
    assert_eq!(got, [16, 112, 208, 80]);
}

#[test]
fn an_even_colour_stays_even_whatever_the_ratio() {
    let picture = RgbImage::from_pixel(1999, 1333, image::Rgb([180, 40, 90]));
    let shrunk = shrink(&picture, 1600, 1067);
    assert!(shrunk.pixels().all(|p| p.0 == [180, 40, 90]));
}

#[test]
fn a_small_picture_is_never_enlarged() {
    let sizes = page_sizes(RgbImage::new(600, 400), Orientation::NoTransforms).unwrap();
    let widths: Vec<u32> = sizes.sizes.iter().map(|s| s.width).collect();
    assert_eq!(widths, [480, 600]);
    assert_eq!((sizes.width, sizes.height), (600, 400));
    let exact = page_sizes(RgbImage::new(1600, 900), Orientation::NoTransforms).unwrap();
    let widths: Vec<u32> = exact.sizes.iter().map(|s| s.width).collect();
    assert_eq!(widths, [480, 960, 1600]);
}

#[test]
fn a_phone_picture_taken_upright_is_sized_and_kept_upright() {
    // Stored 4000×3000 with "turn 90°": upright it is 3000 wide and 4000 high.
    let sizes = page_sizes(RgbImage::new(4000, 3000), Orientation::Rotate90).unwrap();
    assert_eq!((sizes.width, sizes.height), (1600, 2133));
    assert_eq!(dimensions(&sizes.sizes[2].jpeg), (1600, 2133));
    assert_eq!(dimensions(&sizes.sizes[0].jpeg), (480, 640));
    assert_eq!(sizes.sizes[0].upright.dimensions(), (480, 640));
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
    let upright = image::load_from_memory(&sizes.sizes[0].jpeg)
        .unwrap()
        .to_rgb8();
    assert_eq!(upright.dimensions(), (100, 200));
    assert!(upright.get_pixel(98, 100)[0] > 200, "red on the right");
    assert!(upright.get_pixel(1, 100)[0] < 60, "not on the left");
}
