import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

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
const firstScreenLibraries = /\/node_modules\/((react|react-dom|scheduler|wouter|regexparam|use-sync-external-store)\/|@tanstack\/react-query\/build\/modern\/QueryClientProvider\.js)/;
// Of Mantine, its core and the components the sign-in form draws (AuthCard, LoginScreen, TopBar).
const firstScreenMantine =
  /\/@mantine\/core\/esm\/(core|components\/(ActionIcon|Alert|Anchor|Box|Button|CloseButton|Group|Input|Loader|Paper|PasswordInput|Stack|Text|TextInput|ThemeIcon|Title|Transition|UnstyledButton))\//;

// The app's own small modules the sign-in page draws with (translation, session, router helpers,
// the API client, the scopes table): beside the entry in one chunk, not a dozen tiny ones that each
// cost a request's worth of wrapping and compress apart. Each must be something the sign-in page imports.
const firstScreenApp =
  /\/packages\/(web\/src\/(translation\/(useTranslation|translator)|session\/(can|sessionStore|startSession|homePath|ServerPermissionsProvider)|router\/useNavigate|api\/(client|ApiError|errorMessage|browserHasPasskeys)|components\/(AuthCard|DelayedMount))|shared\/src\/(scopes|errorBody))\.tsx?$/;

// The app's modules that AppEffects (src/AppEffects.tsx) and the query cache's module run.
const appEffects =
  /\/packages\/(web\/src\/(queryClient|AppEffects|api\/(config|userSettings|auth|theme)|theme\/(AppliedTheme|themeChoice|themeStylesheet)|hooks\/(useSessionRenewal|useUserSettingsSync))|shared\/src\/readTar)\.tsx?$/;

/**
 * Finds, once the module graph is built, the modules the sign-in page runs: what the entry and
 * the Login screen import statically. The first-screen chunk takes only those of the patterns
 * above: a pattern alone also pulled in parts of Mantine that only later screens use.
 */
function signInModules(): Plugin & { has(id: string): boolean } {
  const found = new Set<string>();
  return {
    name: 'outpost-sign-in-modules',
    has: (id) => found.has(id),
    buildEnd() {
      found.clear();
      const roots = [...this.getModuleIds()].filter((id) => id.endsWith('/src/main.tsx') || id.endsWith('/src/screens/Login/LoginScreen.tsx'));
      const visit = (id: string) => {
        if (found.has(id)) return;
        found.add(id);
        for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
      };
      roots.forEach(visit);
    },
  };
}

const signIn = signInModules();

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
  plugins: [react(), precompress(), signIn],
  // Node leaves process.env.NODE_ENV to the panel's environment: the renderer is built with React's
  // production code (fast, and no stack traces with file paths in the pages it draws).
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  resolve: {
    // Workspace packages resolve to their TypeScript sources, so the app never needs them built.
    conditions: ['source', ...defaultClientConditions],
    alias: { '@i18n': fileURLToPath(new URL('../shared/src/i18n', import.meta.url)) },
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
