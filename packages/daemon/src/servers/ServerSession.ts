import { grants, OutpostError, requireAction, serverActionScopes, socketMessageAction, socketRequestFields } from '@outpost/shared';
import type { PowerAction, ServerAction, SocketEvent } from '@outpost/shared';
import { restartNeedsStop, type Server } from './Server.js';
import type { ServerFilesAccess } from './serverFiles.js';
import { listFolder } from './serverFiles.js';

/**
 * Runs a power action on a server for a caller holding `scopes` (the action's own scope,
 * serverActionScopes[action], is checked by the caller). A restart that would stop a running
 * program without restartRunning throws at once, so even an answer sent before the work ends
 * carries the refusal; Server.restart checks again under the lock.
 */
export function runPowerAction(server: Server, action: PowerAction, scopes: readonly string[]): Promise<void> {
  switch (action) {
    case 'start':
      return server.start();
    case 'stop':
      return server.stop();
    case 'kill':
      return server.kill();
    case 'restart': {
      const mayStop = grants(scopes, serverActionScopes.restartRunning);
      if (!mayStop && server.running) throw restartNeedsStop();
      return server.restart(mayStop);
    }
    case 'install':
      return server.install();
  }
}

/**
 * One live connection to a server, whatever carries it (a WebSocket, or an in-process client):
 * answers the {type, data} requests, pushes status and console, and checks every request
 * against the caller's scopes. Without server.console no console text is ever sent.
 */
/** How long a new session holds live console text for the client's replay request before sending it anyway. */
const CONSOLE_HOLD_MS = 300;

export class ServerSession {
  private readonly unsubscribe: Array<() => void> = [];
  /** The number of the newest console chunk this session has sent (ConsoleBuffer numbers them). */
  private sentThrough = -1;
  /**
   * Live console batches held until the client's first replay request (or CONSOLE_HOLD_MS): a client
   * that opens and asks for what came since its last epoch (a reconnect) gets each line once, in
   * order, rather than live lines before the replay and again in it.
   */
  private held: Array<[string[], number, number]> | undefined = [];
  private holdTimer?: NodeJS.Timeout;

  constructor(
    private readonly server: Server,
    private readonly files: ServerFilesAccess,
    private readonly scopes: readonly string[],
    private readonly emit: (event: SocketEvent) => void,
    /** Who the console names as the sender of this session's commands (NodeCaller.actor's name). */
    private readonly sender?: string,
  ) {
    this.unsubscribe.push(server.onStatus((running) => emit({ type: 'status', data: { running, installing: server.installing } })));
    if (grants(scopes, serverActionScopes.consoleView)) {
      this.unsubscribe.push(server.console.subscribe((logs, epoch, first) => (this.held ? this.held.push([logs, epoch, first]) : this.sendLive(logs, epoch, first))));
      this.holdTimer = setTimeout(() => this.releaseHeld(), CONSOLE_HOLD_MS);
      this.holdTimer.unref();
    }
  }

  close(): void {
    clearTimeout(this.holdTimer);
    for (const off of this.unsubscribe.splice(0)) off();
  }

  /** Sends the part of a live batch this session has not sent yet (a replay may have carried its start). */
  private sendLive(logs: string[], epoch: number, first: number): void {
    const skip = this.sentThrough - first + 1;
    if (skip >= logs.length) return;
    this.sentThrough = first + logs.length - 1;
    this.emit({ type: 'console', data: { logs: skip > 0 ? logs.slice(skip) : logs, epoch } });
  }

  private releaseHeld(): void {
    clearTimeout(this.holdTimer);
    const held = this.held ?? [];
    this.held = undefined;
    for (const [logs, epoch, first] of held) this.sendLive(logs, epoch, first);
  }

  /** Handles one request; failures become `error` events, never exceptions. */
  handle(request: unknown): void {
    this.dispatch(request).catch((error: unknown) => this.emitError(error));
  }

  // Every message is checked against the one table before anything else looks at it.
  private async dispatch(raw: unknown): Promise<void> {
    const request = socketRequestFields(raw);
    const { type, data } = (request ?? {}) as { type?: unknown; data?: Record<string, unknown> };
    const action = socketMessageAction(request);
    if (action === undefined) throw new OutpostError('ErrInvalidJson', `unknown message type ${JSON.stringify(type)}`);
    requireAction(this.scopes, action);
    switch (action) {
      case 'start':
      case 'stop':
      case 'kill':
      case 'restart':
      case 'install':
        await runPowerAction(this.server, action satisfies PowerAction, this.scopes);
        return;
      case 'status':
        this.emit({ type: 'status', data: { running: this.server.running, installing: this.server.installing } });
        return;
      case 'stats':
        this.emit({ type: 'stat', data: await this.server.stats() });
        return;
      case 'consoleView': {
        const since = Number(data?.since);
        this.emit({ type: 'console', data: this.server.console.replay(data?.since === undefined || !Number.isFinite(since) ? undefined : since) });
        // The replay reaches the newest chunk: live batches from here on carry only what is newer.
        this.sentThrough = Math.max(this.sentThrough, this.server.console.newest);
        this.releaseHeld();
        return;
      }
      case 'consoleSend':
        if (typeof data?.command !== 'string') throw new OutpostError('ErrFieldRequired', 'command is required', { field: 'command' });
        this.server.typeCommand(data.command, this.sender);
        return;
      case 'fileGet':
      case 'filePut':
      case 'fileDelete':
        await this.file(action, data);
        return;
      default:
        throw new OutpostError('ErrInvalidJson', `message type ${JSON.stringify(type)} is not served here`);
    }
  }

  /** A file message, already authorized: its failures answer as a listing with an error, not an error event. */
  private async file(action: Extract<ServerAction, 'fileGet' | 'filePut' | 'fileDelete'>, data: Record<string, unknown> | undefined): Promise<void> {
    const path = typeof data?.path === 'string' ? data.path : '/';
    const files = this.files(this.server);
    try {
      if (action === 'filePut') await files.mkdir(path);
      else if (action === 'fileDelete') await files.delete(path);
      // After a change, show the folder it happened in.
      const shown = action === 'fileGet' ? path : parentOf(path);
      this.emit({ type: 'file', data: await listFolder(files, shown) });
    } catch (error) {
      const code = error instanceof OutpostError ? error.code : 'ErrUnknownError';
      this.emit({ type: 'file', data: { files: [], path, error: code } });
    }
  }

  private emitError(error: unknown): void {
    const body = error instanceof OutpostError ? error.toBody() : { error: { code: 'ErrUnknownError' as const, msg: (error as Error).message } };
    this.emit({ type: 'error', data: body.error });
  }
}

function parentOf(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const cut = trimmed.lastIndexOf('/');
  return cut <= 0 ? '/' : trimmed.slice(0, cut);
}
