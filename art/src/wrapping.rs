//! Paper for hand-tied bouquets and the twine or ribbon that binds them.
//!
//! A wrapped posy is drawn in three passes: the back sheet (a fan of folded
//! facets behind the flowers), then the flowers, then two front wings that
//! cross over the stems, then the tie. Drawing the facets separately, each a
//! shade apart, is what makes flat polygons read as folded paper.

use crate::svg::{Rgb, Rng, Svg};

#[derive(Clone, Copy)]
pub struct Paper {
    pub col: Rgb,
    /// Opacity of each sheet: tissue lets a little of what is behind show through.
    pub alpha: f64,
    /// Kraft and brown paper have visible fibres; tissue does not.
    pub fibres: bool,
    /// Tissue has soft, wavy edges; kraft is crisp.
    pub soft: bool,
}

pub const KRAFT: Paper = Paper {
    col: Rgb::hex(0xc8a27a),
    alpha: 1.0,
    fibres: true,
    soft: false,
};
pub const BROWN: Paper = Paper {
    col: Rgb::hex(0xa97c52),
    alpha: 1.0,
    fibres: true,
    soft: false,
};

pub fn tissue(col: Rgb) -> Paper {
    Paper {
        col,
        alpha: 0.88,
        fibres: false,
        soft: true,
    }
}

/// Geometry shared by the passes: where the stems are gathered and how wide
/// and tall the paper opens.
#[derive(Clone, Copy)]
pub struct Cone {
    pub bind: (f64, f64),
    pub half_w: f64,
    pub top: f64,
}

fn facet(s: &mut Svg, pts: &[(f64, f64)], col: Rgb, alpha: f64, light: f64) {
    let fill = s.lin(
        &[
            (0.0, col.lighten(0.18 + light), alpha),
            (1.0, col.darken(0.12 - light * 0.5), alpha),
        ],
        0.0,
        0.0,
        0.3,
        1.0,
    );
    let mut d = String::new();
    for (i, (x, y)) in pts.iter().enumerate() {
        d.push_str(&format!("{}{x:.1},{y:.1} ", if i == 0 { "M" } else { "L" }));
    }
    s.add(&format!(
        "<path d=\"{d}Z\" fill=\"{fill}\" stroke=\"{}\" stroke-opacity=\"0.25\" stroke-width=\"1\" stroke-linejoin=\"round\"/>",
        col.darken(0.3).css()
    ));
}

/// Short fibres scattered inside a triangle, for the look of kraft paper.
fn fibres(
    s: &mut Svg,
    rng: &mut Rng,
    a: (f64, f64),
    b: (f64, f64),
    c: (f64, f64),
    col: Rgb,
    n: usize,
) {
    let mut out = String::new();
    for _ in 0..n {
        let (mut u, mut v) = (rng.f(), rng.f());
        if u + v > 1.0 {
            u = 1.0 - u;
            v = 1.0 - v;
        }
        let x = a.0 + (b.0 - a.0) * u + (c.0 - a.0) * v;
        let y = a.1 + (b.1 - a.1) * u + (c.1 - a.1) * v;
        let ang = rng.range(0.0, std::f64::consts::PI);
        let l = rng.range(4.0, 12.0);
        out.push_str(&format!(
            "<path d=\"M{x:.1},{y:.1} l{:.1},{:.1}\"/>",
            ang.cos() * l,
            ang.sin() * l
        ));
    }
    s.add(&format!(
        "<g stroke=\"{}\" stroke-opacity=\"0.22\" stroke-width=\"1\" stroke-linecap=\"round\">{out}</g>",
        col.darken(0.25).css()
    ));
}

/// The back sheet, a fan of facets rising behind the flowers.
pub fn back(s: &mut Svg, rng: &mut Rng, cone: &Cone, p: &Paper) {
    let (bx, by) = cone.bind;
    let w = cone.half_w;
    let n = 7;
    let mut tops = Vec::new();
    for i in 0..=n {
        let t = i as f64 / n as f64;
        let x = bx - w + 2.0 * w * t;
        // The sheet is a little higher in the middle and drops at the sides.
        let arch = (1.0 - (2.0 * t - 1.0).powi(2)) * (by - cone.top) * 0.12;
        let fold = if i % 2 == 0 {
            0.0
        } else {
            (by - cone.top) * 0.07
        };
        tops.push((
            x + rng.jit(0.0, w * 0.03),
            cone.top + (by - cone.top) * 0.12 - arch + fold,
        ));
    }
    let base = tie_point(cone);
    let inner = p.col.lighten(0.12);
    for i in 0..n {
        let light = if i % 2 == 0 { 0.1 } else { -0.04 };
        if p.soft {
            // Tissue: a wavy top edge between the two fold points.
            let (a, b) = (tops[i], tops[i + 1]);
            let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0 - w * 0.06);
            let fill = s.lin(
                &[
                    (0.0, inner.lighten(0.25 + light), p.alpha),
                    (1.0, inner.darken(0.05), p.alpha),
                ],
                0.0,
                0.0,
                0.2,
                1.0,
            );
            s.add(&format!(
                "<path d=\"M{:.1},{:.1} L{:.1},{:.1} Q{:.1},{:.1} {:.1},{:.1}Z\" fill=\"{fill}\" stroke=\"{}\" stroke-opacity=\"0.2\"/>",
                base.0, base.1, a.0, a.1, mid.0, mid.1, b.0, b.1,
                inner.darken(0.3).css()
            ));
        } else {
            facet(s, &[base, tops[i], tops[i + 1]], inner, p.alpha, light);
            if p.fibres {
                fibres(s, rng, base, tops[i], tops[i + 1], inner, 28);
            }
        }
    }
}

/// Two front wings crossing over the stems, leaving the flowers open above,
/// gathered at the tie; below it a short skirt of paper flares out again.
pub fn front(s: &mut Svg, rng: &mut Rng, cone: &Cone, p: &Paper) {
    let (bx, by) = cone.bind;
    let w = cone.half_w;
    let h = by - cone.top;
    let waist = tie_point(cone);
    skirt(s, rng, waist, p);
    // Right wing first, the left one overlaps it, as a florist folds them.
    let right = [
        (waist.0 + 10.0, waist.1),
        (bx + w * 1.02, cone.top + h * 0.5),
        (bx + w * 0.78, cone.top + h * 0.42),
        (bx - w * 0.2, by - h * 0.05),
    ];
    let left = [
        (waist.0 - 10.0, waist.1),
        (bx - w * 1.04, cone.top + h * 0.46),
        (bx - w * 0.8, cone.top + h * 0.4),
        (bx + w * 0.3, by - h * 0.02),
    ];
    for (i, wing) in [right, left].iter().enumerate() {
        s.soft_ellipse(
            (wing[0].0 + wing[3].0) / 2.0,
            wing[3].1 + h * 0.05,
            w * 0.5,
            h * 0.12,
            Rgb(40, 30, 20),
            0.12,
        );
        let light = if i == 0 { -0.05 } else { 0.08 };
        if p.soft {
            let fill = s.lin(
                &[
                    (0.0, p.col.lighten(0.3 + light), p.alpha),
                    (1.0, p.col.darken(0.08), p.alpha),
                ],
                0.0,
                0.0,
                0.3,
                1.0,
            );
            let (a, b, c, d) = (wing[0], wing[1], wing[2], wing[3]);
            s.add(&format!(
                "<path d=\"M{:.1},{:.1} L{:.1},{:.1} Q{:.1},{:.1} {:.1},{:.1} Q{:.1},{:.1} {:.1},{:.1}Z\" fill=\"{fill}\" stroke=\"{}\" stroke-opacity=\"0.35\"/>",
                a.0, a.1, b.0, b.1,
                (b.0 + c.0) / 2.0, b.1.min(c.1) - h * 0.05, c.0, c.1,
                (c.0 + d.0) / 2.0, (c.1 + d.1) / 2.0 + h * 0.06, d.0, d.1,
                p.col.darken(0.35).css()
            ));
            // Soft creases running down to the tie.
            for k in 0..3 {
                let t = 0.25 + 0.25 * k as f64;
                let (ex, ey) = (b.0 + (d.0 - b.0) * t, b.1 + (d.1 - b.1) * t);
                s.add(&format!(
                    "<path d=\"M{:.1},{:.1} Q{:.1},{:.1} {ex:.1},{ey:.1}\" fill=\"none\" stroke=\"{}\" stroke-opacity=\"0.5\" stroke-width=\"2\"/>",
                    a.0, a.1,
                    (a.0 + ex) / 2.0 + 8.0, (a.1 + ey) / 2.0,
                    if k == 1 { p.col.darken(0.2).css() } else { "#ffffff".to_string() }
                ));
            }
        } else {
            facet(
                s,
                &[wing[0], wing[1], wing[2]],
                p.col,
                p.alpha,
                light - 0.04,
            );
            facet(
                s,
                &[wing[0], wing[2], wing[3]],
                p.col,
                p.alpha,
                light + 0.04,
            );
            if p.fibres {
                fibres(s, rng, wing[0], wing[1], wing[3], p.col, 60);
            }
            // The cut edge catches the light.
            s.add(&format!(
                "<path d=\"M{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1}\" fill=\"none\" stroke=\"{}\" stroke-width=\"2\" stroke-opacity=\"0.7\" stroke-linejoin=\"round\"/>",
                wing[1].0, wing[1].1, wing[2].0, wing[2].1, wing[3].0, wing[3].1,
                p.col.lighten(0.45).css()
            ));
        }
    }
}

/// The paper below the tie: gathered at the top, loosely flared at the bottom.
fn skirt(s: &mut Svg, rng: &mut Rng, waist: (f64, f64), p: &Paper) {
    let (x, y) = waist;
    let pts = [
        (x - 16.0, y),
        (x + 16.0, y),
        (x + 52.0, y + 104.0),
        (x + 18.0, y + 92.0),
        (x - 8.0, y + 108.0),
        (x - 34.0, y + 94.0),
        (x - 56.0, y + 100.0),
    ];
    let fill = s.lin(
        &[
            (0.0, p.col.darken(0.15), p.alpha),
            (0.5, p.col.lighten(0.1), p.alpha),
            (1.0, p.col.darken(0.05), p.alpha),
        ],
        0.0,
        0.0,
        1.0,
        0.0,
    );
    let mut d = String::new();
    for (i, (px, py)) in pts.iter().enumerate() {
        d.push_str(&format!(
            "{}{px:.1},{py:.1} ",
            if i == 0 { "M" } else { "L" }
        ));
    }
    s.add(&format!(
        "<path d=\"{d}Z\" fill=\"{fill}\" stroke=\"{}\" stroke-opacity=\"0.35\" stroke-linejoin=\"round\"/>",
        p.col.darken(0.35).css()
    ));
    // Gathers: a few creases fanning down from the tie.
    let mut out = String::new();
    for k in 0..4 {
        let ex = x - 40.0 + 27.0 * k as f64 + rng.jit(0.0, 4.0);
        out.push_str(&format!(
            "<path d=\"M{:.1},{:.1} L{ex:.1},{:.1}\"/>",
            x - 6.0 + 4.0 * k as f64,
            y + 4.0,
            y + 92.0
        ));
    }
    s.add(&format!(
        "<g stroke=\"{}\" stroke-opacity=\"0.3\" stroke-width=\"1.5\">{out}</g>",
        p.col.darken(0.4).css()
    ));
}

/// Where the tie sits for a cone: a little below the bind point, on the paper.
pub fn tie_point(cone: &Cone) -> (f64, f64) {
    (
        cone.bind.0 + 2.0,
        cone.bind.1 + (cone.bind.1 - cone.top) * 0.16,
    )
}

/// A few wraps of rustic twine with a small bow.
pub fn twine(s: &mut Svg, x: f64, y: f64, w: f64, col: Rgb) {
    let mut out = String::new();
    for k in 0..3 {
        let dy = k as f64 * 5.0 - 5.0;
        out.push_str(&format!(
            "<path d=\"M{:.1},{:.1} Q{x:.1},{:.1} {:.1},{:.1}\"/>",
            x - w / 2.0,
            y + dy - 4.0,
            y + dy + 8.0,
            x + w / 2.0,
            y + dy - 4.0
        ));
    }
    // Bow loops and loose ends.
    out.push_str(&format!(
        "<path d=\"M{x:.1},{y:.1} c-30,-28 -52,-6 -40,6 c10,10 30,2 40,-6\"/><path d=\"M{x:.1},{y:.1} c30,-28 52,-6 40,6 c-10,10 -30,2 -40,-6\"/><path d=\"M{x:.1},{y:.1} q-12,30 -22,62\"/><path d=\"M{x:.1},{y:.1} q10,28 26,56\"/>"
    ));
    s.add(&format!(
        "<g fill=\"none\" stroke=\"{}\" stroke-width=\"4.5\" stroke-linecap=\"round\">{out}</g><g fill=\"none\" stroke=\"{}\" stroke-width=\"1.4\" stroke-dasharray=\"3 4\" stroke-opacity=\"0.6\">{out}</g>",
        col.css(),
        col.darken(0.35).css()
    ));
    s.add(&format!(
        "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"5\" fill=\"{}\"/>",
        col.darken(0.1).css()
    ));
}

/// A satin or velvet ribbon bow with two tails cut in a V.
pub fn ribbon_bow(s: &mut Svg, x: f64, y: f64, size: f64, col: Rgb, band: f64) {
    let k = size / 100.0;
    let loop_fill = s.lin(
        &[
            (0.0, col.lighten(0.3), 1.0),
            (0.5, col, 1.0),
            (1.0, col.darken(0.3), 1.0),
        ],
        0.0,
        0.0,
        0.0,
        1.0,
    );
    let tail_fill = s.lin(
        &[(0.0, col.darken(0.1), 1.0), (1.0, col.darken(0.35), 1.0)],
        0.0,
        0.0,
        1.0,
        1.0,
    );
    let edge = col.darken(0.45).css();
    if band > 0.0 {
        s.add(&format!(
            "<path d=\"M{:.1},{:.1} Q{x:.1},{:.1} {:.1},{:.1} L{:.1},{:.1} Q{x:.1},{:.1} {:.1},{:.1}Z\" fill=\"{loop_fill}\" stroke=\"{edge}\" stroke-opacity=\"0.4\"/>",
            x - band / 2.0, y - 14.0 * k,
            y - 2.0 * k, x + band / 2.0, y - 14.0 * k,
            x + band / 2.0, y + 10.0 * k,
            y + 22.0 * k, x - band / 2.0, y + 10.0 * k
        ));
    }
    let tf = format!("translate({x:.1},{y:.1}) scale({k:.3})");
    s.add(&format!(
        "<g transform=\"{tf}\" stroke=\"{edge}\" stroke-opacity=\"0.45\" stroke-width=\"{:.2}\" stroke-linejoin=\"round\">\
<path d=\"M-6,6 C-20,40 -34,80 -46,120 L-30,110 L-22,126 C-12,86 -2,46 4,8Z\" fill=\"{tail_fill}\"/>\
<path d=\"M6,6 C24,38 40,76 58,112 L40,106 L34,124 C22,84 8,46 -2,8Z\" fill=\"{tail_fill}\"/>\
<path d=\"M0,0 C-30,-40 -92,-48 -96,-10 C-98,22 -40,20 0,0Z\" fill=\"{loop_fill}\"/>\
<path d=\"M0,0 C30,-40 92,-48 96,-10 C98,22 40,20 0,0Z\" fill=\"{loop_fill}\"/>\
<path d=\"M-60,-22 C-40,-20 -20,-10 -4,-2\" fill=\"none\" stroke=\"#ffffff\" stroke-opacity=\"0.25\" stroke-width=\"3\"/>\
<path d=\"M60,-22 C40,-20 20,-10 4,-2\" fill=\"none\" stroke=\"#000000\" stroke-opacity=\"0.15\" stroke-width=\"3\"/>\
<ellipse cx=\"0\" cy=\"0\" rx=\"14\" ry=\"16\" fill=\"{}\"/></g>",
        1.2 / k,
        col.darken(0.15).css()
    ));
}

/// A bridal bouquet's handle: stems bound in a spiral of satin ribbon.
pub fn handle(s: &mut Svg, x: f64, top: f64, len: f64, w: f64, col: Rgb) {
    let fill = s.lin(
        &[
            (0.0, col.darken(0.12), 1.0),
            (0.45, col.lighten(0.35), 1.0),
            (1.0, col.darken(0.18), 1.0),
        ],
        0.0,
        0.0,
        1.0,
        0.0,
    );
    s.add(&format!(
        "<rect x=\"{:.1}\" y=\"{top:.1}\" width=\"{w:.1}\" height=\"{len:.1}\" rx=\"{:.1}\" fill=\"{fill}\"/>",
        x - w / 2.0,
        w * 0.3
    ));
    let mut out = String::new();
    let mut y = top + 14.0;
    while y < top + len - 10.0 {
        out.push_str(&format!(
            "<path d=\"M{:.1},{:.1} L{:.1},{y:.1}\"/>",
            x - w / 2.0,
            y + 10.0,
            x + w / 2.0
        ));
        y += 22.0;
    }
    s.add(&format!(
        "<g stroke=\"{}\" stroke-opacity=\"0.35\" stroke-width=\"1.5\">{out}</g>",
        col.darken(0.35).css()
    ));
    // Three pearl-headed pins down the front.
    for k in 0..3 {
        s.add(&format!(
            "<circle cx=\"{x:.1}\" cy=\"{:.1}\" r=\"5\" fill=\"#fbf8f1\" stroke=\"#cfc6b5\"/>",
            top + 30.0 + k as f64 * (len - 60.0) / 2.0
        ));
    }
}
