import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNodeTestApp, createServerUser, createTestServer, type NodeTestApp } from '../../test/serverFixtures.js';

type Event = { type: string; data: Record<string, unknown> };

// A client written against the spec (panel.md section 7, WebSocket): raw frames, fields at the top level.
describe('the live connection, as a spec client uses it', () => {
  let t: NodeTestApp;
  let id: string;
  let url: string;
  beforeAll(async () => {
    t = await createNodeTestApp();
    id = await createTestServer(t.app, t.admin, t.localNodeId, 'spec socket');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/proxy/daemon/socket/${id}`;
  });
  afterAll(async () => {
    await t.app.inject({ method: 'POST', url: `/proxy/daemon/server/${id}/kill?wait`, headers: t.admin.headers });
    await t.close();
  });

  async function connect(authorization: string) {
    const ws = new WebSocket(url, { headers: { authorization } });
    const events: Event[] = [];
    ws.on('message', (raw) => events.push(JSON.parse(String(raw))));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return { ws, events };
  }

  const consoleText = (events: Event[]) => events.filter((e) => e.type === 'console').flatMap((e) => (e.data.logs as string[]) ?? []).join('');

  it('takes console, file and replay fields at the top level of the message', async () => {
    const { ws, events } = await connect(t.admin.headers.authorization);
    ws.send(JSON.stringify({ type: 'start' }));
    await vi.waitFor(() => expect(consoleText(events)).toContain('ready'), { timeout: 10_000 });
    ws.send(JSON.stringify({ type: 'console', command: 'say hi' }));
    await vi.waitFor(() => expect(consoleText(events)).toContain('echo:say hi'), { timeout: 10_000 });

    ws.send(JSON.stringify({ type: 'file', action: 'create', path: '/made-by-spec' }));
    await vi.waitFor(() => {
      const listing = events.find((e) => e.type === 'file' && (e.data.files as Array<{ name: string }>).some((f) => f.name === 'made-by-spec'));
      expect(listing).toBeDefined();
    }, { timeout: 10_000 });
    ws.send(JSON.stringify({ type: 'file', action: 'get', path: '/made-by-spec' }));
    await vi.waitFor(() => expect(events.some((e) => e.type === 'file' && e.data.path === '/made-by-spec')).toBe(true), { timeout: 10_000 });

    // A replay since a point after everything so far brings no old line back.
    const before = events.length;
    ws.send(JSON.stringify({ type: 'replay', since: Number.MAX_SAFE_INTEGER }));
    await vi.waitFor(() => expect(events.slice(before).some((e) => e.type === 'console')).toBe(true));
    expect(consoleText(events.slice(before))).not.toContain('ready');
    ws.send(JSON.stringify({ type: 'replay' }));
    await vi.waitFor(() => expect(events.filter((e) => e.type === 'console').some((e) => ((e.data.logs as string[]) ?? []).join('').includes('ready'))).toBe(true));
    ws.close();
  });

  it('answers only the spec types: a refusal is a [DAEMON] console line for console viewers, nothing for others', async () => {
    const viewer = await connect(t.admin.headers.authorization);
    viewer.ws.send(JSON.stringify({ type: 'bogus' }));
    viewer.ws.send('not json');
    await vi.waitFor(() => expect(consoleText(viewer.events)).toMatch(/\[DAEMON\] unknown message type bogus[\s\S]*\[DAEMON\] The json data is invalid/));

    const statsOnly = await createServerUser(t.app, id, { viewServerStats: true });
    const blind = await connect(statsOnly.headers.authorization);
    blind.ws.send(JSON.stringify({ type: 'console', command: 'not allowed' }));
    blind.ws.send(JSON.stringify({ type: 'stat' }));
    await vi.waitFor(() => expect(blind.events.some((e) => e.type === 'stat')).toBe(true));
    const types = [...viewer.events, ...blind.events].map((e) => e.type);
    expect(types.filter((type) => !['status', 'stat', 'console', 'file'].includes(type))).toEqual([]);
    expect(blind.events.some((e) => e.type === 'console')).toBe(false);
    viewer.ws.close();
    blind.ws.close();
  });
});
