//! posy-art: draws Posy's demo pictures.
//!
//! Every picture is an SVG document built from simple shapes, rendered with
//! resvg at its own size and at the shop's smaller page widths, and written
//! as JPEG and as lossy WebP (by libwebp's `cwebp`). Nothing is random between runs: each picture's
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

/// The shop's page widths below a demo picture's own (the server's `gallery::sizes::WIDTHS`
/// are 480, 960 and 1600, never enlarged): each picture is also drawn at these, named
/// `NAME-480.jpg` and `NAME-960.jpg`, its own size staying `NAME.jpg`.
const SMALLER_WIDTHS: [u32; 2] = [480, 960];

/// How lossy the WebPs are, as the server makes them for uploads (`gallery::pictures`).
const WEBP_QUALITY: &str = "78";

/// Renders an SVG document to RGB bytes, `width` pixels wide (its own size when `None`).
fn rasterise(tree: &usvg::Tree, width: Option<u32>) -> Result<(Vec<u8>, u32, u32), String> {
    let size = tree.size().to_int_size();
    let (w, h, transform) = match width {
        None => (size.width(), size.height(), tiny_skia::Transform::default()),
        Some(w) => {
            let scale = w as f32 / size.width() as f32;
            let h = (size.height() as f32 * scale).round() as u32;
            (w, h, tiny_skia::Transform::from_scale(scale, scale))
        }
    };
    let mut pixmap = tiny_skia::Pixmap::new(w, h).ok_or("empty picture")?;
    resvg::render(tree, transform, &mut pixmap.as_mut());
    // Every picture paints an opaque background first, so alpha is always 255
    // and the premultiplied channels are the real colours.
    let rgb = pixmap
        .data()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    Ok((rgb, w, h))
}

/// Writes the lossy WebP of the pixels beside their JPEG (`.jpg` → `.webp`, core's
/// `media::webp_path`), by libwebp's `cwebp` (package `webp`) reading a PPM on its input.
fn write_webp(jpeg_path: &Path, rgb: &[u8], w: u32, h: u32) -> Result<usize, String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let path = jpeg_path.with_extension("webp");
    let mut child = Command::new("cwebp")
        .args(["-quiet", "-q", WEBP_QUALITY, "-metadata", "none", "-o"])
        .arg(&path)
        .args(["--", "-"])
        .stdin(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cwebp (apt-get install webp): {e}"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    stdin
        .write_all(format!("P6\n{w} {h}\n255\n").as_bytes())
        .and_then(|()| stdin.write_all(rgb))
        .map_err(|e| e.to_string())?;
    drop(stdin);
    let status = child.wait().map_err(|e| e.to_string())?;
    if !status.success() {
        return Err(format!("cwebp failed for {}", path.display()));
    }
    std::fs::metadata(&path)
        .map(|m| m.len() as usize)
        .map_err(|e| e.to_string())
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
    let tree = usvg::Tree::from_str(&svg, &usvg::Options::default())
        .map_err(|e| format!("{name}: {e}"))?;
    let sizes = SMALLER_WIDTHS
        .iter()
        .map(|&w| (Some(w), format!("{name}-{w}")));
    for (width, file) in sizes.chain([(None, name.to_owned())]) {
        let (rgb, w, h) = rasterise(&tree, width).map_err(|e| format!("{name}: {e}"))?;
        let path = dir.join(format!("{file}.jpg"));
        let jpeg = write_jpeg(&path, &rgb, w, h, quality)?;
        let webp = write_webp(&path, &rgb, w, h)?;
        println!(
            "{:<44} {w}x{h} JPEG {:>4} KB  WebP {:>4} KB",
            path.display(),
            jpeg / 1024,
            webp / 1024,
        );
    }
    println!("{name}: {} ms", started.elapsed().as_millis());
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
