// Prints the @font-face rules of src/styles/font-fallbacks.css: a local font for each web font,
// scaled and given the web font's vertical metrics, so text set in it while the web font loads
// takes the room the web font will take and nothing reflows when it swaps in.
//
//   size-adjust      = the web font's average width / the local font's average width, both the
//                      advance widths of a-z and the space weighted by how often each comes in
//                      English text, in ems (Capsize's xWidthAvg, as next/font and fontaine do);
//   ascent-override  = the web font's ascender / unitsPerEm / size-adjust (the overrides apply
//   descent-override   to the adjusted size, hence the division), and likewise its descender
//   line-gap-override  and line gap; hhea's, or OS/2's typo metrics when USE_TYPO_METRICS is set.
//
// The local fonts are Times New Roman and Arial: Liberation Serif and Liberation Sans (Debian's
// fonts-liberation) have exactly their widths and vertical metrics, so their files stand in
// for them here, and the rules name all three spellings of each. A stand-in covers only the
// characters of the web font's latin subset: the others (→, say) are drawn as they always are.
// Run: node scripts/font-fallbacks.mjs > src/styles/font-fallbacks.css (needs fonts-liberation).
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

const fontsource = new URL('../node_modules/@fontsource/', import.meta.url);
const liberation = '/usr/share/fonts/truetype/liberation/';

// Relative frequency of each letter in English text, and of the space between words.
const FREQUENCY = {
  ' ': 0.1818, a: 0.0668, b: 0.0122, c: 0.0228, d: 0.0348, e: 0.1039, f: 0.0182, g: 0.0165,
  h: 0.0498, i: 0.057, j: 0.0013, k: 0.0063, l: 0.0329, m: 0.0197, n: 0.0552, o: 0.0614,
  p: 0.0158, q: 0.0008, r: 0.049, s: 0.0518, t: 0.0741, u: 0.0226, v: 0.008, w: 0.0193,
  x: 0.0012, y: 0.0162, z: 0.0006,
};

/** The tables of a TrueType/OpenType file or a WOFF 1 (zlib per table) file. */
function tables(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const woff = view.getUint32(0) === 0x774f4646; // 'wOFF'
  const count = view.getUint16(woff ? 12 : 4);
  const found = {};
  for (let i = 0; i < count; i++) {
    const at = (woff ? 44 : 12) + i * (woff ? 20 : 16);
    const tag = String.fromCharCode(...bytes.subarray(at, at + 4));
    const offset = view.getUint32(at + (woff ? 4 : 8));
    const length = view.getUint32(at + (woff ? 8 : 12));
    const original = woff ? view.getUint32(at + 12) : length;
    let data = bytes.subarray(offset, offset + length);
    if (woff && length < original) data = inflateSync(data);
    found[tag] = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }
  return found;
}

/** The glyph of a character, from the cmap's format 4 subtable (Unicode BMP). */
function glyphOf(cmap, char) {
  const code = char.charCodeAt(0);
  const count = cmap.getUint16(2);
  for (let i = 0; i < count; i++) {
    const offset = cmap.getUint32(4 + i * 8 + 4);
    if (cmap.getUint16(offset) !== 4) continue;
    const segments = cmap.getUint16(offset + 6) / 2;
    const ends = offset + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const ranges = deltas + segments * 2;
    for (let s = 0; s < segments; s++) {
      if (cmap.getUint16(ends + s * 2) < code) continue;
      const start = cmap.getUint16(starts + s * 2);
      if (start > code) break;
      const delta = cmap.getInt16(deltas + s * 2);
      const range = cmap.getUint16(ranges + s * 2);
      if (range === 0) return (code + delta) & 0xffff;
      const glyph = cmap.getUint16(ranges + s * 2 + range + (code - start) * 2);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
  }
  throw new Error(`no glyph for ${JSON.stringify(char)}`);
}

function metrics(path) {
  const t = tables(readFileSync(path));
  const unitsPerEm = t.head.getUint16(18);
  const longMetrics = t.hhea.getUint16(34);
  const advance = (glyph) => t.hmtx.getUint16(4 * Math.min(glyph, longMetrics - 1));
  const useTypo = (t['OS/2'].getUint16(62) & (1 << 7)) !== 0;
  const [ascent, descent, lineGap] = useTypo
    ? [t['OS/2'].getInt16(68), t['OS/2'].getInt16(70), t['OS/2'].getInt16(72)]
    : [t.hhea.getInt16(4), t.hhea.getInt16(6), t.hhea.getInt16(8)];
  const total = Object.values(FREQUENCY).reduce((sum, f) => sum + f, 0);
  const width = Object.entries(FREQUENCY).reduce((sum, [char, f]) => sum + f * advance(glyphOf(t.cmap, char)), 0) / total;
  return { unitsPerEm, ascent, descent, lineGap, width: width / unitsPerEm };
}

const percent = (value) => `${(value * 100).toFixed(2)}%`;

/** The characters fontsource's latin subset of a face holds, from its stylesheet. */
function latinRange(webFont) {
  const [folder, , file] = webFont.split('/');
  const weight = file.match(/-latin-(\d+)-/)[1];
  const css = readFileSync(new URL(`${folder}/${weight}.css`, fontsource), 'utf8');
  const block = css.slice(css.indexOf(`/* ${file.replace(/\.woff2?$/, '')} */`));
  return block.match(/unicode-range: ([^;]+);/)[1];
}

function fallback(family, webFont, localNames, localFile) {
  const web = metrics(new URL(webFont, fontsource));
  const local = metrics(localFile);
  const sizeAdjust = web.width / local.width;
  return `/* ${webFont.split('/').pop()} (${web.width.toFixed(4)} em) over ${localNames[0]} (${local.width.toFixed(4)} em) */
@font-face {
  font-family: '${family} Fallback';
  src: ${localNames.map((name) => `local('${name}')`).join(', ')};
  unicode-range: ${latinRange(webFont)};
  size-adjust: ${percent(sizeAdjust)};
  ascent-override: ${percent(web.ascent / web.unitsPerEm / sizeAdjust)};
  descent-override: ${percent(-web.descent / web.unitsPerEm / sizeAdjust)};
  line-gap-override: ${percent(web.lineGap / web.unitsPerEm / sizeAdjust)};
}`;
}

const header = `/*
 * Local stand-ins for the web fonts while they load (font-display: swap), scaled and given the
 * web fonts' vertical metrics, so text takes the same room in either and nothing reflows when
 * the web font arrives. Written by scripts/font-fallbacks.mjs, which says how the numbers are
 * computed: run it again when the fonts change.
 */`;

console.log(
  [
    header,
    // Headings are Cormorant Garamond 500; the body is Inter 400.
    fallback(
      'Cormorant Garamond',
      'cormorant-garamond/files/cormorant-garamond-latin-500-normal.woff',
      ['Times New Roman', 'TimesNewRomanPSMT', 'Liberation Serif', 'Tinos'],
      `${liberation}LiberationSerif-Regular.ttf`,
    ),
    fallback(
      'Inter',
      'inter/files/inter-latin-400-normal.woff',
      ['Arial', 'ArialMT', 'Liberation Sans', 'Arimo'],
      `${liberation}LiberationSans-Regular.ttf`,
    ),
  ].join('\n\n'),
);
