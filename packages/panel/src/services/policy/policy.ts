import {
  OutpostError,
  Scopes,
  isScopeNeed,
  missingScope,
  serverActionScopes,
  scopesOf,
  socketMessageAction,
  type NodeActor,
  type NodeCaller,
  type NodeClient,
  type Scope,
  type ScopeNeed,
} from '@outpost/shared';
import type { FastifyRequest } from 'fastify';
import type { RequestSession } from '../../context.js';
import type { Repositories } from '../../db/repositories.js';
import type { ServerRow } from '../../db/servers.js';

// The panel's authorization, in one place: what a user holds on a server, what a route or a
// live-connection message needs (from serverActionScopes in shared), and the lookup every
// per-server handler starts with. Handlers and plugins ask here; none decides on its own.

const SERVER_PREFIX = 'server.';
const everyServerScope: Scope[] = Object.values(Scopes).filter((s) => s.startsWith(SERVER_PREFIX));

/** True when a need names a per-server scope, so it is checked against one server. */
export function isServerNeed(need: ScopeNeed): boolean {
  return scopesOf(need).some((scope) => scope.startsWith(SERVER_PREFIX));
}

/**
 * The onRoute check: a route names a scope need, 'session' or 'public', or the app does not start;
 * a per-server need must also name the server in its path.
 */
export function requireDeclaredScope(route: { method: string | string[]; url: string; config?: { scope?: unknown; serverParam?: string } }): void {
  const scope = route.config?.scope;
  if (scope === 'public' || scope === 'session') return;
  const where = `route ${String(route.method)} ${route.url}`;
  if (!isScopeNeed(scope)) throw new Error(`${where} declares no scope: set config.scope to a scope, 'session' or 'public'`);
  const param = route.config?.serverParam ?? 'id';
  if (isServerNeed(scope) && !new RegExp(`/:${param}(/|$)`).test(route.url)) throw new Error(`${where} needs a per-server scope but has no :${param}`);
}

/**
 * The scopes a user holds on one server: the per-server rows, or every per-server scope (plus the
 * admin scope) for a panel administrator.
 */
export async function scopesForServer(repo: Repositories, userId: number, serverId: string): Promise<string[]> {
  // Read afresh after any write to the database (ReadCache), so a revoked permission counts at once.
  const held = await repo.reads.get(`server:${userId}:${serverId}`, async () => {
    const panel = await repo.permissions.panelScopes(userId);
    if (panel.includes(Scopes.ServersAdmin)) return [Scopes.ServersAdmin, ...everyServerScope];
    return repo.permissions.serverScopes(userId, serverId);
  });
  return [...held];
}

/**
 * Everything a caller holds that counts on one server: their panel scopes (servers.delete,
 * servers.edit.admin...) and their scopes on that server, each from its own level only, so a
 * stray `server.*` row held panel-wide grants nothing on any server.
 */
export async function heldOnServer(repo: Repositories, session: RequestSession, serverId: string | undefined): Promise<string[]> {
  // A server's OAuth2 client holds nothing anywhere else (and no panel scope: session.scopes is empty).
  if (session.client?.serverId && session.client.serverId !== serverId) return [];
  const panel = session.scopes.filter((scope) => !scope.startsWith(SERVER_PREFIX));
  if (serverId === undefined) return panel;
  const server = (await scopesForServer(repo, session.userId, serverId)).filter((scope) => scope.startsWith(SERVER_PREFIX));
  return [...new Set([...panel, ...server])];
}

/** What a handler needs to act on one server for the signed-in caller. */
export interface ServerAccess {
  server: ServerRow;
  client: NodeClient;
  /** Who the node sees: the same scopes as `scopes`, so the node's check matches the panel's. */
  caller: NodeCaller;
  /** What the caller holds on this server (heldOnServer). */
  scopes: string[];
}

/**
 * "May this user touch this server?", the first line of every per-server handler: finds the
 * server named by `:id` (404 ErrNotFound), the client of its node, and what the caller holds
 * there. What the route needs was checked by the scopes plugin (checkRoute) before the handler.
 */
export async function serverAccess(request: FastifyRequest, serverId = (request.params as { id: string }).id): Promise<ServerAccess> {
  const { repo, nodes } = request.server.panel;
  const session = request.session;
  if (!session) throw new OutpostError('ErrSessionTimedOut', 'Your session timed out, please log in again');
  const server = await repo.servers.byId(serverId);
  if (!server) throw new OutpostError('ErrNotFound', `no server ${serverId}`, { server: serverId }, 404);
  const scopes = await heldOnServer(repo, session, serverId);
  const client = await nodes.forNode(server.node_id);
  return { server, client, caller: { user: String(session.userId), scopes }, scopes };
}

/** Who the caller is, by name, for what a call makes and keeps (a backup's author): the OAuth2 client acting, or the user. */
export async function actorOf(request: FastifyRequest): Promise<NodeActor> {
  const { repo } = request.server.panel;
  const session = request.session!;
  if (session.client) {
    const client = await repo.oauthClients.byId(session.client.id);
    return { type: 'client', id: session.client.id, name: client?.name || session.client.id };
  }
  const user = await repo.users.byId(session.userId);
  return { type: 'user', id: String(session.userId), name: user?.username ?? String(session.userId) };
}

/**
 * The check of one live-connection message: the error to answer with (an unknown type, or a scope
 * the caller lacks on this server), or undefined when it may be forwarded.
 */
export function refuseSocketMessage(held: readonly string[], message: unknown): OutpostError | undefined {
  const action = socketMessageAction(message);
  if (!action) return new OutpostError('ErrFieldRequired', `unknown message type ${String((message as { type?: unknown }).type)}`, { field: 'type' });
  const missing = missingScope(held, serverActionScopes[action]);
  if (missing) return new OutpostError('ErrMissingScope', 'You are not authorized to perform this action', { scope: missing });
  return undefined;
}
