import { defineConfig } from 'vitest/config';

// Browser tests against a real `outpost run` (built first by `npm test` / `npm run test:e2e`).
// One file at a time: each starts its own panel and Chromium, and the machine has 2 cores.
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.test.ts'],
    exclude: ['screenshots/**', 'node_modules/**'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
