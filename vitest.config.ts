import { defineConfig } from 'vitest/config';

// Unit and integration tests of every package, beside the code they test.
// Workspace packages resolve to their TypeScript sources (the "source" export condition),
// so tests never depend on a build.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'templates/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
