// Remote nodes, end to end without a browser: a real panel (`outpost run`) and two real
// `outpost daemon` processes on loopback ports, each configured with the daemon.json its node's
// deployment gives. The same server suite runs against a server on each node, all through the
// panel; then one daemon stops and comes back.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { signNodeToken } from '@outpost/daemon';
import ssh2 from 'ssh2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { admin, freePort, startApp, startDaemon, type RunningApp, type RunningDaemon } from './support';

let panel: RunningApp;
let session = '';
const daemons = new Map<string, RunningDaemon>();
const nodeIds = new Map<string, number>();
const serverIds = new Map<string, string>();
const sftpPorts = new Map<string, number>();

/** A panel call with the admin's session; answers the status and the parsed body. */
async function call(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const isForm = body instanceof FormData;
  const response = await fetch(`${panel.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${session}`, ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}) },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    // A node that is down must answer within seconds, never hang: this fails the call if it does.
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // a file's bytes
  }
  return { status: response.status, body: parsed };
}

const nodeList = async () => (await call('GET', '/api/nodes')).body as Array<{ id: number; name: string; online: boolean; version: string | null; servers: number }>;
const nodeNamed = async (name: string) => (await nodeList()).find((node) => node.name === name)!;

/** What a script on the node writes at install: a greeting, then an answer to every console line. */
const program = `const lines = require('node:readline').createInterface({ input: process.stdin });
console.log('ready on ' + process.env.NODE_NAME);
lines.on('line', (line) => console.log('pong ' + line));
globalThis.kept = Buffer.alloc(8 * 1024 * 1024, 1);
`;

/** Opens the panel's live connection to a server, collecting the console text it sends. */
async function openSocket(id: string) {
  const socket = new WebSocket(`${panel.url.replace(/^http/, 'ws')}/proxy/daemon/socket/${id}`, { headers: { authorization: `Bearer ${session}` } });
  let text = '';
  const statuses: boolean[] = [];
  socket.on('message', (raw) => {
    const event = JSON.parse(raw.toString()) as { type: string; data: { logs?: string[]; running?: boolean } };
    if (event.type === 'console') text += (event.data.logs ?? []).join('');
    if (event.type === 'status') statuses.push(Boolean(event.data.running));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return {
    send: (message: object) => socket.send(JSON.stringify(message)),
    text: () => text,
    statuses,
    close: () => socket.close(),
  };
}

/** Reads one file over SFTP on the node's own port, logging in as `{email}|{serverId}`. */
function readOverSftp(port: number, serverId: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const client = new ssh2.Client();
    client
      .on('ready', () =>
        client.sftp((error, sftp) => {
          if (error) return reject(error);
          sftp.readFile(path, (readError, data) => {
            client.end();
            if (readError) reject(readError);
            else resolve(data.toString());
          });
        }),
      )
      .on('error', reject)
      .connect({ host: '127.0.0.1', port, username: `${admin.email}|${serverId}`, password: admin.password });
  });
}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

beforeAll(async () => {
  panel = await startApp();
  const login = await fetch(`${panel.url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: admin.email, password: admin.password }) });
  session = ((await login.json()) as { session: string }).session;
  for (const name of ['east', 'west']) {
    const port = await freePort();
    const sftpPort = await freePort();
    // No private address: the panel dials the public one, where the daemon listens.
    const created = await call('POST', '/api/nodes', { name, publicHost: '127.0.0.1', publicPort: port, sftpPort });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    nodeIds.set(name, created.body.id);
    sftpPorts.set(name, sftpPort);
    const deployment = await call('GET', `/api/nodes/${created.body.id}/deployment`);
    daemons.set(name, await startDaemon(deployment.body));
  }
});

afterAll(async () => {
  for (const daemon of daemons.values()) await daemon.remove();
  await panel?.stop();
});

describe('remote nodes', () => {
  it('shows both nodes online with the version their daemons run', async () => {
    await vi.waitFor(async () => {
      const nodes = await nodeList();
      for (const name of ['east', 'west']) expect(nodes.find((node) => node.name === name)).toMatchObject({ online: true, version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    }, { timeout: 15_000, interval: 250 });
  });

  for (const name of ['east', 'west']) {
    it(`runs a server on ${name} through the panel: create, install, start, console, stats, files, upload and download, SFTP`, async () => {
      const definition = {
        run: { command: [process.execPath, 'main.js'], stopCode: 15, environmentVars: { NODE_NAME: name } },
        install: [{ type: 'writefile', target: 'main.js', text: program }],
        supportedEnvironments: [{ type: 'standard' }],
      };
      const created = await call('POST', '/api/servers', { name: `on ${name}`, node: nodeIds.get(name), template: definition, environment: { type: 'standard' } });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id = created.body.id as string;
      serverIds.set(name, id);
      expect((await nodeNamed(name)).servers).toBe(1);
      const base = `/proxy/daemon/server/${id}`;

      expect((await call('POST', `${base}/install?wait=true`)).status).toBe(204);
      expect(((await call('GET', `${base}/console`)).body.logs as string[]).join('')).toContain('Server installed');

      const socket = await openSocket(id);
      try {
        socket.send({ type: 'start' });
        await vi.waitFor(() => expect(socket.text()).toContain(`ready on ${name}`), { timeout: 15_000, interval: 100 });
        socket.send({ type: 'console', data: { command: `hello ${name}` } });
        await vi.waitFor(() => expect(socket.text()).toContain(`pong hello ${name}`), { timeout: 10_000, interval: 100 });
        expect(socket.statuses).toContain(true);
      } finally {
        socket.close();
      }
      expect((await call('GET', `${base}/status`)).body).toEqual({ running: true, installing: false });
      await vi.waitFor(async () => expect((await call('GET', `${base}/stats`)).body.memory).toBeGreaterThan(0), { timeout: 10_000, interval: 250 });

      // Files: list, write, read back; a larger upload and download, byte for byte.
      expect(((await call('GET', `${base}/file/`)).body as Array<{ name: string }>).map((file) => file.name)).toContain('main.js');
      const small = new FormData();
      small.append('file', new Blob([`notes from ${name}\n`]), 'notes.txt');
      expect((await call('PUT', `${base}/file/notes.txt`, small)).status).toBe(204);
      expect((await call('GET', `${base}/file/notes.txt`)).body).toBe(`notes from ${name}\n`);
      const big = randomBytes(6 * 1024 * 1024);
      const upload = new FormData();
      upload.append('file', new Blob([big]), 'big.bin');
      expect((await call('PUT', `${base}/file/big.bin`, upload)).status).toBe(204);
      const download = await fetch(`${panel.url}${base}/file/big.bin`, { headers: { authorization: `Bearer ${session}` } });
      expect(download.status).toBe(200);
      expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(big));

      // SFTP on the node's own port, the login checked by the panel.
      expect(await readOverSftp(sftpPorts.get(name)!, id, '/notes.txt')).toBe(`notes from ${name}\n`);
    });
  }

  it('answers 502 ErrNodeUnreachable at once for a node whose daemon stopped, shows it offline, and recovers when it is back', async () => {
    const westServer = serverIds.get('west')!;
    const eastServer = serverIds.get('east')!;
    expect(westServer && eastServer, 'the server suites did not run').toBeTruthy();
    await daemons.get('west')!.stop();

    const down = await call('GET', `/proxy/daemon/server/${westServer}/status`);
    expect(down.status).toBe(502);
    expect(down.body.error.reason).toBe('ErrNodeUnreachable');
    await vi.waitFor(async () => expect(await nodeNamed('west')).toMatchObject({ online: false }), { timeout: 15_000, interval: 250 });
    // The other node does not notice.
    expect((await call('GET', `/proxy/daemon/server/${eastServer}/status`)).body).toEqual({ running: true, installing: false });
    expect(await nodeNamed('east')).toMatchObject({ online: true });

    await daemons.get('west')!.start();
    await vi.waitFor(async () => expect((await call('GET', `/proxy/daemon/server/${westServer}/status`)).status).toBe(200), { timeout: 15_000, interval: 250 });
    await vi.waitFor(async () => expect(await nodeNamed('west')).toMatchObject({ online: true }), { timeout: 15_000, interval: 250 });
    // The daemon stopped its server cleanly; it starts again through the panel, console and all.
    const socket = await openSocket(westServer);
    try {
      socket.send({ type: 'start' });
      await vi.waitFor(() => expect(socket.text()).toContain('ready on west'), { timeout: 15_000, interval: 100 });
    } finally {
      socket.close();
    }
  });

  it('rotates a node\'s secret: the daemon saves it, refuses the old one at once, and keeps working with the panel', async () => {
    const east = daemons.get('east')!;
    const before = JSON.parse(readFileSync(east.configPath, 'utf8')) as { nodeId: number; secret: string; privatePort: number };
    const rotated = await call('POST', `/api/nodes/${nodeIds.get('east')}/secret`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.pushed).toBe(true);
    expect(rotated.body.deployment.secret).not.toBe(before.secret);
    expect(JSON.parse(readFileSync(east.configPath, 'utf8'))).toMatchObject({ secret: rotated.body.deployment.secret, listenHost: '127.0.0.1' });

    const token = (secret: string) => signNodeToken(secret, { node: String(before.nodeId), user: 'x', server: '', scopes: [], exp: Math.floor(Date.now() / 1000) + 60 });
    const ask = (secret: string) => fetch(`http://127.0.0.1:${before.privatePort}/daemon/node`, { headers: { authorization: `Bearer ${token(secret)}` } });
    expect((await ask(before.secret)).status).toBe(401);
    expect((await ask(rotated.body.deployment.secret)).status).toBe(200);
    expect((await call('GET', `/proxy/daemon/server/${serverIds.get('east')}/status`)).body).toEqual({ running: true, installing: false });

    // After a restart it reads the new secret from its file.
    await east.stop();
    await east.start();
    await vi.waitFor(async () => expect((await call('GET', `/proxy/daemon/server/${serverIds.get('east')}/status`)).status).toBe(200), { timeout: 15_000, interval: 250 });
  });
});
