import { defaultClientConditions, defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const panel = 'http://localhost:8080';

// /auth holds both API calls (POST) and SPA routes (/auth/login page): page loads stay with Vite.
const api: ProxyOptions = {
  target: panel,
  bypass: (req) => (req.method === 'GET' && req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
};

export default defineConfig({
  plugins: [react()],
  resolve: {
    // Workspace packages resolve to their TypeScript sources, so the app never needs them built.
    conditions: ['source', ...defaultClientConditions],
    alias: { '@i18n': fileURLToPath(new URL('../shared/src/i18n', import.meta.url)) },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: {
      '/api': panel,
      '/auth': api,
      '/swagger': panel,
      '/theme': panel,
      '/proxy': { target: panel, ws: true },
    },
  },
});
