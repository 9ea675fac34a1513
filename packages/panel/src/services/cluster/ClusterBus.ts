import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { SocketClosing } from '../access/closeSockets.js';

/** What one panel tells the others on the same database. */
export type ClusterMessage =
  /** It wrote: cached reads (sessions, scopes, server lists) are stale. */
  | { kind: 'writes' }
  /** Access ended there: close these live connections here too. */
  | { kind: 'sockets'; closing: SocketClosing };

/**
 * The panels sharing one database, as one panel sees them. A single panel (SQLite, MySQL) has no
 * one to tell: its bus is `LocalBus`. Several on PostgreSQL talk through LISTEN/NOTIFY, so no other
 * service needs running (issue 34).
 */
export interface ClusterBus {
  /** Whether other panels may hear: false for a panel alone on its database. */
  readonly shared: boolean;
  /** Tells every other panel (NOTIFY takes under 8000 bytes: closeSockets splits long lists); never throws (a panel that misses it reads again within READ_CACHE_MAX_AGE_MS). */
  publish(message: ClusterMessage): Promise<void>;
  /** Calls `handler` with each message from another panel; answers the removal. */
  subscribe(handler: (message: ClusterMessage) => void): () => void;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The bus of a panel alone on its database: nobody to tell. */
export class LocalBus implements ClusterBus {
  readonly shared = false;
  async publish(): Promise<void> {}
  subscribe(): () => void {
    return () => undefined;
  }
  async start(): Promise<void> {}
  async close(): Promise<void> {}
}

const CHANNEL = 'outpost_cluster';
const RECONNECT_MS = 1000;

/**
 * LISTEN/NOTIFY on PostgreSQL, on a connection of its own (a pooled one would lose its LISTEN when
 * returned). Messages carry the sender's id so a panel ignores its own. A lost connection is opened
 * again after a second; what was said meanwhile is lost, so the panel then treats its cache as
 * stale (`onReconnect`). Sends go through a second connection of their own, outside the watched
 * pool, so a notice is never itself counted as a write.
 */
export class PostgresBus implements ClusterBus {
  readonly shared = true;
  private readonly id = randomUUID();
  private readonly handlers = new Set<(message: ClusterMessage) => void>();
  private listener?: pg.Client;
  private readonly sender: pg.Pool;
  private reconnect?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly options: { onReconnect?: () => void; warn?: (details: object, msg: string) => void } = {},
  ) {
    this.sender = new pg.Pool({ connectionString: url, max: 2 });
    this.sender.on('error', () => undefined);
    this.sender.on('connect', (client) => client.on('error', () => undefined));
  }

  async start(): Promise<void> {
    await this.listen();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (notice) => this.hear(notice.payload));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      this.options.warn?.({ err: error }, 'cluster bus: could not listen, trying again');
      this.lost(client);
      return;
    }
    if (this.closed) return void client.end().catch(() => undefined);
    this.listener = client;
  }

  private lost(client: pg.Client): void {
    client.removeAllListeners('notification');
    void client.end().catch(() => undefined);
    if (this.listener === client) this.listener = undefined;
    if (this.closed || this.reconnect) return;
    this.reconnect = setTimeout(() => {
      this.reconnect = undefined;
      // Whatever was said while deaf is lost: the cache is stale now.
      this.options.onReconnect?.();
      void this.listen();
    }, RECONNECT_MS);
    this.reconnect.unref();
  }

  private hear(payload: string | undefined): void {
    if (!payload) return;
    let parsed: { from: string; message: ClusterMessage };
    try {
      parsed = JSON.parse(payload) as { from: string; message: ClusterMessage };
    } catch {
      return;
    }
    if (parsed.from === this.id) return;
    for (const handler of this.handlers) handler(parsed.message);
  }

  async publish(message: ClusterMessage): Promise<void> {
    if (this.closed) return;
    await this.sender.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ from: this.id, message })]).then(
      () => undefined,
      (error: unknown) => this.options.warn?.({ err: error, kind: message.kind }, 'cluster bus: could not tell the other panels'),
    );
  }

  subscribe(handler: (message: ClusterMessage) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnect);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => undefined);
    await this.sender.end().catch(() => undefined);
  }
}
