// Builds the daemon a second machine downloads from the panel (GET /daemon/outpost-daemon.tgz):
// `outpost daemon` bundled with its npm dependencies, so that machine needs Node.js and nothing
// else (no npm install, no compiler). Run by build.mjs after the TypeScript build.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';
import { create } from 'tar';

const root = new URL('..', import.meta.url).pathname;
const packages = join(root, 'packages');
/** Where the panel serves it from (shippedAssets.daemonDownload). */
const daemonDownload = join(packages, 'daemon/dist/download/outpost-daemon.tgz');

const version = JSON.parse(readFileSync(join(packages, 'daemon/package.json'), 'utf8')).version;

// ESM output: the CommonJS dependencies (ssh2, dockerode, ...) still call require() and read __dirname.
const commonJsShim = [
  "import { createRequire as __outpostRequire } from 'node:module';",
  "import { fileURLToPath as __outpostPath } from 'node:url';",
  'const require = __outpostRequire(import.meta.url);',
  'const __filename = __outpostPath(import.meta.url);',
  "const __dirname = __outpostPath(new URL('.', import.meta.url));",
].join(' ');

/**
 * Each module keeps the address it had in packages/: JailProcess finds jailWorker.js beside
 * it, daemonVersion the daemon's package.json two folders up. The bundles
 * are written at those same places below the download's packages/ folder.
 */
function ownAddress(outfile) {
  return {
    name: 'own-address',
    setup(b) {
      b.onLoad({ filter: /\.js$/ }, (args) => {
        const ours = args.path.startsWith(packages) && !args.path.includes('node_modules');
        const source = ours ? readFileSync(args.path, 'utf8') : '';
        if (!source.includes('import.meta.url')) return undefined;
        const from = relative(dirname(outfile), join(stage, 'packages', relative(packages, args.path))).replaceAll('\\', '/');
        return { contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(from.startsWith('.') ? from : `./${from}`)}, import.meta.url).href`), loader: 'js' };
      });
    },
  };
}

/**
 * node-pty is a native add-on (compiled on Linux): the download leaves it out, and the tty
 * environment loads it when a server asks for one, from an `npm install node-pty` in the
 * download's folder; everything else runs without it.
 */
const optionalPty = {
  name: 'optional-node-pty',
  setup(b) {
    b.onResolve({ filter: /^node-pty$/ }, () => ({ path: 'node-pty', namespace: 'optional-pty' }));
    b.onLoad({ filter: /.*/, namespace: 'optional-pty' }, () => ({
      contents: `import { createRequire } from 'node:module';
export function spawn(...args) {
  let pty;
  try {
    pty = createRequire(import.meta.url)('node-pty');
  } catch {
    throw new Error('the tty environment needs node-pty, a native add-on the download leaves out: run "npm install node-pty" in the folder that holds outpost-daemon/');
  }
  return pty.spawn(...args);
}`,
      loader: 'js',
    }));
  },
};

const stage = join(root, 'packages/daemon/dist/download/stage/outpost-daemon');

/** One bundle at `outfile` (below the stage) from an entry file or source text. */
async function bundle(outfile, entry) {
  await build({
    ...entry,
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    legalComments: 'linked',
    banner: { js: commonJsShim },
    // Native add-ons ssh2 tries in a try/catch (cpu-features, its sshcrypto): it falls back to JavaScript.
    external: ['cpu-features', '*.node'],
    plugins: [ownAddress(outfile), optionalPty],
    logLevel: 'warning',
  });
}

rmSync(dirname(stage), { recursive: true, force: true });
const bin = join(stage, 'bin/outpost-daemon.js');
await bundle(bin, {
  stdin: {
    contents: `import { daemon } from './packages/cli/dist/daemon.js';
daemon(process.argv.slice(2)).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});`,
    resolveDir: root,
    sourcefile: 'outpost-daemon.js',
  },
});
// The file worker is a bundle of its own: it loads all of it before it becomes the server's user.
await bundle(join(stage, 'packages/daemon/dist/files/jailWorker.js'), { entryPoints: [join(packages, 'daemon/dist/files/jailWorker.js')] });
// ESM bundles; the folder's manifest says so, and gives daemonVersion the daemon's version.
writeFileSync(join(stage, 'package.json'), `${JSON.stringify({ name: 'outpost-daemon', version, private: true, type: 'module' }, null, 2)}\n`);
mkdirSync(join(stage, 'packages/daemon'), { recursive: true });
writeFileSync(join(stage, 'packages/daemon/package.json'), `${JSON.stringify({ name: '@outpost/daemon', version, type: 'module' }, null, 2)}\n`);

await create({ gzip: true, file: daemonDownload, cwd: dirname(stage), portable: true }, ['outpost-daemon']);
rmSync(dirname(stage), { recursive: true, force: true });
console.log(`> ${relative(root, daemonDownload)}`);
