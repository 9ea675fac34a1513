// Builds what is not built yet (or everything with --force): the TypeScript packages, then the web app.
// `npm start` calls it so a fresh clone runs after `npm install` with nothing else to do.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const force = process.argv.includes('--force');

/** Newest modification time below a folder, in ms. */
function newest(dir) {
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function stale(sourceDirs, output) {
  if (force || !existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sourceDirs.some((dir) => existsSync(dir) && newest(dir) > built);
}

function run(cmd, args) {
  console.log(`> ${cmd} ${args.join(' ')}`);
  execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });
}

// TypeScript 7 (native) builds; node_modules/.bin/tsc is TypeScript 6, kept only for typescript-eslint.
const tsc = join(root, 'node_modules/typescript-native/bin/tsc');
const serverPackages = ['shared', 'daemon', 'panel', 'cli'];
const serverSources = serverPackages.map((p) => join(root, 'packages', p, 'src'));
if (stale(serverSources, join(root, 'packages/cli/dist/index.js'))) {
  run(tsc, ['-b', ...serverPackages.map((p) => `packages/${p}`)]);
}
// The daemon a second machine downloads from the panel, bundled from that build.
if (stale(serverSources, join(root, 'packages/daemon/dist/download/outpost-daemon.tgz'))) {
  run(process.execPath, ['scripts/buildDaemonDownload.mjs']);
}

const webSources = [join(root, 'packages/web/src'), join(root, 'packages/shared/src'), join(root, 'packages/web/index.html'), join(root, 'packages/web/vite.config.ts')];
// The app for the browser, and its first-screen renderer for the panel (dist-ssr), built together.
const ssrEntry = join(root, 'packages/web/dist-ssr/renderFirstScreen.js');
if (stale(webSources, join(root, 'packages/web/dist/index.html')) || !existsSync(ssrEntry)) {
  run('npm', ['run', 'build', '-w', '@outpost/web']);
}
