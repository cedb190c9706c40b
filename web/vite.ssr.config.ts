import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { reactRouterProduction } from './vite.config';

// The server's renderer (src/ssr/render.tsx) as one classic script with no imports, for the
// JavaScript engine inside the server (server/src/pages). The core comes from the server
// itself (src/ssr/core-host.ts), not from WebAssembly; styles stay with the browser's build.
export default defineConfig({
  plugins: [react(), reactRouterProduction()],
  resolve: {
    alias: {
      'posy-wasm': fileURLToPath(new URL('./src/ssr/core-host.ts', import.meta.url)),
      'posy-wasm-admin': fileURLToPath(new URL('./src/ssr/core-admin-host.ts', import.meta.url)),
      'posy-wasm-checkout': fileURLToPath(new URL('./src/ssr/core-checkout-host.ts', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  ssr: {
    // Everything bundled, browser builds of every package (the engine is no Node).
    noExternal: true,
    target: 'webworker',
  },
  // web/public's files are the browser build's to copy.
  publicDir: false,
  build: {
    ssr: 'src/ssr/render.tsx',
    // Inside the app's folder, where the server looks for it (server/src/http/web.rs never serves it).
    outDir: 'dist/ssr',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    rollupOptions: {
      output: { format: 'iife', entryFileNames: 'render.js' },
    },
  },
});
