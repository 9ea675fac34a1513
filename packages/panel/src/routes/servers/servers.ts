import { OutpostError, Scopes, ServerListQuery, hasScope, permissionsFromScopes, serverActionScopes as need } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { PanelContext } from '../../context.js';
import { isUniqueViolation } from '../../db/isUniqueViolation.js';
import { assertQueryNumbers } from '../../services/assertQueryNumbers.js';
import { assertServerName } from '../../services/assertServerName.js';
import { endAccess } from '../../services/access/endAccess.js';
import { createServer, duplicateServerName } from '../../services/createServer.js';
import { emitFor } from '../../services/activity/emitFor.js';
import { isOn } from '../../services/isOn.js';
import { liveServerFeed } from '../../services/LiveServerFeed.js';
import { presentServer } from '../../services/presenters/presentServer.js';
import { heldOnServer, serverAccess } from '../../services/policy/policy.js';
import { createServerSchema, deleteServerSchema, getServerSchema, listServersSchema, renameServerSchema } from './schema.js';

/** The list as a server's OAuth2 client sees it: its one server, on the first page. */
async function ownServerPage(ctx: PanelContext, serverId: string, page: number, limit: number) {
  const row = await ctx.repo.servers.detail(serverId);
  const servers = row && page === 1 ? [presentServer(row)] : [];
  return { servers, paging: { page, limit, total: row ? 1 : 0 } };
}

/** /api/servers: the list, creation, one server, delete and rename. */
export default async function serversRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.panel;

  // Any signed-in user: an invited user sees the servers they hold a scope on, nothing else.
  r.get('/api/servers', { schema: listServersSchema, config: { scope: 'session', clients: 'any' } }, async (request) => {
    assertQueryNumbers(ServerListQuery, request.query);
    const { page = 1, limit = 10, search, node, state } = request.query;
    const session = request.session!;
    // A server's OAuth2 client sees its one server, whatever its owner may see.
    if (session.client?.serverId) return ownServerPage(ctx, session.client.serverId, page, limit);
    const all = hasScope(session.scopes, Scopes.ServersAdmin);
    const userId = all ? undefined : session.userId;
    const offset = (page - 1) * limit;
    if (state) {
      // The state lives on the nodes: every match is read (the live list's own readings first), then paged.
      const matches = await ctx.repo.servers.matching({ userId, search, nodeId: node });
      const states = await liveServerFeed(ctx).statesOf(matches);
      const inState = matches.filter((row) => states.get(row.id) === state);
      return { servers: inState.slice(offset, offset + limit).map(presentServer), paging: { page, limit, total: inState.length } };
    }
    // The same page again, until the database takes any write (ReadCache), costs no query.
    const key = `servers:${userId ?? 'all'}:${page}:${limit}:${node ?? ''}:${search ?? ''}`;
    const { rows, total } = await ctx.repo.reads.get(key, () => ctx.repo.servers.page({ offset, limit, userId, search, nodeId: node }));
    return { servers: rows.map(presentServer), paging: { page, limit, total } };
  });

  r.post('/api/servers', { schema: createServerSchema, config: { scope: need.create } }, async (request) => {
    const session = request.session!;
    const id = await createServer(ctx, { userId: session.userId, scopes: session.scopes }, request.body);
    await emitFor(request, { event: 'server.created', server: id, data: { name: request.body.name, node: request.body.node } });
    if (request.body.installNow === true || request.body.install === true || isOn(request.query.install)) {
      // The creator holds every permission on the new server; the install runs on after the answer.
      const access = await serverAccess(request, id);
      const askedAt = Date.now();
      await access.client.power(access.caller, id, 'install');
      await emitFor(request, { event: 'server.install.started', server: id, data: {} }, askedAt);
    }
    return { id };
  });

  r.get('/api/servers/:id', { schema: getServerSchema, config: { scope: need.view } }, async (request) => {
    const row = await ctx.repo.servers.detail(request.params.id);
    if (!row) throw new OutpostError('ErrNotFound', `no server ${request.params.id}`, undefined, 404);
    if (!isOn(request.query.perms)) return { server: presentServer(row) };
    // What this caller holds here: a server's OAuth2 client of an admin holds every server scope, not admin.
    const scopes = await heldOnServer(ctx.repo, request.session!, row.id);
    return { server: presentServer(row), permissions: { ...permissionsFromScopes(scopes), admin: hasScope(scopes, Scopes.ServersAdmin) } };
  });

  // server.delete on the server, or servers.delete panel-wide: either will do.
  r.delete('/api/servers/:id', { schema: deleteServerSchema, config: { scope: need.delete } }, async (request, reply) => {
    const access = await serverAccess(request);
    await endAccess(request, { ended: 'server', serverId: access.server.id });
    // A server its node no longer knows is still removed from the panel.
    await access.client.deleteServer(access.caller, access.server.id).catch((error: unknown) => {
      if (!(error instanceof OutpostError && error.code === 'ErrNotFound')) throw error;
    });
    const users = await ctx.repo.permissions.usersOfServer(access.server.id);
    const actor = (await ctx.repo.users.byId(request.session!.userId))?.username ?? '';
    await ctx.repo.invitations.deleteForServer(access.server.id);
    await ctx.repo.servers.delete(access.server.id);
    await emitFor(request, { event: 'server.deleted', server: access.server.id, data: { name: access.server.name } });
    // Everyone else who could reach the server hears it is gone.
    for (const userId of users.filter((id) => id !== request.session!.userId)) {
      ctx.mail.toUser(userId, { kind: 'serverDeleted', values: { server: access.server.name, actor } });
    }
    return reply.code(204).send(null);
  });

  r.put('/api/servers/:id/name/:name', { schema: renameServerSchema, config: { scope: need.rename } }, async (request, reply) => {
    const { id, name } = request.params;
    assertServerName(name);
    const access = await serverAccess(request);
    const other = await ctx.repo.servers.byName(name);
    if (other && other.id !== id) throw duplicateServerName(name);
    try {
      await ctx.repo.servers.rename(id, name);
    } catch (error) {
      throw isUniqueViolation(error) ? duplicateServerName(name) : error;
    }
    // The definition on the node carries the name too (it moves and exports with the server). The
    // caller may rename without holding the definition scope: only the name is written back.
    const onNode = { ...access.caller, scopes: [...access.caller.scopes, Scopes.ServersEditAdmin] };
    try {
      const definition = await access.client.getDefinition(onNode, id);
      await access.client.putDefinition(onNode, id, { ...definition, name });
    } catch (error) {
      await ctx.repo.servers.rename(id, access.server.name);
      throw error;
    }
    if (name !== access.server.name) await emitFor(request, { event: 'server.renamed', server: id, data: { from: access.server.name, to: name } });
    return reply.code(204).send(null);
  });
}
