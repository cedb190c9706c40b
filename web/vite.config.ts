import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';

// The Rust core, built by `scripts/build-wasm.sh` (cargo, wasm-bindgen --target bundler, wasm-opt) into wasm/pkg.
// POSY_WASM_PKG points at another build of the same package (a folder), e.g. for local experiments.
const wasmPkg = process.env.POSY_WASM_PKG
  ? `${process.env.POSY_WASM_PKG.replace(/\/$/, '')}/posy_wasm.js`
  : fileURLToPath(new URL('../wasm/pkg/posy_wasm.js', import.meta.url));

// Where `npm run dev` sends /api and /media (a running `posy serve`).
const apiTarget = process.env.POSY_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), wasm()],
  resolve: {
    alias: {
      'posy-wasm': wasmPkg,
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
    // Never inline the core as base64: it ships as a cacheable .wasm file of its own.
    assetsInlineLimit: (file) => (file.endsWith('.wasm') ? false : undefined),
  },
});
