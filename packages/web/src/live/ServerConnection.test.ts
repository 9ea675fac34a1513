import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A stand-in WebSocket the test opens and closes by hand.
class FakeSocket {
  static readonly OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
    this.onclose?.({ code: 1000, reason: '' });
  }
  accept() {
    this.readyState = 1;
    this.onopen?.();
  }
  /** The server closes it; the panel's proxy names an unreachable node in the reason. */
  drop(reason = '', code = reason ? 1011 : 1006) {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
}

const answerAll = async (url: string, _init?: RequestInit) => new Response(JSON.stringify(url.endsWith('/status') ? { running: true } : {}), { status: 200 });
const fetchMock = vi.fn(answerAll);

beforeEach(() => {
  FakeSocket.all = [];
  vi.useFakeTimers();
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('location', { protocol: 'https:', host: 'panel.example.com' });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});

afterEach(() => {
  fetchMock.mockImplementation(answerAll);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const { ServerConnection, MAX_FAILURES, RECONNECT_BASE_MS, RECONNECT_STEP_MS, STATUS_POLL_MS } = await import('./ServerConnection');

describe('ServerConnection', () => {
  it('connects to the proxy socket and sends what was queued once open', () => {
    const connection = new ServerConnection('abcd1234');
    connection.open();
    connection.send({ type: 'stat' });
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toBe('wss://panel.example.com/proxy/daemon/socket/abcd1234');
    expect(socket.sent).toEqual([]);
    socket.accept();
    expect(socket.sent).toEqual([JSON.stringify({ type: 'stat' })]);
    expect(connection.getSnapshot().status).toBe('open');
  });

  it('tracks running from status events, unknown until the first', () => {
    const connection = new ServerConnection('abcd1234');
    connection.open();
    expect(connection.getSnapshot().running).toBeNull();
    FakeSocket.all[0]!.accept();
    FakeSocket.all[0]!.onmessage?.({ data: JSON.stringify({ type: 'status', data: { running: false } }) });
    expect(connection.getSnapshot().running).toBe(false);
  });

  it('reconnects after 500 ms plus 500 ms per failure and gives up after 5 failures', () => {
    const connection = new ServerConnection('abcd1234');
    connection.open();
    FakeSocket.all[0]!.drop();
    expect(connection.getSnapshot().status).toBe('reconnecting');
    vi.advanceTimersByTime(499);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    for (let i = 3; i <= 5; i++) {
      FakeSocket.all[i - 1]!.drop();
      vi.advanceTimersByTime(500 * i);
    }
    expect(FakeSocket.all).toHaveLength(6);
    FakeSocket.all[5]!.drop();
    expect(connection.getSnapshot().status).toBe('failed');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(6);
    connection.close();
  });

  it('forgets earlier failures once a connection has held for 30 s', () => {
    const connection = new ServerConnection('abcd1234');
    connection.open();
    for (let i = 1; i <= 4; i++) {
      FakeSocket.all[i - 1]!.drop();
      vi.advanceTimersByTime(500 * i);
    }
    FakeSocket.all[4]!.accept();
    vi.advanceTimersByTime(30_000);
    FakeSocket.all[4]!.drop();
    expect(connection.getSnapshot().status).toBe('reconnecting');
    vi.advanceTimersByTime(500);
    expect(FakeSocket.all).toHaveLength(6);
    connection.close();
  });

  it('reconnects after 500 ms when a stopping panel instance closes it (1012), and such closes never use up the attempts', () => {
    const connection = new ServerConnection('abcd1234');
    connection.open();
    for (let restart = 1; restart <= MAX_FAILURES + 2; restart++) {
      FakeSocket.all.at(-1)!.accept();
      FakeSocket.all.at(-1)!.drop('service restart', 1012);
      expect(connection.getSnapshot().status).toBe('reconnecting');
      vi.advanceTimersByTime(RECONNECT_BASE_MS - 1);
      expect(FakeSocket.all).toHaveLength(restart);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.all).toHaveLength(restart + 1);
    }
    // An abrupt drop (the instance was killed) still counts as the first failure.
    FakeSocket.all.at(-1)!.drop();
    vi.advanceTimersByTime(RECONNECT_BASE_MS);
    expect(FakeSocket.all).toHaveLength(MAX_FAILURES + 4);
  });

  it('never reconnects after a requested close', () => {
    const connection = new ServerConnection('abcd1234');
    connection.open();
    FakeSocket.all[0]!.accept();
    connection.close();
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.all).toHaveLength(1);
    expect(connection.getSnapshot().status).toBe('closed');
  });

  it('falls back to the HTTP proxy while the socket is down, answering with the same events', async () => {
    const connection = new ServerConnection('abcd1234');
    const events: unknown[] = [];
    connection.onEvent((event) => events.push(event));
    connection.open();
    FakeSocket.all[0]!.drop();
    connection.send({ type: 'start' });
    connection.send({ type: 'console', data: { command: 'say hi' } });
    await vi.advanceTimersByTimeAsync(0);
    const calls = fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url}`);
    expect(calls).toContain('POST /proxy/daemon/server/abcd1234/start');
    expect(calls).toContain('POST /proxy/daemon/server/abcd1234/console');
    expect(calls).toContain('GET /proxy/daemon/server/abcd1234/status');
    expect(events).toContainEqual({ type: 'status', data: { running: true } });
    connection.close();
  });

  it('says the node is offline while the panel cannot reach it, and connects again once it answers', async () => {
    let nodeUp = false;
    const unreachable = { error: { code: 'ErrServiceNotAvailable', msg: 'node did not answer', reason: 'ErrNodeUnreachable' } };
    fetchMock.mockImplementation(async (url) => (nodeUp ? answerAll(url) : new Response(JSON.stringify(unreachable), { status: 502 })));
    const connection = new ServerConnection('abcd1234');
    connection.open();
    FakeSocket.all[0]!.drop('ErrNodeUnreachable');
    expect(connection.getSnapshot().nodeOffline).toBe(true);
    for (let failure = 1; failure <= MAX_FAILURES; failure++) {
      await vi.advanceTimersByTimeAsync(RECONNECT_BASE_MS + RECONNECT_STEP_MS * (failure - 1));
      FakeSocket.all.at(-1)!.drop('ErrNodeUnreachable');
    }
    expect(connection.getSnapshot()).toMatchObject({ status: 'failed', nodeOffline: true });
    const attempts = FakeSocket.all.length;

    nodeUp = true;
    await vi.advanceTimersByTimeAsync(STATUS_POLL_MS);
    expect(connection.getSnapshot().nodeOffline).toBe(false);
    expect(FakeSocket.all).toHaveLength(attempts + 1);
    FakeSocket.all.at(-1)!.accept();
    expect(connection.getSnapshot().status).toBe('open');
    connection.close();
  });

  it('lists the folder a new folder was made in over HTTP, as the socket does', async () => {
    const connection = new ServerConnection('abcd1234');
    const events: unknown[] = [];
    connection.onEvent((event) => events.push(event));
    connection.open();
    FakeSocket.all[0]!.drop();
    await vi.advanceTimersByTimeAsync(0);
    fetchMock.mockClear();
    connection.send({ type: 'file', data: { action: 'create', path: '/plugins/new' } });
    await vi.advanceTimersByTimeAsync(0);
    const calls = fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`);
    expect(calls.at(-1)).toBe('GET /proxy/daemon/server/abcd1234/file/plugins');
    connection.close();
  });

  it('stops asking once the panel answers that the server is gone', async () => {
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ error: { code: 'ErrNotFound', msg: 'no server' } }), { status: 404 }));
    try {
      const connection = new ServerConnection('abcd1234');
      connection.open();
      FakeSocket.all[0]!.drop();
      await vi.advanceTimersByTimeAsync(0);
      expect(connection.getSnapshot().status).toBe('gone');
      const asked = fetchMock.mock.calls.length;
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fetchMock.mock.calls.length).toBe(asked);
      expect(FakeSocket.all).toHaveLength(1);
    } finally {
      fetchMock.mockImplementation(async (url: string) => new Response(JSON.stringify(url.endsWith('/status') ? { running: true } : {}), { status: 200 }));
    }
  });
});
