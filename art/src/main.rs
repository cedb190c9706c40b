//! posy-art: draws Posy's demo pictures.
//!
//! Every picture is an SVG document built from simple shapes, rendered with
//! resvg and written as JPEG. Nothing is random between runs: each picture's
//! irregularities come from a generator seeded by its own name, so running
//! the tool again rewrites the very same bytes.
//!
//! Usage: posy-art [OUTPUT_DIR]   (default: server/demo/media)

mod flowers;
mod foliage;
mod scenes;
mod svg;
mod vessels;
mod wrapping;

use std::path::{Path, PathBuf};
use std::time::Instant;

use resvg::{tiny_skia, usvg};

pub const PRODUCTS: &[&str] = &[
    "peony-posy",
    "wildflower-meadow",
    "the-bedminster",
    "garden-rose-hand-tie",
    "sunflower-bunch",
    "white-lily-sympathy",
    "sympathy-basket",
    "christmas-door-wreath",
    "winter-berry-bouquet",
    "dried-flower-posy",
    "florists-choice",
    "potted-orchid",
    "soy-candle",
    "greeting-card",
    "bud-vase",
];

pub const PAGES: &[&str] = &[
    "hero",
    "gallery-1",
    "gallery-2",
    "gallery-3",
    "gallery-4",
    "gallery-5",
    "gallery-6",
];

/// Renders an SVG document to RGB bytes at its own size.
fn rasterise(svg: &str) -> Result<(Vec<u8>, u32, u32), String> {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).map_err(|e| e.to_string())?;
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).ok_or("empty picture")?;
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    // Every picture paints an opaque background first, so alpha is always 255
    // and the premultiplied channels are the real colours.
    let rgb = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    Ok((rgb, size.width(), size.height()))
}

fn write_jpeg(path: &Path, rgb: &[u8], w: u32, h: u32, quality: u8) -> Result<usize, String> {
    let mut out = Vec::new();
    let enc = jpeg_encoder::Encoder::new(&mut out, quality);
    enc.encode(rgb, w as u16, h as u16, jpeg_encoder::ColorType::Rgb)
        .map_err(|e| e.to_string())?;
    std::fs::write(path, &out).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(out.len())
}

fn make(dir: &Path, name: &str, svg: Option<String>, quality: u8) -> Result<(), String> {
    let started = Instant::now();
    let svg = svg.ok_or_else(|| format!("no drawing for {name}"))?;
    if std::env::var_os("POSY_ART_SVG").is_some() {
        std::fs::write(dir.join(format!("{name}.svg")), &svg).map_err(|e| e.to_string())?;
    }
    let (rgb, w, h) = rasterise(&svg).map_err(|e| format!("{name}: {e}"))?;
    let path = dir.join(format!("{name}.jpg"));
    let bytes = write_jpeg(&path, &rgb, w, h, quality)?;
    println!(
        "{:<40} {w}x{h} {:>4} KB  {:>5} ms",
        path.display(),
        bytes / 1024,
        started.elapsed().as_millis()
    );
    Ok(())
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = PathBuf::from(
        args.first()
            .map(String::as_str)
            .unwrap_or("server/demo/media"),
    );
    // An optional second argument renders only the pictures whose names contain it.
    let only = args.get(1).cloned().unwrap_or_default();
    let products = root.join("products");
    let pages = root.join("pages");
    std::fs::create_dir_all(&products).map_err(|e| e.to_string())?;
    std::fs::create_dir_all(&pages).map_err(|e| e.to_string())?;
    let started = Instant::now();
    for slug in PRODUCTS.iter().filter(|n| n.contains(&only)) {
        make(&products, slug, scenes::product(slug), 80)?;
    }
    for name in PAGES.iter().filter(|n| n.contains(&only)) {
        make(&pages, name, scenes::page(name), 78)?;
    }
    println!("done in {:.1} s", started.elapsed().as_secs_f64());
    Ok(())
}

fn main() {
    if let Err(e) = run() {
        eprintln!("posy-art: {e}");
        std::process::exit(1);
    }
}
