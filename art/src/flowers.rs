//! Flower heads. Each is drawn in its own little coordinate system around
//! (0, 0), `r` being the head's radius, then placed with a transform that
//! also squashes it a little so heads near the rim of a bouquet seem to turn
//! away from us. Petals are bezier shapes with a gradient running from a
//! deeper base to a lighter edge: that one gradient does most of the work of
//! making them look soft and painted.

use crate::svg::{Rgb, Rng, Svg};

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    Peony,
    Rose,
    GardenRose,
    Ranunculus,
    Daisy,
    Cornflower,
    Buttercup,
    Sunflower,
    Lily,
    Dahlia,
    Gerbera,
    Anemone,
    /// A rounded cluster of tiny four-petalled florets (lilac, hydrangea, stock).
    Cluster,
    /// Small papery florets (statice), or gypsophila when white.
    Statice,
    /// A tight closed bud.
    Bud,
}

/// A flower head placed in a composition.
#[derive(Clone, Copy, Debug)]
pub struct Head {
    pub kind: Kind,
    pub x: f64,
    pub y: f64,
    pub r: f64,
    pub col: Rgb,
    /// Which way the face turns (degrees) and how much it is foreshortened (1 = facing us).
    pub turn: f64,
    pub squash: f64,
    pub spin: f64,
}

/// Path of a petal pointing up from the origin. `round` 0 gives a pointed tip,
/// 1 a broad rounded one.
pub fn petal_d(len: f64, wid: f64, round: f64) -> String {
    let w = wid / 2.0;
    let (ax, ay) = (w * 1.15, -len * 0.28);
    let (bx, by) = (w * (0.25 + 0.95 * round), -len * (0.98 + 0.14 * round));
    format!(
        "M0,0 C{ax:.1},{ay:.1} {bx:.1},{by:.1} 0,{:.1} C{:.1},{by:.1} {:.1},{ay:.1} 0,0Z",
        -len, -bx, -ax
    )
}

/// A petal with a ragged, frilled tip, for peonies and carnations' edges.
fn frilled_d(len: f64, wid: f64, rng: &mut Rng) -> String {
    let w = wid / 2.0;
    let mut d = format!(
        "M0,0 C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
        w * 1.1,
        -len * 0.3,
        w * 1.2,
        -len * 0.75,
        w * 0.8,
        -len * 0.92
    );
    // Three or four scallops across the tip.
    let n = 4;
    for i in 0..n {
        let t0 = i as f64 / n as f64;
        let t1 = (i + 1) as f64 / n as f64;
        let x0 = w * 0.8 - 1.6 * w * t0;
        let x1 = w * 0.8 - 1.6 * w * t1;
        let bump = len * rng.range(0.05, 0.11);
        let arc = (1.0 - ((t0 + t1) - 1.0).abs()) * len * 0.08;
        d.push_str(&format!(
            " Q{:.1},{:.1} {:.1},{:.1}",
            (x0 + x1) / 2.0,
            -len * 0.92 - arc - bump,
            x1,
            -len * 0.92 - arc * 0.5
        ));
    }
    d.push_str(&format!(
        " C{:.1},{:.1} {:.1},{:.1} 0,0Z",
        -w * 1.2,
        -len * 0.75,
        -w * 1.1,
        -len * 0.3
    ));
    d
}

/// Base-to-tip gradient for a petal (bounding-box units: base at the bottom).
fn petal_fill(s: &mut Svg, base: Rgb, tip: Rgb) -> String {
    s.lin(
        &[
            (0.0, base, 1.0),
            (0.55, base.mix(tip, 0.6), 1.0),
            (1.0, tip, 1.0),
        ],
        0.0,
        1.0,
        0.0,
        0.0,
    )
}

/// A ring of petals around the centre. `inward` petals point back to the
/// centre, which reads as the cupped, folded-over petals of roses and peonies.
#[allow(clippy::too_many_arguments)]
fn ring(s: &mut Svg, n: usize, dist: f64, d: &str, rot: f64, fill: &str, edge: Rgb, inward: bool) {
    let mut out = String::new();
    for i in 0..n {
        let a = rot + 360.0 * i as f64 / n as f64;
        let tf = if inward {
            format!("rotate({a:.1}) translate(0,{:.1}) rotate(180)", -dist)
        } else {
            format!("rotate({a:.1}) translate(0,{:.1})", -dist)
        };
        out.push_str(&format!(
            "<path d=\"{d}\" transform=\"{tf}\" fill=\"{fill}\" stroke=\"{}\" stroke-opacity=\"0.28\" stroke-width=\"1\"/>",
            edge.css()
        ));
    }
    s.add(&out);
}

/// Draws one head. The caller's rng keeps each head's small irregularities stable.
pub fn draw(s: &mut Svg, rng: &mut Rng, h: &Head) {
    // A soft contact shadow under every head separates it from whatever is behind.
    if !matches!(h.kind, Kind::Statice | Kind::Cluster | Kind::Bud) {
        s.soft_ellipse(
            h.x + h.r * 0.06,
            h.y + h.r * 0.12,
            h.r * 1.12,
            h.r * 1.05 * h.squash.max(0.7),
            Rgb(40, 45, 35),
            0.22,
        );
    }
    s.add(&format!(
        "<g transform=\"translate({:.1},{:.1}) rotate({:.1}) scale(1,{:.3}) rotate({:.1})\">",
        h.x,
        h.y,
        h.turn,
        h.squash,
        h.spin - h.turn
    ));
    let r = h.r;
    let c = h.col;
    match h.kind {
        Kind::Peony => peony(s, rng, r, c),
        Kind::Rose => rose(s, rng, r, c, false),
        Kind::GardenRose => rose(s, rng, r, c, true),
        Kind::Ranunculus => ranunculus(s, r, c),
        Kind::Daisy => daisy(s, rng, r, c),
        Kind::Cornflower => cornflower(s, rng, r, c),
        Kind::Buttercup => buttercup(s, r, c),
        Kind::Sunflower => sunflower(s, r, c),
        Kind::Lily => lily(s, rng, r, c),
        Kind::Dahlia => dahlia(s, r, c),
        Kind::Gerbera => gerbera(s, r, c),
        Kind::Anemone => anemone(s, rng, r, c),
        Kind::Cluster => cluster(s, rng, r, r * 0.9, c, 44),
        Kind::Statice => statice(s, rng, r, c),
        Kind::Bud => bud(s, r, c),
    }
    s.add("</g>");
}

fn peony(s: &mut Svg, rng: &mut Rng, r: f64, c: Rgb) {
    let edge = c.darken(0.35);
    // Two rings of broad, frilled guard petals opening outwards.
    let f1 = petal_fill(s, c.darken(0.12), c.lighten(0.35));
    let mut out = String::new();
    for i in 0..9 {
        let a = 360.0 * i as f64 / 9.0 + rng.jit(0.0, 8.0);
        let d = frilled_d(r * rng.range(0.9, 1.0), r * 0.8, rng);
        out.push_str(&format!(
            "<path d=\"{d}\" transform=\"rotate({a:.1})\" fill=\"{f1}\" stroke=\"{}\" stroke-opacity=\"0.25\"/>",
            edge.css()
        ));
    }
    s.add(&out);
    let f2 = petal_fill(s, c.darken(0.06), c.lighten(0.45));
    let mut out = String::new();
    for i in 0..8 {
        let a = 20.0 + 360.0 * i as f64 / 8.0 + rng.jit(0.0, 10.0);
        let d = frilled_d(r * rng.range(0.7, 0.8), r * 0.7, rng);
        out.push_str(&format!(
            "<path d=\"{d}\" transform=\"rotate({a:.1})\" fill=\"{f2}\" stroke=\"{}\" stroke-opacity=\"0.22\"/>",
            edge.css()
        ));
    }
    s.add(&out);
    // The cup: petals folding back over the centre, lit on their outer rim.
    let cup = s.lin(
        &[
            (0.0, c.lighten(0.55), 1.0),
            (0.6, c.lighten(0.2), 1.0),
            (1.0, c.darken(0.1), 1.0),
        ],
        0.0,
        1.0,
        0.0,
        0.0,
    );
    ring(
        s,
        9,
        r * 0.62,
        &petal_d(r * 0.5, r * 0.55, 1.0),
        10.0,
        &cup,
        edge,
        true,
    );
    ring(
        s,
        7,
        r * 0.42,
        &petal_d(r * 0.36, r * 0.45, 1.0),
        35.0,
        &cup,
        edge,
        true,
    );
    ring(
        s,
        5,
        r * 0.24,
        &petal_d(r * 0.22, r * 0.3, 1.0),
        5.0,
        &cup,
        edge,
        true,
    );
    s.soft_ellipse(0.0, 0.0, r * 0.2, r * 0.2, c.darken(0.5), 0.35);
}

fn rose(s: &mut Svg, rng: &mut Rng, r: f64, c: Rgb, garden: bool) {
    let edge = c.darken(0.4);
    let outer = petal_fill(s, c.darken(0.15), c.lighten(0.25));
    ring(
        s,
        5,
        0.0,
        &petal_d(r, r * 0.95, 1.0),
        rng.range(0.0, 72.0),
        &outer,
        edge,
        false,
    );
    let cup = s.lin(
        &[
            (0.0, c.lighten(0.4), 1.0),
            (0.7, c, 1.0),
            (1.0, c.darken(0.2), 1.0),
        ],
        0.0,
        1.0,
        0.0,
        0.0,
    );
    if garden {
        // Garden roses are quartered and full: more, smaller folded petals.
        ring(
            s,
            8,
            r * 0.78,
            &petal_d(r * 0.55, r * 0.5, 1.0),
            0.0,
            &cup,
            edge,
            true,
        );
        ring(
            s,
            8,
            r * 0.6,
            &petal_d(r * 0.42, r * 0.42, 1.0),
            22.0,
            &cup,
            edge,
            true,
        );
        ring(
            s,
            7,
            r * 0.43,
            &petal_d(r * 0.32, r * 0.33, 1.0),
            8.0,
            &cup,
            edge,
            true,
        );
        ring(
            s,
            6,
            r * 0.28,
            &petal_d(r * 0.22, r * 0.24, 1.0),
            40.0,
            &cup,
            edge,
            true,
        );
        ring(
            s,
            4,
            r * 0.15,
            &petal_d(r * 0.13, r * 0.17, 1.0),
            20.0,
            &cup,
            edge,
            true,
        );
    } else {
        ring(
            s,
            5,
            r * 0.72,
            &petal_d(r * 0.6, r * 0.65, 1.0),
            36.0,
            &cup,
            edge,
            true,
        );
        ring(
            s,
            5,
            r * 0.5,
            &petal_d(r * 0.42, r * 0.5, 1.0),
            0.0,
            &cup,
            edge,
            true,
        );
        ring(
            s,
            4,
            r * 0.3,
            &petal_d(r * 0.26, r * 0.34, 1.0),
            45.0,
            &cup,
            edge,
            true,
        );
    }
    // A spiral of folded petal edges at the heart.
    let mut d = String::new();
    let turns = 2.2;
    let steps = 40;
    for i in 0..=steps {
        let t = i as f64 / steps as f64;
        let a = t * turns * std::f64::consts::TAU;
        let rr = r * 0.2 * (1.0 - t * 0.85);
        d.push_str(&format!(
            "{}{:.1},{:.1} ",
            if i == 0 { "M" } else { "L" },
            a.cos() * rr,
            a.sin() * rr
        ));
    }
    s.add(&format!(
        "<path d=\"{d}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{:.1}\" stroke-opacity=\"0.45\" stroke-linecap=\"round\"/>",
        c.darken(0.35).css(),
        (r * 0.03).max(1.0)
    ));
    s.soft_ellipse(0.0, 0.0, r * 0.16, r * 0.16, c.darken(0.45), 0.3);
}

fn ranunculus(s: &mut Svg, r: f64, c: Rgb) {
    let edge = c.darken(0.45);
    let outer = petal_fill(s, c.darken(0.1), c.lighten(0.2));
    ring(
        s,
        7,
        0.0,
        &petal_d(r, r * 0.9, 1.0),
        0.0,
        &outer,
        edge,
        false,
    );
    // Ranunculus are all tight concentric rings, deepening to a green eye.
    let rings = 6;
    for k in 0..rings {
        let t = k as f64 / rings as f64;
        let rad = r * (0.86 - t * 0.7);
        let col = c.mix(c.darken(0.25), t);
        let cup = s.lin(
            &[(0.0, col.lighten(0.3), 1.0), (1.0, col.darken(0.1), 1.0)],
            0.0,
            1.0,
            0.0,
            0.0,
        );
        let n = 10 - k;
        ring(
            s,
            n,
            rad,
            &petal_d(rad * 0.75, rad * 0.8, 1.0),
            k as f64 * 17.0,
            &cup,
            edge,
            true,
        );
    }
    s.add(&format!(
        "<circle r=\"{:.1}\" fill=\"{}\"/>",
        r * 0.07,
        Rgb(92, 110, 60).css()
    ));
}

fn daisy(s: &mut Svg, rng: &mut Rng, r: f64, c: Rgb) {
    let fill = petal_fill(s, c.darken(0.12), c.lighten(0.5));
    let edge = Rgb(170, 170, 150);
    let n = 21;
    let mut out = String::new();
    for i in 0..n {
        let a = 360.0 * i as f64 / n as f64 + rng.jit(0.0, 4.0);
        let d = petal_d(r * rng.range(0.88, 1.0), r * 0.2, 0.7);
        out.push_str(&format!(
            "<path d=\"{d}\" transform=\"rotate({a:.1}) translate(0,{:.1})\" fill=\"{fill}\" stroke=\"{}\" stroke-opacity=\"0.35\" stroke-width=\"0.8\"/>",
            -r * 0.12,
            edge.css()
        ));
    }
    s.add(&out);
    let eye = s.rad(
        &[
            (0.0, Rgb(250, 214, 80), 1.0),
            (0.7, Rgb(226, 164, 30), 1.0),
            (1.0, Rgb(180, 120, 20), 1.0),
        ],
        0.45,
        0.4,
        0.6,
        0.4,
        0.35,
    );
    s.add(&format!("<circle r=\"{:.1}\" fill=\"{eye}\"/>", r * 0.26));
    dots(s, rng, r * 0.22, 18, r * 0.025, Rgb(170, 110, 20), 0.5);
}

fn cornflower(s: &mut Svg, rng: &mut Rng, r: f64, c: Rgb) {
    // Each floret is a little trumpet with a toothed mouth.
    let fill = petal_fill(s, c.darken(0.3), c.lighten(0.15));
    let mut out = String::new();
    let n = 10;
    for i in 0..n {
        let a = 360.0 * i as f64 / n as f64 + rng.jit(0.0, 6.0);
        let l = r * rng.range(0.85, 1.0);
        let w = r * 0.34;
        let d = format!(
            "M0,0 L{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} L0,{:.1} L{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1}Z",
            -w * 0.3, -l * 0.55,
            -w * 0.55, -l * 0.95,
            -w * 0.3, -l * 0.84,
            -w * 0.18, -l * 1.02,
            -l * 0.88,
            w * 0.18, -l * 1.02,
            w * 0.3, -l * 0.84,
            w * 0.55, -l * 0.95,
            w * 0.3, -l * 0.55
        );
        out.push_str(&format!(
            "<path d=\"{d}\" transform=\"rotate({a:.1})\" fill=\"{fill}\" stroke=\"{}\" stroke-opacity=\"0.3\" stroke-width=\"0.8\" stroke-linejoin=\"round\"/>",
            c.darken(0.5).css()
        ));
    }
    s.add(&out);
    let inner = petal_fill(s, Rgb(70, 40, 110), c.darken(0.1));
    ring(
        s,
        7,
        0.0,
        &petal_d(r * 0.45, r * 0.25, 0.2),
        12.0,
        &inner,
        c.darken(0.5),
        false,
    );
    dots(s, rng, r * 0.18, 12, r * 0.04, Rgb(50, 30, 80), 0.9);
}

fn buttercup(s: &mut Svg, r: f64, c: Rgb) {
    let fill = s.lin(
        &[
            (0.0, c.darken(0.15), 1.0),
            (0.5, c, 1.0),
            (1.0, c.lighten(0.35), 1.0),
        ],
        0.0,
        1.0,
        0.0,
        0.0,
    );
    ring(
        s,
        5,
        0.0,
        &petal_d(r, r * 1.05, 1.0),
        0.0,
        &fill,
        c.darken(0.4),
        false,
    );
    // The buttercup's glossy sheen.
    let mut out = String::new();
    for i in 0..5 {
        let a = 72.0 * i as f64;
        out.push_str(&format!(
            "<ellipse cx=\"0\" cy=\"{:.1}\" rx=\"{:.1}\" ry=\"{:.1}\" transform=\"rotate({a:.1})\" fill=\"#fffbe8\" fill-opacity=\"0.45\"/>",
            -r * 0.62,
            r * 0.13,
            r * 0.2
        ));
    }
    s.add(&out);
    s.add(&format!("<circle r=\"{:.1}\" fill=\"#b6b43a\"/>", r * 0.2));
    let mut rng = Rng::from_name("buttercup");
    dots(s, &mut rng, r * 0.26, 14, r * 0.035, Rgb(230, 180, 30), 1.0);
}

fn sunflower(s: &mut Svg, r: f64, c: Rgb) {
    let back = petal_fill(s, c.darken(0.3), c.darken(0.05));
    ring(
        s,
        22,
        r * 0.4,
        &petal_d(r * 0.62, r * 0.2, 0.3),
        8.0,
        &back,
        c.darken(0.5),
        false,
    );
    let front = petal_fill(s, c.darken(0.1), c.lighten(0.25));
    ring(
        s,
        21,
        r * 0.38,
        &petal_d(r * 0.58, r * 0.22, 0.35),
        0.0,
        &front,
        c.darken(0.45),
        false,
    );
    let disc = s.rad(
        &[
            (0.0, Rgb(58, 36, 18), 1.0),
            (0.6, Rgb(82, 52, 24), 1.0),
            (0.9, Rgb(112, 74, 30), 1.0),
            (1.0, Rgb(96, 66, 30), 1.0),
        ],
        0.5,
        0.5,
        0.5,
        0.42,
        0.4,
    );
    s.add(&format!("<circle r=\"{:.1}\" fill=\"{disc}\"/>", r * 0.46));
    // Seeds in a golden-angle spiral, as they really grow.
    let mut out = String::new();
    let n = 170;
    for i in 0..n {
        let t = (i as f64 + 0.5) / n as f64;
        let rr = r * 0.43 * t.sqrt();
        let a = i as f64 * 2.399_963;
        out.push_str(&format!(
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{:.1}\"/>",
            a.cos() * rr,
            a.sin() * rr,
            r * 0.014 + r * 0.008 * t
        ));
    }
    s.add(&format!(
        "<g fill=\"#c99a4a\" fill-opacity=\"0.45\">{out}</g>"
    ));
}

fn lily(s: &mut Svg, rng: &mut Rng, r: f64, c: Rgb) {
    let throat = Rgb(196, 214, 150);
    let fill = s.lin(
        &[
            (0.0, throat, 1.0),
            (0.35, c.mix(throat, 0.25), 1.0),
            (1.0, c.lighten(0.6), 1.0),
        ],
        0.0,
        1.0,
        0.0,
        0.0,
    );
    let edge = Rgb(150, 160, 130);
    // Outer three tepals narrower, inner three broader: the lily's star.
    ring(
        s,
        3,
        0.0,
        &petal_d(r * 1.02, r * 0.44, 0.08),
        60.0,
        &fill,
        edge,
        false,
    );
    ring(
        s,
        3,
        0.0,
        &petal_d(r * 0.96, r * 0.54, 0.15),
        0.0,
        &fill,
        edge,
        false,
    );
    let mut out = String::new();
    for i in 0..6 {
        let a = 60.0 * i as f64;
        out.push_str(&format!(
            "<path d=\"M0,{:.1} Q{:.1},{:.1} 0,{:.1}\" transform=\"rotate({a:.1})\" fill=\"none\" stroke=\"#b8c79a\" stroke-width=\"{:.1}\" stroke-opacity=\"0.7\"/>",
            -r * 0.1,
            r * 0.03,
            -r * 0.45,
            -r * 0.82,
            (r * 0.018).max(0.8)
        ));
    }
    s.add(&out);
    // Stamens with rust-coloured anthers.
    let mut out = String::new();
    for i in 0..6 {
        let a = 30.0 + 60.0 * i as f64 + rng.jit(0.0, 8.0);
        let l = r * rng.range(0.45, 0.55);
        out.push_str(&format!(
            "<g transform=\"rotate({a:.1})\"><path d=\"M0,0 Q{:.1},{:.1} 0,{:.1}\" stroke=\"#c9d3a6\" stroke-width=\"{:.1}\" fill=\"none\"/><ellipse cx=\"0\" cy=\"{:.1}\" rx=\"{:.1}\" ry=\"{:.1}\" fill=\"#a4582b\"/></g>",
            r * 0.04,
            -l * 0.5,
            -l,
            (r * 0.02).max(1.0),
            -l,
            r * 0.045,
            r * 0.09
        ));
    }
    s.add(&out);
    s.add(&format!("<circle r=\"{:.1}\" fill=\"#b9c98a\"/>", r * 0.06));
}

fn dahlia(s: &mut Svg, r: f64, c: Rgb) {
    let edge = c.darken(0.45);
    for (k, (n, len, dist)) in [
        (16, 0.62, 0.38),
        (14, 0.5, 0.3),
        (12, 0.38, 0.22),
        (10, 0.26, 0.14),
    ]
    .iter()
    .enumerate()
    {
        let fill = petal_fill(s, c.darken(0.22), c.lighten(0.12 + 0.08 * k as f64));
        ring(
            s,
            *n,
            r * dist,
            &petal_d(r * len, r * len * 0.55, 0.55),
            k as f64 * 11.0,
            &fill,
            edge,
            false,
        );
    }
    let cup = s.lin(
        &[(0.0, c.lighten(0.3), 1.0), (1.0, c.darken(0.3), 1.0)],
        0.0,
        1.0,
        0.0,
        0.0,
    );
    ring(
        s,
        7,
        r * 0.16,
        &petal_d(r * 0.15, r * 0.14, 1.0),
        0.0,
        &cup,
        edge,
        true,
    );
}

fn gerbera(s: &mut Svg, r: f64, c: Rgb) {
    let fill = petal_fill(s, c.darken(0.15), c.lighten(0.2));
    ring(
        s,
        26,
        r * 0.3,
        &petal_d(r * 0.72, r * 0.15, 0.6),
        0.0,
        &fill,
        c.darken(0.45),
        false,
    );
    let fill2 = petal_fill(s, c.darken(0.25), c);
    ring(
        s,
        22,
        r * 0.26,
        &petal_d(r * 0.34, r * 0.1, 0.5),
        7.0,
        &fill2,
        c.darken(0.45),
        false,
    );
    s.add(&format!("<circle r=\"{:.1}\" fill=\"#4a3516\"/>", r * 0.3));
    let mut rng = Rng::from_name("gerbera");
    dots(s, &mut rng, r * 0.27, 26, r * 0.03, Rgb(214, 170, 60), 0.9);
    s.add(&format!("<circle r=\"{:.1}\" fill=\"#2f2410\"/>", r * 0.15));
}

fn anemone(s: &mut Svg, rng: &mut Rng, r: f64, c: Rgb) {
    let fill = petal_fill(s, c.darken(0.2), c.lighten(0.3));
    ring(
        s,
        6,
        0.0,
        &petal_d(r, r * 0.9, 1.0),
        rng.range(0.0, 60.0),
        &fill,
        c.darken(0.5),
        false,
    );
    // Veins give the papery look.
    let mut out = String::new();
    for i in 0..12 {
        let a = 30.0 * i as f64 + 8.0;
        out.push_str(&format!(
            "<path d=\"M0,{:.1} L0,{:.1}\" transform=\"rotate({a:.1})\"/>",
            -r * 0.35,
            -r * 0.85
        ));
    }
    s.add(&format!(
        "<g stroke=\"{}\" stroke-opacity=\"0.25\" stroke-width=\"1\">{out}</g>",
        c.darken(0.4).css()
    ));
    dots(s, rng, r * 0.36, 30, r * 0.035, Rgb(28, 24, 36), 0.95);
    let eye = s.rad(
        &[(0.0, Rgb(70, 64, 90), 1.0), (1.0, Rgb(20, 18, 26), 1.0)],
        0.4,
        0.4,
        0.6,
        0.35,
        0.35,
    );
    s.add(&format!("<circle r=\"{:.1}\" fill=\"{eye}\"/>", r * 0.24));
}

fn bud(s: &mut Svg, r: f64, c: Rgb) {
    let fill = s.rad(
        &[(0.0, c.lighten(0.3), 1.0), (1.0, c.darken(0.15), 1.0)],
        0.4,
        0.35,
        0.7,
        0.35,
        0.3,
    );
    s.add(&format!(
        "<ellipse cx=\"0\" cy=\"{:.1}\" rx=\"{:.1}\" ry=\"{:.1}\" fill=\"{fill}\"/>",
        -r * 0.2,
        r * 0.55,
        r * 0.75
    ));
    // Green sepals hugging the bud.
    let sep = petal_fill(s, Rgb(70, 100, 60), Rgb(120, 150, 90));
    let mut out = String::new();
    for a in [-35.0, 0.0, 35.0] {
        out.push_str(&format!(
            "<path d=\"{}\" transform=\"translate(0,{:.1}) rotate({a:.1})\" fill=\"{sep}\"/>",
            petal_d(r * 0.8, r * 0.3, 0.0),
            r * 0.5
        ));
    }
    s.add(&out);
}

/// Tiny four-petalled florets heaped into a rounded cluster: lilac, hydrangea,
/// stock. Lighter florets sit on top, so the cluster looks domed.
pub fn cluster(s: &mut Svg, rng: &mut Rng, rx: f64, ry: f64, c: Rgb, n: usize) {
    s.soft_ellipse(0.0, ry * 0.1, rx * 1.1, ry * 1.1, c.darken(0.5), 0.18);
    let mut pts: Vec<(f64, f64, f64)> = (0..n)
        .map(|_| {
            let a = rng.range(0.0, std::f64::consts::TAU);
            let d = rng.f().sqrt();
            (a.cos() * d * rx, a.sin() * d * ry, d)
        })
        .collect();
    // Outer florets first, the centre ones on top.
    pts.sort_by(|a, b| b.2.partial_cmp(&a.2).unwrap());
    let fl = rx.max(ry) * 0.2;
    let mut out = String::new();
    for (x, y, d) in pts {
        let col = c
            .mix(c.darken(0.25), d * 0.6)
            .mix(c.lighten(0.5), rng.range(0.0, 0.4) * (1.0 - d));
        let rot = rng.range(0.0, 90.0);
        let p = petal_d(fl, fl * 0.85, 1.0);
        out.push_str(&format!(
            "<g transform=\"translate({x:.1},{y:.1}) rotate({rot:.1})\" fill=\"{}\" stroke=\"{}\" stroke-opacity=\"0.3\" stroke-width=\"0.7\">",
            col.css(),
            c.darken(0.4).css()
        ));
        for k in 0..4 {
            out.push_str(&format!(
                "<path d=\"{p}\" transform=\"rotate({})\"/>",
                k * 90
            ));
        }
        out.push_str(&format!(
            "<circle r=\"{:.1}\" fill=\"{}\" stroke=\"none\"/></g>",
            fl * 0.18,
            c.darken(0.35).css()
        ));
    }
    s.add(&out);
}

/// Statice and gypsophila: sprays of small papery dots with a few tiny stems.
fn statice(s: &mut Svg, rng: &mut Rng, r: f64, c: Rgb) {
    let mut out = String::new();
    for _ in 0..34 {
        let a = rng.range(0.0, std::f64::consts::TAU);
        let d = rng.f().sqrt() * r;
        let (x, y) = (a.cos() * d, a.sin() * d * 0.8);
        let col = c.mix(c.lighten(0.5), rng.range(0.0, 0.5));
        out.push_str(&format!(
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"{}\" stroke=\"{}\" stroke-opacity=\"0.35\" stroke-width=\"0.6\"/>",
            r * rng.range(0.09, 0.15),
            col.css(),
            c.darken(0.4).css()
        ));
    }
    s.add(&out);
}

/// Scattered dots (stamens, seeds) inside a radius.
fn dots(s: &mut Svg, rng: &mut Rng, rad: f64, n: usize, dot: f64, c: Rgb, alpha: f64) {
    let mut out = String::new();
    for i in 0..n {
        let a = i as f64 * 2.399_963 + rng.jit(0.0, 0.2);
        let d = rad * ((i as f64 + 0.5) / n as f64).sqrt();
        out.push_str(&format!(
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{dot:.1}\"/>",
            a.cos() * d,
            a.sin() * d
        ));
    }
    s.add(&format!(
        "<g fill=\"{}\" fill-opacity=\"{alpha}\">{out}</g>",
        c.css()
    ));
}

/// A single phalaenopsis bloom: three sepals, two broad petals and the lip.
pub fn orchid(s: &mut Svg, x: f64, y: f64, r: f64, rot: f64, c: Rgb, lip: Rgb) {
    s.soft_ellipse(
        x + r * 0.05,
        y + r * 0.1,
        r * 1.1,
        r * 1.0,
        Rgb(60, 60, 50),
        0.16,
    );
    s.add(&format!(
        "<g transform=\"translate({x:.1},{y:.1}) rotate({rot:.1})\">"
    ));
    let fill = s.lin(
        &[
            (0.0, c.mix(lip, 0.15), 1.0),
            (0.4, c, 1.0),
            (1.0, c.lighten(0.5), 1.0),
        ],
        0.0,
        1.0,
        0.0,
        0.0,
    );
    let edge = Rgb(190, 180, 190).css();
    let sep = petal_d(r * 0.95, r * 0.42, 0.5);
    let mut out = String::new();
    for a in [0.0, 135.0, 225.0] {
        out.push_str(&format!("<path d=\"{sep}\" transform=\"rotate({a})\" fill=\"{fill}\" stroke=\"{edge}\" stroke-opacity=\"0.5\"/>"));
    }
    let pet = petal_d(r * 0.9, r * 0.95, 1.0);
    for a in [-75.0, 75.0] {
        out.push_str(&format!("<path d=\"{pet}\" transform=\"rotate({a})\" fill=\"{fill}\" stroke=\"{edge}\" stroke-opacity=\"0.5\"/>"));
    }
    s.add(&out);
    let lipf = s.lin(
        &[(0.0, lip.darken(0.2), 1.0), (1.0, lip.lighten(0.2), 1.0)],
        0.0,
        0.0,
        0.0,
        1.0,
    );
    s.add(&format!(
        "<path d=\"M{:.1},{:.1} C{:.1},{:.1} {:.1},{:.1} 0,{:.1} C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}Z\" fill=\"{lipf}\"/>",
        -r * 0.18, 0.0,
        -r * 0.35, r * 0.25,
        -r * 0.2, r * 0.5,
        r * 0.52,
        r * 0.2, r * 0.5,
        r * 0.35, r * 0.25,
        r * 0.18, 0.0
    ));
    s.add(&format!(
        "<ellipse cx=\"0\" cy=\"{:.1}\" rx=\"{:.1}\" ry=\"{:.1}\" fill=\"#f1c64a\"/><ellipse cx=\"0\" cy=\"{:.1}\" rx=\"{:.1}\" ry=\"{:.1}\" fill=\"#fbf6ee\"/>",
        -r * 0.02,
        r * 0.12,
        r * 0.08,
        -r * 0.12,
        r * 0.07,
        r * 0.1
    ));
    s.add("</g>");
}
