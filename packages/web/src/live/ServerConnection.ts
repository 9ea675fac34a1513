import type { BrowserSocketEvent, ErrorBody, SocketRequest } from '@outpost/shared';
import { ApiError } from '../api/ApiError';
import { createFolder, deleteFile, listFolder } from '../api/files';
import { getStats, getStatus, powerAction, replayConsole, sendCommand } from '../api/serverProxy';

/** Spec panel.md sections 4 and 9: reconnect policy of the live connection. */
export const MAX_FAILURES = 5;
export const RECONNECT_BASE_MS = 500;
export const RECONNECT_STEP_MS = 500;
export const FAILURE_RESET_MS = 30_000;
/** While the socket is down, status is asked for over HTTP this often so the dot stays true. */
export const STATUS_POLL_MS = 5000;
/** Close code 1012 "service restart": a panel instance is stopping and asks its clients to reconnect elsewhere. */
const SERVICE_RESTART = 1012;

/** `gone`: the panel no longer knows the server (deleted); nothing is asked any more. */
export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'failed' | 'closed' | 'gone';

export interface ConnectionSnapshot {
  status: ConnectionStatus;
  /** Unknown (null) until the first status message. */
  running: boolean | null;
  /** The server's node did not answer the panel (502 ErrNodeUnreachable or a refused secret), until a call gets through again. */
  nodeOffline: boolean;
  /** Install steps are running (the program itself is not). */
  installing: boolean;
}

/** The answers that say the node, not the server or the panel, is what failed. */
const NODE_DOWN_CODES = new Set(['ErrNodeUnreachable', 'ErrNodeRefusedSecret']);

/**
 * What screens hear: the socket's events (spec types only; a refusal there is a console line),
 * and `error` for an action the user asked for that failed over the HTTP fallback.
 */
export type ConnectionEvent = BrowserSocketEvent | { type: 'error'; data: ErrorBody['error'] };

type Listener = (event: ConnectionEvent) => void;

function socketUrl(id: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/proxy/daemon/socket/${encodeURIComponent(id)}`;
}

function parentOf(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const cut = trimmed.lastIndexOf('/');
  return cut <= 0 ? '/' : trimmed.slice(0, cut);
}

/**
 * One server's live connection (spec panel.md section 4). Messages sent while the first
 * connection attempt is under way wait for it; once the socket is down they go over the HTTP
 * proxy instead and their answers arrive as the same events, so screens never care which.
 */
export class ServerConnection {
  private socket: WebSocket | null = null;
  private queue: SocketRequest[] = [];
  private listeners = new Set<Listener>();
  private watchers = new Set<() => void>();
  private failures = 0;
  private requested = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private resetTimer: ReturnType<typeof setTimeout> | undefined;
  private statusPoll: ReturnType<typeof setInterval> | undefined;
  private snapshot: ConnectionSnapshot = { status: 'closed', running: null, nodeOffline: false, installing: false };

  constructor(readonly serverId: string) {}

  /** Starts (or restarts after close) connecting. */
  open(): void {
    this.requested = false;
    this.failures = 0;
    this.connect('connecting');
  }

  /** A requested close never reconnects. */
  close(): void {
    this.stopAll();
    this.update({ status: 'closed' });
  }

  private stopAll(): void {
    this.requested = true;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.resetTimer);
    this.stopStatusPoll();
    this.socket?.close();
    this.socket = null;
    this.queue = [];
  }

  getSnapshot = (): ConnectionSnapshot => this.snapshot;

  subscribe = (watcher: () => void): (() => void) => {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  };

  onEvent(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  send(request: SocketRequest): void {
    if (this.snapshot.status === 'gone') return;
    if (this.socket?.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(request));
    } else if (this.snapshot.status === 'connecting') {
      this.queue.push(request);
    } else {
      void this.overHttp(request);
    }
  }

  private connect(status: 'connecting' | 'reconnecting'): void {
    this.update({ status });
    const socket = new WebSocket(socketUrl(this.serverId));
    this.socket = socket;
    socket.onopen = () => {
      this.stopStatusPoll();
      this.update({ status: 'open', nodeOffline: false });
      for (const request of this.queue.splice(0)) socket.send(JSON.stringify(request));
      // A connection that holds for 30 s has earned a fresh set of attempts.
      this.resetTimer = setTimeout(() => (this.failures = 0), FAILURE_RESET_MS);
    };
    socket.onmessage = (message) => {
      let event: BrowserSocketEvent;
      try {
        event = JSON.parse(String(message.data)) as BrowserSocketEvent;
      } catch {
        return;
      }
      this.emit(event);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      clearTimeout(this.resetTimer);
      if (this.requested) return;
      // The panel names the reason it could not reach the node in the close reason.
      if (NODE_DOWN_CODES.has(event.reason)) this.update({ nodeOffline: true });
      // A stopping instance behind a load balancer is no failure: reconnect after the first delay, to another one.
      if (event.code !== SERVICE_RESTART) this.failures += 1;
      this.startStatusPoll();
      // Whatever waited for the first attempt is not lost: it goes over HTTP.
      for (const request of this.queue.splice(0)) void this.overHttp(request);
      if (this.failures > MAX_FAILURES) {
        this.update({ status: 'failed' });
        return;
      }
      this.update({ status: 'reconnecting' });
      this.reconnectTimer = setTimeout(() => this.connect('reconnecting'), RECONNECT_BASE_MS + RECONNECT_STEP_MS * Math.max(0, this.failures - 1));
    };
  }

  private startStatusPoll(): void {
    if (this.statusPoll !== undefined) return;
    void this.overHttp({ type: 'status' });
    this.statusPoll = setInterval(() => void this.overHttp({ type: 'status' }), STATUS_POLL_MS);
  }

  private stopStatusPoll(): void {
    clearInterval(this.statusPoll);
    this.statusPoll = undefined;
  }

  private emit(event: ConnectionEvent): void {
    if (event.type === 'status') this.update({ running: event.data.running, installing: event.data.installing ?? false });
    for (const listener of this.listeners) listener(event);
  }

  private update(change: Partial<ConnectionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const watcher of this.watchers) watcher();
  }

  /**
   * A call got through to the node: it is back. A socket that had given up starts over then,
   * so a node that returns brings the live connection back without a reload.
   */
  private nodeAnswered(): void {
    if (!this.snapshot.nodeOffline) return;
    this.update({ nodeOffline: false });
    if (this.snapshot.status === 'failed' && !this.requested && !this.socket) {
      this.failures = 0;
      this.connect('reconnecting');
    }
  }

  /** The HTTP fallback: the same request over the proxy, its answer emitted as an event. */
  private async overHttp(request: SocketRequest): Promise<void> {
    try {
      await this.overHttpOnce(request);
      this.nodeAnswered();
    } catch (error) {
      // The server was deleted: asking on would only be refused again, every few seconds.
      if (request.type === 'status' && error instanceof ApiError && error.status === 404) {
        this.stopAll();
        this.update({ status: 'gone' });
        return;
      }
      if (error instanceof ApiError && error.code && NODE_DOWN_CODES.has(error.code)) this.update({ nodeOffline: true });
      // Polled reads fail quietly (the page already says the connection is down); a failed
      // action the user asked for is reported.
      if (this.requested || request.type === 'status' || request.type === 'stat' || request.type === 'replay') return;
      const code = error instanceof ApiError && error.code ? error.code : 'ErrUnknownError';
      if (request.type === 'file') {
        this.emit({ type: 'file', data: { files: [], path: request.data.path, error: code } });
      } else {
        this.emit({ type: 'error', data: { code, msg: error instanceof Error ? error.message : String(error) } });
      }
    }
  }

  /** One fallback request over HTTP; throws what the proxy answered. */
  private async overHttpOnce(request: SocketRequest): Promise<void> {
    const id = this.serverId;
    switch (request.type) {
      case 'start':
      case 'stop':
      case 'kill':
      case 'install':
      case 'restart':
        await powerAction(id, request.type);
        return;
      case 'status':
        this.emit({ type: 'status', data: await getStatus(id) });
        return;
      case 'stat':
        this.emit({ type: 'stat', data: await getStats(id) });
        return;
      case 'replay':
        this.emit({ type: 'console', data: await replayConsole(id, request.data?.since) });
        return;
      case 'console':
        await sendCommand(id, request.data.command);
        return;
      case 'file':
        await this.fileOverHttp(request.data.action ?? 'get', request.data.path);
        return;
    }
  }

  // Mirrors the daemon's socket: after a change the listing of the folder it happened in.
  private async fileOverHttp(action: 'get' | 'create' | 'delete', path: string): Promise<void> {
    const id = this.serverId;
    if (action === 'create') await createFolder(id, path);
    if (action === 'delete') await deleteFile(id, path);
    const shown = action === 'get' ? path : parentOf(path);
    this.emit({ type: 'file', data: await listFolder(id, shown) });
  }
}
