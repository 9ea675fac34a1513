import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit and integration tests of every package, beside the code they test.
// Workspace packages resolve to their TypeScript sources (the "source" export condition),
// so tests never depend on a build.
export default defineConfig({
  // The web app's catalogue alias (packages/web/vite.config.ts), for its component tests.
  resolve: { conditions: ['source'], alias: { '@i18n': fileURLToPath(new URL('packages/shared/src/i18n', import.meta.url)) } },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'templates/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
