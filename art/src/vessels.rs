//! Things flowers stand in or beside: glass vases, a woven basket, a ceramic
//! pot, an amber candle jar and a folded card. Glass is drawn as a faint tint
//! with bright edge highlights over stems drawn beforehand, which is how a
//! painter suggests transparency.

use crate::svg::{Rgb, Rng, Svg};

/// A soft shadow where an object meets the table.
pub fn ground_shadow(s: &mut Svg, cx: f64, y: f64, rx: f64) {
    s.soft_ellipse(cx, y, rx * 1.15, rx * 0.16, Rgb(70, 60, 45), 0.35);
    s.soft_ellipse(cx, y, rx * 0.8, rx * 0.07, Rgb(50, 40, 30), 0.35);
}

/// Outline of a rounded vase body between `top` and `base`: neck half-width
/// `neck`, belly half-width `belly`.
fn vase_d(cx: f64, top: f64, base: f64, neck: f64, belly: f64, foot: f64) -> String {
    let h = base - top;
    format!(
        "M{:.1},{top:.1} C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1} C{:.1},{:.1} {:.1},{base:.1} {:.1},{base:.1} L{:.1},{base:.1} C{:.1},{base:.1} {:.1},{:.1} {:.1},{:.1} C{:.1},{:.1} {:.1},{:.1} {:.1},{top:.1}Z",
        cx - neck,
        cx - neck, top + h * 0.2,
        cx - belly, top + h * 0.3,
        cx - belly, top + h * 0.62,
        cx - belly, top + h * 0.9,
        cx - foot - 10.0,
        cx - foot,
        cx + foot,
        cx + foot + 10.0,
        cx + belly, top + h * 0.9,
        cx + belly, top + h * 0.62,
        cx + belly, top + h * 0.3,
        cx + neck, top + h * 0.2,
        cx + neck
    )
}

/// A clear glass vase: draw stems first, then this over them.
pub fn glass_vase(s: &mut Svg, cx: f64, top: f64, base: f64, neck: f64, belly: f64, tint: Rgb) {
    let d = vase_d(cx, top, base, neck, belly, belly * 0.7);
    let body = s.lin(
        &[
            (0.0, tint.lighten(0.5), 0.35),
            (0.35, tint, 0.18),
            (0.75, tint.darken(0.1), 0.22),
            (1.0, tint.darken(0.2), 0.4),
        ],
        0.0,
        0.0,
        1.0,
        0.0,
    );
    s.add(&format!("<path d=\"{d}\" fill=\"{body}\" stroke=\"{}\" stroke-opacity=\"0.55\" stroke-width=\"2\"/>", tint.darken(0.3).css()));
    // Water line and the water itself, slightly green.
    let h = base - top;
    let wl = top + h * 0.38;
    s.add(&format!(
        "<path d=\"M{:.1},{wl:.1} Q{cx:.1},{:.1} {:.1},{wl:.1}\" fill=\"none\" stroke=\"#ffffff\" stroke-opacity=\"0.8\" stroke-width=\"2\"/>",
        cx - belly * 0.93,
        wl + 8.0,
        cx + belly * 0.93
    ));
    let water = s.lin(
        &[
            (0.0, Rgb(170, 200, 180), 0.12),
            (1.0, Rgb(120, 160, 140), 0.28),
        ],
        0.0,
        0.0,
        0.0,
        1.0,
    );
    s.add(&format!(
        "<path d=\"M{:.1},{wl:.1} C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1} L{:.1},{:.1} C{:.1},{:.1} {:.1},{:.1} {:.1},{wl:.1} Q{cx:.1},{:.1} {:.1},{wl:.1}Z\" fill=\"{water}\"/>",
        cx - belly * 0.95,
        cx - belly, wl + h * 0.25,
        cx - belly * 0.95, base - h * 0.06,
        cx - belly * 0.6, base - 4.0,
        cx + belly * 0.6, base - 4.0,
        cx + belly * 0.95, base - h * 0.06,
        cx + belly, wl + h * 0.25,
        cx + belly * 0.95,
        wl + 8.0,
        cx - belly * 0.95
    ));
    // Highlights: a long one on the left, a short one on the right.
    s.add(&format!(
        "<path d=\"M{:.1},{:.1} C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\" fill=\"none\" stroke=\"#ffffff\" stroke-opacity=\"0.75\" stroke-width=\"{:.1}\" stroke-linecap=\"round\"/><path d=\"M{:.1},{:.1} Q{:.1},{:.1} {:.1},{:.1}\" fill=\"none\" stroke=\"#ffffff\" stroke-opacity=\"0.5\" stroke-width=\"{:.1}\" stroke-linecap=\"round\"/>",
        cx - belly * 0.72, top + h * 0.35,
        cx - belly * 0.9, top + h * 0.5,
        cx - belly * 0.88, top + h * 0.75,
        cx - belly * 0.7, top + h * 0.9,
        (belly * 0.07).max(3.0),
        cx + belly * 0.78, top + h * 0.45,
        cx + belly * 0.86, top + h * 0.58,
        cx + belly * 0.8, top + h * 0.7,
        (belly * 0.04).max(2.0)
    ));
    // The rim.
    s.add(&format!(
        "<ellipse cx=\"{cx:.1}\" cy=\"{top:.1}\" rx=\"{neck:.1}\" ry=\"{:.1}\" fill=\"none\" stroke=\"{}\" stroke-opacity=\"0.6\" stroke-width=\"2.5\"/>",
        neck * 0.18,
        tint.darken(0.25).css()
    ));
}

/// A matte ceramic pot with a rolled rim.
pub fn ceramic_pot(s: &mut Svg, cx: f64, top: f64, base: f64, half_w: f64, col: Rgb) {
    let h = base - top;
    let body = s.lin(
        &[
            (0.0, col.darken(0.12), 1.0),
            (0.3, col.lighten(0.25), 1.0),
            (0.7, col, 1.0),
            (1.0, col.darken(0.25), 1.0),
        ],
        0.0,
        0.0,
        1.0,
        0.0,
    );
    s.add(&format!(
        "<path d=\"M{:.1},{:.1} C{:.1},{:.1} {:.1},{:.1} {:.1},{base:.1} L{:.1},{base:.1} C{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}Z\" fill=\"{body}\" stroke=\"{}\" stroke-opacity=\"0.3\"/>",
        cx - half_w, top + h * 0.08,
        cx - half_w * 0.98, top + h * 0.55,
        cx - half_w * 0.85, base - h * 0.05,
        cx - half_w * 0.7,
        cx + half_w * 0.7,
        cx + half_w * 0.85, base - h * 0.05,
        cx + half_w * 0.98, top + h * 0.55,
        cx + half_w, top + h * 0.08,
        col.darken(0.4).css()
    ));
    let rim = s.lin(
        &[(0.0, col.lighten(0.35), 1.0), (1.0, col.darken(0.1), 1.0)],
        0.0,
        0.0,
        0.0,
        1.0,
    );
    s.add(&format!(
        "<rect x=\"{:.1}\" y=\"{top:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"{:.1}\" fill=\"{rim}\" stroke=\"{}\" stroke-opacity=\"0.3\"/>",
        cx - half_w * 1.05,
        half_w * 2.1,
        h * 0.13,
        h * 0.05,
        col.darken(0.4).css()
    ));
    // Soil and moss just showing.
    s.add(&format!(
        "<ellipse cx=\"{cx:.1}\" cy=\"{:.1}\" rx=\"{:.1}\" ry=\"{:.1}\" fill=\"#6b5a3c\"/><ellipse cx=\"{:.1}\" cy=\"{:.1}\" rx=\"{:.1}\" ry=\"{:.1}\" fill=\"#7d8d4c\" fill-opacity=\"0.8\"/>",
        top + 2.0,
        half_w * 0.95,
        h * 0.04,
        cx - half_w * 0.3,
        top + 1.0,
        half_w * 0.35,
        h * 0.03
    ));
}

/// A low woven basket seen slightly from above. Drawn in two parts: the back
/// rim before the flowers and the front wall after, so flowers sit inside.
pub fn basket_back(s: &mut Svg, cx: f64, rim_y: f64, half_w: f64) {
    // The inside is filled with foliage, so it is dark leaf-green, not wicker.
    let inner = s.lin(
        &[(0.0, Rgb(70, 92, 62), 1.0), (1.0, Rgb(40, 56, 38), 1.0)],
        0.0,
        0.0,
        0.0,
        1.0,
    );
    s.add(&format!(
        "<ellipse cx=\"{cx:.1}\" cy=\"{rim_y:.1}\" rx=\"{half_w:.1}\" ry=\"{:.1}\" fill=\"{inner}\"/>",
        half_w * 0.22
    ));
}

pub fn basket_front(s: &mut Svg, rng: &mut Rng, cx: f64, rim_y: f64, half_w: f64, depth: f64) {
    let ry = half_w * 0.22;
    let base_y = rim_y + depth;
    let wall = s.lin(
        &[
            (0.0, Rgb(196, 156, 104), 1.0),
            (0.5, Rgb(176, 134, 86), 1.0),
            (1.0, Rgb(130, 94, 58), 1.0),
        ],
        0.0,
        0.0,
        0.0,
        1.0,
    );
    let wall_d = format!(
        "M{:.1},{rim_y:.1} A{half_w:.1},{ry:.1} 0 0 0 {:.1},{rim_y:.1} L{:.1},{:.1} A{:.1},{:.1} 0 0 1 {:.1},{:.1}Z",
        cx - half_w,
        cx + half_w,
        cx + half_w * 0.86,
        base_y,
        half_w * 0.86,
        ry * 0.86,
        cx - half_w * 0.86,
        base_y
    );
    s.add(&format!("<path d=\"{wall_d}\" fill=\"{wall}\"/>"));
    // Weave: rows of strands leaning alternately left and right, the
    // herringbone of a willow basket, following the basket's curve.
    let rows = 7;
    let mut out = String::new();
    for i in 0..rows {
        let t = (i as f64 + 0.5) / rows as f64;
        let w = half_w * (1.0 - 0.14 * t);
        let yy = rim_y + depth * t;
        let n = 22;
        let lean = if i % 2 == 0 { 28.0 } else { -28.0 };
        for k in 0..n {
            let u = (k as f64 + 0.5) / n as f64;
            let ang = std::f64::consts::PI * (1.0 - u);
            let x = cx + ang.cos() * w * 0.97;
            let y = yy + ang.sin() * ry * (1.0 - 0.14 * t);
            let sw = w * 2.0 / n as f64 * 0.75 * ang.sin().max(0.3);
            let shade = Rgb(214, 176, 122).mix(
                Rgb(140, 100, 60),
                rng.range(0.0, 0.35) + (1.0 - ang.sin()) * 0.5,
            );
            out.push_str(&format!(
                "<ellipse cx=\"{x:.1}\" cy=\"{y:.1}\" rx=\"{sw:.1}\" ry=\"{:.1}\" transform=\"rotate({lean} {x:.1} {y:.1})\" fill=\"{}\" stroke=\"#6e4e2e\" stroke-opacity=\"0.4\" stroke-width=\"1\"/>",
                depth / rows as f64 * 0.36,
                shade.css()
            ));
        }
    }
    s.add(&out);
    // Rim: a plaited band.
    let rim = s.lin(
        &[
            (0.0, Rgb(214, 178, 126), 1.0),
            (1.0, Rgb(150, 110, 66), 1.0),
        ],
        0.0,
        0.0,
        0.0,
        1.0,
    );
    s.add(&format!(
        "<path d=\"M{:.1},{rim_y:.1} A{half_w:.1},{ry:.1} 0 0 0 {:.1},{rim_y:.1}\" fill=\"none\" stroke=\"{rim}\" stroke-width=\"14\" stroke-linecap=\"round\"/><path d=\"M{:.1},{rim_y:.1} A{half_w:.1},{ry:.1} 0 0 0 {:.1},{rim_y:.1}\" fill=\"none\" stroke=\"#6e4e2e\" stroke-opacity=\"0.5\" stroke-width=\"2\" stroke-dasharray=\"9 7\"/>",
        cx - half_w,
        cx + half_w,
        cx - half_w,
        cx + half_w
    ));
}

/// A hand-poured candle in an amber glass jar, lit.
pub fn candle_jar(s: &mut Svg, cx: f64, base: f64, half_w: f64, h: f64) {
    let top = base - h;
    // Warm glow behind the flame.
    s.soft_ellipse(
        cx,
        top - h * 0.18,
        half_w * 1.3,
        half_w * 1.3,
        Rgb(255, 200, 120),
        0.35,
    );
    let glass = s.lin(
        &[
            (0.0, Rgb(110, 56, 20), 1.0),
            (0.18, Rgb(176, 98, 36), 1.0),
            (0.45, Rgb(206, 130, 56), 1.0),
            (0.8, Rgb(150, 78, 28), 1.0),
            (1.0, Rgb(96, 46, 16), 1.0),
        ],
        0.0,
        0.0,
        1.0,
        0.0,
    );
    s.add(&format!(
        "<rect x=\"{:.1}\" y=\"{top:.1}\" width=\"{:.1}\" height=\"{h:.1}\" rx=\"{:.1}\" fill=\"{glass}\"/>",
        cx - half_w,
        half_w * 2.0,
        half_w * 0.18
    ));
    // Wax surface seen through the rim, and the rim itself.
    s.add(&format!(
        "<ellipse cx=\"{cx:.1}\" cy=\"{:.1}\" rx=\"{:.1}\" ry=\"{:.1}\" fill=\"#f3e6cf\"/><ellipse cx=\"{cx:.1}\" cy=\"{top:.1}\" rx=\"{half_w:.1}\" ry=\"{:.1}\" fill=\"none\" stroke=\"#e2a865\" stroke-width=\"4\" stroke-opacity=\"0.8\"/>",
        top + h * 0.07,
        half_w * 0.92,
        half_w * 0.16,
        half_w * 0.18
    ));
    // A plain kraft label band (no text: the picture must not pretend to a brand).
    s.add(&format!(
        "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#e9dcc6\"/><rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"2\" fill=\"#b79b74\"/><rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"2\" fill=\"#b79b74\"/>",
        cx - half_w,
        top + h * 0.38,
        half_w * 2.0,
        h * 0.3,
        cx - half_w,
        top + h * 0.42,
        half_w * 2.0,
        cx - half_w,
        top + h * 0.64 - 2.0,
        half_w * 2.0
    ));
    // A small sprig printed on the label.
    s.add(&format!(
        "<g transform=\"translate({cx:.1},{:.1})\" stroke=\"#6f7f62\" stroke-width=\"2\" fill=\"none\" stroke-linecap=\"round\"><path d=\"M0,18 Q2,0 0,-18\"/><path d=\"M0,8 q-10,-2 -14,-10\"/><path d=\"M0,0 q10,-2 14,-10\"/><path d=\"M0,-8 q-8,-2 -10,-10\"/></g>",
        top + h * 0.53
    ));
    // Highlights on the glass.
    s.add(&format!(
        "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"6\" fill=\"#ffffff\" fill-opacity=\"0.3\"/><rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" rx=\"4\" fill=\"#ffffff\" fill-opacity=\"0.18\"/>",
        cx - half_w * 0.78,
        top + h * 0.08,
        half_w * 0.12,
        h * 0.26,
        cx + half_w * 0.62,
        top + h * 0.72,
        half_w * 0.08,
        h * 0.2
    ));
    // Wick and flame.
    let flame = s.rad(
        &[
            (0.0, Rgb(255, 250, 220), 1.0),
            (0.5, Rgb(255, 206, 110), 0.95),
            (1.0, Rgb(236, 130, 40), 0.0),
        ],
        0.5,
        0.7,
        0.6,
        0.5,
        0.75,
    );
    let fy = top + h * 0.06;
    s.add(&format!(
        "<path d=\"M{cx:.1},{fy:.1} l0,-12\" stroke=\"#3a2a1a\" stroke-width=\"3\"/><path d=\"M{cx:.1},{:.1} C{:.1},{:.1} {:.1},{:.1} {cx:.1},{:.1} C{:.1},{:.1} {:.1},{:.1} {cx:.1},{:.1}Z\" fill=\"{flame}\"/>",
        fy - 6.0,
        cx + 16.0,
        fy - 20.0,
        cx + 6.0,
        fy - 44.0,
        fy - 62.0,
        cx - 6.0,
        fy - 44.0,
        cx - 16.0,
        fy - 20.0,
        fy - 6.0
    ));
}

/// A folded greeting card standing open like a tent, seen three-quarter on.
/// Returns the front panel's corners so a motif can be placed on it.
pub fn card(s: &mut Svg, cx: f64, base: f64, w: f64, h: f64) -> [(f64, f64); 4] {
    let top = base - h;
    // Inside back panel, angled away.
    // The far edge is further away, so it is shorter and its foot sits higher.
    let back = [
        (cx + w * 0.42, top + h * 0.03),
        (cx + w * 0.68, top + h * 0.1),
        (cx + w * 0.68, base - h * 0.09),
        (cx + w * 0.42, base),
    ];
    let inner = s.lin(
        &[
            (0.0, Rgb(214, 206, 192), 1.0),
            (1.0, Rgb(236, 230, 218), 1.0),
        ],
        0.0,
        0.0,
        1.0,
        0.0,
    );
    s.add(&format!(
        "<path d=\"M{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1}Z\" fill=\"{inner}\" stroke=\"#b9ae9c\" stroke-opacity=\"0.6\"/>",
        back[0].0, back[0].1, back[1].0, back[1].1, back[2].0, back[2].1, back[3].0, back[3].1
    ));
    let front = [
        (cx - w * 0.5, top),
        (cx + w * 0.42, top + h * 0.03),
        (cx + w * 0.42, base),
        (cx - w * 0.5, base + h * 0.01),
    ];
    let face = s.lin(
        &[
            (0.0, Rgb(255, 253, 249), 1.0),
            (1.0, Rgb(240, 234, 224), 1.0),
        ],
        0.0,
        0.0,
        1.0,
        1.0,
    );
    s.add(&format!(
        "<path d=\"M{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1}Z\" fill=\"{face}\" stroke=\"#b9ae9c\" stroke-opacity=\"0.7\" stroke-width=\"1.5\"/>",
        front[0].0, front[0].1, front[1].0, front[1].1, front[2].0, front[2].1, front[3].0, front[3].1
    ));
    // Deckled inner border, as on letterpress card.
    let inset = 26.0;
    s.add(&format!(
        "<path d=\"M{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1} L{:.1},{:.1}Z\" fill=\"none\" stroke=\"#c9b9a0\" stroke-width=\"1.2\"/>",
        front[0].0 + inset, front[0].1 + inset,
        front[1].0 - inset, front[1].1 + inset,
        front[2].0 - inset, front[2].1 - inset,
        front[3].0 + inset, front[3].1 - inset
    ));
    front
}

/// A matte stoneware vase, for the hero's big arrangement.
pub fn ceramic_vase(s: &mut Svg, cx: f64, top: f64, base: f64, neck: f64, belly: f64, col: Rgb) {
    let d = vase_d(cx, top, base, neck, belly, belly * 0.55);
    let body = s.lin(
        &[
            (0.0, col.darken(0.15), 1.0),
            (0.3, col.lighten(0.3), 1.0),
            (0.65, col, 1.0),
            (1.0, col.darken(0.3), 1.0),
        ],
        0.0,
        0.0,
        1.0,
        0.0,
    );
    s.add(&format!(
        "<path d=\"{d}\" fill=\"{body}\" stroke=\"{}\" stroke-opacity=\"0.3\"/>",
        col.darken(0.4).css()
    ));
    s.add(&format!(
        "<ellipse cx=\"{cx:.1}\" cy=\"{top:.1}\" rx=\"{neck:.1}\" ry=\"{:.1}\" fill=\"{}\" stroke=\"{}\" stroke-width=\"3\"/>",
        neck * 0.2,
        col.darken(0.45).css(),
        col.lighten(0.2).css()
    ));
}

/// A slim taper candle in a brass holder.
pub fn taper(s: &mut Svg, cx: f64, base: f64, h: f64) {
    let brass = s.lin(
        &[
            (0.0, Rgb(150, 112, 50), 1.0),
            (0.4, Rgb(222, 186, 110), 1.0),
            (1.0, Rgb(130, 96, 40), 1.0),
        ],
        0.0,
        0.0,
        1.0,
        0.0,
    );
    let wax = s.lin(
        &[
            (0.0, Rgb(226, 220, 204), 1.0),
            (0.4, Rgb(252, 249, 240), 1.0),
            (1.0, Rgb(214, 206, 190), 1.0),
        ],
        0.0,
        0.0,
        1.0,
        0.0,
    );
    let top = base - h;
    s.soft_ellipse(cx, top - 30.0, 60.0, 70.0, Rgb(255, 210, 140), 0.35);
    s.add(&format!(
        "<rect x=\"{:.1}\" y=\"{top:.1}\" width=\"22\" height=\"{:.1}\" rx=\"4\" fill=\"{wax}\"/><path d=\"M{cx:.1},{top:.1} l0,-10\" stroke=\"#3a2a1a\" stroke-width=\"2\"/>",
        cx - 11.0,
        h - 40.0
    ));
    let flame = s.rad(
        &[
            (0.0, Rgb(255, 250, 220), 1.0),
            (0.5, Rgb(255, 206, 110), 0.95),
            (1.0, Rgb(236, 130, 40), 0.0),
        ],
        0.5,
        0.7,
        0.6,
        0.5,
        0.75,
    );
    s.add(&format!(
        "<path d=\"M{cx:.1},{:.1} C{:.1},{:.1} {:.1},{:.1} {cx:.1},{:.1} C{:.1},{:.1} {:.1},{:.1} {cx:.1},{:.1}Z\" fill=\"{flame}\"/>",
        top - 4.0, cx + 11.0, top - 14.0, cx + 4.0, top - 32.0, top - 46.0, cx - 4.0, top - 32.0, cx - 11.0, top - 14.0, top - 4.0
    ));
    s.add(&format!(
        "<path d=\"M{:.1},{:.1} L{:.1},{:.1} L{:.1},{base:.1} L{:.1},{base:.1}Z\" fill=\"{brass}\"/><ellipse cx=\"{cx:.1}\" cy=\"{base:.1}\" rx=\"34\" ry=\"8\" fill=\"{brass}\"/><ellipse cx=\"{cx:.1}\" cy=\"{:.1}\" rx=\"18\" ry=\"5\" fill=\"{brass}\"/>",
        cx - 14.0, base - 44.0, cx + 14.0, base - 44.0, cx + 22.0, cx - 22.0, base - 44.0
    ));
}

/// A spool of twine lying on the table.
pub fn spool(s: &mut Svg, cx: f64, cy: f64, r: f64) {
    s.soft_ellipse(
        cx + 6.0,
        cy + r * 0.9,
        r * 1.3,
        r * 0.3,
        Rgb(60, 50, 40),
        0.35,
    );
    let side = s.lin(
        &[
            (0.0, Rgb(200, 170, 120), 1.0),
            (1.0, Rgb(150, 120, 80), 1.0),
        ],
        0.0,
        0.0,
        0.0,
        1.0,
    );
    s.add(&format!(
        "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{side}\"/><ellipse cx=\"{cx:.1}\" cy=\"{:.1}\" rx=\"{r:.1}\" ry=\"{:.1}\" fill=\"{side}\"/><ellipse cx=\"{cx:.1}\" cy=\"{:.1}\" rx=\"{r:.1}\" ry=\"{:.1}\" fill=\"#d9bf92\" stroke=\"#9a7b52\"/><ellipse cx=\"{cx:.1}\" cy=\"{:.1}\" rx=\"{:.1}\" ry=\"{:.1}\" fill=\"#6b5238\"/>",
        cx - r, cy - r * 0.3, r * 2.0, r * 0.9,
        cy + r * 0.6, r * 0.3,
        cy - r * 0.3, r * 0.3,
        cy - r * 0.3, r * 0.25, r * 0.08
    ));
    let mut out = String::new();
    for k in 0..7 {
        let y = cy - r * 0.2 + k as f64 * r * 0.12;
        out.push_str(&format!(
            "<path d=\"M{:.1},{y:.1} q{r:.1},{:.1} {:.1},0\"/>",
            cx - r,
            r * 0.28,
            r * 2.0
        ));
    }
    s.add(&format!(
        "<g fill=\"none\" stroke=\"#9a7b52\" stroke-opacity=\"0.6\" stroke-width=\"1.5\">{out}</g>"
    ));
    // A loose end trailing across the table.
    s.add(&format!(
        "<path d=\"M{:.1},{:.1} c-40,30 -90,10 -140,40 s-60,20 -90,10\" fill=\"none\" stroke=\"#b8976a\" stroke-width=\"3\" stroke-linecap=\"round\"/>",
        cx - r * 0.9,
        cy + r * 0.2
    ));
}

/// Florist's scissors, closed, lying on the table.
pub fn scissors(s: &mut Svg, x: f64, y: f64, deg: f64) {
    s.add(&format!(
        "<g transform=\"translate({x:.1},{y:.1}) rotate({deg:.1})\"><ellipse cx=\"4\" cy=\"6\" rx=\"120\" ry=\"22\" fill=\"#3a3025\" fill-opacity=\"0.12\"/>\
<path d=\"M0,-6 L150,-2 L150,3 L0,6Z\" fill=\"#b9bcbc\" stroke=\"#7b8080\"/><path d=\"M0,-2 L146,8 L140,12 L0,8Z\" fill=\"#a3a8a8\" stroke=\"#7b8080\"/>\
<circle cx=\"4\" cy=\"1\" r=\"5\" fill=\"#6b6f6f\"/>\
<path d=\"M-6,-4 C-40,-30 -90,-30 -96,-10 C-100,8 -60,10 -6,2Z\" fill=\"none\" stroke=\"#5f7f6a\" stroke-width=\"11\" stroke-linejoin=\"round\"/>\
<path d=\"M-6,6 C-40,26 -86,36 -94,20 C-100,4 -60,4 -6,4Z\" fill=\"none\" stroke=\"#4f6d5a\" stroke-width=\"11\" stroke-linejoin=\"round\"/></g>"
    ));
}
