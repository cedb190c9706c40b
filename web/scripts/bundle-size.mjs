// What the home page costs, from dist/ (run `npm run build` first):
//   initial: index.html's scripts and everything they import statically (what runs before the first
//            paint), and the stylesheets index.html links;
//   on /:    besides, what the home page fetches once it has started: the home route, the toast
//            container, the cart's calls (with the API client and the core) and the core's .wasm;
//   checkout: the checkout route's JS beyond the initial, and what it fetches only once a code is
//            on the cart (the code rules' door and the checkout's own .wasm);
//   the three wasm modules: the shopper's, the back office's and the checkout's.
// Sizes are gzip -9 in kB of 1000 bytes (as Vite reports them).
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { init, parse } from 'es-module-lexer';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const assets = readdirSync(join(dist, 'assets'));
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;

await init;

/** A chunk and every chunk it imports statically (or, with `dynamic`, at all). */
function closure(start, dynamic = false, seen = new Set()) {
  if (seen.has(start)) return seen;
  seen.add(start);
  const [imports] = parse(readFileSync(join(dist, start), 'utf8'));
  for (const entry of imports) {
    const isDynamic = entry.d > -1;
    if (!entry.n || !entry.n.startsWith('./') || (isDynamic && !dynamic)) continue;
    closure(join(dirname(start), entry.n), dynamic, seen);
  }
  return seen;
}

// index.html's scripts: the shell chunk, and Rolldown's runtime beside it, imported by its inline
// loader once the page has painted (vite.config.ts).
const initial = new Set();
for (const [, script] of html.matchAll(/import\("\/([^"]+\.js)"\)/g)) closure(script, false, initial);
const css = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);

const chunk = (prefix, ext = '.js') => {
  const name = assets.find((file) => file.startsWith(`${prefix}-`) && file.endsWith(ext));
  if (!name) throw new Error(`no ${prefix}-*${ext} in dist/assets`);
  return `assets/${name}`;
};
const later = new Set();
for (const start of [chunk('home'), chunk('toasts'), chunk('cart-steps'), chunk('footer')]) {
  for (const file of closure(start)) if (!initial.has(file)) later.add(file);
}
const laterCss = ['home', 'toasts'].flatMap((p) => assets.filter((f) => f.startsWith(`${p}-`) && f.endsWith('.css')));
const wasm = chunk('posy_wasm_bg', '.wasm');

const sum = (files) => [...files].reduce((total, file) => total + gz(file), 0);
const list = (files) => [...files].map((file) => `    ${kb(gz(file)).padStart(9)}  ${file}`).join('\n');

console.log(`initial JS (index.html's scripts + static imports): ${kb(sum(initial))}\n${list(initial)}`);
console.log(`initial CSS: ${kb(sum(css))}\n${list(css)}`);
console.log(`fetched on / after start, JS: ${kb(sum(later))}\n${list(later)}`);
console.log(`  CSS: ${kb(laterCss.reduce((t, f) => t + gz(`assets/${f}`), 0))}; core .wasm: ${kb(gz(wasm))}`);
console.log(`home page JS in all: ${kb(sum(initial) + sum(later))}`);

// The checkout: its route and what it imports statically, beyond what the page had already; then
// what it fetches once a gift voucher or offer code is on the cart (no other page fetches it).
const checkoutJs = new Set([...closure(chunk('checkout'))].filter((file) => !initial.has(file)));
const codeJs = new Set([...closure(chunk('core-checkout'))].filter((file) => !initial.has(file) && !checkoutJs.has(file)));
console.log(`checkout route JS (beyond the initial): ${kb(sum(checkoutJs))}\n${list(checkoutJs)}`);
console.log(`  once a code is on, JS: ${kb(sum(codeJs))}\n${list(codeJs)}`);
const modules = [
  ['shopper', 'posy_wasm_bg'],
  ['back office', 'posy_wasm_admin_bg'],
  ['checkout', 'posy_wasm_checkout_bg'],
].map(([who, prefix]) => `${who} ${gz(chunk(prefix, '.wasm'))} B`);
console.log(`wasm modules (gzip -9): ${modules.join(', ')}`);
