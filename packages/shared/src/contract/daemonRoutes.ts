import { Type } from 'typebox';
import { NoContent, ServerParams, responses } from './common.js';
import { DefinitionBody, ServerDefinition } from './definition.js';
import {
  ArchiveRequest,
  ConsoleCommandRequest,
  ConsoleReplay,
  ExtractQuery,
  FileListing,
  PowerQuery,
  PutFileQuery,
  ServerDataRequest,
  ServerDataResponse,
  ServerPathParams,
  ServerStats,
  ServerStatus,
  SftpSessionsQuery,
} from './serverApi.js';
import { NodeInfo, NodeSecretRequest } from './nodes.js';
import { TaskBody, TaskCreated, TaskList, TaskParams, TaskRestriction } from './tasks.js';

// Where the daemon takes more than the panel's routes do, kept for clients older than the contract:
// a lone path for an archive (a list of one), and a console `time` that is no number (replays all).
const DaemonArchiveRequest = Type.Union([ArchiveRequest, Type.String({ maxLength: 4096 })]);
const DaemonConsoleQuery = Type.Object({ time: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.String({ maxLength: 64 })])) });

/**
 * The schema of each route of a node's daemon, keyed by method and path: what HttpNodeClient
 * sends and reads, the same pieces the panel's proxy routes use. `{action}` is each of
 * POWER_ACTIONS. The socket's messages are SocketRequest and SocketEvent.
 */
export const daemonRouteSchemas = {
  'PUT /daemon/server/:id': { params: ServerParams, body: DefinitionBody, response: responses({ 204: NoContent }) },
  'DELETE /daemon/server/:id': { params: ServerParams, response: responses({ 204: NoContent }) },
  'GET /daemon/server/:id/definition': { params: ServerParams, response: responses({ 200: ServerDefinition }) },
  'POST /daemon/server/:id/definition': { params: ServerParams, body: DefinitionBody, response: responses({ 204: NoContent }) },
  'GET /daemon/server/:id/data': { params: ServerParams, response: responses({ 200: ServerDataResponse }) },
  'POST /daemon/server/:id/data': { params: ServerParams, body: ServerDataRequest, response: responses({ 204: NoContent }) },
  'POST /daemon/server/:id/reload': { params: ServerParams, response: responses({ 204: NoContent }) },
  'GET /daemon/server/:id/status': { params: ServerParams, response: responses({ 200: ServerStatus }) },
  'GET /daemon/server/:id/stats': { params: ServerParams, response: responses({ 200: ServerStats }) },
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
  'DELETE /daemon/server/:id/sftp': { params: ServerParams, querystring: SftpSessionsQuery, response: responses({ 204: NoContent }) },
  'DELETE /daemon/sftp': { querystring: SftpSessionsQuery, response: responses({ 204: NoContent }) },
  'GET /daemon/socket/:id': { params: ServerParams },
  // The panel's sessions on the node, over one socket (contract/nodeSessions.ts); any valid token opens it.
  'GET /daemon/sessions': {},
  // The node itself, with a token that names no server.
  'GET /daemon/node': { response: responses({ 200: NodeInfo }) },
  'PUT /daemon/secret': { body: NodeSecretRequest, response: responses({ 204: NoContent }) },
  'GET /daemon/server/:id/tasks': { params: ServerParams, response: responses({ 200: TaskList }) },
  'POST /daemon/server/:id/tasks': { params: ServerParams, body: TaskBody, response: responses({ 200: TaskCreated }) },
  'PUT /daemon/server/:id/tasks/:taskId': { params: TaskParams, body: TaskBody, response: responses({ 204: NoContent }) },
  'DELETE /daemon/server/:id/tasks/:taskId': { params: TaskParams, response: responses({ 204: NoContent }) },
  'POST /daemon/server/:id/tasks/:taskId/run': { params: TaskParams, response: responses({ 202: NoContent }) },
  // Node-wide, with a token that names no server: the servers are named in the body.
  'POST /daemon/tasks/restrict': { body: TaskRestriction, response: responses({ 204: NoContent }) },
} as const;
