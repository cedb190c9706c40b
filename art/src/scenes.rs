//! Whole pictures: backgrounds, the bouquet arranger and one composition per
//! product and page. The compositions only say *what* goes where; the motif
//! modules know how to draw each thing.

use crate::flowers::{self, Head, Kind};
use crate::foliage::{self, DARK_LEAF, LEAF, PINE};
use crate::svg::{dir, Curve, Rgb, Rng, Svg};
use crate::vessels;
use crate::wrapping::{self, Cone, Paper, BROWN, KRAFT};

pub const PAPER: Rgb = Rgb::hex(0xfaf7f2);

/// Warm paper with a soft coloured halo behind the subject and a faint grain.
/// The grain comes from SVG turbulence with a fixed seed, so it is the same
/// on every run.
pub fn background(s: &mut Svg, tint: Rgb, halo_at: (f64, f64)) {
    let (w, h) = (s.w, s.h);
    s.add(&format!(
        "<rect width=\"{w}\" height=\"{h}\" fill=\"{}\"/>",
        PAPER.css()
    ));
    let halo = s.rad(
        &[(0.0, tint, 0.85), (0.5, tint, 0.45), (1.0, tint, 0.0)],
        halo_at.0 / w,
        halo_at.1 / h,
        0.62,
        halo_at.0 / w,
        halo_at.1 / h,
    );
    s.add(&format!(
        "<rect width=\"{w}\" height=\"{h}\" fill=\"{halo}\"/>"
    ));
    grain(s, 0.0, 0.0, w, h, 1.0);
}

/// Paper grain and a few large watercolour-like blooms over a rectangle.
pub fn grain(s: &mut Svg, x: f64, y: f64, w: f64, h: f64, strength: f64) {
    let id = s.id("grain");
    s.def(&format!(
        "<filter id=\"{id}\" x=\"0\" y=\"0\" width=\"1\" height=\"1\"><feTurbulence type=\"fractalNoise\" baseFrequency=\"0.7\" numOctaves=\"2\" seed=\"11\"/><feColorMatrix type=\"matrix\" values=\"0 0 0 0 0.45 0 0 0 0 0.38 0 0 0 0 0.3 1.6 0 0 0 -0.72\"/></filter>"
    ));
    let id2 = s.id("bloom");
    s.def(&format!(
        "<filter id=\"{id2}\" x=\"0\" y=\"0\" width=\"1\" height=\"1\"><feTurbulence type=\"fractalNoise\" baseFrequency=\"0.006\" numOctaves=\"3\" seed=\"5\"/><feColorMatrix type=\"matrix\" values=\"0 0 0 0 0.72 0 0 0 0 0.62 0 0 0 0 0.5 2.2 0 0 0 -1.0\"/></filter>"
    ));
    s.add(&format!(
        "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" filter=\"url(#{id2})\" opacity=\"{:.2}\"/><rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" filter=\"url(#{id})\" opacity=\"{:.2}\"/>",
        0.1 * strength,
        0.2 * strength
    ));
}

/// What a bouquet holds: heads placed in a dome, sprays fanned out behind.
pub struct HeadSpec<'a> {
    pub kind: Kind,
    pub cols: &'a [Rgb],
    pub n: usize,
    pub r: f64,
}

#[derive(Clone, Copy)]
pub enum Spray {
    Leafy(Rgb),
    Eucalyptus,
    Sage,
    Evergreen,
    Grass(Rgb),
    Wheat,
    Pampas,
    BunnyTail,
    Berries(Rgb),
}

pub struct SpraySpec {
    pub kind: Spray,
    pub n: usize,
    /// Length as a multiple of the distance from the tie to the dome's rim.
    pub reach: f64,
    pub size: f64,
}

/// Places flower heads in an elliptical dome by best-candidate sampling:
/// each head takes the candidate spot furthest from those already placed,
/// which spreads them evenly but never in a grid.
///
/// With `density` > 0 the heads are scaled so their total area is that many
/// times the dome's: above 1 they overlap into a lush, closed mound.
pub fn arrange(
    rng: &mut Rng,
    centre: (f64, f64),
    rx: f64,
    ry: f64,
    specs: &[HeadSpec],
    density: f64,
) -> Vec<Head> {
    let mut want: Vec<(Kind, Rgb, f64)> = Vec::new();
    for sp in specs {
        for _ in 0..sp.n {
            want.push((sp.kind, rng.pick(sp.cols), sp.r * rng.range(0.86, 1.1)));
        }
    }
    if density > 0.0 {
        let area: f64 = want.iter().map(|w| w.2 * w.2).sum();
        let k = (density * rx * ry / area).sqrt();
        for w in &mut want {
            w.2 *= k;
        }
    }
    // Big heads first so they claim the middle; fillers find the gaps.
    want.sort_by(|a, b| b.2.partial_cmp(&a.2).unwrap());
    let mut heads: Vec<Head> = Vec::new();
    for (kind, col, r) in want {
        let mut best = (f64::MIN, 0.0, 0.0);
        for _ in 0..48 {
            let a = rng.range(0.0, std::f64::consts::TAU);
            let d = rng.f().sqrt();
            let x = centre.0 + a.cos() * d * (rx - r * 0.3);
            let y = centre.1 + a.sin() * d * (ry - r * 0.3);
            let mut score = 4.0 - d * 0.6;
            for h in &heads {
                let gap = ((h.x - x).powi(2) + (h.y - y).powi(2)).sqrt() / (h.r + r);
                score = score.min(gap - d * 0.15);
            }
            if score > best.0 {
                best = (score, x, y);
            }
        }
        let (x, y) = (best.1, best.2);
        let (dx, dy) = ((x - centre.0) / rx, (y - centre.1) / ry);
        let d = (dx * dx + dy * dy).sqrt().min(1.0);
        heads.push(Head {
            kind,
            x,
            y,
            r,
            col,
            turn: (-dx).atan2(dy).to_degrees(),
            squash: (1.0 - 0.38 * d.powf(1.5)).max(0.6),
            spin: rng.range(0.0, 360.0),
        });
    }
    // Rim first, centre last; lower heads overlap higher ones.
    let key = |h: &Head| {
        let (dx, dy) = ((h.x - centre.0) / rx, (h.y - centre.1) / ry);
        -(dx * dx + dy * dy).sqrt() + 0.35 * dy
    };
    heads.sort_by(|a, b| key(a).partial_cmp(&key(b)).unwrap());
    heads
}

pub fn draw_heads(s: &mut Svg, rng: &mut Rng, heads: &[Head]) {
    for h in heads {
        let mut r = rng.fork();
        flowers::draw(s, &mut r, h);
    }
}

/// One spray of greenery or filler from `start`, heading `deg`.
pub fn spray(
    s: &mut Svg,
    rng: &mut Rng,
    kind: Spray,
    start: (f64, f64),
    deg: f64,
    len: f64,
    size: f64,
) {
    let bend = rng.range(-18.0, 18.0) + deg * 0.15;
    let c = Curve::from_angle(start, deg, len, bend);
    match kind {
        Spray::Leafy(col) => foliage::leafy(s, rng, &c, size, col, 0.45),
        Spray::Eucalyptus => foliage::eucalyptus(s, rng, &c, size, 0.4),
        Spray::Sage => foliage::sage(s, rng, &c, size, 0.45),
        Spray::Evergreen => foliage::evergreen(s, rng, &c.tail(0.35), size, PINE),
        Spray::Grass(col) => {
            foliage::grass(s, &c, size * 0.06, col);
            // Some grasses carry a little seed head.
            if rng.f() < 0.5 {
                let (x, y) = c.at(1.0);
                let a = c.angle_at(1.0);
                s.add(&format!(
                    "<ellipse cx=\"{x:.1}\" cy=\"{y:.1}\" rx=\"{:.1}\" ry=\"{:.1}\" transform=\"rotate({a:.1} {x:.1} {y:.1})\" fill=\"{}\" fill-opacity=\"0.85\"/>",
                    size * 0.12,
                    size * 0.45,
                    col.lighten(0.25).css()
                ));
            }
        }
        Spray::Wheat => foliage::wheat(s, rng, &c, size, Rgb::hex(0xd2b277)),
        Spray::Pampas => foliage::pampas(s, rng, &c, size, Rgb::hex(0xe6d9c2)),
        Spray::BunnyTail => foliage::bunny_tail(s, rng, &c, size, Rgb::hex(0xeee6d3)),
        Spray::Berries(col) => foliage::berry_sprig(s, rng, &c.tail(0.4), size, col),
    }
}

/// Fans the sprays out from the tie so their tips reach just past the dome.
// Positional geometry reads more plainly here than a one-off struct.
#[allow(clippy::too_many_arguments)]
pub fn fan(
    s: &mut Svg,
    rng: &mut Rng,
    bind: (f64, f64),
    centre: (f64, f64),
    rx: f64,
    ry: f64,
    sprays: &[SpraySpec],
    spread: f64,
) {
    let mut list: Vec<(Spray, f64, f64, f64)> = Vec::new();
    for sp in sprays {
        for i in 0..sp.n {
            let t = (i as f64 + rng.range(0.2, 0.8)) / sp.n as f64;
            let deg = -spread + 2.0 * spread * t;
            list.push((sp.kind, deg, sp.reach, sp.size));
        }
    }
    // Mix kinds so one does not lie entirely on top of another.
    for i in (1..list.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        list.swap(i, j);
    }
    for (kind, deg, reach, size) in list {
        // Distance from the tie to the rim of the dome along this heading.
        let (dx, dy) = dir(deg);
        let mut l = 0.0;
        while l < 2000.0 {
            let (x, y) = (bind.0 + dx * l, bind.1 + dy * l);
            let (nx, ny) = ((x - centre.0) / rx, (y - centre.1) / ry);
            if nx * nx + ny * ny > 1.0 && y < centre.1 + ry * 0.2 {
                break;
            }
            if l > 0.0 && ny > 1.0 && dy > 0.0 {
                break;
            }
            l += 4.0;
        }
        let mut len = l.max(ry) * reach * rng.range(0.92, 1.08);
        // Keep every tip inside the middle of the picture: cards crop the edges.
        // The bend moves the tip a little, so leave a generous margin.
        let margin = s.w * 0.13;
        let left = margin.max(s.keep_left);
        loop {
            let (ex, ey) = (bind.0 + dx * len, bind.1 + dy * len);
            if (ex > left && ex < s.w - margin && ey > s.h * 0.06) || len < ry * 0.6 {
                break;
            }
            len *= 0.95;
        }
        spray(s, rng, kind, bind, deg, len, size);
    }
}

/// A complete hand-tied bouquet wrapped in paper.
pub struct Posy<'a> {
    pub centre: (f64, f64),
    pub rx: f64,
    pub ry: f64,
    pub bind: (f64, f64),
    pub heads: &'a [HeadSpec<'a>],
    pub sprays: &'a [SpraySpec],
    pub spread: f64,
    pub density: f64,
    pub paper: Option<Paper>,
    pub tie: Tie,
}

#[derive(Clone, Copy)]
pub enum Tie {
    Twine(Rgb),
    Ribbon(Rgb),
}

pub fn posy(s: &mut Svg, rng: &mut Rng, p: &Posy) {
    let cone = Cone {
        bind: p.bind,
        half_w: p.rx * 1.05,
        top: p.centre.1 - p.ry * 0.55,
    };
    let (tx, ty) = wrapping::tie_point(&cone);
    if let Some(paper) = &p.paper {
        wrapping::back(s, &mut rng.fork(), &cone, paper);
    }
    // Stems gathered at the tie and showing below the paper.
    let mut sr = rng.fork();
    for i in 0..7 {
        let off = i as f64 - 3.0;
        let c = Curve::from_angle(
            (tx + off * 4.0, p.bind.1),
            180.0 + off * 3.5 + sr.jit(0.0, 2.0),
            ty - p.bind.1 + 175.0 + sr.jit(0.0, 12.0),
            0.0,
        );
        foliage::stem(s, &c, 8.0, foliage::STEM.mix(LEAF, sr.f()));
    }
    fan(
        s,
        &mut rng.fork(),
        p.bind,
        p.centre,
        p.rx,
        p.ry,
        p.sprays,
        p.spread,
    );
    collar(s, &mut rng.fork(), p.centre, p.rx, p.ry, p.sprays);
    let heads = arrange(&mut rng.fork(), p.centre, p.rx, p.ry, p.heads, p.density);
    draw_heads(s, &mut rng.fork(), &heads);
    if let Some(paper) = &p.paper {
        wrapping::front(s, &mut rng.fork(), &cone, paper);
    } else if let Tie::Ribbon(c) = p.tie {
        // Unwrapped: a ribbon-bound handle, as a bride carries it.
        wrapping::handle(s, tx, p.bind.1 - 20.0, ty - p.bind.1 + 130.0, 46.0, c);
    }
    match p.tie {
        Tie::Twine(c) => wrapping::twine(s, tx, ty, 56.0, c),
        Tie::Ribbon(c) => wrapping::ribbon_bow(s, tx, ty, p.rx * 0.42, c, 0.0),
    }
}

/// Short sprigs tucked in round the rim of the dome, pointing outwards, as a
/// florist finishes a posy with a collar of foliage. A shadow under the dome
/// makes any gap between heads read as depth rather than background.
pub fn collar(
    s: &mut Svg,
    rng: &mut Rng,
    centre: (f64, f64),
    rx: f64,
    ry: f64,
    sprays: &[SpraySpec],
) {
    let n = 16;
    for i in 0..n {
        let deg = -125.0 + 250.0 * (i as f64 + rng.range(0.3, 0.7)) / n as f64;
        let (dx, dy) = dir(deg);
        let start = (centre.0 + dx * rx * 0.55, centre.1 + dy * ry * 0.55);
        let sp = &sprays[i % sprays.len()];
        let len = ry * rng.range(0.75, 0.95);
        spray(s, rng, sp.kind, start, deg, len, sp.size * 0.9);
    }
    s.soft_ellipse(
        centre.0,
        centre.1 + ry * 0.1,
        rx * 1.0,
        ry * 1.0,
        Rgb(40, 56, 38),
        0.4,
    );
}

const TWINE: Rgb = Rgb::hex(0xb8976a);

/// Standard geometry for a wrapped product bouquet on a 1000 px square.
fn posy_at<'a>(
    heads: &'a [HeadSpec<'a>],
    sprays: &'a [SpraySpec],
    paper: Option<Paper>,
    tie: Tie,
) -> Posy<'a> {
    Posy {
        centre: (500.0, 400.0),
        rx: 235.0,
        ry: 175.0,
        bind: (500.0, 690.0),
        heads,
        sprays,
        spread: 60.0,
        density: 1.6,
        paper,
        tie,
    }
}

/// Draws the product picture for `slug`, or `None` if it is not one we know.
pub fn product(slug: &str) -> Option<String> {
    let mut s = Svg::new(1000.0, 1000.0);
    let mut rng = Rng::from_name(slug);
    let r = &mut rng;
    match slug {
        "peony-posy" => {
            background(&mut s, Rgb::hex(0xf6dcd6), (500.0, 420.0));
            let heads = [
                HeadSpec {
                    kind: Kind::Peony,
                    cols: &[Rgb::hex(0xeaa9a8), Rgb::hex(0xf2c2bd), Rgb::hex(0xf7d6cf)],
                    n: 6,
                    r: 100.0,
                },
                HeadSpec {
                    kind: Kind::Bud,
                    cols: &[Rgb::hex(0xe59a9c)],
                    n: 2,
                    r: 32.0,
                },
            ];
            let sprays = [SpraySpec {
                kind: Spray::Eucalyptus,
                n: 9,
                reach: 1.25,
                size: 26.0,
            }];
            posy(
                &mut s,
                r,
                &posy_at(
                    &heads,
                    &sprays,
                    Some(wrapping::tissue(Rgb::hex(0xf3d7d3))),
                    Tie::Ribbon(Rgb::hex(0xd99a9a)),
                ),
            );
        }
        "wildflower-meadow" => {
            background(&mut s, Rgb::hex(0xe8efd9), (500.0, 420.0));
            let heads = [
                HeadSpec {
                    kind: Kind::Daisy,
                    cols: &[Rgb::hex(0xfbfaf4)],
                    n: 8,
                    r: 48.0,
                },
                HeadSpec {
                    kind: Kind::Cornflower,
                    cols: &[Rgb::hex(0x4a6fd0), Rgb::hex(0x5a82da)],
                    n: 7,
                    r: 40.0,
                },
                HeadSpec {
                    kind: Kind::Buttercup,
                    cols: &[Rgb::hex(0xf5c518)],
                    n: 7,
                    r: 30.0,
                },
            ];
            let sprays = [
                SpraySpec {
                    kind: Spray::Grass(Rgb::hex(0x8ea25a)),
                    n: 16,
                    reach: 1.35,
                    size: 40.0,
                },
                SpraySpec {
                    kind: Spray::Grass(Rgb::hex(0xb3b070)),
                    n: 8,
                    reach: 1.25,
                    size: 40.0,
                },
                SpraySpec {
                    kind: Spray::Leafy(LEAF),
                    n: 4,
                    reach: 1.1,
                    size: 40.0,
                },
            ];
            let mut p = posy_at(&heads, &sprays, Some(KRAFT), Tie::Twine(TWINE));
            p.rx = 260.0;
            p.ry = 200.0;
            posy(&mut s, r, &p);
        }
        "the-bedminster" => {
            background(&mut s, Rgb::hex(0xf7e1d2), (500.0, 420.0));
            let heads = [
                HeadSpec {
                    kind: Kind::Rose,
                    cols: &[Rgb::hex(0xf3ae7e), Rgb::hex(0xf6c29a)],
                    n: 4,
                    r: 78.0,
                },
                HeadSpec {
                    kind: Kind::Ranunculus,
                    cols: &[Rgb::hex(0xef7a5e), Rgb::hex(0xf38d6e)],
                    n: 5,
                    r: 64.0,
                },
                HeadSpec {
                    kind: Kind::Bud,
                    cols: &[Rgb::hex(0xef8a6a)],
                    n: 2,
                    r: 28.0,
                },
            ];
            let sprays = [SpraySpec {
                kind: Spray::Sage,
                n: 10,
                reach: 1.25,
                size: 46.0,
            }];
            posy(
                &mut s,
                r,
                &posy_at(&heads, &sprays, Some(KRAFT), Tie::Twine(TWINE)),
            );
        }
        "garden-rose-hand-tie" => {
            background(&mut s, Rgb::hex(0xf1e2dc), (500.0, 420.0));
            let heads = [
                HeadSpec {
                    kind: Kind::GardenRose,
                    cols: &[Rgb::hex(0xf4e8d4), Rgb::hex(0xefdcc0)],
                    n: 3,
                    r: 92.0,
                },
                HeadSpec {
                    kind: Kind::GardenRose,
                    cols: &[Rgb::hex(0xd49a98), Rgb::hex(0xc7888c)],
                    n: 4,
                    r: 86.0,
                },
            ];
            let sprays = [SpraySpec {
                kind: Spray::Leafy(DARK_LEAF),
                n: 10,
                reach: 1.2,
                size: 50.0,
            }];
            posy(
                &mut s,
                r,
                &posy_at(
                    &heads,
                    &sprays,
                    Some(wrapping::tissue(Rgb::hex(0xefe6da))),
                    Tie::Ribbon(Rgb::hex(0xc98f8f)),
                ),
            );
        }
        "sunflower-bunch" => {
            background(&mut s, Rgb::hex(0xf6e9c4), (500.0, 420.0));
            let heads = [HeadSpec {
                kind: Kind::Sunflower,
                cols: &[Rgb::hex(0xf4b81c), Rgb::hex(0xf7c530)],
                n: 5,
                r: 108.0,
            }];
            let sprays = [SpraySpec {
                kind: Spray::Leafy(Rgb::hex(0x5f7f3c)),
                n: 7,
                reach: 1.15,
                size: 80.0,
            }];
            posy(
                &mut s,
                r,
                &posy_at(&heads, &sprays, Some(BROWN), Tie::Twine(Rgb::hex(0xd8c4a0))),
            );
        }
        "white-lily-sympathy" => {
            background(&mut s, Rgb::hex(0xe6ebe4), (500.0, 420.0));
            let heads = [
                HeadSpec {
                    kind: Kind::Lily,
                    cols: &[Rgb::hex(0xfdfbf5)],
                    n: 4,
                    r: 112.0,
                },
                HeadSpec {
                    kind: Kind::Rose,
                    cols: &[Rgb::hex(0xf6f3ea), Rgb::hex(0xefeadc)],
                    n: 4,
                    r: 58.0,
                },
                HeadSpec {
                    kind: Kind::Bud,
                    cols: &[Rgb::hex(0xe4ead0)],
                    n: 3,
                    r: 30.0,
                },
            ];
            let sprays = [
                SpraySpec {
                    kind: Spray::Leafy(DARK_LEAF),
                    n: 9,
                    reach: 1.2,
                    size: 58.0,
                },
                SpraySpec {
                    kind: Spray::Eucalyptus,
                    n: 3,
                    reach: 1.15,
                    size: 22.0,
                },
            ];
            posy(
                &mut s,
                r,
                &posy_at(
                    &heads,
                    &sprays,
                    Some(wrapping::tissue(Rgb::hex(0xdfe5da))),
                    Tie::Ribbon(Rgb::hex(0x8ea391)),
                ),
            );
        }
        "sympathy-basket" => {
            background(&mut s, Rgb::hex(0xe9e4ef), (500.0, 520.0));
            vessels::ground_shadow(&mut s, 500.0, 800.0, 270.0);
            vessels::basket_back(&mut s, 500.0, 650.0, 290.0);
            let (centre, rx, ry) = ((500.0, 555.0), 300.0, 150.0);
            let sprays = [
                SpraySpec {
                    kind: Spray::Leafy(DARK_LEAF),
                    n: 10,
                    reach: 1.15,
                    size: 46.0,
                },
                SpraySpec {
                    kind: Spray::Eucalyptus,
                    n: 4,
                    reach: 1.1,
                    size: 22.0,
                },
            ];
            fan(
                &mut s,
                &mut r.fork(),
                (500.0, 680.0),
                centre,
                rx,
                ry,
                &sprays,
                88.0,
            );
            collar(&mut s, &mut r.fork(), centre, rx, ry, &sprays);
            let heads = [
                HeadSpec {
                    kind: Kind::Rose,
                    cols: &[Rgb::hex(0xf8f5ee), Rgb::hex(0xf1ede4)],
                    n: 6,
                    r: 62.0,
                },
                HeadSpec {
                    kind: Kind::Cluster,
                    cols: &[Rgb::hex(0xc7b3dd), Rgb::hex(0xb8a0d2)],
                    n: 5,
                    r: 52.0,
                },
                HeadSpec {
                    kind: Kind::Cluster,
                    cols: &[Rgb::hex(0xf3f1ec)],
                    n: 3,
                    r: 48.0,
                },
                HeadSpec {
                    kind: Kind::Statice,
                    cols: &[Rgb::hex(0xdcd0ea)],
                    n: 4,
                    r: 30.0,
                },
            ];
            let hs = arrange(&mut r.fork(), centre, rx, ry, &heads, 1.5);
            draw_heads(&mut s, &mut r.fork(), &hs);
            vessels::basket_front(&mut s, &mut r.fork(), 500.0, 650.0, 290.0, 150.0);
        }
        "christmas-door-wreath" => {
            background(&mut s, Rgb::hex(0xe8e2d6), (500.0, 480.0));
            door(&mut s);
            // The hanging ribbon, behind the wreath.
            s.add("<path d=\"M488,0 L470,240 L530,240 L512,0Z\" fill=\"#8e1b26\"/>");
            wreath(&mut s, r, (500.0, 500.0), 255.0, 1.0, true);
            wrapping::ribbon_bow(&mut s, 500.0, 762.0, 150.0, Rgb::hex(0x9b1d2a), 0.0);
        }
        "winter-berry-bouquet" => {
            background(&mut s, Rgb::hex(0xece2de), (500.0, 420.0));
            let heads = [
                HeadSpec {
                    kind: Kind::Rose,
                    cols: &[Rgb::hex(0xa01c2e), Rgb::hex(0x8a1628)],
                    n: 4,
                    r: 74.0,
                },
                HeadSpec {
                    kind: Kind::Ranunculus,
                    cols: &[Rgb::hex(0x6e1a30), Rgb::hex(0x7d2238)],
                    n: 3,
                    r: 60.0,
                },
                HeadSpec {
                    kind: Kind::Bud,
                    cols: &[Rgb::hex(0x8a1628)],
                    n: 2,
                    r: 26.0,
                },
            ];
            let sprays = [
                SpraySpec {
                    kind: Spray::Evergreen,
                    n: 9,
                    reach: 1.3,
                    size: 30.0,
                },
                SpraySpec {
                    kind: Spray::Berries(Rgb::hex(0xc0182a)),
                    n: 7,
                    reach: 1.2,
                    size: 11.0,
                },
                SpraySpec {
                    kind: Spray::Eucalyptus,
                    n: 3,
                    reach: 1.15,
                    size: 22.0,
                },
            ];
            posy(
                &mut s,
                r,
                &posy_at(
                    &heads,
                    &sprays,
                    Some(KRAFT),
                    Tie::Ribbon(Rgb::hex(0x7a1426)),
                ),
            );
        }
        "dried-flower-posy" => {
            background(&mut s, Rgb::hex(0xefe6da), (500.0, 420.0));
            let heads = [
                HeadSpec {
                    kind: Kind::Statice,
                    cols: &[Rgb::hex(0xc99aa3), Rgb::hex(0xb88a98), Rgb::hex(0xd8aab0)],
                    n: 10,
                    r: 48.0,
                },
                HeadSpec {
                    kind: Kind::Statice,
                    cols: &[Rgb::hex(0xeee9df)],
                    n: 4,
                    r: 40.0,
                },
                HeadSpec {
                    kind: Kind::Bud,
                    cols: &[Rgb::hex(0xc7a07a)],
                    n: 3,
                    r: 26.0,
                },
            ];
            let sprays = [
                SpraySpec {
                    kind: Spray::Pampas,
                    n: 5,
                    reach: 1.4,
                    size: 64.0,
                },
                SpraySpec {
                    kind: Spray::BunnyTail,
                    n: 12,
                    reach: 1.15,
                    size: 30.0,
                },
                SpraySpec {
                    kind: Spray::Wheat,
                    n: 8,
                    reach: 1.25,
                    size: 22.0,
                },
                SpraySpec {
                    kind: Spray::Grass(Rgb::hex(0xbfa57a)),
                    n: 5,
                    reach: 1.25,
                    size: 36.0,
                },
            ];
            let mut p = posy_at(&heads, &sprays, Some(KRAFT), Tie::Twine(Rgb::hex(0x9c7d58)));
            p.ry = 150.0;
            posy(&mut s, r, &p);
        }
        "florists-choice" => {
            background(&mut s, Rgb::hex(0xf7dde6), (500.0, 420.0));
            let heads = [
                HeadSpec {
                    kind: Kind::Dahlia,
                    cols: &[Rgb::hex(0xc8206a), Rgb::hex(0xd63a7e)],
                    n: 3,
                    r: 86.0,
                },
                HeadSpec {
                    kind: Kind::Gerbera,
                    cols: &[Rgb::hex(0xf47c20), Rgb::hex(0xf99a2e)],
                    n: 3,
                    r: 70.0,
                },
                HeadSpec {
                    kind: Kind::Anemone,
                    cols: &[Rgb::hex(0x6f3fa0), Rgb::hex(0x8450b4)],
                    n: 3,
                    r: 54.0,
                },
                HeadSpec {
                    kind: Kind::Cluster,
                    cols: &[Rgb::hex(0x9a62c2)],
                    n: 2,
                    r: 46.0,
                },
                HeadSpec {
                    kind: Kind::Buttercup,
                    cols: &[Rgb::hex(0xf6b51c)],
                    n: 2,
                    r: 28.0,
                },
            ];
            let sprays = [
                SpraySpec {
                    kind: Spray::Leafy(LEAF),
                    n: 8,
                    reach: 1.2,
                    size: 48.0,
                },
                SpraySpec {
                    kind: Spray::Eucalyptus,
                    n: 4,
                    reach: 1.2,
                    size: 22.0,
                },
            ];
            posy(
                &mut s,
                r,
                &posy_at(
                    &heads,
                    &sprays,
                    Some(KRAFT),
                    Tie::Ribbon(Rgb::hex(0xc8206a)),
                ),
            );
        }
        "potted-orchid" => {
            background(&mut s, Rgb::hex(0xeee6ee), (520.0, 440.0));
            potted_orchid(&mut s, r);
        }
        "soy-candle" => {
            background(&mut s, Rgb::hex(0xf5e3c8), (470.0, 520.0));
            vessels::ground_shadow(&mut s, 470.0, 800.0, 170.0);
            vessels::candle_jar(&mut s, 470.0, 800.0, 150.0, 320.0);
            // A sprig of eucalyptus lying beside the jar.
            let c = Curve::from_angle((610.0, 815.0), 62.0, 300.0, 14.0);
            vessels::ground_shadow(&mut s, 750.0, 840.0, 130.0);
            foliage::eucalyptus(&mut s, r, &c, 24.0, 0.08);
            let c2 = Curve::from_angle((640.0, 830.0), 80.0, 220.0, -10.0);
            foliage::sage(&mut s, r, &c2, 34.0, 0.15);
        }
        "greeting-card" => {
            background(&mut s, Rgb::hex(0xf3e3df), (500.0, 480.0));
            greeting_card(&mut s, r);
        }
        "bud-vase" => {
            background(&mut s, Rgb::hex(0xe3ece6), (500.0, 450.0));
            bud_vase(&mut s, r);
        }
        _ => return None,
    }
    Some(s.finish())
}

/// A wreath: evergreen sprigs laid round a ring, all pointing the same way
/// round, then cones and berries tucked in.
/// A painted panelled door behind the Christmas wreath, so it reads as a door wreath.
fn door(s: &mut Svg) {
    let paint = s.lin(
        &[
            (0.0, Rgb(226, 221, 208), 1.0),
            (1.0, Rgb(210, 204, 190), 1.0),
        ],
        0.0,
        0.0,
        1.0,
        1.0,
    );
    s.add(&format!(
        "<rect x=\"90\" y=\"0\" width=\"820\" height=\"1000\" fill=\"{paint}\"/>"
    ));
    // Frame edges and the recessed panels' mouldings.
    s.add("<path d=\"M90,0 L90,1000 M910,0 L910,1000\" stroke=\"#bdb5a4\" stroke-width=\"6\"/>");
    for (x, y, w, h) in [
        (170.0, 70.0, 290.0, 390.0),
        (540.0, 70.0, 290.0, 390.0),
        (170.0, 560.0, 290.0, 400.0),
        (540.0, 560.0, 290.0, 400.0),
    ] {
        s.add(&format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" fill=\"none\" stroke=\"#f3efe6\" stroke-width=\"5\"/><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#000\" fill-opacity=\"0.03\" stroke=\"#b3ab99\" stroke-width=\"3\"/>",
            x + 6.0, y + 6.0, w - 12.0, h - 12.0
        ));
    }
    grain(s, 90.0, 0.0, 820.0, 1000.0, 0.8);
}

/// A wreath: sprigs laid round a ring, all pointing the same way round, then
/// cones and berries (Christmas) or small flowers (a natural workshop wreath).
fn wreath(s: &mut Svg, rng: &mut Rng, c: (f64, f64), rad: f64, scale: f64, christmas: bool) {
    // A ring-shaped shadow: clear in the middle, so the door shows through.
    let inner = (rad * 0.62) / (rad * 1.4);
    let sh = s.rad(
        &[
            (0.0, Rgb(50, 60, 40), 0.0),
            (inner, Rgb(50, 60, 40), 0.0),
            (0.72, Rgb(50, 60, 40), 0.3),
            (1.0, Rgb(50, 60, 40), 0.0),
        ],
        0.5,
        0.5,
        0.5,
        0.5,
        0.5,
    );
    s.add(&format!(
        "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{:.1}\" fill=\"{sh}\"/>",
        c.0 + 10.0,
        c.1 + 16.0,
        rad * 1.4
    ));
    // A dark base ring so gaps between sprigs read as depth, not background.
    s.add(&format!(
        "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{rad:.1}\" fill=\"none\" stroke=\"#233a2c\" stroke-width=\"{:.1}\"/>",
        c.0,
        c.1,
        rad * 0.34
    ));
    let n = 40;
    for ring in 0..3 {
        for i in 0..n {
            let a = 360.0 * (i as f64 + ring as f64 * 0.33) / n as f64;
            let off = [-0.17, 0.17, 0.0][ring] + rng.range(-0.05, 0.05);
            let (dx, dy) = dir(a);
            let start = (c.0 + dx * rad * (1.0 + off), c.1 + dy * rad * (1.0 + off));
            let heading = a + 90.0 + rng.jit(0.0, 22.0);
            let cv = Curve::from_angle(start, heading, rad * 0.42 * scale, rng.range(-20.0, 20.0));
            if christmas {
                let col = if i % 3 == 0 { Rgb::hex(0x3d5e46) } else { PINE };
                foliage::evergreen(s, rng, &cv, 24.0 * scale, col);
            } else if (i + ring) % 2 == 0 {
                foliage::eucalyptus(s, rng, &cv, 17.0 * scale, 0.0);
            } else {
                foliage::sage(s, rng, &cv, 30.0 * scale, 0.0);
            }
        }
    }
    if !christmas {
        let cols = [Rgb::hex(0xf3ae7e), Rgb::hex(0xf6f1e6), Rgb::hex(0xd99a9a)];
        for k in 0..9 {
            let a = 360.0 * k as f64 / 9.0 + rng.jit(0.0, 10.0);
            let (dx, dy) = dir(a);
            let kind = [Kind::Ranunculus, Kind::Rose, Kind::Statice][k % 3];
            let h = Head {
                kind,
                x: c.0 + dx * rad,
                y: c.1 + dy * rad,
                r: rad * 0.15,
                col: cols[k % 3],
                turn: 0.0,
                squash: 0.95,
                spin: rng.range(0.0, 360.0),
            };
            flowers::draw(s, &mut rng.fork(), &h);
        }
        return;
    }
    // Pine cones, then berry clusters, spaced round the ring.
    for k in 0..6 {
        let a = 30.0 + 60.0 * k as f64 + rng.jit(0.0, 10.0);
        let (dx, dy) = dir(a);
        foliage::pine_cone(
            s,
            c.0 + dx * rad * 1.04,
            c.1 + dy * rad * 1.04,
            84.0 * scale,
            a + 70.0,
        );
    }
    for k in 0..12 {
        let a = 15.0 + 360.0 * k as f64 / 12.0 + rng.jit(0.0, 8.0);
        let (dx, dy) = dir(a);
        let rr = rad * rng.range(0.88, 1.12);
        foliage::berries(
            s,
            rng,
            c.0 + dx * rr,
            c.1 + dy * rr,
            28.0 * scale,
            11.0 * scale,
            9,
            Rgb::hex(0xc0182a),
        );
    }
}

fn potted_orchid(s: &mut Svg, rng: &mut Rng) {
    vessels::ground_shadow(s, 480.0, 880.0, 150.0);
    // Stake and flower spike.
    s.add("<path d=\"M486,700 L492,300\" stroke=\"#b59a6a\" stroke-width=\"5\" stroke-linecap=\"round\"/>");
    let spike =
        "M484,700 C488,560 488,420 500,320 C512,230 600,210 680,250 C730,275 760,320 772,372";
    s.add(&format!("<path d=\"{spike}\" fill=\"none\" stroke=\"#5c6b3c\" stroke-width=\"6\" stroke-linecap=\"round\"/>"));
    // Clips holding the spike to the stake.
    s.add("<circle cx=\"489\" cy=\"520\" r=\"6\" fill=\"#d9cfa9\"/><circle cx=\"494\" cy=\"400\" r=\"6\" fill=\"#d9cfa9\"/>");
    // Blooms along the arch, largest near the base of the arch; buds at the tip.
    let blooms = [
        (470.0, 300.0, 78.0, -20.0),
        (560.0, 236.0, 80.0, -8.0),
        (652.0, 250.0, 76.0, 8.0),
        (735.0, 300.0, 66.0, 18.0),
    ];
    for (x, y, r, rot) in blooms {
        flowers::orchid(s, x, y, r, rot, Rgb::hex(0xfdfbf8), Rgb::hex(0xd2578a));
    }
    for (x, y, r) in [(770.0, 358.0, 18.0), (778.0, 388.0, 13.0)] {
        s.add(&format!(
            "<ellipse cx=\"{x}\" cy=\"{y}\" rx=\"{r}\" ry=\"{:.1}\" fill=\"#e9ecd9\" stroke=\"#a8ae88\"/>",
            r * 1.2
        ));
    }
    // Broad glossy leaves from the pot's rim.
    for (deg, len, w) in [
        (-70.0, 230.0, 110.0),
        (64.0, 250.0, 115.0),
        (-40.0, 180.0, 95.0),
    ] {
        foliage::leaf(s, 500.0, 705.0, deg, len, w, Rgb::hex(0x3f6a3e));
    }
    // Two silvery aerial roots.
    s.add("<path d=\"M520,705 C560,720 590,700 610,730\" fill=\"none\" stroke=\"#c7cdb8\" stroke-width=\"7\" stroke-linecap=\"round\"/><path d=\"M470,708 C440,720 430,712 412,738\" fill=\"none\" stroke=\"#c7cdb8\" stroke-width=\"6\" stroke-linecap=\"round\"/>");
    vessels::ceramic_pot(s, 500.0, 700.0, 880.0, 150.0, Rgb::hex(0xdfe3dc));
    let _ = rng;
}

fn greeting_card(s: &mut Svg, rng: &mut Rng) {
    // A kraft envelope lying behind the card.
    s.add("<g transform=\"rotate(-8 520 690)\"><rect x=\"250\" y=\"560\" width=\"560\" height=\"330\" rx=\"6\" fill=\"#d2b38c\"/><path d=\"M250,560 L530,740 L810,560\" fill=\"none\" stroke=\"#a88b66\" stroke-width=\"2\"/></g>");
    vessels::ground_shadow(s, 520.0, 830.0, 280.0);
    let f = vessels::card(s, 500.0, 830.0, 480.0, 600.0);
    // Pressed flowers: flat, a little faded, arranged in a loose sprig.
    let cx = (f[0].0 + f[1].0) / 2.0;
    let cy = (f[0].1 + f[3].1) / 2.0;
    let stem_c = Curve::from_angle((cx - 10.0, cy + 170.0), 4.0, 300.0, -16.0);
    foliage::stem(s, &stem_c, 3.0, Rgb::hex(0x7d8a5c));
    for (t, side) in [(0.25, -1.0), (0.4, 1.0), (0.55, -1.0), (0.68, 1.0)] {
        let (x, y) = stem_c.at(t);
        foliage::leaf(
            s,
            x,
            y,
            stem_c.angle_at(t) + side * 50.0,
            58.0,
            24.0,
            Rgb::hex(0x8c9b6c),
        );
    }
    let pressed = [
        (
            Kind::Anemone,
            Rgb::hex(0xe3a7b4),
            cx - 6.0,
            cy - 130.0,
            58.0,
        ),
        (Kind::Daisy, Rgb::hex(0xf7f2e6), cx + 78.0, cy - 44.0, 44.0),
        (
            Kind::Cornflower,
            Rgb::hex(0x7187c4),
            cx - 84.0,
            cy - 14.0,
            38.0,
        ),
        (
            Kind::Buttercup,
            Rgb::hex(0xf0c94a),
            cx + 40.0,
            cy + 62.0,
            26.0,
        ),
    ];
    for (kind, col, x, y, r) in pressed {
        let h = Head {
            kind,
            x,
            y,
            r,
            col,
            turn: 0.0,
            squash: 1.0,
            spin: rng.range(0.0, 360.0),
        };
        flowers::draw(s, &mut rng.fork(), &h);
    }
}

fn bud_vase(s: &mut Svg, rng: &mut Rng) {
    vessels::ground_shadow(s, 500.0, 860.0, 130.0);
    // The stem runs into the water, then the glass goes over it.
    let c = Curve::from_angle((498.0, 850.0), -2.0, 520.0, 8.0);
    foliage::stem(s, &c, 7.0, foliage::STEM);
    foliage::leaf(s, 492.0, 560.0, -48.0, 90.0, 40.0, LEAF);
    foliage::leaf(s, 502.0, 470.0, 52.0, 80.0, 36.0, LEAF);
    let top = c.at(1.0);
    let h = Head {
        kind: Kind::GardenRose,
        x: top.0,
        y: top.1 - 10.0,
        r: 118.0,
        col: Rgb::hex(0xeab3aa),
        turn: 180.0,
        squash: 0.86,
        spin: 20.0,
    };
    flowers::draw(s, &mut rng.fork(), &h);
    vessels::glass_vase(s, 500.0, 540.0, 860.0, 32.0, 118.0, Rgb::hex(0xcfe0dc));
}

/// A calm studio corner: a warm wall and a pale oak table from `table_y` down.
fn room(s: &mut Svg, table_y: f64, wall_tint: Rgb) {
    let (w, h) = (s.w, s.h);
    let wall = s.lin(
        &[(0.0, PAPER, 1.0), (1.0, PAPER.mix(wall_tint, 0.5), 1.0)],
        0.0,
        0.0,
        0.0,
        1.0,
    );
    s.add(&format!(
        "<rect width=\"{w}\" height=\"{table_y:.1}\" fill=\"{wall}\"/>"
    ));
    // Light falling from the left, a window out of frame.
    let light = s.rad(
        &[
            (0.0, Rgb(255, 253, 246), 0.9),
            (1.0, Rgb(255, 253, 246), 0.0),
        ],
        0.2,
        0.3,
        0.6,
        0.2,
        0.3,
    );
    s.add(&format!(
        "<rect width=\"{w}\" height=\"{table_y:.1}\" fill=\"{light}\"/>"
    ));
    let oak = s.lin(
        &[
            (0.0, Rgb(222, 200, 170), 1.0),
            (1.0, Rgb(200, 174, 140), 1.0),
        ],
        0.0,
        0.0,
        0.0,
        1.0,
    );
    s.add(&format!(
        "<rect y=\"{table_y:.1}\" width=\"{w}\" height=\"{:.1}\" fill=\"{oak}\"/>",
        h - table_y
    ));
    // Long soft grain lines in the wood.
    let mut rng = Rng::from_name("oak");
    let mut out = String::new();
    for _ in 0..26 {
        let y = rng.range(table_y + 10.0, h);
        let x = rng.range(-200.0, w);
        let l = rng.range(300.0, 900.0);
        out.push_str(&format!(
            "<path d=\"M{x:.1},{y:.1} q{:.1},{:.1} {l:.1},{:.1}\"/>",
            l / 2.0,
            rng.jit(0.0, 6.0),
            rng.jit(0.0, 4.0)
        ));
    }
    s.add(&format!(
        "<g fill=\"none\" stroke=\"#a98860\" stroke-opacity=\"0.22\" stroke-width=\"2\">{out}</g>"
    ));
    s.add(&format!(
        "<rect y=\"{:.1}\" width=\"{w}\" height=\"5\" fill=\"#f1e4cf\" fill-opacity=\"0.8\"/>",
        table_y
    ));
    grain(s, 0.0, 0.0, w, h, 0.8);
}

/// A big arrangement standing in a vase: stems, greenery, heads, then the vase.
#[allow(clippy::too_many_arguments)]
fn vase_arrangement(
    s: &mut Svg,
    rng: &mut Rng,
    centre: (f64, f64),
    rx: f64,
    ry: f64,
    bind: (f64, f64),
    heads: &[HeadSpec],
    sprays: &[SpraySpec],
    spread: f64,
) {
    fan(s, &mut rng.fork(), bind, centre, rx, ry, sprays, spread);
    collar(s, &mut rng.fork(), centre, rx, ry, sprays);
    let hs = arrange(&mut rng.fork(), centre, rx, ry, heads, 1.5);
    draw_heads(s, &mut rng.fork(), &hs);
}

/// Draws a page picture (1600 × 1067).
pub fn page(name: &str) -> Option<String> {
    let mut s = Svg::new(1600.0, 1067.0);
    let mut rng = Rng::from_name(name);
    let r = &mut rng;
    match name {
        "hero" => {
            // The left third stays open wall and table, for the heading.
            room(&mut s, 800.0, Rgb::hex(0xf1e0d6));
            s.keep_left = 600.0;
            s.soft_ellipse(1060.0, 450.0, 560.0, 420.0, Rgb::hex(0xf3d9cf), 0.45);
            vessels::ground_shadow(&mut s, 1060.0, 860.0, 190.0);
            let heads = [
                HeadSpec {
                    kind: Kind::Peony,
                    cols: &[Rgb::hex(0xeaa9a8), Rgb::hex(0xf2c2bd)],
                    n: 5,
                    r: 100.0,
                },
                HeadSpec {
                    kind: Kind::GardenRose,
                    cols: &[Rgb::hex(0xf4e8d4), Rgb::hex(0xefdcc0)],
                    n: 4,
                    r: 84.0,
                },
                HeadSpec {
                    kind: Kind::Ranunculus,
                    cols: &[Rgb::hex(0xef7a5e), Rgb::hex(0xf6a07f)],
                    n: 4,
                    r: 58.0,
                },
                HeadSpec {
                    kind: Kind::Cluster,
                    cols: &[Rgb::hex(0xc7b3dd)],
                    n: 3,
                    r: 60.0,
                },
                HeadSpec {
                    kind: Kind::Statice,
                    cols: &[Rgb::hex(0xf6f3ec)],
                    n: 4,
                    r: 40.0,
                },
                HeadSpec {
                    kind: Kind::Bud,
                    cols: &[Rgb::hex(0xe59a9c)],
                    n: 3,
                    r: 26.0,
                },
            ];
            let sprays = [
                SpraySpec {
                    kind: Spray::Eucalyptus,
                    n: 9,
                    reach: 1.2,
                    size: 26.0,
                },
                SpraySpec {
                    kind: Spray::Sage,
                    n: 7,
                    reach: 1.25,
                    size: 46.0,
                },
                SpraySpec {
                    kind: Spray::Leafy(LEAF),
                    n: 4,
                    reach: 1.15,
                    size: 50.0,
                },
                SpraySpec {
                    kind: Spray::Grass(Rgb::hex(0xb3b070)),
                    n: 5,
                    reach: 1.3,
                    size: 40.0,
                },
            ];
            vase_arrangement(
                &mut s,
                r,
                (1060.0, 410.0),
                360.0,
                215.0,
                (1060.0, 640.0),
                &heads,
                &sprays,
                88.0,
            );
            vessels::ceramic_vase(
                &mut s,
                1060.0,
                585.0,
                860.0,
                112.0,
                178.0,
                Rgb::hex(0xe6ddd0),
            );
            // A few stems and petals left on the table after making it.
            let c = Curve::from_angle((600.0, 905.0), 78.0, 230.0, 8.0);
            foliage::eucalyptus(&mut s, r, &c, 20.0, 0.1);
            for (x, y, a) in [
                (700.0, 880.0, 20.0),
                (745.0, 930.0, -40.0),
                (1380.0, 930.0, 70.0),
            ] {
                s.add(&format!(
                    "<path d=\"{}\" transform=\"translate({x},{y}) rotate({a})\" fill=\"#f0bcb6\" stroke=\"#c98f8a\" stroke-opacity=\"0.5\"/>",
                    flowers::petal_d(34.0, 30.0, 1.0)
                ));
            }
            vessels::spool(&mut s, 1450.0, 880.0, 52.0);
        }
        "gallery-1" => {
            // Bridal bouquet: round, white and blush, ribbon-bound handle.
            background(&mut s, Rgb::hex(0xf5e4df), (800.0, 460.0));
            let heads = [
                HeadSpec {
                    kind: Kind::GardenRose,
                    cols: &[Rgb::hex(0xf7f1e6), Rgb::hex(0xf3e8d6)],
                    n: 5,
                    r: 86.0,
                },
                HeadSpec {
                    kind: Kind::Peony,
                    cols: &[Rgb::hex(0xf4cdc6)],
                    n: 3,
                    r: 96.0,
                },
                HeadSpec {
                    kind: Kind::Cluster,
                    cols: &[Rgb::hex(0xf7f4ee)],
                    n: 3,
                    r: 54.0,
                },
                HeadSpec {
                    kind: Kind::Statice,
                    cols: &[Rgb::hex(0xfbf9f4)],
                    n: 5,
                    r: 38.0,
                },
            ];
            let sprays = [
                SpraySpec {
                    kind: Spray::Eucalyptus,
                    n: 8,
                    reach: 1.15,
                    size: 24.0,
                },
                SpraySpec {
                    kind: Spray::Sage,
                    n: 6,
                    reach: 1.2,
                    size: 40.0,
                },
            ];
            let p = Posy {
                centre: (800.0, 420.0),
                rx: 300.0,
                ry: 230.0,
                bind: (800.0, 690.0),
                heads: &heads,
                sprays: &sprays,
                spread: 100.0,
                density: 1.6,
                paper: None,
                tie: Tie::Ribbon(Rgb::hex(0xefe3d3)),
            };
            posy(&mut s, r, &p);
        }
        "gallery-2" => {
            // Table centrepiece: long and low between two taper candles.
            room(&mut s, 600.0, Rgb::hex(0xf0e4d4));
            s.add("<path d=\"M0,690 L1600,690 L1600,860 L0,860Z\" fill=\"#efe8dc\"/><path d=\"M0,690 L1600,690\" stroke=\"#d8cdbb\" stroke-width=\"2\"/>");
            vessels::ground_shadow(&mut s, 800.0, 790.0, 520.0);
            vessels::taper(&mut s, 470.0, 770.0, 430.0);
            vessels::taper(&mut s, 1130.0, 770.0, 470.0);
            let heads = [
                HeadSpec {
                    kind: Kind::Rose,
                    cols: &[Rgb::hex(0xf3ae7e), Rgb::hex(0xf6c29a)],
                    n: 6,
                    r: 70.0,
                },
                HeadSpec {
                    kind: Kind::Ranunculus,
                    cols: &[Rgb::hex(0xef7a5e)],
                    n: 4,
                    r: 56.0,
                },
                HeadSpec {
                    kind: Kind::Cluster,
                    cols: &[Rgb::hex(0xf6f2ea)],
                    n: 4,
                    r: 52.0,
                },
                HeadSpec {
                    kind: Kind::Bud,
                    cols: &[Rgb::hex(0xf3ae7e)],
                    n: 3,
                    r: 24.0,
                },
            ];
            let sprays = [
                SpraySpec {
                    kind: Spray::Eucalyptus,
                    n: 6,
                    reach: 1.15,
                    size: 24.0,
                },
                SpraySpec {
                    kind: Spray::Sage,
                    n: 6,
                    reach: 1.15,
                    size: 42.0,
                },
            ];
            let (centre, rx, ry) = ((800.0, 690.0), 520.0, 115.0);
            // Greenery trails left and right along the table from several points.
            for x in [560.0, 800.0, 1040.0] {
                fan(
                    &mut s,
                    &mut r.fork(),
                    (x, 760.0),
                    centre,
                    rx,
                    ry,
                    &sprays,
                    100.0,
                );
            }
            collar(&mut s, &mut r.fork(), centre, rx, ry, &sprays);
            let hs = arrange(&mut r.fork(), centre, rx, ry, &heads, 1.3);
            draw_heads(&mut s, &mut r.fork(), &hs);
        }
        "gallery-3" => {
            // A buttonhole, close up: one rose, a little foliage, twine and a pin.
            background(&mut s, Rgb::hex(0xe9eee6), (800.0, 520.0));
            s.add(
                "<g transform=\"translate(800 600) rotate(-28) scale(1.45) translate(-800 -560)\">",
            );
            s.soft_ellipse(820.0, 560.0, 330.0, 300.0, Rgb(60, 70, 50), 0.18);
            let c1 = Curve::from_angle((800.0, 480.0), -48.0, 330.0, -10.0);
            foliage::eucalyptus(&mut s, r, &c1, 30.0, 0.3);
            let c2 = Curve::from_angle((800.0, 480.0), 44.0, 320.0, 10.0);
            foliage::sage(&mut s, r, &c2, 62.0, 0.35);
            let c3 = Curve::from_angle((800.0, 480.0), -8.0, 300.0, 6.0);
            foliage::eucalyptus(&mut s, r, &c3, 26.0, 0.4);
            foliage::leaf(&mut s, 800.0, 600.0, -70.0, 170.0, 74.0, DARK_LEAF);
            foliage::leaf(&mut s, 800.0, 610.0, 78.0, 150.0, 66.0, DARK_LEAF);
            for k in 0..4 {
                let c = Curve::from_angle(
                    (790.0 + k as f64 * 6.0, 640.0),
                    180.0 + k as f64 * 2.0,
                    330.0,
                    0.0,
                );
                foliage::stem(&mut s, &c, 10.0, foliage::STEM);
            }
            let h = Head {
                kind: Kind::Rose,
                x: 800.0,
                y: 470.0,
                r: 175.0,
                col: Rgb::hex(0xf2c9c0),
                turn: 180.0,
                squash: 0.9,
                spin: 12.0,
            };
            flowers::draw(&mut s, &mut r.fork(), &h);
            wrapping::twine(&mut s, 805.0, 760.0, 60.0, TWINE);
            s.add("<path d=\"M690,840 L930,800\" stroke=\"#a9adad\" stroke-width=\"4\" stroke-linecap=\"round\"/><circle cx=\"686\" cy=\"841\" r=\"13\" fill=\"#fbf8f1\" stroke=\"#cfc6b5\"/>");
            s.add("</g>");
        }
        "gallery-4" => {
            // Casket spray: long, white and green, laid on a warm wooden lid.
            background(&mut s, Rgb::hex(0xe6ebe4), (800.0, 520.0));
            let wood = s.lin(
                &[
                    (0.0, Rgb(176, 132, 92), 1.0),
                    (0.15, Rgb(150, 106, 70), 1.0),
                    (1.0, Rgb(120, 82, 52), 1.0),
                ],
                0.0,
                0.0,
                0.0,
                1.0,
            );
            s.add(&format!("<path d=\"M0,640 L1600,640 L1600,1067 L0,1067Z\" fill=\"{wood}\"/><path d=\"M0,642 L1600,642\" stroke=\"#d3b08a\" stroke-width=\"4\"/>"));
            vessels::ground_shadow(&mut s, 800.0, 700.0, 600.0);
            let heads = [
                HeadSpec {
                    kind: Kind::Lily,
                    cols: &[Rgb::hex(0xfdfbf5)],
                    n: 4,
                    r: 100.0,
                },
                HeadSpec {
                    kind: Kind::Rose,
                    cols: &[Rgb::hex(0xf7f4ec), Rgb::hex(0xefeadc)],
                    n: 8,
                    r: 66.0,
                },
                HeadSpec {
                    kind: Kind::Cluster,
                    cols: &[Rgb::hex(0xf3f1ec)],
                    n: 4,
                    r: 50.0,
                },
                HeadSpec {
                    kind: Kind::Bud,
                    cols: &[Rgb::hex(0xe4ead0)],
                    n: 4,
                    r: 26.0,
                },
            ];
            let sprays = [
                SpraySpec {
                    kind: Spray::Leafy(DARK_LEAF),
                    n: 8,
                    reach: 1.25,
                    size: 54.0,
                },
                SpraySpec {
                    kind: Spray::Eucalyptus,
                    n: 5,
                    reach: 1.3,
                    size: 24.0,
                },
            ];
            let (centre, rx, ry) = ((800.0, 590.0), 500.0, 135.0);
            for x in [620.0, 980.0] {
                fan(
                    &mut s,
                    &mut r.fork(),
                    (x, 640.0),
                    centre,
                    rx,
                    ry,
                    &sprays,
                    105.0,
                );
            }
            collar(&mut s, &mut r.fork(), centre, rx, ry, &sprays);
            let hs = arrange(&mut r.fork(), centre, rx, ry, &heads, 1.4);
            draw_heads(&mut s, &mut r.fork(), &hs);
        }
        "gallery-5" => {
            // A wreath-making workshop: a natural wreath on the table with tools.
            let (w, h) = (s.w, s.h);
            let oak = s.lin(
                &[
                    (0.0, Rgb(226, 206, 178), 1.0),
                    (1.0, Rgb(208, 184, 150), 1.0),
                ],
                0.0,
                0.0,
                1.0,
                1.0,
            );
            s.add(&format!(
                "<rect width=\"{w}\" height=\"{h}\" fill=\"{oak}\"/>"
            ));
            let mut out = String::new();
            for k in 0..12 {
                let y = 30.0 + k as f64 * 90.0 + r.jit(0.0, 30.0);
                out.push_str(&format!(
                    "<path d=\"M0,{y:.1} q800,{:.1} 1600,{:.1}\"/>",
                    r.jit(0.0, 10.0),
                    r.jit(0.0, 8.0)
                ));
            }
            s.add(&format!("<g fill=\"none\" stroke=\"#a98860\" stroke-opacity=\"0.2\" stroke-width=\"2\">{out}</g>"));
            grain(&mut s, 0.0, 0.0, w, h, 0.8);
            wreath(&mut s, r, (800.0, 530.0), 270.0, 1.0, false);
            vessels::scissors(&mut s, 300.0, 860.0, -20.0);
            vessels::spool(&mut s, 1320.0, 820.0, 60.0);
            let c = Curve::from_angle((1220.0, 230.0), 120.0, 260.0, 10.0);
            foliage::eucalyptus(&mut s, r, &c, 22.0, 0.1);
            let c = Curve::from_angle((260.0, 260.0), 100.0, 240.0, -12.0);
            foliage::sage(&mut s, r, &c, 40.0, 0.1);
        }
        "gallery-6" => {
            // A vase arrangement: tall glass, loose and airy.
            room(&mut s, 830.0, Rgb::hex(0xe3e8ef));
            vessels::ground_shadow(&mut s, 800.0, 930.0, 150.0);
            let mut sr = r.fork();
            for i in 0..9 {
                let off = i as f64 - 4.0;
                let c = Curve::from_angle(
                    (800.0 + off * 9.0, 900.0),
                    off * 2.5 + sr.jit(0.0, 2.0),
                    420.0,
                    0.0,
                );
                foliage::stem(&mut s, &c, 6.0, foliage::STEM.mix(LEAF, sr.f()));
            }
            let heads = [
                HeadSpec {
                    kind: Kind::Rose,
                    cols: &[Rgb::hex(0xd49a98), Rgb::hex(0xe8b4ad)],
                    n: 4,
                    r: 70.0,
                },
                HeadSpec {
                    kind: Kind::Anemone,
                    cols: &[Rgb::hex(0xfbf8f2)],
                    n: 4,
                    r: 58.0,
                },
                HeadSpec {
                    kind: Kind::Cluster,
                    cols: &[Rgb::hex(0x8fa2d6), Rgb::hex(0xa9b6e0)],
                    n: 3,
                    r: 56.0,
                },
                HeadSpec {
                    kind: Kind::Cornflower,
                    cols: &[Rgb::hex(0x4a6fd0)],
                    n: 4,
                    r: 34.0,
                },
            ];
            let sprays = [
                SpraySpec {
                    kind: Spray::Eucalyptus,
                    n: 8,
                    reach: 1.25,
                    size: 24.0,
                },
                SpraySpec {
                    kind: Spray::Grass(Rgb::hex(0x9fae6a)),
                    n: 6,
                    reach: 1.35,
                    size: 40.0,
                },
            ];
            vase_arrangement(
                &mut s,
                r,
                (800.0, 380.0),
                330.0,
                230.0,
                (800.0, 600.0),
                &heads,
                &sprays,
                85.0,
            );
            vessels::glass_vase(&mut s, 800.0, 560.0, 930.0, 80.0, 150.0, Rgb::hex(0xcfe0dc));
        }
        _ => return None,
    }
    Some(s.finish())
}
