import {
  OutpostError,
  Scopes,
  UserListQuery,
  assertEmail,
  assertPassword,
  assertUsername,
  hasScope,
  panelPermissionFlags,
  panelPermissionScopes,
  panelScopes,
  panelScopesFromFlags,
} from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { RequestSession } from '../../context.js';
import type { Repositories } from '../../db/repositories.js';
import type { UserRow } from '../../db/users.js';
import { assertQueryNumbers } from '../../services/assertQueryNumbers.js';
import { assertAvailable, checkNewUser, createUser } from '../../services/createUser.js';
import { deleteUser } from '../../services/deleteUser.js';
import { endAccess } from '../../services/access/endAccess.js';
import { normaliseEmail } from '../../services/normaliseEmail.js';
import { lastAdminError, panelRank } from '../../services/policy/panelRank.js';
import { sendAccountCreated } from '../../services/mail/sendAccountCreated.js';
import { hashPassword } from '../../services/passwords.js';
import { emitFor } from '../../services/activity/emitFor.js';
import { createUserSchema, deleteUserSchema, firstAdminSchema, getUserPermsSchema, getUserSchema, listUsersSchema, putUserPermsSchema, updateUserSchema } from './schema.js';

const present = (user: UserRow) => ({ id: user.id, username: user.username, email: user.email });

async function existing(repo: Repositories, id: number): Promise<UserRow> {
  const user = await repo.users.byId(id);
  if (!user) throw new OutpostError('ErrUserNotFound', 'user not found', { id }, 404);
  return user;
}

/**
 * An OAuth2 client's token never acts on its owner's account (that is the person's, through the
 * account routes, which ask for the current password) and never sets anyone's password or email.
 */
function refuseClient(session: RequestSession, targetId: number, changesLogin = false): void {
  if (session.client && (targetId === session.userId || changesLogin)) {
    throw new OutpostError('ErrMissingScope', "OAuth2 clients cannot change an account's password or email, nor act on their owner's account", { scope: 'session' }, 403);
  }
}

/** /api/users: the panel's accounts and their panel-level rights (spec panel.md section 7, Users). */
export default async function usersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo, mail } = app.panel;
  const rank = panelRank(repo);
  const view = { scope: Scopes.UsersView };
  const edit = { scope: Scopes.UsersEdit };

  r.get('/api/users', { schema: listUsersSchema, config: view }, async (request) => {
    assertQueryNumbers(UserListQuery, request.query);
    const { page = 1, limit = 10, username, email } = request.query;
    const { rows, total } = await repo.users.page({ offset: (page - 1) * limit, limit, match: { username, email } });
    return { users: rows.map(present), paging: { page, limit, total } };
  });

  r.post('/api/users', { schema: createUserSchema, config: edit }, async (request) => {
    const input = checkNewUser(request.body);
    const id = await createUser(repo, { ...input, scopes: [] });
    await sendAccountCreated(repo, mail, id);
    return present(await existing(repo, id));
  });

  // Any signed-in user may ask: the answer only tells whether the first-administrator hint applies.
  r.get('/api/users/firstAdmin', { schema: firstAdminSchema, config: { scope: 'session' } }, async () => ({
    needed: (await repo.permissions.usersHolding(Scopes.ServersAdmin)).length === 0,
  }));

  r.get('/api/users/:id', { schema: getUserSchema, config: view }, async (request) => present(await existing(repo, request.params.id)));

  r.post('/api/users/:id', { schema: updateUserSchema, config: edit }, async (request) => {
    const { id } = request.params;
    const { username, password } = request.body;
    const email = request.body.email === undefined ? undefined : normaliseEmail(request.body.email);
    if (username !== undefined) assertUsername(username);
    if (email !== undefined) assertEmail(email);
    if (password !== undefined) assertPassword(password);
    const before = await existing(repo, id);
    const session = request.session!;
    const changesLogin = password !== undefined || (email !== undefined && email !== before.email);
    refuseClient(session, id, changesLogin);
    await rank.requireOutranks(session.userId, await rank.held(session.userId), id);
    // A password or email is the account: setting it takes the account over, so two users.edit
    // holders could take each other's. Administrators only; one's own goes through /api/self.
    if (changesLogin && !hasScope(session.scopes, Scopes.ServersAdmin)) {
      throw new OutpostError('ErrMissingScope', "only an administrator may set a password or email here; your own you change on your account", { scope: Scopes.ServersAdmin }, 403);
    }
    await assertAvailable(repo, { username, email }, id);
    await repo.users.update(id, { username, email, passwordHash: password === undefined ? undefined : await hashPassword(password) });
    // The owner hears of it as when they change it themself: an email change at the old address.
    const name = username ?? before.username;
    if (email !== undefined && email !== before.email) mail.toAddress(before.email, { kind: 'emailChanged', name, values: { username: name, email } }, id);
    if (password !== undefined) {
      mail.toUser(id, { kind: 'passwordChanged', values: { username: name } });
      await repo.passwordResets.deleteForUser(id);
    }
    // The old password opened sessions that must not outlive it (the editor's own stays).
    if (password !== undefined) await endAccess(request, { ended: 'password', userId: id, keep: session.userId === id ? session.tokenHash : undefined });
    // On the account's own log too (user), with the administrator as the actor.
    if (email !== undefined && email !== before.email) await emitFor(request, { event: 'auth.email.changed', user: id, data: {} });
    if (password !== undefined) await emitFor(request, { event: 'auth.password.changed', user: id, data: {} });
    return present(await existing(repo, id));
  });

  r.delete('/api/users/:id', { schema: deleteUserSchema, config: edit }, async (request, reply) => {
    const { id } = request.params;
    await existing(repo, id);
    refuseClient(request.session!, id);
    const callerId = request.session!.userId;
    await rank.requireOutranks(callerId, await rank.held(callerId), id);
    await deleteUser(request, id);
    return reply.code(204).send(null);
  });

  r.get('/api/users/:id/perms', { schema: getUserPermsSchema, config: view }, async (request) => {
    await existing(repo, request.params.id);
    const held = await repo.permissions.panelScopes(request.params.id);
    const flags = Object.fromEntries(panelPermissionFlags.map((flag) => [flag, held.includes(panelPermissionScopes[flag])]));
    return { scopes: panelScopes.filter((scope) => held.includes(scope)), ...flags };
  });

  r.put('/api/users/:id/perms', { schema: putUserPermsSchema, config: edit }, async (request, reply) => {
    const { id } = request.params;
    await existing(repo, id);
    refuseClient(request.session!, id);
    const callerId = request.session!.userId;
    const own = await rank.held(callerId);
    const before = await repo.permissions.panelScopes(id);
    const after = [...new Set(request.body.scopes ?? panelScopesFromFlags(request.body))];
    await rank.requireOutranks(callerId, own, id);
    rank.requireHeldChanges(own, before, after);
    // Scopes are read on every request, so the change holds from the user's next call on.
    if (!(await repo.permissions.replacePanelKeepingAdmin(id, after))) throw lastAdminError(id);
    await endAccess(request, { ended: 'panelScopes', userId: id, lost: before.filter((scope) => !after.some((kept) => kept === scope)) });
    return reply.code(204).send(null);
  });
}
