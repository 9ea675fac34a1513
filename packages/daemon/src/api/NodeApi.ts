import { Readable } from 'node:stream';
import { grants, hasScope, NODE_EVENTS_MAX_WAIT_SECONDS, OutpostError, powerActions, readTask, requireScopes, requireTaskScopes, runFlagsOf, runFlagValues, Scopes, serverActionScopes as need } from '@outpost/shared';
import type {
  BackupDownload,
  BackupEditRequest,
  BackupList,
  BackupPolicy,
  BackupRestoreRequest,
  BackupStorage,
  BackupStorageState,
  ConsoleReplay,
  FileEntry,
  FileDownload,
  NodeEventBatch,
  NodeInfo,
  NodeLiveReading,
  NodeSamples,
  FileListing,
  NodeCaller,
  NodeClient,
  PowerAction,
  QueryAnswer,
  ScopeNeed,
  ServerDefinition,
  ServerFlags,
  ServerFlagsRequest,
  ServerSocket,
  ServerStats,
  ServerStatus,
  Task,
  TaskList,
  Variable,
} from '@outpost/shared';
import type { BackupManager } from '../backups/BackupManager.js';
import type { NodeLimits } from '../limits/NodeLimits.js';
import type { NodeEventJournal } from '../events/NodeEventJournal.js';
import type { StatsSampler } from '../stats/StatsSampler.js';
import type { ServerQueries } from '../query/ServerQueries.js';
import { requirePanelCaller } from '../auth/requirePanelCaller.js';
import type { Server } from '../servers/Server.js';
import type { FileStore } from '../servers/serverFiles.js';
import type { ServerManager } from '../servers/ServerManager.js';
import { SocketEvents } from '../client/SocketEvents.js';
import { runPowerAction, ServerSession } from '../servers/ServerSession.js';
import { listFolder } from '../servers/serverFiles.js';
import { requireSftpEnder } from '../sftp/requireSftpEnder.js';
import { requirePowerAction } from './requirePowerAction.js';
import { nodeTimeZone } from '../servers/taskSchedule.js';
import { presentTask, stampDefinitionTasks, stampTask } from '../servers/ServerTasks.js';
import { daemonVersion } from '../system/daemonVersion.js';

/** What NodeApi works with: its daemon's servers, their files, its SFTP sessions and its secret. */
export interface NodeApiHost {
  readonly servers: ServerManager;
  readonly backups: BackupManager;
  /** What the node can enforce of servers' limits. */
  readonly limits: Pick<NodeLimits, 'enforcement'>;
  /** The last events of its servers' lives. */
  readonly events: Pick<NodeEventJournal, 'read'>;
  /** The node's last hour of servers' stats. */
  readonly samples: Pick<StatsSampler, 'after'>;
  /** Its servers' game queries (issue 32). */
  readonly queries: Pick<ServerQueries, 'latest'>;
  readonly files: (server: Server) => FileStore;
  closeSftpSessions(userId: string, serverId?: string, keyId?: string): number;
  /** The SFTP sessions open now; undefined when the node serves no SFTP. */
  readonly sftpSessions: number | undefined;
  setSecret(secret: string): Promise<void>;
}

/**
 * The daemon's one entry point: every NodeClient call, taking the caller and plain inputs,
 * checking the caller against the one table (serverActionScopes) and the inputs once. The panel
 * calls it in-process for its own node; the HTTP+WS routes (http/) only translate requests to
 * these calls and answers back, so a remote node answers exactly as the local one.
 */
export class NodeApi implements NodeClient {
  constructor(protected readonly daemon: NodeApiHost) {}

  /** Checks the caller against what the call needs, then finds the server (404 when unknown). */
  protected server(caller: NodeCaller, id: string, scope: ScopeNeed) {
    requireScopes(caller.scopes, scope);
    return this.daemon.servers.get(id);
  }

  private files(caller: NodeCaller, id: string, scope: ScopeNeed) {
    return this.daemon.files(this.server(caller, id, scope));
  }

  async createServer(caller: NodeCaller, id: string, definition: ServerDefinition): Promise<void> {
    requireScopes(caller.scopes, need.create);
    // Tasks a definition brings are the creator's, to run with what they hold (stamps are never taken from a body).
    await this.daemon.servers.create(id, stampDefinitionTasks(structuredClone(definition), caller));
  }

  /** A backup under way stops first; the server's backups go with it. */
  async deleteServer(caller: NodeCaller, id: string): Promise<void> {
    this.server(caller, id, need.delete);
    await this.daemon.backups.closeServer(id);
    await this.daemon.servers.delete(id);
    await this.daemon.backups.removeServer(id);
  }

  // Definitions and data are copied on the way in and out, as a wire would: no caller holds the daemon's own objects.
  async getDefinition(caller: NodeCaller, id: string): Promise<ServerDefinition> {
    return structuredClone(this.server(caller, id, need.definitionView).definition);
  }

  async putDefinition(caller: NodeCaller, id: string, definition: ServerDefinition): Promise<void> {
    const server = this.server(caller, id, need.definitionEdit);
    await this.daemon.servers.putDefinition(id, stampDefinitionTasks(structuredClone(definition), caller, server.definition));
  }

  async getData(caller: NodeCaller, id: string): Promise<Record<string, Variable>> {
    this.server(caller, id, need.dataView);
    return structuredClone(this.daemon.servers.getData(id));
  }

  async putData(caller: NodeCaller, id: string, values: Record<string, unknown>): Promise<void> {
    this.server(caller, id, need.dataEdit);
    if (!values || typeof values !== 'object') throw new OutpostError('ErrFieldRequired', 'data is required', { field: 'data' });
    await this.daemon.servers.putData(id, structuredClone(values), grants(caller.scopes, need.adminVariables));
  }

  async getFlags(caller: NodeCaller, id: string): Promise<ServerFlags> {
    return runFlagsOf(this.server(caller, id, need.flagsView).definition.run);
  }

  async setFlags(caller: NodeCaller, id: string, flags: ServerFlagsRequest): Promise<void> {
    this.server(caller, id, need.flagsEdit);
    await this.daemon.servers.putRunFlags(id, runFlagValues(flags ?? {}));
  }

  async reload(caller: NodeCaller, id: string): Promise<void> {
    this.server(caller, id, need.reload);
    await this.daemon.servers.reload(id);
  }

  async getStatus(caller: NodeCaller, id: string): Promise<ServerStatus> {
    const server = this.server(caller, id, need.status);
    return { running: server.running, installing: server.installing };
  }

  async getStats(caller: NodeCaller, id: string): Promise<ServerStats> {
    return this.server(caller, id, need.stats).stats();
  }

  async getQuery(caller: NodeCaller, id: string): Promise<QueryAnswer | null> {
    return this.daemon.queries.latest(this.server(caller, id, need.stats));
  }

  /**
   * The readings of the panel's server lists, many servers in one call, so a panel watching
   * thousands of servers asks each node once per interval instead of three times per server.
   * The panel's own token only: it checks each user's view of each server itself.
   */
  async liveReadings(caller: NodeCaller, ids: readonly string[]): Promise<NodeLiveReading[]> {
    requirePanelCaller(caller);
    const held = [...new Set(ids)].filter((id) => this.daemon.servers.has(id)).map((id) => this.daemon.servers.get(id));
    return Promise.all(
      held.map(async (server): Promise<NodeLiveReading> => {
        const reading = { id: server.id, running: server.running, installing: server.installing };
        if (!reading.running) return reading;
        const [stats, query] = await Promise.all([server.stats(), this.daemon.queries.latest(server)]);
        const memoryLimit = stats.limits?.memory;
        return { ...reading, cpu: stats.cpu, memory: stats.memory, ...(memoryLimit && { memoryLimit }), ...(query && { players: { online: query.online, max: query.max } }) };
      }),
    );
  }

  /** Anything but a finite number for `since` replays the whole buffer. */
  async replayConsole(caller: NodeCaller, id: string, since?: number): Promise<ConsoleReplay> {
    const server = this.server(caller, id, need.consoleView);
    return server.console.replay(Number.isFinite(since) ? since : undefined);
  }

  async sendCommand(caller: NodeCaller, id: string, command: string): Promise<void> {
    const server = this.server(caller, id, need.consoleSend);
    if (typeof command !== 'string') throw new OutpostError('ErrFieldRequired', 'command is required', { field: 'command' });
    // The environment ends the line itself.
    server.typeCommand(command.replace(/\r?\n$/, ''), caller.actor?.name);
  }

  /** Without wait it answers at once, and a failure shows in the server's console. */
  async power(caller: NodeCaller, id: string, action: PowerAction, options: { wait?: boolean } = {}): Promise<void> {
    requirePowerAction(action);
    const server = this.server(caller, id, need[powerActions[action]]);
    const done = runPowerAction(server, action, caller.scopes);
    if (options.wait) return done;
    done.catch((error: Error) => server.log(`${action} failed: ${error.message}`));
  }

  async getFile(caller: NodeCaller, id: string, path: string): Promise<FileListing | FileDownload> {
    const files = this.files(caller, id, need.fileGet);
    const entry = path.replace(/^\/+/, '') === '' ? { isFile: false } : await files.stat(path);
    if (!entry.isFile) return listFolder(files, path);
    return files.readStream(path);
  }

  async putFile(caller: NodeCaller, id: string, path: string, data: Uint8Array | string | AsyncIterable<Uint8Array>): Promise<void> {
    const files = this.files(caller, id, need.filePut);
    await files.write(path, contentOf(data));
  }

  async createFolder(caller: NodeCaller, id: string, path: string): Promise<void> {
    await this.files(caller, id, need.filePut).mkdir(path);
  }

  async startUpload(caller: NodeCaller, id: string, uploadId: string, path: string): Promise<void> {
    const files = this.files(caller, id, need.filePut);
    if (typeof path !== 'string' || path === '') throw new OutpostError('ErrFieldRequired', 'path is required', { field: 'path' });
    await files.startUpload(uploadId, path);
  }

  async uploadOffset(caller: NodeCaller, id: string, uploadId: string): Promise<number> {
    return this.files(caller, id, need.filePut).uploadOffset(uploadId);
  }

  async appendUpload(caller: NodeCaller, id: string, uploadId: string, offset: number, data: AsyncIterable<Uint8Array>): Promise<number> {
    const files = this.files(caller, id, need.filePut);
    if (!Number.isSafeInteger(offset) || offset < 0) throw new OutpostError('ErrFieldRequired', 'the offset to append at is required', { field: 'Upload-Offset' });
    return files.appendUpload(uploadId, offset, data instanceof Readable ? data : Readable.from(data));
  }

  async finishUpload(caller: NodeCaller, id: string, uploadId: string, path: string): Promise<void> {
    const files = this.files(caller, id, need.filePut);
    if (typeof path !== 'string' || path === '') throw new OutpostError('ErrFieldRequired', 'path is required', { field: 'path' });
    await files.finishUpload(uploadId, path);
  }

  async abortUpload(caller: NodeCaller, id: string, uploadId: string): Promise<void> {
    await this.files(caller, id, need.filePut).abortUpload(uploadId);
  }

  async deleteFile(caller: NodeCaller, id: string, path: string): Promise<void> {
    await this.files(caller, id, need.fileDelete).delete(path);
  }

  async moveFile(caller: NodeCaller, id: string, from: string, to: string): Promise<void> {
    const files = this.files(caller, id, need.filePut);
    requirePaths(from, to);
    await files.rename(from, to);
  }

  async copyFile(caller: NodeCaller, id: string, from: string, to: string): Promise<void> {
    const files = this.files(caller, id, need.filePut);
    requirePaths(from, to);
    await files.copy(from, to);
  }

  async archive(caller: NodeCaller, id: string, target: string, sources: string[]): Promise<void> {
    const files = this.files(caller, id, need.archive);
    if (!Array.isArray(sources) || sources.length === 0 || !sources.every((source) => typeof source === 'string')) {
      throw new OutpostError('ErrFieldRequired', 'a list of paths to archive is required', { field: 'paths' });
    }
    await files.archive(target, [...sources]);
  }

  async extract(caller: NodeCaller, id: string, archive: string, destination: string): Promise<void> {
    const files = this.files(caller, id, need.extract);
    if (typeof destination !== 'string') throw new OutpostError('ErrFieldRequired', 'destination is required', { field: 'destination' });
    await files.extract(archive, destination);
  }

  async getTasks(caller: NodeCaller, id: string): Promise<TaskList> {
    this.server(caller, id, need.tasksView);
    const tasks = Object.entries(this.daemon.servers.getTasks(id)).map(([taskId, task]) => [taskId, presentTask(task)]);
    return { tasks: structuredClone(Object.fromEntries(tasks)), timeZone: nodeTimeZone() };
  }

  /** Every operation needs what doing it by hand needs (taskOperationNeed); the task is stamped as the caller's. */
  async createTask(caller: NodeCaller, id: string, task: Task): Promise<string> {
    this.server(caller, id, need.tasksEdit);
    const read = readTask(task);
    requireTaskScopes(caller.scopes, read.operations);
    return this.daemon.servers.createTask(id, stampTask(read, caller));
  }

  /** As createTask: saving someone else's task makes it the caller's, so it runs with what the caller holds. */
  async editTask(caller: NodeCaller, id: string, taskId: string, task: Task): Promise<void> {
    this.server(caller, id, need.tasksEdit);
    const read = readTask(task);
    requireTaskScopes(caller.scopes, read.operations);
    await this.daemon.servers.editTask(id, String(taskId), stampTask(read, caller));
  }

  async deleteTask(caller: NodeCaller, id: string, taskId: string): Promise<void> {
    this.server(caller, id, need.tasksEdit);
    await this.daemon.servers.deleteTask(id, String(taskId));
  }

  /** Answers once the run has started (403 when the caller may not do one of its operations); its outcome is in the console. */
  async runTask(caller: NodeCaller, id: string, taskId: string): Promise<void> {
    const server = this.server(caller, id, need.taskRun);
    server.tasks.run(String(taskId), { runner: [...caller.scopes] }).catch(() => undefined);
  }

  async listBackups(caller: NodeCaller, id: string): Promise<BackupList> {
    return this.daemon.backups.list(this.server(caller, id, need.backupsView));
  }

  /** The author is the caller's actor as the panel names it (a user or an OAuth2 client), else the user by id. */
  async createBackup(caller: NodeCaller, id: string, name?: string, wait?: boolean | string): Promise<string> {
    const server = this.server(caller, id, need.backupCreate);
    const by = caller.actor ?? { type: 'user' as const, id: caller.user, name: caller.user };
    return this.daemon.backups.create(server, name, { type: by.type, id: String(by.id), name: String(by.name) }, wait === true || wait === 'true');
  }

  async backupFiles(caller: NodeCaller, id: string, backupId: string, path?: string): Promise<FileEntry[]> {
    return this.daemon.backups.files(this.server(caller, id, need.backupBrowse), String(backupId), path);
  }

  async downloadBackup(caller: NodeCaller, id: string, backupId: string): Promise<BackupDownload> {
    return this.daemon.backups.download(this.server(caller, id, need.backupDownload), String(backupId));
  }

  async restoreBackup(caller: NodeCaller, id: string, backupId: string, request?: BackupRestoreRequest): Promise<void> {
    await this.daemon.backups.restore(this.server(caller, id, need.backupRestore), String(backupId), structuredClone(request ?? {}));
  }

  async editBackup(caller: NodeCaller, id: string, backupId: string, edit: BackupEditRequest): Promise<void> {
    await this.daemon.backups.edit(this.server(caller, id, need.backupEdit), String(backupId), structuredClone(edit ?? {}));
  }

  async deleteBackup(caller: NodeCaller, id: string, backupId: string): Promise<void> {
    await this.daemon.backups.delete(this.server(caller, id, need.backupDelete), String(backupId));
  }

  async getBackupPolicy(caller: NodeCaller, id: string): Promise<BackupPolicy> {
    return this.daemon.backups.policy(this.server(caller, id, need.backupPolicyView));
  }

  async setBackupPolicy(caller: NodeCaller, id: string, policy: BackupPolicy): Promise<void> {
    await this.daemon.backups.setPolicy(this.server(caller, id, need.backupPolicyEdit), structuredClone(policy));
  }

  async setBackupStorage(caller: NodeCaller, storage: BackupStorage): Promise<void> {
    requireScopes(caller.scopes, need.nodeBackupStorage);
    await this.daemon.backups.setStorage(structuredClone(storage));
  }

  async testBackupStorage(caller: NodeCaller, storage?: BackupStorage): Promise<BackupStorageState> {
    requireScopes(caller.scopes, need.nodeBackupStorage);
    return this.daemon.backups.testStorage(structuredClone(storage));
  }

  async restrictTasks(caller: NodeCaller, user: string, held: Record<string, string[]>): Promise<void> {
    if (typeof user !== 'string' || user === '' || user.length > 64) throw new OutpostError('ErrFieldRequired', 'user is required', { field: 'user' });
    // Narrowing only: nobody gains by asking, so a user may ask for their own tasks (as the panel does once they are deleted).
    if (caller.user !== user && !hasScope(caller.scopes, Scopes.ServersAdmin)) throw new OutpostError('ErrMissingScope', 'You are not authorized to perform this action', { scope: Scopes.ServersAdmin });
    if (typeof held !== 'object' || held === null || Array.isArray(held)) throw new OutpostError('ErrFieldRequired', 'held is required', { field: 'held' });
    for (const [id, scopes] of Object.entries(held)) {
      if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string')) throw new OutpostError('ErrFieldRequired', 'held lists scopes per server', { field: 'held' });
      // A server of another node, or one deleted meanwhile, has no tasks here.
      if (this.daemon.servers.has(id)) await this.daemon.servers.restrictTasks(id, user, scopes);
    }
  }

  async endSftpSessions(caller: NodeCaller, user: string, id?: string, key?: string): Promise<void> {
    if (typeof user !== 'string' || user === '' || user.length > 64) throw new OutpostError('ErrFieldRequired', 'user is required', { field: 'user' });
    requireSftpEnder(caller, user, id);
    if (id !== undefined) this.daemon.servers.get(id);
    this.daemon.closeSftpSessions(user, id, key);
  }

  /**
   * A live connection: requests are copied in and checked by the session, events leave on a
   * later turn, as they would over a socket. It closes itself when the server is deleted.
   */
  // Any caller the node's token check let through may ask: it is how the panel sees the node is up.
  async nodeInfo(_caller: NodeCaller): Promise<NodeInfo> {
    const backups = this.daemon.backups.storageState;
    // What it can enforce of servers' limits (issue 30): the panel shows it on the node page.
    const sftpSessions = this.daemon.sftpSessions;
    return { version: daemonVersion, ...(backups && { backups }), limits: this.daemon.limits.enforcement, ...(sftpSessions !== undefined && { sftpSessions }) };
  }

  /** Every server's samples, so the panel's own token only: it hands each server's history out by its own checks. */
  async nodeSamples(caller: NodeCaller, after?: number | string): Promise<NodeSamples> {
    requirePanelCaller(caller);
    const from = Number(after);
    return { samples: structuredClone(this.daemon.samples.after(after === undefined || !Number.isFinite(from) ? undefined : from)) };
  }

  /** Every server's events, users' names in them included, so the panel's own token only: it hands them out by its own checks. */
  async nodeEvents(caller: NodeCaller, after?: number | string, wait?: number | string, boot?: string, signal?: AbortSignal): Promise<NodeEventBatch> {
    requirePanelCaller(caller);
    const position = after === undefined ? undefined : Number(after);
    if (position !== undefined && !(Number.isInteger(position) && position >= 0)) throw new OutpostError('ErrFieldRequired', 'after is a whole number', { field: 'after' });
    const seconds = Math.min(Math.max(Number(wait ?? 0) || 0, 0), NODE_EVENTS_MAX_WAIT_SECONDS);
    return structuredClone(await this.daemon.events.read({ after: position, boot: typeof boot === 'string' ? boot : undefined, waitMs: seconds * 1000, signal }));
  }

  async setSecret(caller: NodeCaller, secret: string): Promise<void> {
    requireScopes(caller.scopes, need.nodeSecret);
    if (typeof secret !== 'string' || !/^[A-Za-z0-9_-]{32,128}$/.test(secret)) {
      throw new OutpostError('ErrFieldLength', 'the secret must be 32 to 128 url-safe characters', { field: 'secret', length: 32 });
    }
    await this.daemon.setSecret(secret);
  }

  async connect(caller: NodeCaller, id: string): Promise<ServerSocket> {
    const server = this.server(caller, id, need.connect);
    const events = new SocketEvents();
    let queued = Promise.resolve();
    const session = new ServerSession(
      server,
      this.daemon.files,
      [...caller.scopes],
      (event) => {
        queued = queued.then(() => events.emit(event));
      },
      caller.actor?.name,
    );
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

/** File contents as the jail writes them; anything else is no file at all. */
function contentOf(data: unknown): Readable | Buffer | string {
  if (typeof data === 'string' || data instanceof Readable) return data;
  if (data instanceof Uint8Array) return Buffer.from(data);
  if (typeof data === 'object' && data !== null && Symbol.asyncIterator in data) return Readable.from(data as AsyncIterable<Uint8Array>);
  throw new OutpostError('ErrFieldRequired', 'file is required', { field: 'file' });
}

/** A move or copy names both places; the in-process client skips the routes' schemas, so it is checked here too. */
function requirePaths(from: unknown, to: unknown): void {
  for (const [field, value] of [['from', from], ['to', to]] as const) {
    if (typeof value !== 'string' || value === '') throw new OutpostError('ErrFieldRequired', `${field} is required`, { field });
  }
}
