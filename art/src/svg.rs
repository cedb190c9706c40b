//! A tiny SVG string builder plus the colour and random helpers every motif uses.
//!
//! Everything is built as text and handed to resvg, so the drawing code stays
//! plain `format!` calls. Gradients are cached by their parameters: flowers of
//! the same colour share one definition, which keeps the documents small.

use std::collections::HashMap;
use std::fmt::Write;

/// An sRGB colour. Mixing happens in plain sRGB, which is good enough for
/// soft illustration tints.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    pub const fn hex(v: u32) -> Rgb {
        Rgb((v >> 16) as u8, (v >> 8) as u8, v as u8)
    }

    pub fn mix(self, o: Rgb, t: f64) -> Rgb {
        let m = |a: u8, b: u8| {
            (a as f64 + (b as f64 - a as f64) * t)
                .round()
                .clamp(0.0, 255.0) as u8
        };
        Rgb(m(self.0, o.0), m(self.1, o.1), m(self.2, o.2))
    }

    pub fn lighten(self, t: f64) -> Rgb {
        self.mix(Rgb(255, 253, 248), t)
    }

    /// Darkens towards a green-charcoal rather than black, so shadows stay warm.
    pub fn darken(self, t: f64) -> Rgb {
        self.mix(Rgb(31, 36, 30), t)
    }

    pub fn css(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

/// One gradient stop: offset (0..1), colour, opacity.
pub type Stop = (f64, Rgb, f64);

pub struct Svg {
    pub w: f64,
    pub h: f64,
    /// Greenery keeps right of this x, leaving room for a heading on the left.
    pub keep_left: f64,
    defs: String,
    body: String,
    cache: HashMap<String, String>,
    next: usize,
}

impl Svg {
    pub fn new(w: f64, h: f64) -> Svg {
        Svg {
            w,
            h,
            keep_left: 0.0,
            defs: String::new(),
            body: String::new(),
            cache: HashMap::new(),
            next: 0,
        }
    }

    /// A fresh id for a definition.
    pub fn id(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("{prefix}{}", self.next)
    }

    pub fn add(&mut self, s: &str) {
        self.body.push_str(s);
        self.body.push('\n');
    }

    pub fn def(&mut self, s: &str) {
        self.defs.push_str(s);
        self.defs.push('\n');
    }

    fn stops(stops: &[Stop]) -> String {
        let mut out = String::new();
        for (o, c, a) in stops {
            let _ = write!(
                out,
                "<stop offset=\"{o:.3}\" stop-color=\"{}\" stop-opacity=\"{a:.3}\"/>",
                c.css()
            );
        }
        out
    }

    /// Linear gradient in the shape's own bounding box (0..1 coordinates).
    /// Returns a `url(#id)` paint.
    pub fn lin(&mut self, stops: &[Stop], x1: f64, y1: f64, x2: f64, y2: f64) -> String {
        let key = format!("L{stops:?}{x1}{y1}{x2}{y2}");
        if let Some(u) = self.cache.get(&key) {
            return u.clone();
        }
        let id = self.id("g");
        let body = format!(
            "<linearGradient id=\"{id}\" x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\">{}</linearGradient>",
            Self::stops(stops)
        );
        self.def(&body);
        let url = format!("url(#{id})");
        self.cache.insert(key, url.clone());
        url
    }

    /// Radial gradient in the shape's own bounding box, with a focal point
    /// so petals and berries can catch light off-centre.
    pub fn rad(&mut self, stops: &[Stop], cx: f64, cy: f64, r: f64, fx: f64, fy: f64) -> String {
        let key = format!("R{stops:?}{cx}{cy}{r}{fx}{fy}");
        if let Some(u) = self.cache.get(&key) {
            return u.clone();
        }
        let id = self.id("g");
        let body = format!(
            "<radialGradient id=\"{id}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fx=\"{fx}\" fy=\"{fy}\">{}</radialGradient>",
            Self::stops(stops)
        );
        self.def(&body);
        let url = format!("url(#{id})");
        self.cache.insert(key, url.clone());
        url
    }

    /// A soft round shadow or glow: an ellipse whose gradient fades to nothing.
    /// Cheaper than a blur filter and just as calm.
    pub fn soft_ellipse(&mut self, cx: f64, cy: f64, rx: f64, ry: f64, c: Rgb, alpha: f64) {
        let g = self.rad(
            &[(0.0, c, alpha), (0.55, c, alpha * 0.55), (1.0, c, 0.0)],
            0.5,
            0.5,
            0.5,
            0.5,
            0.5,
        );
        self.add(&format!(
            "<ellipse cx=\"{cx:.1}\" cy=\"{cy:.1}\" rx=\"{rx:.1}\" ry=\"{ry:.1}\" fill=\"{g}\"/>"
        ));
    }

    pub fn finish(self) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\"><defs>{d}</defs>{b}</svg>",
            w = self.w,
            h = self.h,
            d = self.defs,
            b = self.body
        )
    }
}

/// SplitMix64 seeded from an FNV-1a hash of the picture's name: every picture
/// gets its own stable stream of numbers without any extra crate.
pub struct Rng(u64);

impl Rng {
    pub fn from_name(name: &str) -> Rng {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in name.bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        Rng(h)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    pub fn f(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    pub fn range(&mut self, a: f64, b: f64) -> f64 {
        a + (b - a) * self.f()
    }

    /// `v` plus or minus up to `amt`.
    pub fn jit(&mut self, v: f64, amt: f64) -> f64 {
        v + self.range(-amt, amt)
    }

    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[(self.next_u64() % xs.len() as u64) as usize]
    }

    /// A child generator, so adding a motif does not shift every later one.
    pub fn fork(&mut self) -> Rng {
        Rng(self.next_u64())
    }
}

/// Direction of an angle in degrees, 0 = straight up, clockwise positive
/// (the same sense as SVG's `rotate`).
pub fn dir(deg: f64) -> (f64, f64) {
    let a = deg.to_radians();
    (a.sin(), -a.cos())
}

/// A quadratic curve for stems: leaves and buds are placed along it.
#[derive(Clone, Copy)]
pub struct Curve {
    pub p0: (f64, f64),
    pub p1: (f64, f64),
    pub p2: (f64, f64),
}

impl Curve {
    /// From `start`, heading `deg` for `len`, bending by `bend` degrees by the tip.
    pub fn from_angle(start: (f64, f64), deg: f64, len: f64, bend: f64) -> Curve {
        let (dx, dy) = dir(deg);
        let p1 = (start.0 + dx * len * 0.5, start.1 + dy * len * 0.5);
        let (ex, ey) = dir(deg + bend);
        let p2 = (p1.0 + ex * len * 0.5, p1.1 + ey * len * 0.5);
        Curve { p0: start, p1, p2 }
    }

    pub fn at(&self, t: f64) -> (f64, f64) {
        let u = 1.0 - t;
        (
            u * u * self.p0.0 + 2.0 * u * t * self.p1.0 + t * t * self.p2.0,
            u * u * self.p0.1 + 2.0 * u * t * self.p1.1 + t * t * self.p2.1,
        )
    }

    /// Heading at `t` in degrees, same convention as [`dir`].
    pub fn angle_at(&self, t: f64) -> f64 {
        let u = 1.0 - t;
        let dx = 2.0 * u * (self.p1.0 - self.p0.0) + 2.0 * t * (self.p2.0 - self.p1.0);
        let dy = 2.0 * u * (self.p1.1 - self.p0.1) + 2.0 * t * (self.p2.1 - self.p1.1);
        dx.atan2(-dy).to_degrees()
    }

    pub fn d(&self) -> String {
        format!(
            "M{:.1},{:.1} Q{:.1},{:.1} {:.1},{:.1}",
            self.p0.0, self.p0.1, self.p1.0, self.p1.1, self.p2.0, self.p2.1
        )
    }

    /// The part of the curve from `t0` to the tip, as its own curve.
    pub fn tail(&self, t0: f64) -> Curve {
        // De Casteljau split at t0, keep the second half.
        let a = self.at(t0);
        let lerp =
            |p: (f64, f64), q: (f64, f64), t: f64| (p.0 + (q.0 - p.0) * t, p.1 + (q.1 - p.1) * t);
        let b = lerp(self.p1, self.p2, t0);
        Curve {
            p0: a,
            p1: b,
            p2: self.p2,
        }
    }
}
