import { Readable } from 'node:stream';
import { hasScope, OutpostError, Scopes } from '@outpost/shared';
import type {
  ConsoleReplay,
  FileDownload,
  FileListing,
  NodeCaller,
  NodeClient,
  PowerAction,
  Scope,
  ServerDefinition,
  ServerSocket,
  ServerStats,
  ServerStatus,
  Variable,
} from '@outpost/shared';
import { requireScope } from '../auth/nodeToken.js';
import { requireSftpEnder } from '../sftp/requireSftpEnder.js';
import type { Daemon } from '../Daemon.js';
import { powerScopes, runPowerAction, ServerSession } from '../servers/ServerSession.js';
import { listFolder } from '../servers/serverFiles.js';
import { SocketEvents } from './SocketEvents.js';

function requireAny(caller: NodeCaller, scopes: Scope[]): void {
  if (!scopes.some((scope) => hasScope(caller.scopes, scope))) {
    throw new OutpostError('ErrMissingScope', `missing scope ${scopes.join(' or ')}`, { scope: scopes[0] });
  }
}

/**
 * The NodeClient of the panel's own node: calls the daemon in-process, with the same scope
 * checks and errors as the HTTP API (the shared suite in nodeClient.test.ts holds them to it).
 */
export class LocalNodeClient implements NodeClient {
  constructor(private readonly daemon: Daemon) {}

  private server(caller: NodeCaller, id: string, scope: Scope | Scope[]) {
    requireAny(caller, Array.isArray(scope) ? scope : [scope]);
    return this.daemon.servers.get(id);
  }

  async createServer(caller: NodeCaller, id: string, definition: ServerDefinition): Promise<void> {
    requireAny(caller, [Scopes.Admin, Scopes.ServersCreate]);
    await this.daemon.servers.create(id, definition);
  }

  async deleteServer(caller: NodeCaller, id: string): Promise<void> {
    this.server(caller, id, [Scopes.ServersDeleteOne, Scopes.ServersDelete]);
    await this.daemon.servers.delete(id);
  }

  async getDefinition(caller: NodeCaller, id: string): Promise<ServerDefinition> {
    return structuredClone(this.server(caller, id, Scopes.Admin).definition);
  }

  async putDefinition(caller: NodeCaller, id: string, definition: ServerDefinition): Promise<void> {
    this.server(caller, id, Scopes.Admin);
    await this.daemon.servers.putDefinition(id, structuredClone(definition));
  }

  async getData(caller: NodeCaller, id: string): Promise<Record<string, Variable>> {
    this.server(caller, id, Scopes.ServersEdit);
    return structuredClone(this.daemon.servers.getData(id));
  }

  async putData(caller: NodeCaller, id: string, values: Record<string, unknown>): Promise<void> {
    this.server(caller, id, Scopes.ServersEdit);
    await this.daemon.servers.putData(id, values, hasScope(caller.scopes, Scopes.Admin));
  }

  async reload(caller: NodeCaller, id: string): Promise<void> {
    this.server(caller, id, Scopes.Admin);
    await this.daemon.servers.reload(id);
  }

  async getStatus(caller: NodeCaller, id: string): Promise<ServerStatus> {
    return { running: this.server(caller, id, Scopes.ServersView).running };
  }

  async getStats(caller: NodeCaller, id: string): Promise<ServerStats> {
    return this.server(caller, id, Scopes.ServersStat).stats();
  }

  async replayConsole(caller: NodeCaller, id: string, since?: number): Promise<ConsoleReplay> {
    return this.server(caller, id, Scopes.ServersConsole).console.replay(since);
  }

  async sendCommand(caller: NodeCaller, id: string, command: string): Promise<void> {
    this.server(caller, id, Scopes.ServersConsoleSend).sendCommand(command.replace(/\r?\n$/, ''));
  }

  async power(caller: NodeCaller, id: string, action: PowerAction, options: { wait?: boolean } = {}): Promise<void> {
    const server = this.server(caller, id, powerScopes[action]);
    if (action === 'restart') requireScope(caller.scopes, Scopes.ServersStop);
    const done = runPowerAction(server, action);
    if (options.wait) return done;
    done.catch((error: Error) => server.log(`${action} failed: ${error.message}`));
  }

  private files(caller: NodeCaller, id: string, scope: Scope) {
    return this.daemon.files(this.server(caller, id, scope));
  }

  async getFile(caller: NodeCaller, id: string, path: string): Promise<FileListing | FileDownload> {
    const files = this.files(caller, id, Scopes.ServersFilesGet);
    const entry = path.replace(/^\/+/, '') === '' ? { isFile: false } : await files.stat(path);
    if (!entry.isFile) return listFolder(files, path);
    return files.readStream(path);
  }

  async putFile(caller: NodeCaller, id: string, path: string, data: Uint8Array | string | AsyncIterable<Uint8Array>): Promise<void> {
    const files = this.files(caller, id, Scopes.ServersFilesPut);
    await files.write(path, typeof data === 'string' ? data : data instanceof Uint8Array ? Buffer.from(data) : Readable.from(data));
  }

  async createFolder(caller: NodeCaller, id: string, path: string): Promise<void> {
    await this.files(caller, id, Scopes.ServersFilesPut).mkdir(path);
  }

  async deleteFile(caller: NodeCaller, id: string, path: string): Promise<void> {
    await this.files(caller, id, Scopes.ServersFilesPut).delete(path);
  }

  async archive(caller: NodeCaller, id: string, target: string, sources: string[]): Promise<void> {
    await this.files(caller, id, Scopes.ServersFilesPut).archive(target, sources);
  }

  async extract(caller: NodeCaller, id: string, archive: string, destination: string): Promise<void> {
    await this.files(caller, id, Scopes.ServersFilesPut).extract(archive, destination);
  }

  async endSftpSessions(caller: NodeCaller, user: string, id?: string): Promise<void> {
    requireSftpEnder(caller, user, id);
    if (id !== undefined) this.daemon.servers.get(id);
    this.daemon.closeSftpSessions(user, id);
  }

  async connect(caller: NodeCaller, id: string): Promise<ServerSocket> {
    const server = this.server(caller, id, Scopes.ServersView);
    const events = new SocketEvents();
    let queued = Promise.resolve();
    // Events leave on a later turn, as they would over a socket: callers see the same ordering.
    const session = new ServerSession(server, this.daemon.files, [...caller.scopes], (event) => {
      queued = queued.then(() => events.emit(event));
    });
    let resolveClosed!: () => void;
    const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
    let open = true;
    const close = () => {
      if (!open) return;
      open = false;
      offGone();
      session.close();
      resolveClosed();
    };
    const offGone = server.onGone(close);
    session.handle({ type: 'status' });
    return {
      send: (request) => {
        if (open) session.handle(structuredClone(request));
      },
      onEvent: (listener) => events.on(listener),
      close,
      closed,
    };
  }
}
