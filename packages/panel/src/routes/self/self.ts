import { OutpostError, assertConfirmation, assertEmail, assertPassword, assertUsername } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { emitFor } from '../../services/activity/emitFor.js';
import { normaliseEmail } from '../../services/normaliseEmail.js';
import { assertAvailable } from '../../services/createUser.js';
import { endAccess } from '../../services/access/endAccess.js';
import { hashPassword, verifyPassword } from '../../services/passwords.js';
import { twoFactorRequired } from '../../services/policy/twoFactorRequired.js';
import { getSelfSchema, updateSelfSchema } from './schema.js';

/** GET/PUT /api/self: the caller's own account. */
export default async function selfRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo } = app.panel;

  async function present(userId: number, scopes: string[]) {
    const user = await repo.users.byId(userId);
    if (!user) throw new OutpostError('ErrSessionTimedOut', 'Your session timed out, please log in again');
    const mustSetUp = await twoFactorRequired(repo, user.id, scopes);
    return { id: user.id, username: user.username, email: user.email, otpActive: user.otp_active === 1, scopes, ...(mustSetUp ? { twoFactorRequired: true } : {}) };
  }

  // An account's OAuth2 client reads the account too; changing it stays with the person.
  r.get('/api/self', { schema: getSelfSchema, config: { scope: 'session', clients: 'account', twoFactorSetup: true } }, async (request) => {
    return present(request.session!.userId, request.session!.scopes);
  });

  r.put('/api/self', { schema: updateSelfSchema, config: { scope: 'session' } }, async (request) => {
    const { userId, tokenHash, scopes } = request.session!;
    const { username, password, newPassword } = request.body;
    const email = request.body.email === undefined ? undefined : normaliseEmail(request.body.email);
    if (username !== undefined) assertUsername(username);
    if (email !== undefined) assertEmail(email);
    if (newPassword !== undefined) assertPassword(newPassword, 'newPassword');
    assertConfirmation(request.body, 'newPassword');
    const user = await repo.users.byId(userId);
    // 400, not 401: a wrong current password must not sign the user out of the web app.
    if (!user || !(await verifyPassword(user.password_hash, password))) {
      throw new OutpostError('ErrInvalidCredentials', 'invalid credentials', { field: 'password' }, 400);
    }
    await assertAvailable(repo, { username, email }, userId);
    await repo.users.update(userId, { username, email, passwordHash: newPassword === undefined ? undefined : await hashPassword(newPassword) });
    const name = username ?? user.username;
    // Told at the old address, where the owner still reads if someone else took the account.
    if (email !== undefined && email !== user.email) {
      app.panel.mail.toAddress(user.email, { kind: 'emailChanged', name, values: { username: name, email } }, userId);
      await emitFor(request, { event: 'auth.email.changed', data: {} });
    }
    if (newPassword !== undefined) {
      app.panel.mail.toUser(userId, { kind: 'passwordChanged', values: { username: name } });
      await emitFor(request, { event: 'auth.password.changed', data: {} });
      await repo.passwordResets.deleteForUser(userId);
    }
    // A new password signs out every other session (and their sockets) and every SFTP session,
    // which the old password opened; this session stays.
    if (newPassword !== undefined) await endAccess(request, { ended: 'password', userId, keep: tokenHash });
    return present(userId, scopes);
  });
}
