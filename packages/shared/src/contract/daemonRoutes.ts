import { Type, type TSchema } from 'typebox';
import type { ServerAction } from '../actionScopes.js';
import type { NodeClient } from '../nodeClient.js';
import { NoContent, ServerParams, responses } from './common.js';
import { DefinitionBody, ServerDefinition } from './definition.js';
import {
  ArchiveRequest,
  ConsoleCommandRequest,
  ConsoleReplay,
  ExtractQuery,
  FileEntries,
  FileListing,
  FileMoveRequest,
  PowerQuery,
  PutFileQuery,
  ServerDataRequest,
  ServerDataResponse,
  ServerFlags,
  ServerFlagsRequest,
  ServerPathParams,
  ServerStats,
  ServerStatus,
  SftpSessionsQuery,
} from './serverApi.js';
import { NodeInfo, NodeSecretRequest } from './nodes.js';
import { NodeLiveReadings, NodeLiveRequest } from './servers.js';
import { QueryAnswer } from './gameQuery.js';
import { NodeEventBatch, NodeEventsQuery } from './nodeEvents.js';
import { BackupCreated, BackupCreateQuery, BackupEditRequest, BackupFilesQuery, BackupList, BackupParams, BackupPolicy, BackupStorage, BackupStorageState } from './backups.js';
import { NodeSamples, NodeSamplesQuery } from './statsHistory.js';
import { UploadOffset, UploadParams, UploadTarget } from './uploads.js';
import { TaskBody, TaskCreated, TaskList, TaskParams, TaskRestriction } from './tasks.js';

// Where the daemon takes more than the panel's routes do, kept for clients older than the contract:
// a lone path for an archive (a list of one), and a console `time` that is no number (replays all).
const DaemonArchiveRequest = Type.Union([ArchiveRequest, Type.String({ maxLength: 4096 })]);
const DaemonConsoleQuery = Type.Object({ time: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.String({ maxLength: 64 })])) });

/** The declared need of a call whose NodeApi method decides who may: any valid token for the node passes the route's check. */
export const AnyNodeToken = 'token';

/**
 * One JSON call to a node: its daemon route (the table's key, `METHOD /daemon/...`), the action
 * of serverActionScopes it needs, the NodeApi method it makes, and its schemas. The method takes
 * the caller, then `args`: by default the path's parameters in order; a name is a path parameter,
 * `body` the whole body, `body.<key>` one key of a JSON object body, `query.<key>` one query key.
 */
export interface NodeCall {
  call: keyof NodeClient;
  action: ServerAction | typeof AnyNodeToken;
  args?: readonly string[];
  params?: TSchema;
  querystring?: TSchema;
  body?: TSchema;
  response: Record<string, TSchema>;
  /** The answer is the call's result under this key ({data}, {id}), not the result itself. */
  answer?: string;
  /** The input NodeApi's refusals name when the body is missing (validationError.ts). */
  bodyField?: string;
  /** NodeApi reads the body itself (with its own codes); the daemon checks only params. */
  uncheckedBody?: true;
  /** The panel names the caller (NodeCaller.actor) for the record the call makes: a backup's author. */
  actor?: true;
  /** Served by the panel too, at /proxy/daemon/...: its OpenAPI summary, and its own success status when it differs. */
  proxy?: { summary: string; status?: 204 };
}

/**
 * The JSON calls to a node, one row each, like a route list (Wings router/router.go). The daemon's
 * routes (http/callRoutes.ts), HttpNodeClient's methods and the panel's /proxy/daemon routes
 * (routes/proxy/callProxy.ts) are made from it; a file's bytes and the sockets are written by hand.
 * The status of a success is the row's lowest 2xx response; 200 answers the result.
 */
export const nodeCalls = {
  'PUT /daemon/server/:id': { call: 'createServer', action: 'create', args: ['id', 'body'], params: ServerParams, body: DefinitionBody, uncheckedBody: true, response: responses({ 204: NoContent }) },
  'DELETE /daemon/server/:id': { call: 'deleteServer', action: 'delete', params: ServerParams, response: responses({ 204: NoContent }) },
  'GET /daemon/server/:id/definition': { call: 'getDefinition', action: 'definitionView', params: ServerParams, response: responses({ 200: ServerDefinition }) },
  'POST /daemon/server/:id/definition': { call: 'putDefinition', action: 'definitionEdit', args: ['id', 'body'], params: ServerParams, body: DefinitionBody, uncheckedBody: true, response: responses({ 204: NoContent }) },
  'GET /daemon/server/:id/data': { call: 'getData', action: 'dataView', params: ServerParams, answer: 'data', response: responses({ 200: ServerDataResponse }), proxy: { summary: "A server's variables" } },
  'POST /daemon/server/:id/data': {
    call: 'putData',
    action: 'dataEdit',
    args: ['id', 'body.data'],
    params: ServerParams,
    body: ServerDataRequest,
    bodyField: 'data',
    response: responses({ 204: NoContent }),
    proxy: { summary: "Change a server's variable values; non-admins only userEdit ones" },
  },
  // PufferPanel 3's run flags: the definition's autostart, autorecover and autorestart under its names.
  'GET /daemon/server/:id/flags': { call: 'getFlags', action: 'flagsView', params: ServerParams, response: responses({ 200: ServerFlags }), proxy: { summary: 'Run flags: autoStart, autoRestartOnCrash, autoRestartOnGraceful (admin)' } },
  'POST /daemon/server/:id/flags': {
    call: 'setFlags',
    action: 'flagsEdit',
    args: ['id', 'body'],
    params: ServerParams,
    body: ServerFlagsRequest,
    response: responses({ 204: NoContent }),
    proxy: { summary: 'Set any of the run flags; those left out keep their value (admin)' },
  },
  'POST /daemon/server/:id/reload': { call: 'reload', action: 'reload', params: ServerParams, response: responses({ 204: NoContent }), proxy: { summary: "Re-read a server's definition from disk (admin)" } },
  'GET /daemon/server/:id/status': { call: 'getStatus', action: 'status', params: ServerParams, response: responses({ 200: ServerStatus }), proxy: { summary: 'Whether the server runs' } },
  'GET /daemon/server/:id/stats': { call: 'getStats', action: 'stats', params: ServerParams, response: responses({ 200: ServerStats }), proxy: { summary: 'CPU (percent of one core) and memory (bytes)' } },
  // What the game says of its players (issue 32); 204 when the call answers null. The panel's route is serverProxy.ts's.
  'GET /daemon/server/:id/query': { call: 'getQuery', action: 'stats', params: ServerParams, response: responses({ 200: QueryAnswer, 204: NoContent }) },
  // The panel's GET .../tasks adds a time zone header, so it is written by hand (taskProxy.ts).
  'GET /daemon/server/:id/tasks': { call: 'getTasks', action: 'tasksView', params: ServerParams, response: responses({ 200: TaskList }) },
  'POST /daemon/server/:id/tasks': {
    call: 'createTask',
    action: 'tasksEdit',
    args: ['id', 'body'],
    params: ServerParams,
    body: TaskBody,
    answer: 'id',
    response: responses({ 200: TaskCreated }),
    proxy: { summary: 'Create a task: name, cronSchedule (or null), operations' },
  },
  'PUT /daemon/server/:id/tasks/:taskId': { call: 'editTask', action: 'tasksEdit', args: ['id', 'taskId', 'body'], params: TaskParams, body: TaskBody, response: responses({ 204: NoContent }), proxy: { summary: 'Replace a task' } },
  'DELETE /daemon/server/:id/tasks/:taskId': { call: 'deleteTask', action: 'tasksEdit', params: TaskParams, response: responses({ 204: NoContent }), proxy: { summary: 'Delete a task' } },
  'POST /daemon/server/:id/tasks/:taskId/run': {
    call: 'runTask',
    action: 'taskRun',
    params: TaskParams,
    response: responses({ 202: NoContent }),
    proxy: { summary: 'Run a task now; its outcome shows in the console', status: 204 },
  },
  // Node-wide, with a token that names no server: the servers are named in the body. It only narrows, and NodeApi decides who may ask.
  'POST /daemon/tasks/restrict': { call: 'restrictTasks', action: AnyNodeToken, args: ['body.user', 'body.held'], body: TaskRestriction, response: responses({ 204: NoContent }) },
  // A user's SFTP sessions on one server, or (a token naming no server) on the whole node. A user may end their own; NodeApi decides the rest.
  'DELETE /daemon/server/:id/sftp': { call: 'endSftpSessions', action: AnyNodeToken, args: ['query.user', 'id'], params: ServerParams, querystring: SftpSessionsQuery, response: responses({ 204: NoContent }) },
  // `params.id` is always absent here (the path names no server): it holds the server's place, so `key` comes third as endSftpSessions takes it.
  'DELETE /daemon/sftp': { call: 'endSftpSessions', action: AnyNodeToken, args: ['query.user', 'params.id', 'query.key'], querystring: SftpSessionsQuery, response: responses({ 204: NoContent }) },
  // Backups (contract/backups.ts). Bodies that may be left out are read by NodeApi, which answers the codes.
  'GET /daemon/server/:id/backups': { call: 'listBackups', action: 'backupsView', params: ServerParams, response: responses({ 200: BackupList }), proxy: { summary: "A server's backups, newest first, and how many are kept" } },
  'POST /daemon/server/:id/backups': {
    call: 'createBackup',
    action: 'backupCreate',
    args: ['id', 'body.name', 'query.wait'],
    params: ServerParams,
    querystring: BackupCreateQuery,
    answer: 'id',
    actor: true,
    response: responses({ 200: BackupCreated }),
    proxy: { summary: 'Make a backup {name?}; with ?wait=true the answer comes when it is done' },
  },
  'GET /daemon/server/:id/backups/policy': { call: 'getBackupPolicy', action: 'backupPolicyView', params: ServerParams, response: responses({ 200: BackupPolicy }), proxy: { summary: 'How many backups are kept, and for how many days (0: no bound)' } },
  'PUT /daemon/server/:id/backups/policy': {
    call: 'setBackupPolicy',
    action: 'backupPolicyEdit',
    args: ['id', 'body'],
    params: ServerParams,
    body: BackupPolicy,
    response: responses({ 204: NoContent }),
    proxy: { summary: "Set the server's retention {limit, keepDays}" },
  },
  'GET /daemon/server/:id/backups/:backupId/files': {
    call: 'backupFiles',
    action: 'backupBrowse',
    args: ['id', 'backupId', 'query.path'],
    params: BackupParams,
    querystring: BackupFilesQuery,
    response: responses({ 200: FileEntries }),
    proxy: { summary: 'The entries of a folder inside a backup (?path=/world)' },
  },
  'POST /daemon/server/:id/backups/:backupId/restore': {
    call: 'restoreBackup',
    action: 'backupRestore',
    args: ['id', 'backupId', 'body'],
    params: BackupParams,
    response: responses({ 204: NoContent }),
    proxy: { summary: 'Restore {paths?, truncate?}: the named files and folders, or the whole backup' },
  },
  'PUT /daemon/server/:id/backups/:backupId': { call: 'editBackup', action: 'backupEdit', args: ['id', 'backupId', 'body'], params: BackupParams, body: BackupEditRequest, response: responses({ 204: NoContent }), proxy: { summary: 'Lock, unlock or rename a backup' } },
  'DELETE /daemon/server/:id/backups/:backupId': { call: 'deleteBackup', action: 'backupDelete', params: BackupParams, response: responses({ 204: NoContent }), proxy: { summary: 'Delete a backup (a locked one: 409)' } },
  // Resumable uploads (contract/uploads.ts): the panel's tus routes make these; the append is written by hand.
  'POST /daemon/server/:id/uploads/:uploadId': {
    call: 'startUpload',
    action: 'filePut',
    args: ['id', 'uploadId', 'body.path'],
    params: UploadParams,
    body: UploadTarget,
    bodyField: 'path',
    response: responses({ 204: NoContent }),
  },
  'GET /daemon/server/:id/uploads/:uploadId': { call: 'uploadOffset', action: 'filePut', params: UploadParams, answer: 'offset', response: responses({ 200: UploadOffset }) },
  'POST /daemon/server/:id/uploads/:uploadId/finish': {
    call: 'finishUpload',
    action: 'filePut',
    args: ['id', 'uploadId', 'body.path'],
    params: UploadParams,
    body: UploadTarget,
    bodyField: 'path',
    response: responses({ 204: NoContent }),
  },
  'DELETE /daemon/server/:id/uploads/:uploadId': { call: 'abortUpload', action: 'filePut', params: UploadParams, response: responses({ 204: NoContent }) },
  // Move (rename) and copy within the server folder, with the file put scope: neither shows a byte to the caller.
  'POST /daemon/server/:id/files/move': { call: 'moveFile', action: 'filePut', args: ['id', 'body.from', 'body.to'], params: ServerParams, body: FileMoveRequest, response: responses({ 204: NoContent }) },
  'POST /daemon/server/:id/files/copy': { call: 'copyFile', action: 'filePut', args: ['id', 'body.from', 'body.to'], params: ServerParams, body: FileMoveRequest, response: responses({ 204: NoContent }) },
  // Node-wide, with a token that names no server.
  'PUT /daemon/backups/storage': { call: 'setBackupStorage', action: 'nodeBackupStorage', args: ['body'], body: BackupStorage, response: responses({ 204: NoContent }) },
  'POST /daemon/backups/storage/test': { call: 'testBackupStorage', action: 'nodeBackupStorage', args: ['body'], response: responses({ 200: BackupStorageState }) },
  // The node itself, with a token that names no server: a token signed with the right secret is the health check.
  'GET /daemon/node': { call: 'nodeInfo', action: AnyNodeToken, response: responses({ 200: NodeInfo }) },
  // Every server's events, a long poll: NodeApi answers the panel's own token only (requirePanelCaller).
  'GET /daemon/node/events': {
    call: 'nodeEvents',
    action: AnyNodeToken,
    args: ['query.after', 'query.wait', 'query.boot'],
    querystring: NodeEventsQuery,
    response: responses({ 200: NodeEventBatch }),
  },
  // Every server's samples of the node's last hour (issue 32): the panel's metrics collector, with its own token only (NodeApi checks).
  'GET /daemon/node/samples': { call: 'nodeSamples', action: AnyNodeToken, args: ['query.after'], querystring: NodeSamplesQuery, response: responses({ 200: NodeSamples }) },
  // Many servers' state, CPU, memory and players in one call, for the panel's server lists (issue 36): its own token only (NodeApi checks).
  'POST /daemon/node/live': { call: 'liveReadings', action: AnyNodeToken, args: ['body.ids'], body: NodeLiveRequest, answer: 'servers', response: responses({ 200: NodeLiveReadings }) },
  'PUT /daemon/secret': { call: 'setSecret', action: 'nodeSecret', args: ['body.secret'], body: NodeSecretRequest, response: responses({ 204: NoContent }) },
} as const satisfies Record<string, NodeCall>;

export type NodeCallRoute = keyof typeof nodeCalls;

/** The NodeClient methods the table makes: what HttpNodeClient gets without writing them. */
export type NodeCallMethods = Pick<NodeClient, (typeof nodeCalls)[NodeCallRoute]['call']>;

/** The method and path of a table key. */
export function routeOf(key: string): { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string } {
  const [method, path] = key.split(' ');
  return { method: method as 'GET' | 'POST' | 'PUT' | 'DELETE', path };
}

/** Where each argument of a call comes from: its `args`, or the path's parameters in order. */
export function callArgs(key: string, row: Pick<NodeCall, 'args'>): readonly string[] {
  return row.args ?? [...routeOf(key).path.matchAll(/:(\w+)/g)].map((match) => match[1]);
}

/** One argument of a call, read from a request's parts as `args` names it. */
export function requestArg(request: { params?: unknown; query?: unknown; body?: unknown }, name: string): unknown {
  if (name === 'body') return request.body;
  const dot = name.indexOf('.');
  const [part, key] = dot < 0 ? ['params', name] : [name.slice(0, dot), name.slice(dot + 1)];
  return (request[part as 'params' | 'query' | 'body'] as Record<string, unknown> | undefined)?.[key];
}

/** The status of a call's success: the lowest 2xx its response names. */
export function successStatus(row: Pick<NodeCall, 'response'>): number {
  return Math.min(...Object.keys(row.response).map(Number).filter((status) => status >= 200 && status < 300));
}

/**
 * The schema of each route of a node's daemon, keyed by method and path: the calls above, and
 * the routes written by hand (power, console, files, sockets). `{action}` is each of
 * POWER_ACTIONS. The socket's messages are SocketRequest and SocketEvent.
 */
export const daemonRouteSchemas = {
  ...nodeCalls,
  'GET /daemon/server/:id/console': { params: ServerParams, querystring: DaemonConsoleQuery, response: responses({ 200: ConsoleReplay }) },
  'POST /daemon/server/:id/console': { params: ServerParams, body: ConsoleCommandRequest, response: responses({ 204: NoContent }) },
  // 202 at once, or 204 once finished with ?wait=true.
  'POST /daemon/server/:id/{action}': { params: ServerParams, querystring: PowerQuery, response: responses({ 202: NoContent, 204: NoContent }) },
  // A file answers its bytes (application/octet-stream), which skips the response schema.
  'GET /daemon/server/:id/file/*': { params: ServerPathParams, response: responses({ 200: FileListing }) },
  // The body is the multipart field `file` or raw bytes (application/octet-stream): no body schema.
  'PUT /daemon/server/:id/file/*': { params: ServerPathParams, querystring: PutFileQuery, response: responses({ 204: NoContent }) },
  'DELETE /daemon/server/:id/file/*': { params: ServerPathParams, response: responses({ 204: NoContent }) },
  'POST /daemon/server/:id/archive/*': { params: ServerPathParams, body: DaemonArchiveRequest, response: responses({ 204: NoContent }) },
  'GET /daemon/server/:id/extract/*': { params: ServerPathParams, querystring: ExtractQuery, response: responses({ 204: NoContent }) },
  // An append to a resumable upload: raw bytes (application/octet-stream) from the offset the upload-offset header names; answers the new one.
  'PATCH /daemon/server/:id/uploads/:uploadId': { params: UploadParams, response: responses({ 200: UploadOffset }) },
  // A backup's archive (application/gzip), streamed.
  'GET /daemon/server/:id/backups/:backupId/download': { params: BackupParams },
  'GET /daemon/socket/:id': { params: ServerParams },
  // The panel's sessions on the node, over one socket (contract/nodeSessions.ts); any valid token opens it.
  'GET /daemon/sessions': {},
} as const;
