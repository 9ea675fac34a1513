import { OutpostError, assertEmail, permissionsFromScopes, requireScopes, scopesFromPermissions, serverActionScopes, serverPermissionFlags, serverPermissionScopes, type Scope } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { emitFor } from '../../services/activity/emitFor.js';
import { endAccess } from '../../services/access/endAccess.js';
import { inviteToServer } from '../../services/inviteToServer.js';
import { normaliseEmail } from '../../services/normaliseEmail.js';
import { panelLink } from '../../services/mail/panelLink.js';
import { scopesForServer } from '../../services/policy/policy.js';
import { deleteServerUserSchema, listServerUsersSchema, putServerUserSchema } from './schema.js';

/** The flags a request turns on, as the activity entry lists them. */
const flagsOn = (flags: Partial<Record<string, unknown>>) => serverPermissionFlags.filter((flag) => !!flags[flag]);

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
  // A pending invitation stays its inviter's: only someone holding all it grants, and all its
  // inviter holds here (an administrator's only by another), withdraws or replaces it.
  const requireOutranksInvitation = async (own: readonly string[], serverId: string, email: string) => {
    const invitation = (await repo.invitations.ofServer(serverId, Date.now())).find((pending) => pending.email === email);
    if (!invitation) return;
    for (const scope of invitation.scopes) requireHeld(own, scope);
    if (invitation.invitedBy !== null) for (const scope of await scopesForServer(repo, invitation.invitedBy, serverId)) requireHeld(own, scope);
  };

  /** Tells a user they gained or lost access to a server; changes of flags alone are not mailed. */
  const mailAccessChange = async (actorId: number, userId: number, server: { id: string; name: string }, had: boolean, has: boolean) => {
    if (had === has || actorId === userId) return;
    const inviter = (await repo.users.byId(actorId))?.username ?? '';
    const values = { server: server.name, inviter };
    if (has) app.panel.mail.toUser(userId, { kind: 'serverAdded', values, link: await panelLink(repo, `/server/${server.id}`) });
    else app.panel.mail.toUser(userId, { kind: 'serverRemoved', values });
  };

  r.get('/api/servers/:id/user', { schema: listServerUsersSchema, config }, async (request) => {
    const entries = [];
    for (const userId of await repo.permissions.usersOfServer(request.params.id)) {
      const user = await repo.users.byId(userId);
      if (!user) continue;
      const scopes = await repo.permissions.serverScopes(userId, request.params.id);
      entries.push({ email: user.email, username: user.username, ...permissionsFromScopes(scopes) });
    }
    for (const invitation of await repo.invitations.ofServer(request.params.id, Date.now())) {
      entries.push({ email: invitation.email, pending: true, ...permissionsFromScopes(invitation.scopes) });
    }
    return entries.sort((a, b) => a.email.localeCompare(b.email));
  });

  r.put('/api/servers/:id/user/:email', { schema: putServerUserSchema, config }, async (request, reply) => {
    const { id, email } = request.params;
    // Admins pass the scope check for any id: the server itself must exist.
    const server = await repo.servers.byId(id);
    if (!server) throw new OutpostError('ErrNotFound', 'server not found', { id }, 404);
    const user = await repo.users.byEmail(email);
    const flags = request.body;
    // Nobody hands out more than they hold on this server.
    const own = await scopesForServer(repo, request.session!.userId, id);
    for (const flag of serverPermissionFlags) {
      if (flags[flag]) requireHeld(own, serverPermissionScopes[flag]);
    }
    if (!user) {
      // An email without an account: invite it, with these permissions waiting for it.
      const invitee = normaliseEmail(email);
      assertEmail(invitee);
      await requireOutranksInvitation(own, id, invitee);
      await inviteToServer(repo, app.panel.mail, { email: invitee, serverId: id, scopes: scopesFromPermissions(flags), inviterId: request.session!.userId });
      await emitFor(request, { event: 'server.user.invited', server: id, data: { email: invitee, permissions: flagsOn(flags) } });
      return reply.code(204).send(null);
    }
    await requireOutranks(own, user.id, id);
    await requireOutranksInvitation(own, id, user.email);
    const before = await repo.permissions.serverScopes(user.id, id);
    await repo.permissions.replace(user.id, id, scopesFromPermissions(flags));
    // An invitation the email still had here is superseded by the account's own entry.
    await repo.invitations.deleteFor(id, user.email);
    await mailAccessChange(request.session!.userId, user.id, server, before.length > 0, scopesFromPermissions(flags).length > 0);
    await endAccess(request, { ended: 'serverScopes', userId: user.id, serverId: id });
    const target = { id: user.id, username: user.username, email: user.email };
    const permissions = flagsOn(flags);
    if (before.length === 0) await emitFor(request, { event: 'server.user.added', server: id, data: { user: target, permissions } });
    else if (permissions.length === 0) await emitFor(request, { event: 'server.user.removed', server: id, data: { user: target } });
    else await emitFor(request, { event: 'server.user.permissions', server: id, data: { user: target, permissions } });
    return reply.code(204).send(null);
  });

  r.delete('/api/servers/:id/user/:user', { schema: deleteServerUserSchema, config }, async (request, reply) => {
    const { id, user: who } = request.params;
    const byId = /^\d+$/.test(who);
    const user = byId ? await repo.users.byId(Number(who)) : await repo.users.byEmail(who);
    // Every rank check comes before any change, and an account that holds nothing on this server
    // is answered as one that does not exist: the route tells no one which ids or emails exist.
    const own = await scopesForServer(repo, request.session!.userId, id);
    // A pending invitation is withdrawn by its email.
    if (!byId) await requireOutranksInvitation(own, id, normaliseEmail(who));
    if (user) await requireOutranks(own, user.id, id);
    const before = user ? await repo.permissions.serverScopes(user.id, id) : [];
    const withdrawn = byId ? 0 : await repo.invitations.deleteFor(id, normaliseEmail(who));
    if (!user || before.length === 0) {
      if (withdrawn > 0) return reply.code(204).send(null);
      throw new OutpostError('ErrUserNotFound', 'user not found', { user: who });
    }
    await repo.permissions.replace(user.id, id, []);
    const server = await repo.servers.byId(id);
    if (server) await mailAccessChange(request.session!.userId, user.id, server, true, false);
    await endAccess(request, { ended: 'serverScopes', userId: user.id, serverId: id });
    await emitFor(request, { event: 'server.user.removed', server: id, data: { user: { id: user.id, username: user.username, email: user.email } } });
    return reply.code(204).send(null);
  });
}
