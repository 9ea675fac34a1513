import WebSocket from 'ws';
import type { ServerSocket, SessionsFrame, SessionsRequest, SocketEvent } from '@outpost/shared';
import { NODE_TOKEN_TTL_SECONDS, signNodeToken } from '../auth/nodeToken.js';
import { errorFromBody, unreachable } from './nodeErrors.js';
import { SocketEvents } from './SocketEvents.js';

/** How long a socket with no sessions left stays open for the next one (a browser reconnecting). */
export const IDLE_SESSIONS_CLOSE_MS = 30_000;

type ConsoleEvent = Extract<SocketEvent, { type: 'console' }>;

// A console frame's event, as the node encoded it: what a browser is sent, byte for byte.
const CONSOLE_PREFIX = Buffer.from('{"type":"console","data":');
const receivedAs = new WeakMap<object, Buffer>();

/** The JSON a console event came in (a binary sessions frame), for the panel to send on unchanged. */
export function receivedBytes(event: object): Buffer | undefined {
  return receivedAs.get(event);
}

/** A console event read from its JSON only if someone looks at its data: the panel's socket route just sends the bytes. */
function consoleEvent(bytes: Buffer): ConsoleEvent {
  let data: ConsoleEvent['data'] | undefined;
  const event: ConsoleEvent = {
    type: 'console',
    get data() {
      return (data ??= (JSON.parse(bytes.toString()) as ConsoleEvent).data);
    },
  };
  receivedAs.set(event, bytes);
  return event;
}

interface Session {
  events: SocketEvents;
  end: () => void;
  opening?: { resolve: () => void; reject: (error: Error) => void };
}

export interface NodeSessionsOptions {
  baseUrl: string;
  nodeId: string;
  secret: string;
  /** How long the node may take to accept the socket. */
  connectTimeoutMs: number;
}

/**
 * The sockets of one panel to its nodes: one per node (and secret: a new one takes a new socket),
 * whichever HttpNodeClient asks. Whoever makes the clients keeps it (the panel's NodeClients), so
 * two panels in one process share no socket.
 */
export class NodeSessionsPool {
  private readonly open = new Map<string, NodeSessions>();

  of(options: NodeSessionsOptions): NodeSessions {
    const key = `${options.baseUrl}\n${options.nodeId}\n${options.secret}`;
    let sessions = this.open.get(key);
    if (!sessions) {
      const made = new NodeSessions(options, () => {
        if (this.open.get(key) === made) this.open.delete(key);
      });
      this.open.set(key, made);
      sessions = made;
    }
    return sessions;
  }
}

/**
 * The panel's one WebSocket to a node (GET /daemon/sessions), carrying every live server
 * connection it opens there (contract/nodeSessions.ts). Twenty browsers watching one server's
 * console cost the node one frame per batch instead of twenty, and the panel one parse: every
 * session is handed the same event object, which the panel's socket route encodes once.
 */
export class NodeSessions {
  private readonly ws: WebSocket;
  private readonly ready: Promise<void>;
  private readonly sessions = new Map<number, Session>();
  private last = 0;
  private idle?: NodeJS.Timeout;

  /** Made by a NodeSessionsPool, which `forget` tells when the socket has ended. */
  constructor(
    options: NodeSessionsOptions,
    private readonly forget: () => void,
  ) {
    // The socket itself names no caller or server: each session brings its own token.
    const token = signNodeToken(options.secret, { node: options.nodeId, user: '', server: '', scopes: [], exp: Math.floor(Date.now() / 1000) + NODE_TOKEN_TTL_SECONDS });
    const url = `${options.baseUrl.replace(/^http/, 'ws')}/daemon/sessions?token=${encodeURIComponent(token)}&frames=console`;
    this.ws = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: options.connectTimeoutMs });
    this.ready = new Promise((resolve, reject) => {
      this.ws.once('unexpected-response', (_request, response) => {
        forget();
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          this.ws.terminate();
          reject(errorFromBody(response.statusCode ?? 502, text));
        });
      });
      this.ws.once('error', (error) => reject(unreachable(error)));
      // The panel's browser sockets keep the process alive, not this one.
      this.ws.once('upgrade', (response) => response.socket.unref());
      this.ws.once('open', () => resolve());
    });
    this.ready.catch(() => {});
    this.ws.on('message', (raw, isBinary) => (isBinary ? this.receiveConsole(raw as Buffer) : this.receive(raw)));
    this.ws.once('close', () => {
      forget();
      clearTimeout(this.idle);
      const lost = unreachable(new Error('the node closed the connection'));
      for (const session of this.sessions.values()) {
        session.opening?.reject(lost);
        session.end();
      }
      this.sessions.clear();
    });
  }

  /** Opens a session on `server` with the caller's token for it; refusals are the node's errors. */
  async open(server: string, token: string): Promise<ServerSocket> {
    clearTimeout(this.idle);
    const n = ++this.last;
    const events = new SocketEvents();
    let ended = false;
    let resolveClosed!: () => void;
    const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
    const session: Session = {
      events,
      end: () => {
        if (ended) return;
        ended = true;
        this.sessions.delete(n);
        resolveClosed();
        this.closeWhenIdle();
      },
    };
    this.sessions.set(n, session);
    try {
      await this.ready;
      await new Promise<void>((resolve, reject) => {
        session.opening = { resolve, reject };
        if (ended || !this.write({ open: n, server, token })) reject(unreachable(new Error('the node closed the connection')));
      });
    } catch (error) {
      session.end();
      throw error;
    }
    return {
      send: (request) => {
        if (!ended) this.write({ session: n, message: request });
      },
      onEvent: (listener) => events.on(listener),
      close: () => {
        if (ended) return;
        this.write({ close: n });
        session.end();
      },
      closed,
    };
  }

  private write(request: SessionsRequest): boolean {
    if (this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(request));
    return true;
  }

  private receive(raw: WebSocket.RawData): void {
    let frame: SessionsFrame;
    try {
      frame = JSON.parse(raw.toString()) as SessionsFrame;
    } catch {
      return; // not ours: ignore
    }
    if ('sessions' in frame) {
      for (const n of frame.sessions) this.sessions.get(n)?.events.emit(frame.event);
    } else if ('opened' in frame) {
      const session = this.sessions.get(frame.opened);
      session?.opening?.resolve();
      if (session) session.opening = undefined;
    } else if ('refused' in frame) {
      this.sessions.get(frame.refused)?.opening?.reject(errorFromBody(frame.status, JSON.stringify({ error: frame.error })));
    } else if ('closed' in frame) {
      this.sessions.get(frame.closed)?.end();
    }
  }

  /** A binary frame: the sessions as JSON, a newline, then a console event's JSON, kept as it came. */
  private receiveConsole(raw: Buffer): void {
    const cut = raw.indexOf(0x0a);
    if (cut < 0) return;
    let sessions: unknown;
    try {
      sessions = (JSON.parse(raw.toString('latin1', 0, cut)) as { sessions?: unknown }).sessions;
    } catch {
      return; // not ours: ignore
    }
    const bytes = raw.subarray(cut + 1);
    if (!Array.isArray(sessions) || bytes.compare(CONSOLE_PREFIX, 0, CONSOLE_PREFIX.length, 0, CONSOLE_PREFIX.length) !== 0) return;
    const event = consoleEvent(bytes);
    for (const n of sessions) this.sessions.get(n as number)?.events.emit(event);
  }

  private closeWhenIdle(): void {
    if (this.sessions.size > 0) return;
    clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      // Gone from the table first: a connect from now on opens a new socket instead of this closing one.
      this.forget();
      this.ws.close(1000);
    }, IDLE_SESSIONS_CLOSE_MS).unref();
  }
}
