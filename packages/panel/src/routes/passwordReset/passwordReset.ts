import { OutpostError, assertConfirmation, assertEmail } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { emitFor } from '../../services/activity/emitFor.js';
import { endAccess } from '../../services/access/endAccess.js';
import { isMailConfigured } from '../../services/mail/mailSettings.js';
import { normaliseEmail } from '../../services/normaliseEmail.js';
import { requestPasswordReset, resetPassword } from '../../services/passwordReset.js';
import { forgotPasswordSchema, resetPasswordSchema } from './schema.js';

/** /auth/password: forgot password (a mailed single-use link) and the reset itself. */
export default async function passwordResetRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo, mail, resetRequests } = app.panel;
  const config = { scope: 'public' as const };

  r.post('/auth/password/forgot', { schema: forgotPasswordSchema, config }, async (request, reply) => {
    const email = normaliseEmail(request.body.email);
    assertEmail(email);
    // Says nothing about the account: without a provider no email could get a link.
    if (!(await isMailConfigured(repo))) throw new OutpostError('ErrEmailNotConfigured', 'email not configured');
    // Counted per client address and per email, before anything is looked up.
    await resetRequests.perAddress.take(request.ip);
    await resetRequests.perEmail.take(email);
    requestPasswordReset(repo, mail, email);
    return reply.code(204).send(null);
  });

  r.post('/auth/password/reset', { schema: resetPasswordSchema, config }, async (request, reply) => {
    // Before the link is looked at, so a mistyped repeat does not use it up.
    assertConfirmation(request.body, 'password');
    const userId = await resetPassword(repo, request.body.token, request.body.password);
    await endAccess(request, { ended: 'password', userId });
    const user = await repo.users.byId(userId);
    if (user) mail.toUser(userId, { kind: 'passwordChanged', values: { username: user.username } });
    // By the account's owner, through the link mailed to them.
    await emitFor(request, { event: 'auth.password.changed', actor: { type: 'user', id: String(userId), name: user?.username ?? String(userId) }, data: {} });
    return reply.code(204).send(null);
  });
}
