import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../test/serverFixtures.js';
import type { TestUser } from '../test/factories.js';

/**
 * The calls the community's PufferPanel 2 library makes, in its shapes: the session in a
 * `puffer_auth` cookie on the socket upgrade, and file contents as a raw body (its HTTP client
 * sends a string as application/x-www-form-urlencoded) on `PUT .../file/{path}`.
 */
describe('a PufferPanel 2 client', () => {
  let t: NodeTestApp;
  let root: string;
  let serverId: string;
  let editor: TestUser;

  beforeAll(async () => {
    t = await createNodeTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    root = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    serverId = await createTestServer(t.app, t.admin, t.localNodeId, 'Puffer world');
    editor = await createServerUser(t.app, serverId, { viewServerFiles: true, putServerFiles: true, viewServerConsole: true, viewServerStats: true });
  });
  afterAll(() => t.close());

  const fileUrl = (path: string) => `${root}/proxy/daemon/server/${serverId}/file/${path}`;
  const put = (path: string, body: string, headers: Record<string, string>) => fetch(fileUrl(path), { method: 'PUT', headers, body });

  it('writes a file from a raw form-encoded body, an empty one, and a JSON one, each byte as sent', async () => {
    const bearer = { authorization: editor.headers.authorization! };
    const text = 'motd=Welcome & have fun\nmax-players=20\n';
    expect((await put('server.properties', text, { ...bearer, 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(204);
    expect(await (await fetch(fileUrl('server.properties'), { headers: bearer })).text()).toBe(text);

    expect((await put('empty.txt', '', { ...bearer, 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(204);
    expect(await (await fetch(fileUrl('empty.txt'), { headers: bearer })).text()).toBe('');

    const json = '{ "keep": "my spacing" }';
    expect((await put('config.json', json, { ...bearer, 'content-type': 'application/json' })).status).toBe(204);
    expect(await (await fetch(fileUrl('config.json'), { headers: bearer })).text()).toBe(json);
  });

  it('needs the file-write permission for a raw body too', async () => {
    const reader = await createServerUser(t.app, serverId, { viewServerFiles: true });
    const refused = await put('server.properties', 'overwritten', { authorization: reader.headers.authorization!, 'content-type': 'text/plain' });
    expect(refused.status).toBe(403);
    expect(await (await fetch(fileUrl('server.properties'), { headers: { authorization: editor.headers.authorization! } })).text()).not.toBe('overwritten');
  });

  it('opens the server socket with the session in a puffer_auth cookie, and asks for stats and files', async () => {
    const ws = new WebSocket(`${root.replace('http', 'ws')}/proxy/daemon/socket/${serverId}`, { headers: { cookie: `puffer_auth=${editor.token}` } });
    const messages: Array<{ type: string; data: any }> = [];
    ws.on('message', (raw) => messages.push(JSON.parse(String(raw))));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'stat' }));
    ws.send(JSON.stringify({ action: 'get', type: 'file', path: '/', edit: false }));
    await expect.poll(() => messages.map((m) => m.type), { timeout: 10_000 }).toEqual(expect.arrayContaining(['stat', 'file']));
    const listing = messages.find((m) => m.type === 'file')!.data;
    expect(listing.files.map((f: { name: string }) => f.name)).toEqual(expect.arrayContaining(['server.properties']));
    ws.close();
  });

  it('refuses the cookie on an upgrade from another site, and a wrong cookie', async () => {
    const fromElsewhere = new WebSocket(`${root.replace('http', 'ws')}/proxy/daemon/socket/${serverId}`, { headers: { cookie: `puffer_auth=${editor.token}`, origin: 'https://evil.example' } });
    const wrong = new WebSocket(`${root.replace('http', 'ws')}/proxy/daemon/socket/${serverId}`, { headers: { cookie: 'puffer_auth=not-a-session' } });
    const statusOf = (ws: WebSocket) => new Promise<number>((resolve) => {
      ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      ws.once('open', () => resolve(101));
    });
    expect(await statusOf(fromElsewhere)).toBe(403);
    expect(await statusOf(wrong)).toBe(401);
  });

  it('does not take a raw body on a cookie-signed call: the browser uploads as multipart', async () => {
    const res = await put('server.properties', 'from a cookie', { cookie: `outpost_session=${editor.token}`, 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('ErrFieldRequired');
  });
});
