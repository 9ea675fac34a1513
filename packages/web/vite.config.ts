import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { accessibleColors, theme } from './src/theme/theme';

const panel = 'http://localhost:8080';

// /auth holds both API calls (POST) and SPA routes (/auth/login page): page loads stay with Vite.
const api: ProxyOptions = {
  target: panel,
  bypass: (req) => (req.method === 'GET' && req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
};

// The libraries every first screen runs, in one chunk: a first visit fetches the entry, this and
// the screen's own pieces rather than dozens of small shared ones, and gzip packs one stream
// better than many. Only whole libraries the sign-in page needs belong here, or the chunk grows
// (not the query cache: the sign-in page draws without it, src/queries.tsx).
const firstScreenLibraries = /\/node_modules\/((react|react-dom|scheduler|wouter|regexparam)\/|@tanstack\/react-query\/build\/modern\/QueryClientProvider\.js)/;
// Of Mantine, what the sign-in page runs (signInModules follows only the names it imports).
const firstScreenMantine = /\/@mantine\/core\/esm\//;

// The app's own small modules the sign-in page draws with (translation, session, router helpers,
// the API client, the scopes table): beside the entry in one chunk, not a dozen tiny ones that each
// cost a request's worth of wrapping and compress apart. Each must be something the sign-in page imports.
const firstScreenApp =
  /\/packages\/(web\/src\/(translation\/(useTranslation|translator)|session\/(can|sessionStore|startSession|homePath|ServerPermissionsProvider)|router\/useNavigate|api\/(client|ApiError|errorMessage|browserHasPasskeys)|components\/(AuthCard|DelayedMount)|router\/syncExternalStore)|shared\/src\/(scopes|errorBody))\.tsx?$/;

// The app's modules that AppEffects (src/AppEffects.tsx) and the query cache's module run.
const appEffects =
  /\/packages\/(web\/src\/(queryClient|AppEffects|api\/(config|userSettings|auth|theme)|theme\/(AppliedTheme|themeChoice|themeStylesheet)|hooks\/(useSessionRenewal|useUserSettingsSync))|shared\/src\/readTar)\.tsx?$/;

/**
 * Finds, once the module graph is built, the modules the sign-in page runs: what the entry and
 * the Login screen import statically. The first-screen chunk takes only those of the patterns
 * above. Through Mantine's index, only the modules of the names imported: the index itself
 * imports every component, and a pattern alone pulled in parts that only later screens use.
 */
function signInModules(): Plugin & { has(id: string): boolean } {
  const found = new Set<string>();
  const isMantineIndex = (id: string) => /\/node_modules\/@mantine\/[^/]+\/esm\/index\.mjs$/.test(id);
  return {
    name: 'outpost-sign-in-modules',
    has: (id) => found.has(id),
    buildEnd() {
      found.clear();
      const ids = new Set(this.getModuleIds());
      // Each Mantine index's names, to the module that defines them.
      const exporters = new Map<string, Map<string, string>>();
      for (const id of ids) {
        if (!isMantineIndex(id)) continue;
        const names = new Map<string, string>();
        for (const [, list, path] of (this.getModuleInfo(id)?.code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
          const target = join(dirname(id), path);
          for (const name of list.split(',')) names.set(name.trim().split(/\s+as\s+/).pop()!, target);
        }
        exporters.set(id, names);
      }
      const visit = (id: string) => {
        if (found.has(id)) return;
        found.add(id);
        const info = this.getModuleInfo(id);
        for (const next of info?.importedIds ?? []) {
          const names = exporters.get(next);
          if (!names) {
            visit(next);
            continue;
          }
          // The names this module takes from that index (`import { a, b as c } from '@mantine/…'`).
          for (const [, list] of (info?.code ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@mantine\/[^"']+["']/g)) {
            for (const name of list.split(',')) {
              const target = names.get(name.trim().split(/\s+as\s+/)[0]);
              if (target && ids.has(target)) visit(target);
            }
          }
        }
      };
      for (const id of ids) if (id.endsWith('/src/main.tsx') || id.endsWith('/src/screens/Login/LoginScreen.tsx')) visit(id);
    },
  };
}

const signIn = signInModules();

/**
 * The theme's CSS variables and Mantine's responsive classes as a stylesheet: the <style> elements
 * Mantine's provider draws, drawn once here by that provider with the app's theme, rather than by
 * its code in every browser (src/theme/ThemeProvider.tsx).
 */
function themeVariables(): Plugin {
  const id = 'virtual:theme-variables.css';
  return {
    name: 'outpost-theme-variables',
    resolveId: (source) => (source === id ? id : undefined),
    load(resolved) {
      if (resolved !== id) return;
      const html = renderToStaticMarkup(createElement(MantineProvider, { theme, cssVariablesResolver: accessibleColors }));
      const css = [...html.matchAll(/<style[^>]*>(.*?)<\/style>/gs)].map((m) => m[1]).join('\n');
      // Drawn by the provider, these came after every stylesheet in <head>, the panel's theme among
      // them (theme/AppliedTheme.tsx), and won over its rules of equal weight (the accessible link and
      // text colours per scheme): from a stylesheet loaded before it, they win by weight instead.
      return css.replaceAll(':root[data-mantine-color-scheme', ':root:root[data-mantine-color-scheme');
    },
  };
}

/**
 * Writes a brotli and a gzip copy beside each text file of the build, which the panel sends to
 * browsers that accept them (`preCompressed` in the panel's SPA plugin): best compression, paid
 * once at build time instead of on every request.
 */
function precompress(): Plugin {
  return {
    name: 'outpost-precompress',
    // Only the browser's files: the first-screen renderer (dist-ssr) is read by the panel from disk.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async writeBundle(options, bundle) {
      const dir = options.dir!;
      await Promise.all(
        Object.values(bundle)
          .filter((file) => /\.(js|css|json|html|svg)$/.test(file.fileName))
          .map(async (file) => {
            const source = Buffer.from(file.type === 'chunk' ? file.code : file.source);
            if (source.length < 1024) return;
            const path = join(dir, file.fileName);
            await writeFile(`${path}.gz`, gzipSync(source, { level: 9 }));
            await writeFile(`${path}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }));
          }),
      );
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), precompress(), signIn, themeVariables()],
  // Node leaves process.env.NODE_ENV to the panel's environment: the renderer is built with React's
  // production code (fast, and no stack traces with file paths in the pages it draws).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  resolve: {
    // Workspace packages resolve to their TypeScript sources, so the app never needs them built.
    conditions: ['source', ...defaultClientConditions],
    alias: {
      '@i18n': fileURLToPath(new URL('../shared/src/i18n', import.meta.url)),
      // wouter's shim for Reacts before 18 (src/router/syncExternalStore.ts).
      'use-sync-external-store/shim/index.js': fileURLToPath(new URL('src/router/syncExternalStore.ts', import.meta.url)),
    },
  },
  // The first-screen renderer (src/ssr) for the panel: `vite build --ssr` into dist-ssr, with
  // every library inside, so the panel loads one self-contained module.
  ssr: { noExternal: true, resolve: { conditions: ['source', ...defaultServerConditions] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'first-screen', test: (id) => signIn.has(id) && (firstScreenLibraries.test(id) || firstScreenMantine.test(id) || firstScreenApp.test(id)) },
            // The query cache's library in one file rather than a dozen: every signed-in first load waits for
            // it. Not its context, which the sign-in page's App provides (src/queries.tsx), nor the index it is imported through.
            // With it, what the app runs through it beside every screen (AppEffects: theme, session upkeep).
            { name: 'query-cache', test: (id) => /\/node_modules\/@tanstack\/(query-core|react-query\/build\/modern\/(?!index\.js|QueryClientProvider\.js))/.test(id) || appEffects.test(id) },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': panel,
      '/auth': api,
      '/swagger': panel,
      '/theme': panel,
      '/proxy': { target: panel, ws: true },
    },
  },
}));
