import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';

// The Rust core, built by `scripts/build-wasm.sh` (cargo, wasm-bindgen --target bundler, wasm-opt) into wasm/pkg.
// POSY_WASM_PKG points at another build of the same package (a folder), e.g. for local experiments.
const wasmPkg = process.env.POSY_WASM_PKG
  ? `${process.env.POSY_WASM_PKG.replace(/\/$/, '')}/posy_wasm.js`
  : fileURLToPath(new URL('../wasm/pkg/posy_wasm.js', import.meta.url));

// The back office's own module (wasm-admin/pkg): rules only pages under /admin use, imported by
// @/lib/core-admin alone, so a shopper never downloads it.
const wasmAdminPkg = fileURLToPath(new URL('../wasm-admin/pkg/posy_wasm_admin.js', import.meta.url));

// The checkout's own module (wasm-checkout/pkg): the gift voucher and offer code rules, imported
// by @/lib/core-checkout alone, which the checkout loads once a code is on the cart.
const wasmCheckoutPkg = fileURLToPath(new URL('../wasm-checkout/pkg/posy_wasm_checkout.js', import.meta.url));

// Where `npm run dev` sends /api and /media (a running `posy serve`).
const apiTarget = process.env.POSY_API_URL ?? 'http://127.0.0.1:8080';

// Every module main.tsx imports statically: what runs before the first paint. Vite would spread
// them over a dozen small chunks (the core's top-level await turns off Rolldown's merging of
// common chunks), each gzipped on its own; in one chunk, `shell`, they are 4.5 kB gzip less.
// The browser's build only: a server-side build keeps its own chunks.
const shellModules = new Set<string>();
function shellChunk(): Plugin {
  return {
    name: 'posy-shell-chunk',
    apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    config: () => ({
      build: {
        rolldownOptions: {
          output: { codeSplitting: { groups: [{ name: 'shell', test: (id: string) => shellModules.has(id) }] } },
        },
      },
    }),
    buildEnd() {
      const visit = (id: string) => {
        if (shellModules.has(id)) return;
        shellModules.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
      };
      for (const id of this.getModuleIds()) if (this.getModuleInfo(id)?.isEntry) visit(id);
    },
  };
}

// The face of every page's heading (the largest text on most of them, the home page's hero
// among them) and of its running text, fetched with the HTML rather than once the stylesheet is
// read: a page the server drew then paints in them, rather than in the stand-ins and swapping
// (the running text's lines can still break differently: Lighthouse's CLS 0.02–0.04 on /shop).
// Their core subsets (src/styles/fonts.css, scripts/font-subsets.py): the characters pages are written in.
const preloadedFonts = ['cormorant-garamond-latin-500-normal-core.woff2', 'inter-latin-400-normal-core.woff2'];
function preloadFonts(): Plugin {
  return {
    name: 'posy-preload-fonts',
    apply: 'build',
    transformIndexHtml(_html, { bundle }) {
      return preloadedFonts.map((font) => {
        const asset = Object.values(bundle ?? {}).find(
          (file) => file.type === 'asset' && file.originalFileNames.some((name) => name.endsWith(`/${font}`)),
        );
        if (!asset) throw new Error(`no ${font} in the build to preload`);
        return {
          tag: 'link',
          attrs: { rel: 'preload', href: `/${asset.fileName}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head',
        };
      });
    },
  };
}

// The app's own script starts once the drawn page has been painted, its first picture included,
// not with the HTML: the page needs no script to show itself, and a phone's first paint then
// waits only for the HTML, the stylesheet, the preloaded fonts and the first picture, not for
// ~87 KB of JavaScript sharing their bandwidth (Lighthouse's simulated slow 4G counts everything
// that ends before the largest paint). index.html's module tags become one inline script (the
// page's nonce reaches it, see server/src/http/headers.rs): once the document is parsed and every
// picture asked for with high priority (the page's first: the hero, a product's, the shop's
// first row) has loaded or failed, and the browser has painted the page, it imports them two
// frames later; in any case after 3 s. A page the server did not draw (the checkout, the back
// office) starts as soon as it is parsed.
function scriptsAfterPaint(): Plugin {
  return {
    name: 'posy-scripts-after-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entries: string[] = [];
        const rest = html.replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_tag, src: string) => {
          entries.push(src);
          return '';
        });
        if (entries.length === 0) throw new Error('no module scripts in index.html to start after the first paint');
        const imports = entries.map((src) => `import(${JSON.stringify(src)});`).join('');
        // The paint is the browser's own account of it (the first-contentful-paint entry, timed
        // when the frame is on the screen); then, once the page's first pictures are in, two
        // frames more (a requestAnimationFrame callback runs just before a frame is painted).
        // A page that arrives empty (the checkout, the back office) has nothing to paint first.
        const loader = `(function () {
      var started = false, painted = false, pictures = false;
      function start() {
        if (started) return;
        started = true;
        ${imports}
      }
      function next() {
        if (painted && pictures) requestAnimationFrame(function () { requestAnimationFrame(start); });
      }
      if (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes && PerformanceObserver.supportedEntryTypes.indexOf('paint') >= 0) {
        new PerformanceObserver(function (list, observer) {
          if (list.getEntriesByName('first-contentful-paint').length === 0) return;
          observer.disconnect();
          painted = true;
          next();
        }).observe({ type: 'paint', buffered: true });
      } else {
        painted = true;
      }
      document.addEventListener('DOMContentLoaded', function () {
        var root = document.getElementById('root');
        if (!root || !root.firstElementChild) return start();
        setTimeout(start, 3000);
        var first = [].filter.call(document.querySelectorAll('img[fetchpriority=high]'), function (image) { return !image.complete; });
        var left = first.length;
        function done() {
          if (--left <= 0) { pictures = true; next(); }
        }
        if (left === 0) return done();
        first.forEach(function (image) {
          image.addEventListener('load', done);
          image.addEventListener('error', done);
        });
      });
    })();`;
        return rest.replace('  </head>', `    <script>\n    ${loader}\n    </script>\n  </head>`);
      },
    },
  };
}

// react-router's package exports only its development build (with its warnings); its
// production build, in the same package, is what a built shop should run.
export function reactRouterProduction(): Plugin {
  return {
    name: 'posy-react-router-production',
    config(_config, { mode }) {
      if (mode !== 'production') return;
      const build = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));
      return { resolve: { alias: { 'react-router': build } } };
    },
  };
}

export default defineConfig({
  plugins: [react(), wasm(), reactRouterProduction(), shellChunk(), preloadFonts(), scriptsAfterPaint()],
  resolve: {
    alias: {
      'posy-wasm': wasmPkg,
      'posy-wasm-admin': wasmAdminPkg,
      'posy-wasm-checkout': wasmCheckoutPkg,
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: {
    // The wasm package lives beside web/, in the repository root.
    fs: { allow: ['..', ...(process.env.POSY_WASM_PKG ? [process.env.POSY_WASM_PKG] : [])] },
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
    },
  },
  preview: {
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
    },
  },
  build: {
    // Top-level await in the wasm glue needs a modern target; these browsers all have it.
    target: 'es2022',
    // One stylesheet for every page, linked from index.html: a page the server drew must have
    // its styles before it paints, not when its script chunk arrives (about 20 KB gzip in all).
    cssCodeSplit: false,
    // The polyfill fetches index.html's <link rel="modulepreload">s in browsers without them; the
    // shell chunk leaves none there, and Vite's loader of route chunks falls back to
    // rel="preload" by itself.
    modulePreload: { polyfill: false },
    // Never inline the core as base64: it ships as a cacheable .wasm file of its own.
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
  },
});
