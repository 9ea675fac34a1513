import type { AddressInfo, Socket } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestUser } from '../../test/factories.js';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';

type Event = { type: string; data: { code?: string; running?: boolean; metadata?: Record<string, unknown> } };

describe('the live connection guards itself', () => {
  let t: NodeTestApp;
  let id: string;
  let viewer: TestUser;
  let url: string;
  let host: string;
  beforeAll(async () => {
    t = await createNodeTestApp();
    id = await createTestServer(t.app, t.admin, t.localNodeId, 'socket guards');
    viewer = await createServerUser(t.app, id, { viewServerStats: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    url = `ws://${host}/proxy/daemon/socket/${id}`;
    expect((await t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${id}/start?wait`, headers: t.admin.headers })).statusCode).toBe(204);
  });
  afterAll(async () => {
    await t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${id}/kill?wait`, headers: t.admin.headers });
    await t.close();
  });

  /** Opens a socket as the viewer; answers the HTTP status when the upgrade is refused. */
  function open(headers: Record<string, string> = {}): Promise<{ ws: WebSocket; events: Event[]; closed: Promise<number> } | { status: number; body: string }> {
    const ws = new WebSocket(url, { headers: { ...viewer.headers, ...headers } });
    const events: Event[] = [];
    ws.on('message', (raw) => events.push(JSON.parse(String(raw))));
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve({ ws, events, closed }));
      ws.once('unexpected-response', (_req, res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk));
        res.on('end', () => {
          ws.terminate();
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      ws.once('error', reject);
    });
  }

  async function openOk(headers: Record<string, string> = {}) {
    const conn = await open(headers);
    if ('status' in conn) throw new Error(`refused: ${conn.status} ${conn.body}`);
    return conn;
  }

  it('refuses an upgrade from another site with 403 ErrOriginNotAllowed; its own page and scripts connect', async () => {
    for (const origin of ['https://evil.example', 'null']) {
      const refused = await open({ origin });
      expect(refused).toMatchObject({ status: 403 });
      expect(JSON.parse((refused as { body: string }).body).error.reason).toBe('ErrOriginNotAllowed');
    }
    for (const headers of [{ origin: `http://${host}` }, {}]) {
      const conn = await openOk(headers);
      await vi.waitFor(() => expect(conn.events.some((e) => e.type === 'status')).toBe(true));
      conn.ws.close();
    }
  });

  it('closes a socket announcing a 10 MiB frame with 1009 before any of it is sent', async () => {
    const { ws, closed } = await openOk();
    const header = Buffer.alloc(14);
    header[0] = 0x81; // FIN, text
    header[1] = 0x80 | 127; // masked, 64-bit length follows
    header.writeBigUInt64BE(BigInt(10 * 1024 * 1024), 2);
    (ws as unknown as { _socket: Socket })._socket.write(header);
    // The payload never leaves the client: the panel cannot have buffered it.
    expect(await closed).toBe(1009);
  });

  it('answers a flood of 1000 stat messages without stalling, then 1008; a viewer without console sees no refusal frame', async () => {
    const { ws, events, closed } = await openOk();
    await vi.waitFor(() => expect(events.some((e) => e.type === 'status')).toBe(true));
    for (let i = 0; i < 1000; i++) ws.send(JSON.stringify({ type: 'stat' }));
    expect(await closed).toBe(1008);
    expect(events.filter((e) => !['status', 'stat'].includes(e.type))).toEqual([]);
    // What stalled was work per message: only the budget's burst (and its refill) reaches the node.
    expect(events.filter((e) => e.type === 'stat').length).toBeLessThanOrEqual(80);
    // The honest pace (one stat every few seconds) is untouched.
    const honest = await openOk();
    honest.ws.send(JSON.stringify({ type: 'stat' }));
    await vi.waitFor(() => expect(honest.events.some((e) => e.type === 'stat')).toBe(true));
    honest.ws.close();
  });
});
