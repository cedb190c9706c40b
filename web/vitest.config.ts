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
