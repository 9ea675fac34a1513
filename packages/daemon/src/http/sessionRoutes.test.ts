// GET /daemon/sessions as a panel speaks it, over a raw WebSocket: sessions opened with their own
// tokens, refusals answered per session, console batches sent once for every session watching.
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scopes } from '@outpost/shared';
import type { SessionsFrame, SessionsRequest } from '@outpost/shared';
import { signNodeToken } from '../auth/nodeToken.js';
import { fakeDefinition, serveTestDaemon, waitFor } from '../servers/testServer.js';

const id = '5e5510a0';
const other = '5e5510a1';
let node: Awaited<ReturnType<typeof serveTestDaemon>>;
let base: string;

beforeAll(async () => {
  node = await serveTestDaemon();
  base = node.url.replace('http', 'ws');
  await node.daemon.servers.create(id, fakeDefinition());
  await node.daemon.servers.get(id).start();
  await node.daemon.servers.create(other, fakeDefinition());
});
afterAll(() => node.close());

const token = (server: string, scopes: string[] = [Scopes.ServersAdmin], secret = 'test-secret') =>
  signNodeToken(secret, { node: 'node-1', user: 'u1', server, scopes, exp: Math.floor(Date.now() / 1000) + 60 });

async function channel(): Promise<{ ws: WebSocket; frames: SessionsFrame[]; send: (request: SessionsRequest) => void; closed: Promise<number> }> {
  const ws = new WebSocket(`${base}/daemon/sessions?token=${token('', [])}`);
  const frames: SessionsFrame[] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(String(raw)) as SessionsFrame));
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return { ws, frames, send: (request) => ws.send(JSON.stringify(request)), closed };
}

const eventsOf = (frames: SessionsFrame[], session: number) => frames.flatMap((f) => ('sessions' in f && f.sessions.includes(session) ? [f.event] : []));
const consoleOf = (frames: SessionsFrame[], session: number) => eventsOf(frames, session).flatMap((e) => (e.type === 'console' ? e.data.logs : [])).join('');

describe('the sessions socket', () => {
  it('refuses to open without a token for this node', async () => {
    const status = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${base}/daemon/sessions?token=${token('', [], 'another-secret')}`);
      ws.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      ws.once('open', () => resolve(101));
    });
    expect(status).toBe(401);
  });

  it('opens sessions with their own tokens and sends a console batch once for every session watching it', async () => {
    const { ws, frames, send } = await channel();
    send({ open: 1, server: id, token: token(id) });
    send({ open: 2, server: id, token: token(id, [Scopes.ServerView, Scopes.ServerConsole, Scopes.ServerConsoleSend]) });
    // Connecting needs only server.view: this one sees the status, never the console.
    send({ open: 3, server: id, token: token(id, [Scopes.ServerView]) });
    await waitFor(() => [1, 2, 3].every((n) => frames.some((f) => 'opened' in f && f.opened === n)), 5000, 'three sessions open');
    // Each session hears its status first, after its `opened`.
    for (const n of [1, 2, 3]) {
      const openedAt = frames.findIndex((f) => 'opened' in f && f.opened === n);
      const firstEvent = frames.findIndex((f) => 'sessions' in f && f.sessions.includes(n));
      expect(firstEvent).toBeGreaterThan(openedAt);
      expect(eventsOf(frames, n)[0]).toEqual({ type: 'status', data: { running: true, installing: false } });
    }

    // The watchers ask for the console so far, as the web app does on every open: a new session holds
    // live text until then (ServerSession), and from then on one batch serves them all.
    send({ session: 1, message: { type: 'replay' } });
    send({ session: 2, message: { type: 'replay' } });
    await waitFor(() => [1, 2].every((n) => eventsOf(frames, n).some((e) => e.type === 'console')), 5000, 'both replays');
    send({ session: 1, message: { type: 'console', data: { command: 'echo shared' } } });
    await waitFor(() => consoleOf(frames, 2).includes('echo: shared'), 5000, 'the echo on session 2');
    const batch = frames.find((f) => 'sessions' in f && f.event.type === 'console' && f.event.data.logs.join('').includes('echo: shared'));
    expect(batch && 'sessions' in batch && batch.sessions).toEqual([1, 2]);
    expect(consoleOf(frames, 1)).toContain('echo: shared');
    expect(consoleOf(frames, 3)).toBe('');

    // Requests answer the session that asked, and only it.
    send({ session: 3, message: { type: 'replay' } });
    send({ session: 1, message: { type: 'file', data: { action: 'get', path: '/' } } });
    await waitFor(() => eventsOf(frames, 3).some((e) => e.type === 'error') && eventsOf(frames, 1).some((e) => e.type === 'file'));
    expect(eventsOf(frames, 3).find((e) => e.type === 'error')?.data).toMatchObject({ reason: 'ErrMissingScope', metadata: { scope: Scopes.ServerConsole } });
    expect(eventsOf(frames, 2).some((e) => e.type === 'file' || e.type === 'error')).toBe(false);

    // Closing a session stops its frames; the others go on.
    send({ close: 1 });
    send({ session: 2, message: { type: 'console', data: { command: 'echo after' } } });
    await waitFor(() => consoleOf(frames, 2).includes('echo: after'));
    expect(consoleOf(frames, 1)).not.toContain('echo: after');
    ws.close();
  });

  it('sends a panel that asks for console frames each shared batch as one binary frame it can pass on unread', async () => {
    const ws = new WebSocket(`${base}/daemon/sessions?token=${token('', [])}&frames=console`);
    const text: SessionsFrame[] = [];
    const binary: Array<{ sessions: number[]; event: string }> = [];
    ws.on('message', (raw: Buffer, isBinary) => {
      if (!isBinary) return void text.push(JSON.parse(String(raw)) as SessionsFrame);
      const cut = raw.indexOf(0x0a);
      binary.push({ ...(JSON.parse(raw.toString('utf8', 0, cut)) as { sessions: number[] }), event: raw.toString('utf8', cut + 1) });
    });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const send = (request: SessionsRequest) => ws.send(JSON.stringify(request));
    send({ open: 1, server: id, token: token(id) });
    send({ open: 2, server: id, token: token(id, [Scopes.ServerView, Scopes.ServerConsole]) });
    await waitFor(() => [1, 2].every((n) => text.some((f) => 'opened' in f && f.opened === n)), 5000, 'two sessions open');
    send({ session: 1, message: { type: 'replay' } });
    send({ session: 2, message: { type: 'replay' } });
    await waitFor(() => [1, 2].every((n) => binary.some((f) => f.sessions.includes(n))), 5000, 'both replays');
    send({ session: 1, message: { type: 'console', data: { command: 'echo ünïcode' } } });
    await waitFor(() => binary.some((f) => f.event.includes('echo: ünïcode')), 5000, 'the echo');
    // One frame for both sessions; after the newline, the event as a browser is sent it.
    const batch = binary.find((f) => f.event.includes('echo: ünïcode'))!;
    expect(batch.sessions).toEqual([1, 2]);
    expect(JSON.parse(batch.event)).toMatchObject({ type: 'console', data: { logs: expect.arrayContaining([expect.stringContaining('echo: ünïcode')]), epoch: expect.any(Number) } });
    // Everything else is a JSON frame as before.
    expect(text.some((f) => 'sessions' in f && f.event.type === 'status')).toBe(true);
    expect(text.some((f) => 'sessions' in f && f.event.type === 'console')).toBe(false);
    ws.close();
  });

  it('answers each refusal with its status and code, and keeps the socket for the next session', async () => {
    const { ws, frames, send } = await channel();
    send({ open: 1, server: id, token: token(other) });
    send({ open: 2, server: 'ffffffff', token: token('ffffffff') });
    send({ open: 3, server: id, token: token(id, [], 'another-secret') });
    send({ open: 4, server: id, token: token(id, [Scopes.ServerStat]) });
    send({ open: 5, server: id, token: token(id) });
    await waitFor(() => frames.some((f) => 'opened' in f && f.opened === 5));
    const refusal = (n: number) => frames.find((f) => 'refused' in f && f.refused === n);
    expect(refusal(1)).toMatchObject({ status: 403, error: { reason: 'ErrNoPermission' } });
    expect(refusal(2)).toMatchObject({ status: 404, error: { reason: 'ErrNotFound' } });
    expect(refusal(3)).toMatchObject({ status: 401, error: { reason: 'ErrTokenInvalid' } });
    expect(refusal(4)).toMatchObject({ status: 403, error: { reason: 'ErrMissingScope' } });
    // A refused session takes no messages: nothing answers them.
    send({ session: 1, message: { type: 'status' } });
    send({ session: 5, message: { type: 'status' } });
    await waitFor(() => eventsOf(frames, 5).filter((e) => e.type === 'status').length >= 2);
    expect(eventsOf(frames, 1)).toEqual([]);
    // The same session number twice is refused, not a second subscription.
    send({ open: 5, server: id, token: token(id) });
    await waitFor(() => refusal(5) !== undefined);
    expect(refusal(5)).toMatchObject({ status: 400, error: { reason: 'ErrBadRequest' } });
    ws.close();
  });

  it('closes a flooding session after one warning, and only that session', async () => {
    const { ws, frames, send } = await channel();
    send({ open: 1, server: id, token: token(id) });
    send({ open: 2, server: id, token: token(id) });
    await waitFor(() => frames.some((f) => 'opened' in f && f.opened === 2));
    for (let i = 0; i < 1000; i++) send({ session: 1, message: { type: 'stat' } });
    await waitFor(() => frames.some((f) => 'closed' in f && f.closed === 1), 10_000, 'the flooding session closed');
    expect(eventsOf(frames, 1).filter((e) => e.type === 'error' && e.data.reason === 'ErrTooManyRequests')).toHaveLength(1);
    expect(eventsOf(frames, 1).filter((e) => e.type === 'stat').length).toBeLessThanOrEqual(80);
    send({ session: 2, message: { type: 'stat' } });
    await waitFor(() => eventsOf(frames, 2).some((e) => e.type === 'stat'));
    ws.close();
  });

  it('ends the sessions of a deleted server, and closes a socket that sends what is not JSON', async () => {
    const doomed = '5e5510a2';
    await node.daemon.servers.create(doomed, fakeDefinition());
    const { frames, send, ws, closed } = await channel();
    send({ open: 1, server: doomed, token: token(doomed) });
    await waitFor(() => frames.some((f) => 'opened' in f && f.opened === 1));
    await node.daemon.api.deleteServer({ user: 'u1', scopes: [Scopes.ServersAdmin] }, doomed);
    await waitFor(() => frames.some((f) => 'closed' in f && f.closed === 1));
    ws.send('not json');
    expect(await closed).toBe(1007);
  });
});
