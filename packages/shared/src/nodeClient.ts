// How the panel talks to a node's daemon: one typed interface, two implementations in
// @outpost/daemon (the daemon's NodeApi in-process, HttpNodeClient over HTTP+WebSocket with node
// tokens to routes that call the same NodeApi). The panel checks the user's permission first, then calls it with the scopes the
// user holds on that server; the daemon checks them again. Browser-safe: types only.
import type { ServerDefinition, Variable } from './contract/definition.js';
import type { NodeInfo } from './contract/nodes.js';
import type { QueryAnswer } from './contract/gameQuery.js';
import type { NodeEventBatch } from './contract/nodeEvents.js';
import type { ConsoleReplay, FileEntry, FileListing, PowerAction, ServerFlags, ServerFlagsRequest, ServerStats, ServerStatus } from './contract/serverApi.js';
import type { SocketEvent, SocketRequest } from './contract/socket.js';
import type { Task, TaskList } from './contract/tasks.js';
import type { BackupEditRequest, BackupList, BackupPolicy, BackupRestoreRequest, BackupStorage, BackupStorageState } from './contract/backups.js';
import type { NodeSamples } from './contract/statsHistory.js';
import type { NodeLiveReading } from './contract/servers.js';

/** Who is asking, and the scopes they hold on the server in question (or servers.admin). */
export interface NodeCaller {
  user: string;
  scopes: string[];
  /** Who to name as the author of what the call makes (a backup): the user, or the OAuth2 client acting for them. */
  actor?: NodeActor;
}

/** A signed-in user or an OAuth2 client, by id and the name the panel shows. */
export interface NodeActor {
  type: 'user' | 'client';
  id: string;
  name: string;
}

/** A backup's archive, streamed, with the file name a download suggests. */
export interface BackupDownload {
  size: number;
  fileName: string;
  stream: AsyncIterable<Uint8Array>;
}

/** A file's contents, streamed. */
export interface FileDownload {
  size: number;
  stream: AsyncIterable<Uint8Array>;
}

/** A live connection to one server. Console events arrive only with server.console. */
export interface ServerSocket {
  send(request: SocketRequest): void;
  /** Answers the unsubscribe function. */
  onEvent(listener: (event: SocketEvent) => void): () => void;
  close(): void;
  /** Settles when the connection has closed, by either side. */
  readonly closed: Promise<void>;
}

export interface NodeClient {
  /** Creates a server from a definition (needs servers.admin or servers.create). */
  createServer(caller: NodeCaller, id: string, definition: ServerDefinition): Promise<void>;
  /** Kills the whole process tree, removes files and definition (admin, servers.delete or server.delete). */
  deleteServer(caller: NodeCaller, id: string): Promise<void>;
  getDefinition(caller: NodeCaller, id: string): Promise<ServerDefinition>;
  putDefinition(caller: NodeCaller, id: string, definition: ServerDefinition): Promise<void>;
  /** The server's variables by name, values included. */
  getData(caller: NodeCaller, id: string): Promise<Record<string, Variable>>;
  /** Sets variable values ({name: value}); non-admins may only change userEdit variables. */
  putData(caller: NodeCaller, id: string, values: Record<string, unknown>): Promise<void>;
  /** The definition's run flags, in PufferPanel 3's names. */
  getFlags(caller: NodeCaller, id: string): Promise<ServerFlags>;
  /** Sets the run flags the request names on the definition as it is now; the others keep their value. */
  setFlags(caller: NodeCaller, id: string, flags: ServerFlagsRequest): Promise<void>;
  /** Re-reads the definition from disk. */
  reload(caller: NodeCaller, id: string): Promise<void>;
  getStatus(caller: NodeCaller, id: string): Promise<ServerStatus>;
  getStats(caller: NodeCaller, id: string): Promise<ServerStats>;
  /** Players online as the game last said (asked at most every 30 s); null when it has no query, is not running or did not answer. */
  getQuery(caller: NodeCaller, id: string): Promise<QueryAnswer | null>;
  /** State, CPU, memory, memory limit and players of many servers at once (the panel's own caller only); ids the node does not hold are left out. */
  liveReadings(caller: NodeCaller, ids: readonly string[]): Promise<NodeLiveReading[]>;
  replayConsole(caller: NodeCaller, id: string, since?: number): Promise<ConsoleReplay>;
  sendCommand(caller: NodeCaller, id: string, command: string): Promise<void>;
  /** Runs a power action; with wait it resolves (or fails) when the action has finished. */
  power(caller: NodeCaller, id: string, action: PowerAction, options?: { wait?: boolean }): Promise<void>;
  /** A folder answers its listing, a file its contents. */
  getFile(caller: NodeCaller, id: string, path: string): Promise<FileListing | FileDownload>;
  putFile(caller: NodeCaller, id: string, path: string, data: Uint8Array | string | AsyncIterable<Uint8Array>): Promise<void>;
  createFolder(caller: NodeCaller, id: string, path: string): Promise<void>;
  /**
   * Resumable uploads (contract/uploads.ts), each with the file put scope: the node stages the
   * bytes out of sight, keyed by the panel's upload id, and its offset is what it holds.
   */
  /** Starts an upload to `path`, which the node's jail checks now (the file appears there only with finishUpload). */
  startUpload(caller: NodeCaller, id: string, uploadId: string, path: string): Promise<void>;
  uploadOffset(caller: NodeCaller, id: string, uploadId: string): Promise<number>;
  /** Appends from `offset` (409 when the upload holds another count), counted against the disk limit as it comes; answers the new offset. */
  appendUpload(caller: NodeCaller, id: string, uploadId: string, offset: number, data: AsyncIterable<Uint8Array>): Promise<number>;
  /** Moves a complete upload to `path` through the jail. */
  finishUpload(caller: NodeCaller, id: string, uploadId: string, path: string): Promise<void>;
  abortUpload(caller: NodeCaller, id: string, uploadId: string): Promise<void>;
  deleteFile(caller: NodeCaller, id: string, path: string): Promise<void>;
  /** Moves or renames a file or folder through the jail (missing parents made); 409 when `to` exists, 400 for a folder into itself. */
  moveFile(caller: NodeCaller, id: string, from: string, to: string): Promise<void>;
  /** Copies a file or a folder with its contents; 409 when `to` exists, 413 past the server's disk limit. */
  copyFile(caller: NodeCaller, id: string, from: string, to: string): Promise<void>;
  /** Zips `sources` into the archive at `target`. */
  archive(caller: NodeCaller, id: string, target: string, sources: string[]): Promise<void>;
  extract(caller: NodeCaller, id: string, archive: string, destination: string): Promise<void>;
  connect(caller: NodeCaller, id: string): Promise<ServerSocket>;
  /** The server's tasks by id, and the node's time zone their schedules run in. */
  getTasks(caller: NodeCaller, id: string): Promise<TaskList>;
  /** Answers the new task's id. */
  createTask(caller: NodeCaller, id: string, task: Task): Promise<string>;
  editTask(caller: NodeCaller, id: string, taskId: string, task: Task): Promise<void>;
  deleteTask(caller: NodeCaller, id: string, taskId: string): Promise<void>;
  /** Starts a run now and answers at once; its outcome shows in the console. */
  runTask(caller: NodeCaller, id: string, taskId: string): Promise<void>;
  /**
   * Narrows what the tasks `user` saved may do, on each server of this node that `held` names, to
   * the scopes `held` lists for it (what they hold there now): a task that then needs more stops
   * running on its schedule. It only ever narrows, so the user themselves may ask, or servers.admin.
   */
  restrictTasks(caller: NodeCaller, user: string, held: Record<string, string[]>): Promise<void>;
  /**
   * Ends the open SFTP sessions of `user` (a user id) on server `id`, or on every server of the
   * node when `id` is left out; with `key` (an SSH key's id), only those that key opened. Callers
   * may end their own; ending someone else's takes servers.admin, or server.users.edit on that server.
   */
  endSftpSessions(caller: NodeCaller, user: string, id?: string, key?: string): Promise<void>;
  /** A server's backups, newest first, and the count its retention keeps. */
  listBackups(caller: NodeCaller, id: string): Promise<BackupList>;
  /** Starts a backup and answers its id; with wait, once it is done (a failure is thrown, naming the id). */
  createBackup(caller: NodeCaller, id: string, name?: string, wait?: boolean | string): Promise<string>;
  /** The entries of one folder inside a backup, like a folder listing. */
  backupFiles(caller: NodeCaller, id: string, backupId: string, path?: string): Promise<FileEntry[]>;
  downloadBackup(caller: NodeCaller, id: string, backupId: string): Promise<BackupDownload>;
  /** Brings back the whole backup or the named paths (409 ErrServerRunning while the program runs). */
  restoreBackup(caller: NodeCaller, id: string, backupId: string, request?: BackupRestoreRequest): Promise<void>;
  editBackup(caller: NodeCaller, id: string, backupId: string, edit: BackupEditRequest): Promise<void>;
  deleteBackup(caller: NodeCaller, id: string, backupId: string): Promise<void>;
  getBackupPolicy(caller: NodeCaller, id: string): Promise<BackupPolicy>;
  setBackupPolicy(caller: NodeCaller, id: string, policy: BackupPolicy): Promise<void>;
  /** Where the node keeps every server's backups from now on (servers.admin); the secret is given whole. */
  setBackupStorage(caller: NodeCaller, storage: BackupStorage): Promise<void>;
  /** Writes, reads and removes a small object with the given storage (or the node's own): whether it works, and why not. */
  testBackupStorage(caller: NodeCaller, storage?: BackupStorage): Promise<BackupStorageState>;
  /** Every running server's samples taken after `after` (epoch ms), from the node's last hour; the panel's own token only. */
  nodeSamples(caller: NodeCaller, after?: number): Promise<NodeSamples>;
  /** What the daemon says about itself; any valid token for the node may ask (the panel's health check). */
  nodeInfo(caller: NodeCaller): Promise<NodeInfo>;
  /**
   * The node's events after number `after` of journal `boot` (contract/nodeEvents.ts), held up
   * to `wait` seconds while there are none; the panel's own token only. `signal` ends the wait.
   */
  nodeEvents(caller: NodeCaller, after?: number, wait?: number, boot?: string, signal?: AbortSignal): Promise<NodeEventBatch>;
  /**
   * Replaces the node's secret (nodes.deploy): the daemon keeps it (a remote one in its
   * daemon.json) and refuses tokens signed with the old one from then on.
   */
  setSecret(caller: NodeCaller, secret: string): Promise<void>;
}
