import type { Socket } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Scopes } from '@outpost/shared';
import { signNodeToken } from '../auth/nodeToken.js';
import { fakeDefinition, serveTestDaemon } from '../servers/testServer.js';

const id = '50c4e700';
let node: Awaited<ReturnType<typeof serveTestDaemon>>;
let base: string;

beforeAll(async () => {
  node = await serveTestDaemon();
  base = node.url.replace('http', 'ws');
  await node.daemon.servers.create(id, fakeDefinition());
  await node.daemon.servers.get(id).start();
});
afterAll(() => node.close());

type Event = { type: string; data: { code?: string; metadata?: Record<string, unknown> } };

async function connect(): Promise<{ ws: WebSocket; events: Event[]; closed: Promise<number> }> {
  const token = signNodeToken('test-secret', { node: 'node-1', user: 'u1', server: id, scopes: [Scopes.ServersAdmin], exp: Math.floor(Date.now() / 1000) + 60 });
  const ws = new WebSocket(`${base}/daemon/socket/${id}?token=${token}`);
  const events: Event[] = [];
  ws.on('message', (raw) => events.push(JSON.parse(String(raw))));
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { ws, events, closed };
}

/** Writes only the header of a masked text frame that claims `length` bytes, none of which follow. */
function sendFrameHeader(ws: WebSocket, length: number): void {
  const header = Buffer.alloc(14);
  header[0] = 0x81; // FIN, text
  header[1] = 0x80 | 127; // masked, 64-bit length follows
  header.writeBigUInt64BE(BigInt(length), 2);
  (ws as unknown as { _socket: Socket })._socket.write(header);
}

describe('daemon socket budgets', () => {
  it('closes a socket announcing a 10 MiB frame with 1009 before any of it is sent', async () => {
    const { ws, closed } = await connect();
    sendFrameHeader(ws, 10 * 1024 * 1024);
    // The payload never leaves this process: the daemon cannot have buffered it.
    expect(await closed).toBe(1009);
  });

  it('still takes ordinary messages, as the panel sends them', async () => {
    const { ws, events } = await connect();
    try {
      ws.send(JSON.stringify({ type: 'stat' }));
      await vi.waitFor(() => expect(events.some((e) => e.type === 'stat')).toBe(true));
    } finally {
      ws.close();
    }
  });

  it('answers a flood of 1000 stat messages without stalling: drops past the budget, tells once, then closes 1008', async () => {
    const { ws, events, closed } = await connect();
    for (let i = 0; i < 1000; i++) ws.send(JSON.stringify({ type: 'stat' }));
    expect(await closed).toBe(1008);
    const refusals = events.filter((e) => e.type === 'error' && e.data.reason === 'ErrTooManyRequests');
    expect(refusals).toHaveLength(1);
    expect(refusals[0].data.metadata).toEqual({ retryAfter: expect.any(Number) });
    // Far fewer answers than messages: the dropped ones cost nothing.
    expect(events.filter((e) => e.type === 'stat').length).toBeLessThanOrEqual(80);
    // The node still serves everyone else, stats included.
    const other = await connect();
    other.ws.send(JSON.stringify({ type: 'stat' }));
    await vi.waitFor(() => expect(other.events.some((e) => e.type === 'stat')).toBe(true));
    other.ws.close();
  });
});
