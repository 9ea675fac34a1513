import { OutpostError, Scopes, hasScope, permissionsFromScopes, serverActionScopes as need } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/isUniqueViolation.js';
import { assertServerName } from '../../services/assertServerName.js';
import { createServer, duplicateServerName } from '../../services/createServer.js';
import { isOn } from '../../services/isOn.js';
import { presentServer } from '../../services/presentServer.js';
import { heldOnServer, serverAccess } from '../../services/policy.js';
import { createServerSchema, deleteServerSchema, getServerSchema, listServersSchema, renameServerSchema } from './schema.js';

/** /api/servers: the list, creation, one server, delete and rename. */
export default async function serversRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.panel;

  // Any signed-in user: an invited user sees the servers they hold a scope on, nothing else.
  r.get('/api/servers', { schema: listServersSchema, config: { scope: 'session', clients: true } }, async (request) => {
    const { page = 1, limit = 10 } = request.query;
    const session = request.session!;
    const all = hasScope(session.scopes, Scopes.Admin);
    const userId = all ? undefined : session.userId;
    // The same page again, until the database takes any write (ReadCache), costs no query.
    const { rows, total } = await ctx.repo.reads.get(`servers:${userId ?? 'all'}:${page}:${limit}`, () => ctx.repo.servers.page({ offset: (page - 1) * limit, limit, userId }));
    return { servers: rows.map(presentServer), paging: { page, limit, total } };
  });

  r.post('/api/servers', { schema: createServerSchema, config: { scope: need.create } }, async (request) => {
    const session = request.session!;
    const id = await createServer(ctx, { userId: session.userId, scopes: session.scopes }, request.body);
    return { id };
  });

  r.get('/api/servers/:id', { schema: getServerSchema, config: { scope: need.view } }, async (request) => {
    const row = await ctx.repo.servers.detail(request.params.id);
    if (!row) throw new OutpostError('ErrNotFound', `no server ${request.params.id}`, undefined, 404);
    if (!isOn(request.query.perms)) return { server: presentServer(row) };
    // What this caller holds here: a server's OAuth2 client of an admin holds every server scope, not admin.
    const scopes = await heldOnServer(ctx.repo, request.session!, row.id);
    return { server: presentServer(row), permissions: { ...permissionsFromScopes(scopes), admin: hasScope(scopes, Scopes.Admin) } };
  });

  // server.delete on the server, or servers.delete panel-wide: either will do.
  r.delete('/api/servers/:id', { schema: deleteServerSchema, config: { scope: need.delete } }, async (request, reply) => {
    const access = await serverAccess(request);
    // A server its node no longer knows is still removed from the panel.
    await access.client.deleteServer(access.caller, access.server.id).catch((error: unknown) => {
      if (!(error instanceof OutpostError && error.code === 'ErrNotFound')) throw error;
    });
    await ctx.repo.servers.delete(access.server.id);
    ctx.sockets.closeFor(undefined, access.server.id);
    return reply.code(204).send(null);
  });

  r.put('/api/servers/:id/name/:name', { schema: renameServerSchema, config: { scope: need.rename } }, async (request, reply) => {
    const { id, name } = request.params;
    assertServerName(name);
    const other = await ctx.repo.servers.byName(name);
    if (other && other.id !== id) throw duplicateServerName(name);
    try {
      await ctx.repo.servers.rename(id, name);
    } catch (error) {
      throw isUniqueViolation(error) ? duplicateServerName(name) : error;
    }
    return reply.code(204).send(null);
  });
}
