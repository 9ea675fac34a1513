import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { Scopes, type NodeCaller } from '@outpost/shared';
import { Daemon } from '../Daemon.js';
import { waitFor } from '../servers/testServer.js';

const admin: NodeCaller = { user: '1', scopes: [Scopes.ServersAdmin] };
const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const daemonEntry = fileURLToPath(new URL('../Daemon.ts', import.meta.url));
const testServerEntry = fileURLToPath(new URL('../servers/testServer.ts', import.meta.url));
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

it('marks a backup the daemon was killed in the middle of as failed at the next start, and removes its partial archive', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'outpost-killed-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const config = { nodeId: 'node-1', secret: 'test-secret', serversDir: dir, autostart: false, backups: { folder: join(dir, 'backups') } };
  // A daemon of its own in another process: a server with 200 MiB of incompressible bytes, a backup started.
  const script = `
    import { randomBytes } from 'node:crypto';
    import { Daemon } from ${JSON.stringify(daemonEntry)};
    import { fakeDefinition } from ${JSON.stringify(testServerEntry)};
    const daemon = await Daemon.open(${JSON.stringify(config)});
    const admin = { user: '1', scopes: ['servers.admin'] };
    await daemon.api.createServer(admin, 'd0000001', fakeDefinition());
    for (let i = 0; i < 20; i++) await daemon.servers.get('d0000001').files.write('world/part' + i, randomBytes(10 * 1024 * 1024));
    await daemon.api.createBackup(admin, 'd0000001', 'cut short');
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', '--input-type=module', '-e', script], { cwd: repoRoot, stdio: 'ignore' });
  cleanups.push(async () => void child.kill('SIGKILL'));
  const backups = join(dir, 'backups', 'd0000001');
  const partial = async () => (await readdir(backups).catch(() => [] as string[])).some((name) => name.endsWith('.tar.gz.part'));
  await waitFor(partial, 60_000, 'the backup to be under way');
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));

  const daemon = await Daemon.open(config);
  cleanups.push(() => daemon.close());
  const { backups: list } = await daemon.api.listBackups(admin, 'd0000001');
  expect(list).toEqual([expect.objectContaining({ name: 'cut short', status: 'failed', error: 'the node stopped while the backup was being made' })]);
  expect(await partial()).toBe(false);
  expect((await readdir(backups)).filter((name) => name.includes('.tar.gz'))).toEqual([]);
});
