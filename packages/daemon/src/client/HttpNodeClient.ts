import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Agent } from 'undici';
import { callArgs, nodeCalls, OutpostError, routeOf, successStatus, UPLOAD_OFFSET_HEADER } from '@outpost/shared';
import type {
  ConsoleReplay,
  BackupDownload,
  FileDownload,
  FileListing,
  NodeCall,
  NodeCallMethods,
  NodeCaller,
  NodeClient,
  NodeEventBatch,
  PowerAction,
  ServerSocket,
  UploadOffset,
} from '@outpost/shared';
import { requirePowerAction } from '../api/requirePowerAction.js';
import { ChunkRelay } from '../system/ChunkRelay.js';
import { NODE_TOKEN_TTL_SECONDS, signNodeToken } from '../auth/nodeToken.js';
import { assertServerId } from '../servers/serverId.js';
import { errorFromBody, unreachable } from './nodeErrors.js';
import { NodeSessionsPool } from './NodeSessions.js';

export interface HttpNodeClientOptions {
  /** The daemon's base URL, e.g. https://node1.example.com:8080 */
  baseUrl: string;
  nodeId: string;
  secret: string;
  /**
   * The panel's sockets to its nodes, which live connections share (one socket per node): clients
   * are made per call, so the pool is their maker's. Without one a client keeps its own.
   */
  sessions?: NodeSessionsPool;
}

type Body = string | Uint8Array | AsyncIterable<Uint8Array> | undefined;

/**
 * How long a node may take to accept a connection. A machine that is down often drops packets
 * rather than refusing them, and without this a call would wait for the system's TCP timeout
 * (minutes); with it the caller gets 502 ErrNodeUnreachable within seconds. Only the connection
 * is timed: a download or an install with ?wait may rightly take long once it is open.
 */
export const NODE_CONNECT_TIMEOUT_MS = 3000;

// One pool for every client: HttpNodeClient objects are made per call, connections outlive them.
// Typed loosely: Node's fetch declares its dispatcher with its own copy of undici's types.
const dispatcher: unknown = new Agent({ connect: { timeout: NODE_CONNECT_TIMEOUT_MS } });

// File contents travel over node:http instead: fetch hands a body over as web-stream chunks, a
// promise and a fresh buffer each, which cost the panel more than the bytes (a remote download ran
// at a quarter of the local one).
const transferAgents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

/** The call table's rows as methods (one per NodeApi method it names), each sending its row's request. */
abstract class TableCalls {
  abstract callNode(key: string, row: NodeCall, caller: NodeCaller, args: unknown[]): Promise<unknown>;
}
for (const [key, row] of Object.entries(nodeCalls)) {
  Object.defineProperty(TableCalls.prototype, row.call, {
    configurable: true,
    writable: true,
    value(this: TableCalls, caller: NodeCaller, ...args: unknown[]) {
      return this.callNode(key, row, caller, args);
    },
  });
}
// endSftpSessions makes one of two rows' calls, chosen below; nodeEvents passes a signal too.
const CallMethods = TableCalls as abstract new () => TableCalls & Omit<NodeCallMethods, 'endSftpSessions' | 'nodeEvents'>;

/**
 * The NodeClient of a remote node: the daemon's HTTP+WebSocket API, each call with a fresh
 * short-lived token naming the caller, the server and the caller's scopes. Error bodies become
 * the same OutpostErrors the daemon threw; an unreachable node is 502 ErrNodeUnreachable.
 */
export class HttpNodeClient extends CallMethods implements NodeClient {
  private readonly base: string;

  private readonly sessions: NodeSessionsPool;

  constructor(private readonly options: HttpNodeClientOptions) {
    super();
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.sessions = options.sessions ?? new NodeSessionsPool();
  }

  /**
   * One row of the call table (shared nodeCalls) over HTTP: the path from the row's parameters, a
   * JSON body from its body arguments, the query from its query ones; the answer is read back as
   * the row says (its result, or the result under `answer`).
   */
  async callNode(key: string, row: NodeCall, caller: NodeCaller, args: unknown[]): Promise<unknown> {
    const { method, path } = routeOf(key);
    const names = callArgs(key, row);
    const arg = (name: string) => args[names.indexOf(name)];
    const id = names.includes('id') ? String(arg('id')) : '';
    // The URL is built from id and the parameters: refuse here what would make it name another route.
    if (names.includes('id')) assertServerId(id);
    let body: unknown;
    const query: string[] = [];
    for (const [index, name] of names.entries()) {
      if (name === 'body') body = args[index];
      else if (name.startsWith('body.')) body = { ...(body as object), [name.slice(5)]: args[index] };
      else if (name.startsWith('query.') && args[index] !== undefined) query.push(`${name.slice(6)}=${encodeURIComponent(String(args[index]))}`);
    }
    const url = path.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(arg(name)))) + (query.length ? `?${query.join('&')}` : '');
    const response = await this.fetchNode(caller, id, method, url, body);
    if (successStatus(row) !== 200) return void (await response.body?.cancel());
    // A row answering 200 or 204 says "nothing" with 204: its call's null.
    if (response.status === 204) return null;
    const answer = (await response.json()) as Record<string, unknown>;
    return row.answer ? answer[row.answer] : answer;
  }

  private token(caller: NodeCaller, id: string): string {
    const exp = Math.floor(Date.now() / 1000) + NODE_TOKEN_TTL_SECONDS;
    return signNodeToken(this.options.secret, { node: this.options.nodeId, user: caller.user, server: id, scopes: caller.scopes, ...(caller.actor && { actor: caller.actor }), exp });
  }

  /** A call about server `id`: its path under /daemon/server/{id}. */
  private call(caller: NodeCaller, id: string, method: string, path: string, body?: Body, json = false): Promise<Response> {
    // The URL is built from id and path: refuse here what would make it name another route.
    assertServerId(id);
    return this.fetchNode(caller, id, method, `/daemon/server/${encodeURIComponent(id)}${path}`, body, json);
  }

  private async json<T>(caller: NodeCaller, id: string, method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.call(caller, id, method, path, body as Body, body !== undefined);
    return (await response.json()) as T;
  }

  private async send(caller: NodeCaller, id: string, method: string, path: string, body?: unknown, json = true): Promise<void> {
    const response = await this.call(caller, id, method, path, body as Body, json && body !== undefined);
    await response.body?.cancel();
  }

  async replayConsole(caller: NodeCaller, id: string, since?: number): Promise<ConsoleReplay> {
    return this.json(caller, id, 'GET', since === undefined ? '/console' : `/console?time=${since}`);
  }

  async sendCommand(caller: NodeCaller, id: string, command: string): Promise<void> {
    return this.send(caller, id, 'POST', '/console', command, false);
  }

  async power(caller: NodeCaller, id: string, action: PowerAction, options: { wait?: boolean } = {}): Promise<void> {
    requirePowerAction(action);
    return this.send(caller, id, 'POST', `/${action}${options.wait ? '?wait=true' : ''}`);
  }

  async getFile(caller: NodeCaller, id: string, path: string): Promise<FileListing | FileDownload> {
    const response = await this.transfer(caller, id, 'GET', `/file/${encodePath(path)}`);
    if (response.headers['content-type']?.includes('application/json')) return JSON.parse(await textOf(response)) as FileListing;
    return { size: Number(response.headers['content-length'] ?? 0), stream: new ChunkRelay(response) };
  }

  async downloadBackup(caller: NodeCaller, id: string, backupId: string): Promise<BackupDownload> {
    const response = await this.transfer(caller, id, 'GET', `/backups/${encodeURIComponent(backupId)}/download`);
    const fileName = /filename="([^"]+)"/.exec(response.headers['content-disposition'] ?? '')?.[1] ?? `${backupId}.tar.gz`;
    return { size: Number(response.headers['content-length'] ?? 0), fileName, stream: new ChunkRelay(response) };
  }

  async putFile(caller: NodeCaller, id: string, path: string, data: Uint8Array | string | AsyncIterable<Uint8Array>): Promise<void> {
    const body = typeof data === 'string' ? Buffer.from(data) : data;
    (await this.transfer(caller, id, 'PUT', `/file/${encodePath(path)}`, body)).resume();
  }

  async appendUpload(caller: NodeCaller, id: string, uploadId: string, offset: number, data: AsyncIterable<Uint8Array>): Promise<number> {
    const response = await this.transfer(caller, id, 'PATCH', `/uploads/${encodeURIComponent(uploadId)}`, data, { [UPLOAD_OFFSET_HEADER]: String(offset) });
    return (JSON.parse(await textOf(response)) as UploadOffset).offset;
  }

  /** A call whose body or answer is a file's contents, streamed both ways with node:http(s). */
  private transfer(caller: NodeCaller, id: string, method: string, path: string, body?: Uint8Array | AsyncIterable<Uint8Array>, more: Record<string, string> = {}): Promise<IncomingMessage> {
    assertServerId(id);
    const url = new URL(`${this.base}/daemon/server/${encodeURIComponent(id)}${path}`);
    const client = url.protocol === 'https:' ? https : http;
    const headers: Record<string, string> = { ...more, authorization: `Bearer ${this.token(caller, id)}` };
    if (body !== undefined) headers['content-type'] = 'application/octet-stream';
    return new Promise((resolve, reject) => {
      const request = client.request(url, { method, headers, agent: transferAgents[url.protocol === 'https:' ? 'https:' : 'http:'] });
      request.on('error', (error) => reject(unreachable(error)));
      // Only the connection is timed, as for the other calls; a reused connection is already open.
      request.on('socket', (socket) => {
        if (!socket.connecting) return;
        const timer = setTimeout(() => request.destroy(new Error(`connect timeout after ${NODE_CONNECT_TIMEOUT_MS} ms`)), NODE_CONNECT_TIMEOUT_MS);
        socket.once('connect', () => clearTimeout(timer));
        socket.once('close', () => clearTimeout(timer));
      });
      request.on('response', (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve(response);
        else textOf(response).then((text) => reject(errorFromBody(status, text)), (error: unknown) => reject(unreachable(error)));
      });
      if (body === undefined || body instanceof Uint8Array) request.end(body);
      // A source that fails ends the request, whose error settles the call (unless the node answered first).
      else pipeline(body instanceof Readable ? body : Readable.from(body), request).catch((error: unknown) => request.destroy(error as Error));
    });
  }

  async createFolder(caller: NodeCaller, id: string, path: string): Promise<void> {
    return this.send(caller, id, 'PUT', `/file/${encodePath(path)}?folder=true`);
  }

  async deleteFile(caller: NodeCaller, id: string, path: string): Promise<void> {
    return this.send(caller, id, 'DELETE', `/file/${encodePath(path)}`);
  }

  async archive(caller: NodeCaller, id: string, target: string, sources: string[]): Promise<void> {
    return this.send(caller, id, 'POST', `/archive/${encodePath(target)}`, sources);
  }

  async extract(caller: NodeCaller, id: string, archive: string, destination: string): Promise<void> {
    return this.send(caller, id, 'GET', `/extract/${encodePath(archive)}?destination=${encodeURIComponent(destination)}`);
  }

  // One method, two rows: a server's sessions, or with no server the node's.
  async endSftpSessions(caller: NodeCaller, user: string, id?: string, key?: string): Promise<void> {
    if (id !== undefined) await this.callNode('DELETE /daemon/server/:id/sftp', nodeCalls['DELETE /daemon/server/:id/sftp'], caller, [user, id]);
    else await this.callNode('DELETE /daemon/sftp', nodeCalls['DELETE /daemon/sftp'], caller, [user, undefined, key]);
  }

  /** The row's call, which `signal` abandons: the panel stops waiting on a long poll when it closes. */
  async nodeEvents(caller: NodeCaller, after?: number, wait?: number, boot?: string, signal?: AbortSignal): Promise<NodeEventBatch> {
    const query = new URLSearchParams();
    if (after !== undefined) query.set('after', String(after));
    if (wait !== undefined) query.set('wait', String(wait));
    if (boot !== undefined) query.set('boot', boot);
    const response = await this.fetchNode(caller, '', 'GET', `/daemon/node/events?${query}`, undefined, false, signal);
    return (await response.json()) as NodeEventBatch;
  }

  /**
   * A request to `path` (the whole path, /daemon/...) with a token naming server `id` ('' for the
   * whole node): a body goes as JSON, or unless `json` as text or streamed bytes.
   */
  private async fetchNode(caller: NodeCaller, id: string, method: string, path: string, body?: unknown, json = body !== undefined, signal?: AbortSignal): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token(caller, id)}` };
    let payload: RequestInit['body'];
    if (json) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    } else if (typeof body === 'string') {
      headers['content-type'] = 'text/plain; charset=utf-8';
      payload = body;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/octet-stream';
      payload = body instanceof Uint8Array ? body : (Readable.toWeb(Readable.from(body as AsyncIterable<Uint8Array>)) as unknown as RequestInit['body']);
    }
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body: payload,
        dispatcher,
        signal,
        ...(payload && !(payload instanceof Uint8Array) && typeof payload !== 'string' ? { duplex: 'half' } : {}),
      } as RequestInit);
    } catch (error) {
      throw unreachable(error);
    }
    if (!response.ok) throw await errorOf(response);
    return response;
  }

  /** A live connection, one session on the panel's one socket to this node (NodeSessions). */
  async connect(caller: NodeCaller, id: string): Promise<ServerSocket> {
    assertServerId(id);
    const sessions = this.sessions.of({ baseUrl: this.base, nodeId: this.options.nodeId, secret: this.options.secret, connectTimeoutMs: NODE_CONNECT_TIMEOUT_MS });
    return sessions.open(id, this.token(caller, id));
  }
}

function encodePath(path: string): string {
  // URLs resolve dot segments (even encoded ones) before the daemon sees them, so resolve them
  // here: a path that climbs out of the server folder gets the daemon's own answer.
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) throw new OutpostError('ErrPathOutsideServer', `path is outside the server folder: ${path}`, { path });
      parts.pop();
    } else parts.push(encodeURIComponent(part));
  }
  return parts.join('/');
}

async function textOf(response: IncomingMessage): Promise<string> {
  let text = '';
  response.setEncoding('utf8');
  for await (const chunk of response) text += chunk as string;
  return text;
}

async function errorOf(response: Response): Promise<OutpostError> {
  return errorFromBody(response.status, await response.text().catch(() => ''));
}

