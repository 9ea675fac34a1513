import { OutpostError, SettingKeys, assertConfirmation } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { clearSessionCookie, readSessionToken, SESSION_COOKIE } from '../../plugins/auth.js';
import { checkNewUser, createUser } from '../../services/createUser.js';
import { checkCredentials } from '../../services/checkCredentials.js';
import { normaliseEmail } from '../../services/normaliseEmail.js';
import { endAccess } from '../../services/access/endAccess.js';
import { useOtpCode } from '../../services/otpCodes.js';
import { readRecoveryCode, useRecoveryCode } from '../../services/recoveryCodes.js';
import { readSetting } from '../../services/panelSettings.js';
import { PENDING_LOGIN_COOKIE, PENDING_LOGIN_MS } from '../../services/pendingLogins.js';
import { hashSessionToken } from '../../services/sessionTokens.js';
import { signIn } from '../../services/signIn.js';
import { emitFor } from '../../services/activity/emitFor.js';
import { loginSchema, logoutSchema, otpLoginSchema, reauthSchema, registerSchema } from './schema.js';

// Wrong credentials answer 400, not 401: the web app treats any 401 as "session timed out".
const invalidCredentials = () => new OutpostError('ErrInvalidCredentials', 'invalid credentials', undefined, 400);

/** /auth: register, login (with its one-time-code step), reauth, logout. */
export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo, failedLogins, pendingLogins, registrations } = app.panel;

  r.post('/auth/register', { schema: registerSchema, config: { scope: 'public' } }, async (request, reply) => {
    if ((await readSetting(repo, SettingKeys.registrationEnabled)) === 'false') {
      throw new OutpostError('ErrNoPermission', 'registration is disabled');
    }
    const input = checkNewUser(request.body);
    assertConfirmation(request.body, 'password');
    // Counted once the fields are sound, so a typo does not spend it, but every probe does.
    await registrations.take(request.ip);
    // A taken username or email answers 409. That tells a prober an email is taken, but no more
    // cheaply than an answer alike for both would: a sign-in with the chosen password after it
    // works only where the email was free. Each free email costs a real account, and the budget
    // above limits registrations per client address.
    const userId = await createUser(repo, { ...input, scopes: [] });
    const answer = await signIn(request, reply, userId);
    return { token: answer.session, ...answer };
  });

  r.post('/auth/login', { schema: loginSchema, config: { scope: 'public' } }, async (request, reply) => {
    const { email, password } = request.body;
    // Counted per account and client address before the account is looked up or any password hashed.
    const user = await failedLogins.guard(request.ip, normaliseEmail(email), (rank) => checkCredentials(repo, email, password, rank));
    if (!user) {
      const tried = await repo.users.byEmail(normaliseEmail(email));
      await emitFor(request, {
        event: 'auth.login.failed',
        actor: { type: 'user', id: tried ? String(tried.id) : null, name: tried?.username ?? email.slice(0, 255) },
        user: tried?.id ?? null,
        data: { username: email.slice(0, 255), reason: 'ErrInvalidCredentials' },
      });
      throw invalidCredentials();
    }
    if (user.otp_active && user.otp_secret) {
      const ticket = await pendingLogins.open(user.id);
      reply.setCookie(PENDING_LOGIN_COOKIE, ticket, {
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        path: '/auth',
        maxAge: PENDING_LOGIN_MS / 1000,
      });
      // Also in the answer, for clients that keep no cookies: it is worth nothing without the code.
      return { otpNeeded: true, ticket };
    }
    const answer = await signIn(request, reply, user.id);
    await emitFor(request, { event: 'auth.login', actor: { type: 'user', id: String(user.id), name: user.username }, data: { method: 'password' } });
    return answer;
  });

  r.post('/auth/otp', { schema: otpLoginSchema, config: { scope: 'public' } }, async (request, reply) => {
    const ticket = request.body.ticket ?? request.cookies[PENDING_LOGIN_COOKIE];
    const userId = await pendingLogins.peek(ticket);
    const user = userId === undefined ? undefined : await repo.users.byId(userId);
    if (!ticket || !user?.otp_active || !user.otp_secret) {
      throw new OutpostError('ErrInvalidTokenState', 'no login is waiting for a one-time code', undefined, 400);
    }
    // Six digits are guessable: codes are counted like passwords, before they are checked.
    const attempt = await failedLogins.begin(request.ip, `otp:${user.id}`);
    const actor = { type: 'user', id: String(user.id), name: user.username } as const;
    // A recovery code goes in the same field; its format (16 letters and digits) tells it apart.
    const recovery = readRecoveryCode(request.body.token) !== undefined;
    try {
      if (!recovery) await useOtpCode(repo, user.id, user.otp_secret, request.body.token);
      else if (!(await useRecoveryCode(repo, user.id, request.body.token))) throw new OutpostError('ErrTokenInvalid', 'token is invalid', undefined, 400);
    } catch (error) {
      const reason = error instanceof OutpostError ? error.code : 'ErrGeneric';
      await emitFor(request, { event: 'auth.login.failed', actor, data: { username: user.username, reason: reason ?? 'ErrGeneric' } });
      throw error;
    }
    await attempt.succeeded();
    await pendingLogins.close(ticket);
    reply.clearCookie(PENDING_LOGIN_COOKIE, { path: '/auth' });
    const answer = await signIn(request, reply, user.id);
    if (!recovery) {
      await emitFor(request, { event: 'auth.login', actor, data: { method: 'otp' } });
      return answer;
    }
    const recoveryCodesLeft = await repo.recoveryCodes.count(user.id);
    await emitFor(request, { event: 'auth.login', actor, data: { method: 'recovery', recoveryCodesLeft } });
    return { ...answer, recoveryCodesLeft };
  });

  r.post('/auth/reauth', { schema: reauthSchema, config: { scope: 'session', twoFactorSetup: true } }, async (request, reply) => {
    const session = request.session!;
    const answer = await signIn(request, reply, session.userId);
    await endAccess(request, { ended: 'replaced', tokenHash: session.tokenHash, by: hashSessionToken(answer.session) });
    return answer;
  });

  r.post('/auth/logout', { schema: logoutSchema, config: { scope: 'public' } }, async (request, reply) => {
    // Both credentials the caller holds end here: the one it sent and the cookie beside it.
    const tokens = new Set([readSessionToken(request), request.cookies?.[SESSION_COOKIE]]);
    const tokenHashes = [...tokens].filter((token): token is string => !!token && token.length <= 200).map(hashSessionToken);
    await endAccess(request, { ended: 'signOut', tokenHashes });
    clearSessionCookie(reply);
    return reply.code(204).send(null);
  });
}
