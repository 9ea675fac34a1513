import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scopes } from '@outpost/shared';
import { signNodeToken } from '../auth/nodeToken.js';
import { zerosZip } from '../files/testArchives.js';
import { fakeDefinition, openTestDaemon, waitFor } from '../servers/testServer.js';

// A server program that writes `fill N` MiB of its own into fill.bin, as a game writing its world would.
const filler = `
const fs = require('fs');
console.log('ready');
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const [cmd, n] = line.trim().split(' ');
  if (cmd === 'fill') {
    const block = Buffer.alloc(1 << 20, 1);
    const fd = fs.openSync('fill.bin', 'w');
    for (let i = 0; i < Number(n); i++) fs.writeSync(fd, block);
    fs.closeSync(fd);
    console.log('filled');
  } else if (cmd === 'stop') process.exit(0);
});
`;

const MiB = 1024 ** 2;
const filling = 'a0d15c00';
const sftpServer = 'a0d15c01';
let open: Awaited<ReturnType<typeof openTestDaemon>>;
let app: FastifyInstance;
let base: string;
let keys: string;

function token(server: string): string {
  return signNodeToken('test-secret', { node: 'node-1', user: 'u1', server, scopes: [Scopes.ServersAdmin], exp: Math.floor(Date.now() / 1000) + 300 });
}

async function call(server: string, method: string, path: string, body?: string | FormData) {
  const response = await fetch(`${base}/daemon/server/${server}${path}`, { method, headers: { authorization: `Bearer ${token(server)}` }, body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

function upload(server: string, path: string, bytes: number) {
  const form = new FormData();
  form.append('file', new Blob([Buffer.alloc(bytes, 7)]), 'upload.bin');
  return call(server, 'PUT', `/file/${path}`, form);
}

const consoleText = async (server: string) => ((await call(server, 'GET', '/console')).body.logs as string[]).join('');

beforeAll(async () => {
  keys = await mkdtemp(join(tmpdir(), 'outpost-disk-sftp-'));
  open = await openTestDaemon({
    // Scans often enough for a test to see them; the defaults are a minute.
    disk: { runningEveryMs: 200, changedEveryMs: 200, gapMs: 1 },
    sftp: { host: '127.0.0.1', port: 0, hostKeyPath: join(keys, 'host_ed25519'), check: async () => ({ canWrite: true, userId: '1' }) },
  });
  app = Fastify();
  await app.register(open.daemon.routes);
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await open.cleanup();
  await rm(keys, { recursive: true, force: true });
});

describe('a server over its disk limit', () => {
  it('is stopped with a console line when its program writes past the limit, then refuses uploads and starts until files are deleted', async () => {
    await open.daemon.servers.create(filling, fakeDefinition({ command: [process.execPath, '-e', filler] }, { limits: { disk: 5 } }));
    expect((await call(filling, 'POST', '/start?wait=true')).status).toBe(204);
    await waitFor(async () => (await consoleText(filling)).includes('ready'), 10_000, 'the program to start');
    expect((await call(filling, 'POST', '/console', 'fill 8')).status).toBe(204);

    await waitFor(async () => (await call(filling, 'GET', '/status')).body.running === false, 15_000, 'the server to be stopped');
    expect(await consoleText(filling)).toMatch(/\[DAEMON\] stopped: the server's files take (8|9) MiB, over its disk limit of 5 MiB/);

    const stats = await call(filling, 'GET', '/stats');
    expect(stats.body.limits).toEqual({ disk: 5 });
    // The disk limit is the daemon's own accounting: every node enforces it.
    expect(stats.body.limitsEnforced).toBe(true);
    expect(stats.body.disk).toBeGreaterThan(8 * MiB - 1);

    const refused = await upload(filling, 'more.bin', 1024);
    expect(refused.status).toBe(413);
    expect(refused.body.error.reason).toBe('ErrQuotaExceeded');

    const start = await call(filling, 'POST', '/start?wait=true');
    expect(start.status).toBe(413);
    expect(start.body.error.reason).toBe('ErrQuotaExceeded');
    expect(start.body.error.msg).toMatch(/over its disk limit of 5 MiB/);
    expect((await call(filling, 'GET', '/status')).body.running).toBe(false);
    // A start that answers at once (as the web app's) says why in the console.
    expect((await call(filling, 'POST', '/start')).status).toBe(202);
    await waitFor(async () => /start failed: the server's files take \d+ MiB, over its disk limit of 5 MiB/.test(await consoleText(filling)), 10_000, 'the refusal in the console');

    // Deleting still works, and brings the server back under its limit.
    expect((await call(filling, 'DELETE', '/file/fill.bin')).status).toBe(204);
    // A file deleted through the jail leaves the count at once.
    expect((await call(filling, 'GET', '/stats')).body.disk).toBeLessThan(MiB);
    expect((await call(filling, 'POST', '/start?wait=true')).status).toBe(204);
    expect((await call(filling, 'GET', '/status')).body.running).toBe(true);
    expect((await upload(filling, 'small.bin', 1024)).status).toBe(204);
    const after = await call(filling, 'GET', '/stats');
    expect(after.body.disk).toBeLessThan(MiB);
    expect((await call(filling, 'POST', '/stop?wait=true')).status).toBe(204);
  }, 60_000);

  it('refuses an upload that would pass the limit, keeping no part of it', async () => {
    const id = 'a0d15c02';
    await open.daemon.servers.create(id, fakeDefinition({}, { limits: { disk: 2 } }));
    expect((await upload(id, 'fits.bin', MiB)).status).toBe(204);
    const refused = await upload(id, 'too-big.bin', 2 * MiB);
    expect(refused.status).toBe(413);
    expect(refused.body.error.reason).toBe('ErrQuotaExceeded');
    expect((await call(id, 'GET', '/file/')).body.files.map((file: { name: string }) => file.name)).toEqual(['fits.bin']);
    // Replacing a file needs room only for what it adds.
    expect((await upload(id, 'fits.bin', MiB + 1024)).status).toBe(204);
  });

  it('refuses an extraction that would unpack past the limit', async () => {
    const id = 'a0d15c03';
    await open.daemon.servers.create(id, fakeDefinition({}, { limits: { disk: 3 } }));
    const form = new FormData();
    form.append('file', new Blob([await zerosZip('world.bin', 4 * MiB)]), 'world.zip');
    expect((await call(id, 'PUT', '/file/world.zip', form)).status).toBe(204);
    const refused = await call(id, 'GET', '/extract/world.zip?destination=/out');
    expect(refused.status).toBe(413);
    expect(refused.body.error.reason).toBe('ErrQuotaExceeded');
    const root = open.daemon.servers.get(id).root;
    await expect(stat(join(root, 'out', 'world.bin'))).rejects.toThrow();
  });

  it('refuses to restore a backup whose files alone pass the limit, changing nothing', async () => {
    const id = 'a0d15c04';
    await open.daemon.servers.create(id, fakeDefinition());
    expect((await upload(id, 'world.bin', 3 * MiB)).status).toBe(204);
    const server = open.daemon.servers.get(id);
    const backup = await open.daemon.backups.create(server, 'world', { type: 'user', id: 'u1', name: 'u1' }, true);
    expect((await call(id, 'DELETE', '/file/world.bin')).status).toBe(204);
    await open.daemon.servers.putDefinition(id, { ...server.definition, limits: { disk: 2 } });

    const response = await fetch(`${base}/daemon/server/${id}/backups/${backup}/restore`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token(id)}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const body = await response.json();
    expect(response.status).toBe(413);
    expect(body.error.reason).toBe('ErrQuotaExceeded');
    expect(body.error.msg).toMatch(/over the server's disk limit of 2 MiB: nothing was restored/);
    expect((await call(id, 'GET', '/file/')).body.files).toEqual([]);
  });

  it('refuses an SFTP write past the limit', async () => {
    await open.daemon.servers.create(sftpServer, fakeDefinition({}, { limits: { disk: 2 } }));
    const written = (bytes: number, name: string) =>
      new Promise<string>((resolve) => {
        const client = new ssh2.Client();
        client
          .on('ready', () =>
            client.sftp((error, sftp) => {
              if (error) return resolve(error.message);
              sftp.writeFile(`/${name}`, Buffer.alloc(bytes, 3), (writeError) => {
                client.end();
                resolve(writeError ? writeError.message : '');
              });
            }),
          )
          .on('error', (error) => resolve(error.message))
          .connect({ host: '127.0.0.1', port: open.daemon.sftpPort!, username: `owner@example.com|${sftpServer}`, password: 'any' });
      });
    expect(await written(1.5 * MiB, 'world.bin')).toBe('');
    // Writing a file over again takes no more room than it had.
    expect(await written(1.5 * MiB, 'world.bin')).toBe('');
    expect(await written(3 * MiB, 'big.bin')).toMatch(/disk limit of 2 MiB/);
    const big = await stat(join(open.daemon.servers.get(sftpServer).root, 'big.bin')).catch(() => undefined);
    expect(big?.size ?? 0).toBeLessThanOrEqual(2 * MiB);
  });
});

describe("the node's disk maximum from daemon.json", () => {
  it('caps a server whose definition asks for more, in its refusals and in its stats', async () => {
    const node = await openTestDaemon({ limits: { max: { disk: 2 } } });
    try {
      const server = await node.daemon.servers.create('a0d15c05', fakeDefinition({}, { limits: { disk: 10 } }));
      await expect(server.files.write('world.bin', Buffer.alloc(3 * MiB))).rejects.toMatchObject({ code: 'ErrQuotaExceeded', status: 413 });
      expect((await server.stats()).limits).toEqual({ disk: 2 });
    } finally {
      await node.cleanup();
    }
  });
});
