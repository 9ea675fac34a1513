import { hasScope, OutpostError, POWER_ACTIONS, Scopes } from '@outpost/shared';
import type { PowerAction, Scope, SocketEvent } from '@outpost/shared';
import type { Server } from './Server.js';
import type { ServerFilesAccess } from './serverFiles.js';
import { listFolder } from './serverFiles.js';

/** The scope each power action needs. */
export const powerScopes: Record<PowerAction, Scope> = {
  start: Scopes.ServersStart,
  restart: Scopes.ServersStart,
  stop: Scopes.ServersStop,
  kill: Scopes.ServersStop,
  install: Scopes.ServersInstall,
};

/** Runs a power action on a server; restart also needs the stop scope. */
export function runPowerAction(server: Server, action: PowerAction): Promise<void> {
  switch (action) {
    case 'start':
      return server.start();
    case 'stop':
      return server.stop();
    case 'kill':
      return server.kill();
    case 'restart':
      return server.restart();
    case 'install':
      return server.install();
  }
}

/**
 * One live connection to a server, whatever carries it (a WebSocket, or an in-process client):
 * answers the {type, data} requests, pushes status and console, and checks every request
 * against the caller's scopes. Without server.console no console text is ever sent.
 */
export class ServerSession {
  private readonly unsubscribe: Array<() => void> = [];

  constructor(
    private readonly server: Server,
    private readonly files: ServerFilesAccess,
    private readonly scopes: readonly string[],
    private readonly emit: (event: SocketEvent) => void,
  ) {
    this.unsubscribe.push(server.onStatus((running) => emit({ type: 'status', data: { running } })));
    if (hasScope(scopes, Scopes.ServersConsole)) {
      this.unsubscribe.push(server.console.subscribe((logs, epoch) => emit({ type: 'console', data: { logs, epoch } })));
    }
  }

  close(): void {
    for (const off of this.unsubscribe.splice(0)) off();
  }

  /** Handles one request; failures become `error` events, never exceptions. */
  handle(request: unknown): void {
    this.dispatch(request).catch((error: unknown) => this.emitError(error));
  }

  private require(scope: Scope): void {
    if (!hasScope(this.scopes, scope)) throw new OutpostError('ErrMissingScope', `missing scope ${scope}`, { scope });
  }

  private async dispatch(request: unknown): Promise<void> {
    const { type, data } = (request ?? {}) as { type?: unknown; data?: Record<string, unknown> };
    if ((POWER_ACTIONS as readonly unknown[]).includes(type)) {
      const action = type as PowerAction;
      this.require(powerScopes[action]);
      if (action === 'restart') this.require(Scopes.ServersStop);
      await runPowerAction(this.server, action);
      return;
    }
    switch (type) {
      case 'status':
        this.emit({ type: 'status', data: { running: this.server.running } });
        return;
      case 'stat':
        this.require(Scopes.ServersStat);
        this.emit({ type: 'stat', data: await this.server.stats() });
        return;
      case 'replay': {
        this.require(Scopes.ServersConsole);
        const since = Number(data?.since);
        this.emit({ type: 'console', data: this.server.console.replay(data?.since === undefined || !Number.isFinite(since) ? undefined : since) });
        return;
      }
      case 'console':
        this.require(Scopes.ServersConsoleSend);
        if (typeof data?.command !== 'string') throw new OutpostError('ErrFieldRequired', 'command is required', { field: 'command' });
        this.server.sendCommand(data.command);
        return;
      case 'file':
        await this.file(data);
        return;
      default:
        throw new OutpostError('ErrInvalidJson', `unknown message type ${JSON.stringify(type)}`);
    }
  }

  private async file(data: Record<string, unknown> | undefined): Promise<void> {
    const path = typeof data?.path === 'string' ? data.path : '/';
    const action = data?.action ?? 'get';
    const files = this.files(this.server);
    try {
      if (action === 'get') {
        this.require(Scopes.ServersFilesGet);
      } else if (action === 'create') {
        this.require(Scopes.ServersFilesPut);
        await files.mkdir(path);
      } else if (action === 'delete') {
        this.require(Scopes.ServersFilesPut);
        await files.delete(path);
      } else {
        throw new OutpostError('ErrInvalidJson', `unknown file action ${JSON.stringify(action)}`);
      }
      // After a change, show the folder it happened in.
      const shown = action === 'get' ? path : parentOf(path);
      this.emit({ type: 'file', data: await listFolder(files, shown) });
    } catch (error) {
      const code = error instanceof OutpostError ? error.code : 'ErrUnknownError';
      if (code === 'ErrMissingScope') throw error;
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
