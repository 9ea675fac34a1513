import { OutpostError, Scopes, hasScope, type NodeCaller, type NodeClient } from '@outpost/shared';
import type { FastifyRequest } from 'fastify';
import type { ServerRow } from '../db/servers.js';
import { scopesForServer } from './scopesForServer.js';

/** What a handler needs to act on one server for the signed-in caller. */
export interface ServerAccess {
  server: ServerRow;
  client: NodeClient;
  caller: NodeCaller;
  /** The caller's scopes on this server (every one for an admin). */
  scopes: string[];
}

/**
 * Looks up the server named by the `:id` parameter (404 ErrNotFound) and the client of its node.
 * The caller's node scopes are their per-server scopes plus their panel ones, so the daemon sees
 * servers.delete or servers.edit.admin (as admin for the definition) the panel already checked.
 */
export async function serverAccess(request: FastifyRequest, serverId = (request.params as { id: string }).id): Promise<ServerAccess> {
  const { repo, nodes } = request.server.panel;
  const session = request.session;
  if (!session) throw new OutpostError('ErrSessionTimedOut', 'Your session timed out, please log in again');
  const server = await repo.servers.byId(serverId);
  if (!server) throw new OutpostError('ErrNotFound', `no server ${serverId}`, { server: serverId }, 404);
  const scopes = await scopesForServer(repo, session.userId, serverId);
  const forNode = new Set([...scopes, ...session.scopes]);
  if (session.scopes.includes(Scopes.ServersEditAdmin)) forNode.add(Scopes.Admin);
  const client = await nodes.forNode(server.node_id);
  return { server, client, caller: { user: String(session.userId), scopes: [...forNode] }, scopes };
}

/** Throws 403 ErrMissingScope unless one of the held scope lists grants one of the wanted scopes. */
export function requireAnyScope(held: readonly string[], wanted: readonly (typeof Scopes)[keyof typeof Scopes][]): void {
  if (!wanted.some((scope) => hasScope(held, scope))) {
    throw new OutpostError('ErrMissingScope', 'You are not authorized to perform this action', { scope: wanted[0] });
  }
}
