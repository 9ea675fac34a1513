// The Node.js and Python templates on a fresh server: a real daemon (servers as their own user
// when the tests run as root) installs the template as shipped, which writes its starter
// program, starts it with the real node or python3, and a client gets an answer on the port
// variable; stopping ends it. A folder that already has its main file keeps it.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Daemon } from '@outpost/daemon';
import type { ServerDefinition } from '@outpost/shared';

const folder = dirname(fileURLToPath(import.meta.url));

let base: string;
let daemon: Daemon;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'outpost-starter-'));
  // Reachable by the servers' own users when the tests run as root.
  chmodSync(base, 0o711);
  daemon = await Daemon.open({ nodeId: 'n', secret: 's', serversDir: join(base, 'servers'), stopGraceMs: 5000, autostart: false });
});

afterAll(async () => {
  try {
    await daemon?.close();
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function template(id: string, port: number): ServerDefinition {
  const def = JSON.parse(readFileSync(join(folder, `${id}.json`), 'utf8')) as ServerDefinition;
  return { ...def, data: { ...def.data, port: { ...def.data!.port, value: port } } };
}

const consoleOf = (id: string) => daemon.servers.get(id).console.replay().logs.join('');

describe.each([
  ['nodejs', 'index.js', 'a0000010'],
  ['python', 'main.py', 'a0000020'],
])('the %s template on a fresh server', (templateId, main, serverId) => {
  it(`writes a starter ${main} on install, which answers on the port once started, and stops`, async () => {
    const port = await freePort();
    const server = await daemon.servers.create(serverId, template(templateId, port));
    expect(existsSync(join(server.root, main))).toBe(false);

    await server.install();
    expect(readFileSync(join(server.root, main), 'utf8')).toContain('Starter program written by Outpost');
    expect(existsSync(join(server.root, `.outpost-starter${main.slice(main.lastIndexOf('.'))}`))).toBe(false);

    await server.start();
    const answer = await vi.waitFor(
      async () => {
        const response = await fetch(`http://127.0.0.1:${port}/`);
        return { status: response.status, body: await response.text() };
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(answer).toEqual({ status: 200, body: 'Hello from Outpost! This is the starter program; replace it with your own.\n' });
    expect(consoleOf(serverId)).toContain(`Starter program listening on port ${port}`);

    await server.stop();
    expect(server.running).toBe(false);
    expect(consoleOf(serverId)).toMatch(/\[DAEMON\] Server exited/);
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
  });

  it(`keeps the ${main} already in the folder`, async () => {
    const id = `${serverId.slice(0, -1)}f`;
    const server = await daemon.servers.create(id, template(templateId, await freePort()));
    const own = templateId === 'nodejs' ? "console.log('mine');\n" : "print('mine')\n";
    writeFileSync(join(server.root, main), own);
    await server.install();
    expect(readFileSync(join(server.root, main), 'utf8')).toBe(own);
    expect(existsSync(join(server.root, `.outpost-starter${main.slice(main.lastIndexOf('.'))}`))).toBe(false);
  });
});
