import { availableParallelism } from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Vitest runs through the same plugins as the app, so vite-plugin-wasm loads the real core.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
      restoreMocks: true,
      // The files share one worker's jsdom and module graph rather than each building its own,
      // which was most of the suite's CPU (240 s a run isolated, 100-110 s shared, on the
      // two-core machine). Each test still starts from a fresh page load: src/testing/setup.ts
      // puts back what the app keeps outside React (lib/page-load). A vi.mock stays for the
      // worker's later files and cannot reach a module an earlier file already imported, so mock
      // only what no other file imports (@stripe/* in checkout-stripe.test, the only file that
      // draws the Stripe card), or give that file a project of its own with isolate: true.
      isolate: false,
      // Journeys through a page take a few hundred ms alone; on a busy two-core CI machine,
      // several times that, and a first import of the back office's frame took over 10 s (see
      // src/testing/setup.ts). A slow machine is not a failure.
      testTimeout: 40_000,
      // A file to each core. Vitest keeps one core free by default, which on a two-core machine
      // ran the files one at a time (110 s here, 70 s with both); the web's tests are on the
      // slowest lane of scripts/test.sh.
      maxWorkers: availableParallelism(),
    },
  }),
);
