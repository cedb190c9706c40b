#!/usr/bin/env python3
"""Writes the web fonts' core subsets (src/styles/fonts/*-core.woff2) and src/styles/fonts.css.

Each face the pages use (Cormorant Garamond 500, 500 italic and 600, Inter 400, 500 and 600) is
split in two by unicode-range: the characters the shop's pages are written in (ASCII, the
pound sign, the curly quotes and dashes, the middle dot, é, ×, the arrows) in a subset of
Fontsource's latin file, kept here, about 14 KB instead of 24 KB; every other character of the
latin subset in Fontsource's whole file, which a browser fetches only for a page that shows one
(a product named in another language, say). The glyphs, metrics and OpenType features are the
same as before (every layout feature is kept), so the pages look exactly as they did; a phone's
first paint fetches about 60 KB less.

Run from web/ after `npm ci`:  python3 scripts/font-subsets.py   (needs fonttools and brotli:
`pip install fonttools brotli`)."""
from pathlib import Path
import re

from fontTools import subset

WEB = Path(__file__).resolve().parent.parent
FONTSOURCE = WEB / "node_modules" / "@fontsource"
OUT = WEB / "src" / "styles" / "fonts"

FACES = [
    ("Cormorant Garamond", "cormorant-garamond", "normal", 500),
    ("Cormorant Garamond", "cormorant-garamond", "italic", 500),
    ("Cormorant Garamond", "cormorant-garamond", "normal", 600),
    ("Inter", "inter", "normal", 400),
    ("Inter", "inter", "normal", 500),
    ("Inter", "inter", "normal", 600),
]

# Fontsource's latin subset, and the part of it the pages are written in.
LATIN = "U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD"
CORE = "U+0000-007E,U+00A0,U+00A3,U+00A9,U+00B7,U+00D7,U+00E9,U+2013-2014,U+2018-2019,U+201C-201D,U+2026,U+2191,U+2193"


def points(ranges: str) -> set[int]:
    found = set()
    for part in ranges.split(","):
        low, _, high = part.removeprefix("U+").partition("-")
        found.update(range(int(low, 16), int(high or low, 16) + 1))
    return found


def as_ranges(codes: set[int]) -> str:
    runs, ordered = [], sorted(codes)
    start = prev = ordered[0]
    for code in ordered[1:] + [None]:
        if code is not None and code == prev + 1:
            prev = code
            continue
        runs.append(f"U+{start:04X}" + (f"-{prev:04X}" if prev != start else ""))
        if code is not None:
            start = prev = code
    return ",".join(runs)


def main() -> None:
    core = points(CORE)
    rest = as_ranges(points(LATIN) - core)
    OUT.mkdir(parents=True, exist_ok=True)
    rules = [
        "/* Written by scripts/font-subsets.py: each face in two parts by unicode-range, the characters\n"
        "   the pages are written in (a subset, preloaded where it paints the largest text) and the\n"
        "   rest of the latin subset, fetched only by a page that shows one of them. */"
    ]
    for family, package, style, weight in FACES:
        name = f"{package}-latin-{weight}-{style}"
        source = FONTSOURCE / package / "files" / f"{name}.woff2"
        options = subset.Options()
        options.flavor = "woff2"
        options.layout_features = ["*"]
        options.name_IDs = ["*"]
        options.notdef_outline = True
        font = subset.load_font(str(source), options)
        subsetter = subset.Subsetter(options)
        subsetter.populate(unicodes=sorted(core))
        subsetter.subset(font)
        subset.save_font(font, str(OUT / f"{name}-core.woff2"), options)
        for part, url, ranges in [
            ("rest", f"../../node_modules/@fontsource/{package}/files/{name}.woff2", rest),
            ("core", f"./fonts/{name}-core.woff2", CORE),
        ]:
            rules.append(
                f"\n/* {name}, {part} */\n@font-face {{\n  font-family: '{family}';\n  font-style: {style};\n"
                f"  font-display: swap;\n  font-weight: {weight};\n  src: url({url}) format('woff2');\n"
                f"  unicode-range: {ranges};\n}}"
            )
    (WEB / "src" / "styles" / "fonts.css").write_text("\n".join(rules) + "\n")


if __name__ == "__main__":
    main()
