import type { LiveServer, LiveServersEvent, LiveWatchRequest } from '@outpost/shared';
import { MAX_FAILURES, RECONNECT_BASE_MS, RECONNECT_STEP_MS } from './ServerConnection';

function feedUrl(): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/api/servers/live`;
}

/**
 * The server list's one live connection (/api/servers/live): it watches the ids of the page
 * shown, sends them again after a reconnect, and keeps the last reading of each. It reconnects as
 * a server's connection does; after that the list simply shows no live state.
 */
export class ServerListFeed {
  private socket: WebSocket | null = null;
  private ids: string[] = [];
  private readings = new Map<string, LiveServer>();
  private listeners = new Set<() => void>();
  private failures = 0;
  private closed = false;
  private timer: ReturnType<typeof setTimeout> | undefined;

  open(): void {
    this.closed = false;
    this.connect();
  }

  /** Watches exactly these servers from now on. */
  watch(ids: string[]): void {
    this.ids = ids;
    this.send();
  }

  /** A stable snapshot for useSyncExternalStore: replaced on every change. */
  snapshot(): ReadonlyMap<string, LiveServer> {
    return this.readings;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.socket?.close(1000);
    this.socket = null;
  }

  private send(): void {
    if (this.socket?.readyState !== WebSocket.OPEN) return;
    const request: LiveWatchRequest = { type: 'watch', ids: this.ids };
    this.socket.send(JSON.stringify(request));
  }

  private connect(): void {
    const socket = new WebSocket(feedUrl());
    this.socket = socket;
    socket.onopen = () => {
      this.failures = 0;
      this.send();
    };
    socket.onmessage = (message) => {
      const event = JSON.parse(String(message.data)) as LiveServersEvent;
      if (event.type !== 'servers') return;
      const next = new Map(this.readings);
      for (const server of event.servers) next.set(server.id, server);
      this.readings = next;
      for (const listener of this.listeners) listener();
    };
    socket.onclose = () => {
      if (this.socket !== socket || this.closed) return;
      this.socket = null;
      if (this.failures >= MAX_FAILURES) return;
      this.timer = setTimeout(() => this.connect(), RECONNECT_BASE_MS + RECONNECT_STEP_MS * this.failures);
      this.failures++;
    };
  }
}
