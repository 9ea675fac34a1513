import { Readable } from 'node:stream';
import { grants, powerActions, requireScopes, serverActionScopes as need } from '@outpost/shared';
import type {
  ConsoleReplay,
  FileDownload,
  FileListing,
  NodeCaller,
  NodeClient,
  PowerAction,
  ScopeNeed,
  ServerDefinition,
  ServerSocket,
  ServerStats,
  ServerStatus,
  Variable,
} from '@outpost/shared';
import { requireSftpEnder } from '../sftp/requireSftpEnder.js';
import type { Daemon } from '../Daemon.js';
import { runPowerAction, ServerSession } from '../servers/ServerSession.js';
import { listFolder } from '../servers/serverFiles.js';
import { SocketEvents } from './SocketEvents.js';

/**
 * The NodeClient of the panel's own node: calls the daemon in-process, with the same scope
 * checks and errors as the HTTP API (the shared suite in nodeClient.test.ts holds them to it).
 */
export class LocalNodeClient implements NodeClient {
  constructor(private readonly daemon: Daemon) {}

  /** Checks the caller against what the call needs (serverActionScopes), then finds the server. */
  private server(caller: NodeCaller, id: string, scope: ScopeNeed) {
    requireScopes(caller.scopes, scope);
    return this.daemon.servers.get(id);
  }

  async createServer(caller: NodeCaller, id: string, definition: ServerDefinition): Promise<void> {
    requireScopes(caller.scopes, need.create);
    await this.daemon.servers.create(id, definition);
  }

  async deleteServer(caller: NodeCaller, id: string): Promise<void> {
    this.server(caller, id, need.delete);
    await this.daemon.servers.delete(id);
  }

  async getDefinition(caller: NodeCaller, id: string): Promise<ServerDefinition> {
    return structuredClone(this.server(caller, id, need.definitionView).definition);
  }

  async putDefinition(caller: NodeCaller, id: string, definition: ServerDefinition): Promise<void> {
    this.server(caller, id, need.definitionEdit);
    await this.daemon.servers.putDefinition(id, structuredClone(definition));
  }

  async getData(caller: NodeCaller, id: string): Promise<Record<string, Variable>> {
    this.server(caller, id, need.dataView);
    return structuredClone(this.daemon.servers.getData(id));
  }

  async putData(caller: NodeCaller, id: string, values: Record<string, unknown>): Promise<void> {
    this.server(caller, id, need.dataEdit);
    await this.daemon.servers.putData(id, values, grants(caller.scopes, need.adminVariables));
  }

  async reload(caller: NodeCaller, id: string): Promise<void> {
    this.server(caller, id, need.reload);
    await this.daemon.servers.reload(id);
  }

  async getStatus(caller: NodeCaller, id: string): Promise<ServerStatus> {
    return { running: this.server(caller, id, need.status).running };
  }

  async getStats(caller: NodeCaller, id: string): Promise<ServerStats> {
    return this.server(caller, id, need.stats).stats();
  }

  async replayConsole(caller: NodeCaller, id: string, since?: number): Promise<ConsoleReplay> {
    return this.server(caller, id, need.consoleView).console.replay(since);
  }

  async sendCommand(caller: NodeCaller, id: string, command: string): Promise<void> {
    this.server(caller, id, need.consoleSend).sendCommand(command.replace(/\r?\n$/, ''));
  }

  async power(caller: NodeCaller, id: string, action: PowerAction, options: { wait?: boolean } = {}): Promise<void> {
    const server = this.server(caller, id, need[powerActions[action]]);
    const done = runPowerAction(server, action);
    if (options.wait) return done;
    done.catch((error: Error) => server.log(`${action} failed: ${error.message}`));
  }

  private files(caller: NodeCaller, id: string, scope: ScopeNeed) {
    return this.daemon.files(this.server(caller, id, scope));
  }

  async getFile(caller: NodeCaller, id: string, path: string): Promise<FileListing | FileDownload> {
    const files = this.files(caller, id, need.fileGet);
    const entry = path.replace(/^\/+/, '') === '' ? { isFile: false } : await files.stat(path);
    if (!entry.isFile) return listFolder(files, path);
    return files.readStream(path);
  }

  async putFile(caller: NodeCaller, id: string, path: string, data: Uint8Array | string | AsyncIterable<Uint8Array>): Promise<void> {
    const files = this.files(caller, id, need.filePut);
    await files.write(path, typeof data === 'string' ? data : data instanceof Uint8Array ? Buffer.from(data) : Readable.from(data));
  }

  async createFolder(caller: NodeCaller, id: string, path: string): Promise<void> {
    await this.files(caller, id, need.filePut).mkdir(path);
  }

  async deleteFile(caller: NodeCaller, id: string, path: string): Promise<void> {
    await this.files(caller, id, need.fileDelete).delete(path);
  }

  async archive(caller: NodeCaller, id: string, target: string, sources: string[]): Promise<void> {
    await this.files(caller, id, need.archive).archive(target, sources);
  }

  async extract(caller: NodeCaller, id: string, archive: string, destination: string): Promise<void> {
    await this.files(caller, id, need.extract).extract(archive, destination);
  }

  async endSftpSessions(caller: NodeCaller, user: string, id?: string): Promise<void> {
    requireSftpEnder(caller, user, id);
    if (id !== undefined) this.daemon.servers.get(id);
    this.daemon.closeSftpSessions(user, id);
  }

  async connect(caller: NodeCaller, id: string): Promise<ServerSocket> {
    const server = this.server(caller, id, need.connect);
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
