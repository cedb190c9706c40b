//! Leaves, stems and the fillers that travel along a stem: eucalyptus, sage,
//! evergreen, grasses, wheat, pampas, bunny tails, berries and pine cones.
//! Everything here grows along a [`Curve`] from a start point, so a bouquet
//! can fan its greenery out from the hand-tie.

use crate::flowers::petal_d;
use crate::svg::{Curve, Rgb, Rng, Svg};

pub const LEAF: Rgb = Rgb::hex(0x4f6b45);
pub const DARK_LEAF: Rgb = Rgb::hex(0x2f4a34);
pub const EUCALYPTUS: Rgb = Rgb::hex(0x8aa39a);
pub const SAGE: Rgb = Rgb::hex(0x93a585);
pub const STEM: Rgb = Rgb::hex(0x5d7a4a);
pub const PINE: Rgb = Rgb::hex(0x2e4a38);

pub fn stem(s: &mut Svg, c: &Curve, width: f64, col: Rgb) {
    s.add(&format!(
        "<path d=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{width:.1}\" stroke-linecap=\"round\"/>",
        c.d(),
        col.css()
    ));
}

/// One leaf at (x, y) pointing `deg`, with a soft gradient and a midrib.
pub fn leaf(s: &mut Svg, x: f64, y: f64, deg: f64, len: f64, wid: f64, col: Rgb) {
    let fill = s.lin(
        &[
            (0.0, col.darken(0.2), 1.0),
            (0.6, col, 1.0),
            (1.0, col.lighten(0.22), 1.0),
        ],
        0.0,
        0.0,
        1.0,
        1.0,
    );
    s.add(&format!(
        "<g transform=\"translate({x:.1},{y:.1}) rotate({deg:.1})\"><path d=\"{}\" fill=\"{fill}\" stroke=\"{}\" stroke-opacity=\"0.3\" stroke-width=\"0.8\"/><path d=\"M0,0 Q{:.1},{:.1} 0,{:.1}\" fill=\"none\" stroke=\"{}\" stroke-opacity=\"0.45\" stroke-width=\"{:.1}\"/></g>",
        petal_d(len, wid, 0.15),
        col.darken(0.45).css(),
        wid * 0.06,
        -len * 0.5,
        -len * 0.92,
        col.lighten(0.35).css(),
        (len * 0.012).max(0.7)
    ));
}

/// A leafy stem: alternate leaves along the curve and one at the tip.
pub fn leafy(s: &mut Svg, rng: &mut Rng, c: &Curve, leaf_len: f64, col: Rgb, from: f64) {
    stem(
        s,
        &c.tail(from * 0.8),
        (leaf_len * 0.06).max(1.5),
        col.darken(0.1),
    );
    let mut t = from;
    let mut side = 1.0;
    while t < 0.95 {
        let (x, y) = c.at(t);
        let a = c.angle_at(t) + side * rng.range(35.0, 55.0);
        let l = leaf_len * rng.range(0.8, 1.1);
        leaf(s, x, y, a, l, l * 0.45, col.mix(col.lighten(0.2), rng.f()));
        side = -side;
        t += rng.range(0.1, 0.16);
    }
    let (x, y) = c.at(1.0);
    leaf(
        s,
        x,
        y,
        c.angle_at(1.0),
        leaf_len * 0.9,
        leaf_len * 0.4,
        col,
    );
}

/// Eucalyptus: pairs of round, blue-grey coin leaves, smaller towards the tip.
pub fn eucalyptus(s: &mut Svg, rng: &mut Rng, c: &Curve, size: f64, from: f64) {
    stem(s, &c.tail(from * 0.8), size * 0.07, Rgb(120, 100, 90));
    let mut t = from;
    let mut out = String::new();
    while t < 1.0 {
        let (x, y) = c.at(t);
        let a = c.angle_at(t);
        let r = size * (1.0 - 0.45 * t) * rng.range(0.85, 1.05);
        let col = EUCALYPTUS
            .mix(EUCALYPTUS.lighten(0.35), rng.f())
            .mix(Rgb(120, 140, 150), rng.range(0.0, 0.3));
        for side in [-1.0, 1.0] {
            let (dx, dy) = crate::svg::dir(a + side * 90.0);
            let (cx, cy) = (x + dx * r * 0.75, y + dy * r * 0.75);
            let fill = s.rad(
                &[(0.0, col.lighten(0.25), 1.0), (1.0, col.darken(0.08), 1.0)],
                0.4,
                0.35,
                0.7,
                0.35,
                0.3,
            );
            out.push_str(&format!(
                "<ellipse cx=\"{cx:.1}\" cy=\"{cy:.1}\" rx=\"{:.1}\" ry=\"{:.1}\" transform=\"rotate({:.1} {cx:.1} {cy:.1})\" fill=\"{fill}\" stroke=\"{}\" stroke-opacity=\"0.35\" stroke-width=\"0.8\"/>",
                r * 0.8,
                r * 0.72,
                a + rng.jit(0.0, 20.0),
                col.darken(0.4).css()
            ));
        }
        t += 0.11 + 0.02 * (1.0 - t);
    }
    s.add(&out);
}

/// Sage-green foliage: long soft leaves, paler underneath.
pub fn sage(s: &mut Svg, rng: &mut Rng, c: &Curve, size: f64, from: f64) {
    stem(s, &c.tail(from * 0.8), size * 0.05, SAGE.darken(0.3));
    let mut t = from;
    let mut side = 1.0;
    while t < 0.97 {
        let (x, y) = c.at(t);
        let a = c.angle_at(t) + side * rng.range(25.0, 45.0);
        let l = size * rng.range(0.9, 1.2) * (1.0 - 0.3 * t);
        leaf(
            s,
            x,
            y,
            a,
            l,
            l * 0.32,
            SAGE.mix(SAGE.lighten(0.3), rng.f()),
        );
        side = -side;
        t += 0.09;
    }
    let (x, y) = c.at(1.0);
    leaf(
        s,
        x,
        y,
        c.angle_at(1.0),
        size * 0.7,
        size * 0.22,
        SAGE.lighten(0.15),
    );
}

/// An evergreen branch: fans of short needles along a woody twig.
pub fn evergreen(s: &mut Svg, rng: &mut Rng, c: &Curve, needle: f64, col: Rgb) {
    stem(s, c, needle * 0.12, Rgb(92, 70, 50));
    let mut out = String::new();
    let steps = 26;
    for i in 0..steps {
        let t = i as f64 / steps as f64;
        let (x, y) = c.at(t);
        let a = c.angle_at(t);
        let l = needle * (1.0 - 0.35 * t);
        for side in [-1.0, 1.0] {
            let (dx, dy) = crate::svg::dir(a + side * rng.range(45.0, 70.0));
            let col2 = col.mix(col.lighten(0.3), rng.f() * 0.6);
            out.push_str(&format!(
                "<path d=\"M{x:.1},{y:.1} l{:.1},{:.1}\" stroke=\"{}\"/>",
                dx * l,
                dy * l,
                col2.css()
            ));
        }
    }
    let (x, y) = c.at(1.0);
    let (dx, dy) = crate::svg::dir(c.angle_at(1.0));
    out.push_str(&format!(
        "<path d=\"M{x:.1},{y:.1} l{:.1},{:.1}\" stroke=\"{}\"/>",
        dx * needle * 0.6,
        dy * needle * 0.6,
        col.lighten(0.25).css()
    ));
    s.add(&format!(
        "<g stroke-width=\"{:.1}\" stroke-linecap=\"round\" fill=\"none\">{out}</g>",
        (needle * 0.11).max(1.2)
    ));
}

/// A fine grass blade or seed-head stem.
pub fn grass(s: &mut Svg, c: &Curve, width: f64, col: Rgb) {
    s.add(&format!(
        "<path d=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{width:.1}\" stroke-linecap=\"round\" stroke-opacity=\"0.85\"/>",
        c.d(),
        col.css()
    ));
}

/// A wheat ear at the end of a stem: paired grains and long awns.
pub fn wheat(s: &mut Svg, rng: &mut Rng, c: &Curve, size: f64, col: Rgb) {
    grass(s, &c.tail(0.3), size * 0.08, col.darken(0.15));
    let mut out = String::new();
    let grains = 9;
    for i in 0..grains {
        let t = 0.72 + 0.28 * i as f64 / grains as f64;
        let (x, y) = c.at(t);
        let a = c.angle_at(t);
        for side in [-1.0, 1.0] {
            let ga = a + side * 28.0;
            let fill = col.mix(col.lighten(0.3), rng.f());
            out.push_str(&format!(
                "<g transform=\"translate({x:.1},{y:.1}) rotate({ga:.1})\"><ellipse cx=\"0\" cy=\"{:.1}\" rx=\"{:.1}\" ry=\"{:.1}\" fill=\"{}\" stroke=\"{}\" stroke-opacity=\"0.4\" stroke-width=\"0.7\"/><path d=\"M0,{:.1} l0,{:.1}\" stroke=\"{}\" stroke-width=\"0.8\" stroke-opacity=\"0.6\"/></g>",
                -size * 0.28,
                size * 0.14,
                size * 0.3,
                fill.css(),
                col.darken(0.4).css(),
                -size * 0.55,
                -size * 0.9,
                col.darken(0.1).css()
            ));
        }
    }
    s.add(&out);
}

/// A pampas plume: a soft feathery cone of fine strokes.
pub fn pampas(s: &mut Svg, rng: &mut Rng, c: &Curve, size: f64, col: Rgb) {
    grass(s, c, size * 0.05, col.darken(0.25));
    let mut out = String::new();
    for i in 0..90 {
        let t = 0.45 + 0.55 * (i as f64 / 90.0);
        let (x, y) = c.at(t);
        let a = c.angle_at(t);
        let spread = size * (1.0 - ((t - 0.72) / 0.28).abs().powf(1.6)).max(0.15);
        let side = if i % 2 == 0 { 1.0 } else { -1.0 };
        let (dx, dy) = crate::svg::dir(a + side * rng.range(18.0, 40.0));
        let l = spread * rng.range(0.6, 1.1);
        out.push_str(&format!(
            "<path d=\"M{x:.1},{y:.1} q{:.1},{:.1} {:.1},{:.1}\" stroke=\"{}\"/>",
            dx * l * 0.5 + rng.jit(0.0, 2.0),
            dy * l * 0.5,
            dx * l,
            dy * l,
            col.mix(col.lighten(0.4), rng.f()).css()
        ));
    }
    s.add(&format!(
        "<g fill=\"none\" stroke-width=\"{:.1}\" stroke-opacity=\"0.55\" stroke-linecap=\"round\">{out}</g>",
        (size * 0.045).max(1.0)
    ));
}

/// Bunny tails (Lagurus): fuzzy cream ovals on fine stems.
pub fn bunny_tail(s: &mut Svg, rng: &mut Rng, c: &Curve, size: f64, col: Rgb) {
    grass(s, c, size * 0.08, Rgb(160, 150, 110));
    let (x, y) = c.at(1.0);
    let a = c.angle_at(1.0);
    let fluff = s.rad(
        &[
            (0.0, col.lighten(0.4), 1.0),
            (0.65, col, 0.95),
            (1.0, col, 0.0),
        ],
        0.45,
        0.4,
        0.55,
        0.4,
        0.35,
    );
    let mut hairs = String::new();
    for _ in 0..26 {
        let ha = rng.range(0.0, 360.0);
        let (dx, dy) = crate::svg::dir(ha);
        hairs.push_str(&format!(
            "<path d=\"M{:.1},{:.1} l{:.1},{:.1}\"/>",
            dx * size * 0.35,
            dy * size * 0.7,
            dx * size * 0.25,
            dy * size * 0.25
        ));
    }
    s.add(&format!(
        "<g transform=\"translate({x:.1},{y:.1}) rotate({a:.1})\"><ellipse cx=\"0\" cy=\"{:.1}\" rx=\"{:.1}\" ry=\"{:.1}\" fill=\"{fluff}\"/><g transform=\"translate(0,{:.1})\" stroke=\"{}\" stroke-width=\"0.8\" stroke-opacity=\"0.5\">{hairs}</g></g>",
        -size * 0.55,
        size * 0.5,
        size * 0.95,
        -size * 0.55,
        col.lighten(0.5).css()
    ));
}

/// A cluster of glossy berries around a point.
// Positional geometry reads more plainly here than a one-off struct.
#[allow(clippy::too_many_arguments)]
pub fn berries(
    s: &mut Svg,
    rng: &mut Rng,
    x: f64,
    y: f64,
    spread: f64,
    r: f64,
    n: usize,
    col: Rgb,
) {
    let fill = s.rad(
        &[
            (0.0, col.lighten(0.5), 1.0),
            (0.35, col, 1.0),
            (1.0, col.darken(0.35), 1.0),
        ],
        0.5,
        0.5,
        0.6,
        0.35,
        0.3,
    );
    let mut out = String::new();
    for _ in 0..n {
        let a = rng.range(0.0, std::f64::consts::TAU);
        let d = rng.f().sqrt() * spread;
        let (bx, by) = (x + a.cos() * d, y + a.sin() * d);
        let br = r * rng.range(0.8, 1.15);
        out.push_str(&format!(
            "<circle cx=\"{bx:.1}\" cy=\"{by:.1}\" r=\"{br:.1}\" fill=\"{fill}\" stroke=\"{}\" stroke-opacity=\"0.4\" stroke-width=\"0.8\"/><circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{:.1}\" fill=\"#fff\" fill-opacity=\"0.7\"/>",
            col.darken(0.5).css(),
            bx - br * 0.35,
            by - br * 0.35,
            br * 0.18
        ));
    }
    s.add(&out);
}

/// A berry sprig: a twig with small clusters along it.
pub fn berry_sprig(s: &mut Svg, rng: &mut Rng, c: &Curve, r: f64, col: Rgb) {
    stem(s, c, r * 0.3, Rgb(96, 64, 48));
    for t in [0.55, 0.75, 1.0] {
        let (x, y) = c.at(t);
        berries(s, rng, x, y, r * 1.6, r, 5, col);
    }
}

/// A pine cone seen from the side: rows of woody scales.
pub fn pine_cone(s: &mut Svg, x: f64, y: f64, len: f64, deg: f64) {
    let w = len * 0.62;
    let body = s.rad(
        &[(0.0, Rgb(150, 104, 66), 1.0), (1.0, Rgb(78, 50, 30), 1.0)],
        0.4,
        0.4,
        0.7,
        0.35,
        0.3,
    );
    let mut out = format!(
        "<g transform=\"translate({x:.1},{y:.1}) rotate({deg:.1})\"><ellipse cx=\"0\" cy=\"0\" rx=\"{:.1}\" ry=\"{:.1}\" fill=\"{body}\"/>",
        w / 2.0,
        len / 2.0
    );
    let rows = 7;
    for i in 0..rows {
        let t = (i as f64 + 0.5) / rows as f64;
        let cy = -len / 2.0 + len * t;
        let half = (w / 2.0) * (1.0 - (2.0 * t - 1.0).powi(2)).sqrt() * 0.95;
        let n = 4;
        for k in 0..n {
            let sx = -half
                + (2.0 * half) * (k as f64 + 0.5 + if i % 2 == 0 { 0.0 } else { 0.25 }) / n as f64;
            let sw = half / n as f64 * 1.4;
            out.push_str(&format!(
                "<path d=\"M{:.1},{:.1} Q{sx:.1},{:.1} {:.1},{:.1}\" fill=\"#a8794c\" stroke=\"#5a3a22\" stroke-width=\"1\" stroke-opacity=\"0.7\"/>",
                sx - sw,
                cy - len * 0.03,
                cy + len * 0.12,
                sx + sw,
                cy - len * 0.03
            ));
        }
    }
    out.push_str("</g>");
    s.add(&out);
}
