import { OutpostError, permissionsFromScopes, requireScopes, scopesFromPermissions, serverActionScopes, serverPermissionFlags, serverPermissionScopes, type Scope } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { endSftpSessions } from '../../services/endSftpSessions.js';
import { scopesForServer } from '../../services/policy.js';
import { deleteServerUserSchema, listServerUsersSchema, putServerUserSchema } from './schema.js';

/** /api/servers/{id}/user: the users of one server, for holders of editServerUsers. */
export default async function serverUsersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo } = app.panel;
  const config = { scope: serverActionScopes.usersEdit };

  const requireHeld = (own: readonly string[], scope: string) => requireScopes(own, scope as Scope);
  // Nor takes anything from someone who holds more on this server than they do (the owner, say).
  const requireOutranks = async (own: readonly string[], userId: number, serverId: string) => {
    for (const scope of await repo.permissions.serverScopes(userId, serverId)) requireHeld(own, scope);
  };

  r.get('/api/servers/:id/user', { schema: listServerUsersSchema, config }, async (request) => {
    const entries = [];
    for (const userId of await repo.permissions.usersOfServer(request.params.id)) {
      const user = await repo.users.byId(userId);
      if (!user) continue;
      const scopes = await repo.permissions.serverScopes(userId, request.params.id);
      entries.push({ email: user.email, username: user.username, ...permissionsFromScopes(scopes) });
    }
    return entries.sort((a, b) => a.email.localeCompare(b.email));
  });

  r.put('/api/servers/:id/user/:email', { schema: putServerUserSchema, config }, async (request, reply) => {
    const { id, email } = request.params;
    // Admins pass the scope check for any id: the server itself must exist.
    if (!(await repo.servers.byId(id))) throw new OutpostError('ErrNotFound', 'server not found', { id }, 404);
    const user = await repo.users.byEmail(email);
    if (!user) throw new OutpostError('ErrUserNotFound', 'user not found', { email });
    const flags = request.body;
    // Nobody hands out more than they hold on this server.
    const own = await scopesForServer(repo, request.session!.userId, id);
    for (const flag of serverPermissionFlags) {
      if (flags[flag]) requireHeld(own, serverPermissionScopes[flag]);
    }
    await requireOutranks(own, user.id, id);
    await repo.permissions.replace(user.id, id, scopesFromPermissions(flags));
    app.panel.sockets.closeFor(user.id, id);
    await endSftpSessions(request, { user: String(request.session!.userId), scopes: own }, user.id, id);
    return reply.code(204).send(null);
  });

  r.delete('/api/servers/:id/user/:user', { schema: deleteServerUserSchema, config }, async (request, reply) => {
    const { id, user: who } = request.params;
    const user = /^\d+$/.test(who) ? await repo.users.byId(Number(who)) : await repo.users.byEmail(who);
    if (!user) throw new OutpostError('ErrUserNotFound', 'user not found', { user: who });
    const own = await scopesForServer(repo, request.session!.userId, id);
    await requireOutranks(own, user.id, id);
    await repo.permissions.replace(user.id, id, []);
    app.panel.sockets.closeFor(user.id, id);
    await endSftpSessions(request, { user: String(request.session!.userId), scopes: own }, user.id, id);
    return reply.code(204).send(null);
  });
}
