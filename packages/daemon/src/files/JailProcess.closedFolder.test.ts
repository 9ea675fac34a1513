import { constants } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JailProcess as JailProcessClass } from './JailProcess.js';

// A clone in a folder only root may enter (`mktemp -d`, 0700): a root daemon's file worker
// switched to the server's user before Node had loaded its code from there, so it died at once
// and every listing answered 503 ErrServiceNotAvailable.

/** An unprivileged uid no account uses, for the server's user. */
const ServerUid = 61237;
const asRoot = process.getuid?.() === 0;
const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '../../../..');

/** Our code goes in the bundle; npm packages load from node_modules, as in a clone. */
const packagesFromNodeModules: Plugin = {
  name: 'packages-from-node-modules',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@outpost/') ? undefined : { path: args.path, external: true }));
  },
};

describe.runIf(asRoot)('a root daemon whose code sits in a folder the server user cannot enter', () => {
  const made: string[] = [];
  let root = '';
  let jail: JailProcessClass | undefined;

  beforeAll(async () => {
    // The daemon's code: JailProcess.js and jailWorker.js side by side, as built, in a closed folder.
    const code = await realpath(await mkdtemp(join(tmpdir(), 'outpost-closed-')));
    made.push(code);
    await chmod(code, 0o700);
    await build({
      entryPoints: [join(here, 'JailProcess.ts'), join(here, 'jailWorker.ts')],
      outdir: join(code, 'files'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      conditions: ['source'],
      plugins: [packagesFromNodeModules],
      logLevel: 'warning',
    });
    await writeFile(join(code, 'package.json'), JSON.stringify({ type: 'module' }));
    await symlink(join(repo, 'node_modules'), join(code, 'node_modules'));

    // The server's folder, as serverFoldersPlace puts it: below a root-owned place others may pass (0711).
    const place = await realpath(await mkdtemp(join(tmpdir(), 'outpost-servers-')));
    made.push(place);
    await chmod(place, 0o711);
    root = join(place, 'server');
    await mkdir(root, { mode: 0o700 });
    await chown(root, ServerUid, ServerUid);

    const { JailProcess } = (await import(pathToFileURL(join(code, 'files/JailProcess.js')).href)) as { JailProcess: typeof JailProcessClass };
    jail = new JailProcess(root, { uid: ServerUid, gid: ServerUid }, 60_000);
  });

  afterAll(async () => {
    jail?.close();
    for (const folder of made) await rm(folder, { recursive: true, force: true });
  });

  it('lists, writes and reads the server files as the server user', async () => {
    const run = jail!.run.bind(jail!);
    await run('mkdir', 'made', false);
    const written = await run('open', 'made/notes.txt', constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC, 0o644);
    await writeFile(`${written.proc}/fd/${written.fd}`, 'written by the worker');
    await run('release', written.fd);

    expect((await run('list', '.')).map((entry) => entry.name)).toEqual(['made']);
    expect((await run('list', 'made')).map((entry) => entry.name)).toEqual(['notes.txt']);
    const opened = await run('open', 'made/notes.txt', constants.O_RDONLY);
    expect(await readFile(`${opened.proc}/fd/${opened.fd}`, 'utf8')).toBe('written by the worker');
    await run('release', opened.fd);
    expect((await stat(join(root, 'made/notes.txt'))).uid).toBe(ServerUid);
  });

  it('zips and unpacks: the archive libraries were loaded before the switch too', async () => {
    const run = jail!.run.bind(jail!);
    await run('archive', 'made.zip', ['made']);
    await run('extract', 'made.zip', 'unzipped');
    expect((await run('list', 'unzipped/made')).map((entry) => entry.name)).toEqual(['notes.txt']);
    expect(await readFile(join(root, 'unzipped/made/notes.txt'), 'utf8')).toBe('written by the worker');
  });

  it("runs with only the server user's ids, and stays non-dumpable (its /proc files are root's)", async () => {
    await jail!.run('stat', '.', true);
    const pid = jail!.pid!;
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    expect(/^Uid:\s+(.*)$/m.exec(status)?.[1]?.split(/\s+/)).toEqual(Array(4).fill(String(ServerUid)));
    expect(/^Gid:\s+(.*)$/m.exec(status)?.[1]?.split(/\s+/)).toEqual(Array(4).fill(String(ServerUid)));
    expect(/^Groups:(.*)$/m.exec(status)?.[1]?.trim()).toBe('');
    // The kernel gives a non-dumpable process's /proc files to root: the server's programs cannot read its memory or fds.
    expect((await stat(`/proc/${pid}/environ`)).uid).toBe(0);
  });
});
