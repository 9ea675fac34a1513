import { createHash, randomBytes } from 'node:crypto';
import { lstat, readdir, readFile, readlink, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Scopes, type NodeCaller } from '@outpost/shared';
import { fakeDefinition, openTestDaemon, waitFor } from '../servers/testServer.js';
import type { Daemon } from '../Daemon.js';

const admin: NodeCaller = { user: '1', scopes: [Scopes.ServersAdmin], actor: { type: 'user', id: '1', name: 'alice' } };
const opened: { cleanup(): Promise<void> }[] = [];

afterEach(async () => {
  while (opened.length) await opened.pop()!.cleanup();
});

async function daemonWith(config: Parameters<typeof openTestDaemon>[0] = {}) {
  const open = await openTestDaemon({ autostart: false, ...config });
  opened.push(open);
  return open;
}

/** A server with a small world: a few files, a folder of region files, a log the ignore file leaves out, a link out. */
async function worldServer(daemon: Daemon, id: string) {
  await daemon.api.createServer(admin, id, fakeDefinition());
  const files = daemon.servers.get(id).files;
  await files.write('world/level.dat', randomBytes(4096));
  await files.write('world/region/r.0.0.mca', randomBytes(300_000));
  await files.write('server.properties', 'motd=hello\n');
  await files.write('logs/latest.log', 'noise\n');
  await files.write('.outpostignore', 'logs/\n');
  const root = await files.jail.realRoot();
  await symlink('/etc/passwd', join(root, 'passwd-link'));
  return { files, root };
}

/** Every file under a folder with its bytes' hash (links by their text), skipping the given top-level names. */
async function snapshot(root: string, skip: string[] = []): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (relative: string) => {
    for (const name of await readdir(join(root, relative))) {
      const path = relative ? `${relative}/${name}` : name;
      if (!relative && skip.includes(name)) continue;
      const info = await lstat(join(root, path));
      if (info.isSymbolicLink()) out[path] = `link:${await readlink(join(root, path))}`;
      else if (info.isDirectory()) {
        out[`${path}/`] = 'folder';
        await walk(path);
      } else out[path] = createHash('sha256').update(await readFile(join(root, path))).digest('hex');
    }
  };
  await walk('');
  return out;
}

describe('backups on local storage', () => {
  it('backs up a world, lists and browses it, restores one file, then everything, byte for byte', async () => {
    const { daemon } = await daemonWith();
    const { files, root } = await worldServer(daemon, 'b0000001');
    const before = await snapshot(root);

    const id = await daemon.api.createBackup(admin, 'b0000001', 'before the raid', true);
    const { backups, limit } = await daemon.api.listBackups(admin, 'b0000001');
    expect(limit).toBe(5);
    expect(backups).toHaveLength(1);
    const backup = backups[0];
    expect(backup).toMatchObject({ id, name: 'before the raid', status: 'done', locked: false, createdBy: { type: 'user', id: '1', name: 'alice' } });
    // level.dat, r.0.0.mca, server.properties, .outpostignore: the log is ignored, the link is a link.
    expect(backup.files).toBe(4);
    const download = await daemon.api.downloadBackup(admin, 'b0000001', id);
    const chunks: Buffer[] = [];
    for await (const chunk of download.stream) chunks.push(Buffer.from(chunk));
    const archive = Buffer.concat(chunks);
    expect(archive.length).toBe(backup.size);
    expect(createHash('sha256').update(archive).digest('hex')).toBe(backup.sha256);
    expect(download.fileName).toBe(`before-the-raid-${id}.tar.gz`);

    expect((await daemon.api.backupFiles(admin, 'b0000001', id, '/')).map((entry) => entry.name)).toEqual(['world', '.outpostignore', 'passwd-link', 'server.properties']);
    expect(await daemon.api.backupFiles(admin, 'b0000001', id, '/world')).toEqual([
      expect.objectContaining({ name: 'region', isFile: false }),
      expect.objectContaining({ name: 'level.dat', isFile: true, size: 4096 }),
    ]);

    // The griefing: a changed world, a deleted file, a new one.
    await files.write('world/level.dat', 'griefed');
    await files.delete('server.properties');
    await files.write('world/graffiti.txt', 'was here');

    await daemon.api.restoreBackup(admin, 'b0000001', id, { paths: ['/server.properties'] });
    expect(await readFile(join(root, 'server.properties'), 'utf8')).toBe('motd=hello\n');
    expect(await readFile(join(root, 'world/level.dat'), 'utf8')).toBe('griefed');

    // Whole, without emptying: what the backup holds comes back, the rest stays.
    await daemon.api.restoreBackup(admin, 'b0000001', id, {});
    expect(await readFile(join(root, 'world/graffiti.txt'), 'utf8')).toBe('was here');
    const merged = await snapshot(root);
    delete merged['world/graffiti.txt'];
    expect(merged).toEqual(before);

    // Whole, emptied first: exactly the backup (the ignored log was never in it).
    await daemon.api.restoreBackup(admin, 'b0000001', id, { truncate: true });
    const exact = await snapshot(root);
    const { 'logs/': _logs, 'logs/latest.log': _log, ...expected } = before;
    expect(exact).toEqual(expected);
    // The link came back as a link; nothing read /etc/passwd into the archive.
    expect(await readlink(join(root, 'passwd-link'))).toBe('/etc/passwd');
  });

  it('keeps the limit by removing the oldest unlocked backup, and refuses a new one when all kept are locked', async () => {
    const { daemon } = await daemonWith();
    await worldServer(daemon, 'b0000002');
    await daemon.api.setBackupPolicy(admin, 'b0000002', { limit: 2, keepDays: 0 });
    const first = await daemon.api.createBackup(admin, 'b0000002', 'first', true);
    const second = await daemon.api.createBackup(admin, 'b0000002', 'second', true);
    await daemon.api.editBackup(admin, 'b0000002', first, { locked: true });
    const third = await daemon.api.createBackup(admin, 'b0000002', 'third', true);
    const names = async () => (await daemon.api.listBackups(admin, 'b0000002')).backups.map((backup) => backup.id);
    expect(await names()).toEqual([third, first]);
    expect(second).not.toBe(third);
    await daemon.api.editBackup(admin, 'b0000002', third, { locked: true });
    await expect(daemon.api.createBackup(admin, 'b0000002', 'fourth', true)).rejects.toMatchObject({ code: 'ErrBackupLocked', status: 409 });
    await expect(daemon.api.deleteBackup(admin, 'b0000002', first)).rejects.toMatchObject({ code: 'ErrBackupLocked', status: 409 });
    expect(await names()).toEqual([third, first]);
  });

  it('removes unlocked backups older than keepDays and keeps locked ones', async () => {
    let now = Date.parse('2026-11-01T12:00:00Z');
    const { daemon } = await daemonWith({ backups: { now: () => now } });
    await worldServer(daemon, 'b0000003');
    await daemon.api.setBackupPolicy(admin, 'b0000003', { limit: 0, keepDays: 2 });
    const old = await daemon.api.createBackup(admin, 'b0000003', 'old', true);
    const oldLocked = await daemon.api.createBackup(admin, 'b0000003', 'old, locked', true);
    await daemon.api.editBackup(admin, 'b0000003', oldLocked, { locked: true });
    now += 1.5 * 86_400_000;
    const recent = await daemon.api.createBackup(admin, 'b0000003', 'recent', true);
    await daemon.backups.sweep();
    expect((await daemon.api.listBackups(admin, 'b0000003')).backups.map((backup) => backup.id).sort()).toEqual([old, oldLocked, recent].sort());
    now += 1 * 86_400_000;
    await daemon.backups.sweep();
    expect((await daemon.api.listBackups(admin, 'b0000003')).backups.map((backup) => backup.id).sort()).toEqual([oldLocked, recent].sort());
  });

  it('makes a backup from a scheduled task run, named after the task', async () => {
    const { daemon } = await daemonWith();
    await worldServer(daemon, 'b0000004');
    const taskId = await daemon.api.createTask(admin, 'b0000004', { name: 'Nightly backup', cronSchedule: '0 4 * * *', operations: [{ type: 'backup', name: 'nightly' }] });
    await daemon.servers.get('b0000004').tasks.run(taskId, { scheduled: true });
    const { backups } = await daemon.api.listBackups(admin, 'b0000004');
    expect(backups).toEqual([expect.objectContaining({ name: 'nightly', status: 'done', createdBy: { type: 'task', id: taskId, name: 'Nightly backup' } })]);
  });
});

describe('backups refuse what they cannot do, and never leave half a thing', () => {
  it('answers clear errors for unknown ids, paths outside or missing, a running server and a damaged archive', async () => {
    const { daemon, dir } = await daemonWith();
    const { files, root } = await worldServer(daemon, 'b0000005');
    const id = await daemon.api.createBackup(admin, 'b0000005', undefined, true);
    await expect(daemon.api.restoreBackup(admin, 'b0000005', '0123456789abcdef', {})).rejects.toMatchObject({ code: 'ErrNotFound', status: 404 });
    await expect(daemon.api.restoreBackup(admin, 'b0000005', id, { paths: ['../../etc/passwd'] })).rejects.toMatchObject({ code: 'ErrPathOutsideServer', status: 400 });
    await expect(daemon.api.restoreBackup(admin, 'b0000005', id, { paths: ['/world/nothing.dat'] })).rejects.toMatchObject({ code: 'ErrNotFound', status: 404 });
    await expect(daemon.api.backupFiles(admin, 'b0000005', id, '/../..')).rejects.toMatchObject({ code: 'ErrPathOutsideServer' });
    await expect(daemon.api.restoreBackup(admin, 'b0000005', id, { paths: ['/world'], truncate: true })).rejects.toMatchObject({ status: 400 });

    await daemon.api.power(admin, 'b0000005', 'start', { wait: true });
    await expect(daemon.api.restoreBackup(admin, 'b0000005', id, {})).rejects.toMatchObject({ code: 'ErrServerRunning', status: 409 });
    await daemon.api.power(admin, 'b0000005', 'kill', { wait: true });

    // One byte changed in the stored archive: refused, and the folder is as it was.
    const archivePath = join(dir, 'backups', 'b0000005', `${id}.tar.gz`);
    const archive = await readFile(archivePath);
    archive[archive.length - 20] ^= 0xff;
    await writeFile(archivePath, archive);
    await files.write('world/level.dat', 'changed since');
    const before = await snapshot(root);
    await expect(daemon.api.restoreBackup(admin, 'b0000005', id, {})).rejects.toMatchObject({ code: 'ErrBackupDamaged', status: 409 });
    expect(await snapshot(root)).toEqual(before);
  });

  it('fails a backup on a full disk with the reason, and keeps no partial archive', async () => {
    const probe = await daemonWith();
    const { statfs } = await import('node:fs/promises');
    const disk = await statfs(probe.dir);
    // Room for a little more than 1 MiB before the reserve: the archive of incompressible bytes is larger.
    const { daemon, dir } = await daemonWith({ backups: { diskReserveBytes: disk.bavail * disk.bsize - 1024 * 1024 } });
    await daemon.api.createServer(admin, 'b0000006', fakeDefinition());
    await daemon.servers.get('b0000006').files.write('world/big.dat', randomBytes(8 * 1024 * 1024));
    await expect(daemon.api.createBackup(admin, 'b0000006', undefined, true)).rejects.toMatchObject({ code: 'ErrDiskFull', status: 507 });
    const { backups } = await daemon.api.listBackups(admin, 'b0000006');
    expect(backups[0]).toMatchObject({ status: 'failed', errorCode: 'ErrDiskFull' });
    expect(backups[0].error).toContain('disk is full');
    expect((await readdir(join(dir, 'backups', 'b0000006'))).filter((name) => name.includes('.tar.gz'))).toEqual([]);
  });

  it('stops a backup of a server being deleted, and leaves none of its backups behind', async () => {
    const { daemon, dir } = await daemonWith();
    await daemon.api.createServer(admin, 'b0000007', fakeDefinition());
    await daemon.servers.get('b0000007').files.write('world/big.dat', randomBytes(40 * 1024 * 1024));
    await daemon.api.createBackup(admin, 'b0000007', 'kept', true);
    await daemon.api.createBackup(admin, 'b0000007', 'under way');
    await daemon.api.deleteServer(admin, 'b0000007');
    await expect(daemon.api.listBackups(admin, 'b0000007')).rejects.toMatchObject({ code: 'ErrNotFound' });
    await expect(lstat(join(dir, 'backups', 'b0000007'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a second backup of a server while one runs', async () => {
    const { daemon } = await daemonWith();
    await daemon.api.createServer(admin, 'b0000008', fakeDefinition());
    await daemon.servers.get('b0000008').files.write('world/big.dat', randomBytes(20 * 1024 * 1024));
    const first = await daemon.api.createBackup(admin, 'b0000008');
    await expect(daemon.api.createBackup(admin, 'b0000008')).rejects.toMatchObject({ code: 'ErrBackupRunning', status: 409 });
    await waitFor(async () => (await daemon.api.listBackups(admin, 'b0000008')).backups[0].status === 'done', 30_000, 'the backup');
    expect((await daemon.api.listBackups(admin, 'b0000008')).backups[0].id).toBe(first);
  });

  it('queues backups beyond the node limit: one waits at 0 until a turn is free', async () => {
    const { daemon, dir } = await daemonWith({ backups: { concurrent: 1 } });
    await daemon.api.createServer(admin, 'b0000009', fakeDefinition());
    await daemon.api.createServer(admin, 'b000000a', fakeDefinition());
    await daemon.servers.get('b0000009').files.write('world/big.dat', randomBytes(40 * 1024 * 1024));
    await daemon.servers.get('b000000a').files.write('world/small.dat', 'small');
    await daemon.api.createBackup(admin, 'b0000009', 'first');
    await daemon.api.createBackup(admin, 'b000000a', 'second');
    const [waiting] = (await daemon.api.listBackups(admin, 'b000000a')).backups;
    expect(waiting).toMatchObject({ status: 'running', progress: 0 });
    expect(await readdir(join(dir, 'backups', 'b000000a'))).not.toContainEqual(expect.stringContaining('.tar.gz'));
    const done = async (id: string) => (await daemon.api.listBackups(admin, id)).backups[0];
    await waitFor(async () => (await done('b000000a')).status === 'done', 60_000, 'both backups');
    expect((await done('b0000009')).status).toBe('done');
    expect(Date.parse((await done('b000000a')).completedAt!)).toBeGreaterThanOrEqual(Date.parse((await done('b0000009')).completedAt!));
  });

  it('sends the template lines before and after a backup of the running program, and copies it as it runs', async () => {
    const { daemon } = await daemonWith();
    const definition = fakeDefinition({}, { backup: { before: ['echo saving off', 'echo saving all'], after: ['echo saving on'], waitSeconds: 0.2 } });
    await daemon.api.createServer(admin, 'b000000b', definition);
    await daemon.servers.get('b000000b').files.write('world/level.dat', 'live');
    await daemon.api.power(admin, 'b000000b', 'start', { wait: true });
    await daemon.api.createBackup(admin, 'b000000b', 'while running', true);
    const text = () => daemon.servers.get('b000000b').console.replay().logs.join('');
    await waitFor(() => text().includes('echo: saving on'), 10_000, 'the line after the backup');
    const output = text();
    expect(output.indexOf('echo: saving off')).toBeLessThan(output.indexOf('echo: saving all'));
    expect(output.indexOf('echo: saving all')).toBeLessThan(output.indexOf('echo: saving on'));
    expect((await daemon.api.listBackups(admin, 'b000000b')).backups[0]).toMatchObject({ status: 'done', files: 1 });
    await daemon.api.power(admin, 'b000000b', 'kill', { wait: true });
  });
});
