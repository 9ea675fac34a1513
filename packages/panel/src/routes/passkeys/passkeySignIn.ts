import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { OutpostError } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { emitFor } from '../../services/activity/emitFor.js';
import { PASSKEY_CHALLENGE_MS, PasskeyChallenges } from '../../services/passkeys/PasskeyChallenges.js';
import { passkeyOrigin } from '../../services/passkeys/passkeyOrigin.js';
import { PasskeyRefused, verifyPasskeySignIn } from '../../services/passkeys/verifyPasskeySignIn.js';
import { signIn } from '../../services/signIn.js';
import { passkeyLoginOptionsSchema, passkeyLoginSchema } from './schema.js';

/** The short-lived cookie that binds a passkey sign-in's challenge to the browser that asked for it. */
const PASSKEY_COOKIE = 'outpost_passkey';

/** /auth/passkey: sign-in with a passkey, which stands for password and one-time code together. */
export default async function passkeySignInRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo, failedLogins } = app.panel;
  const challenges = new PasskeyChallenges(repo.tickets, 'passkey.signIn');

  r.post('/auth/passkey/options', { schema: passkeyLoginOptionsSchema, config: { scope: 'public' } }, async (request, reply) => {
    const { origin, rpId } = await passkeyOrigin(request);
    const ticket = randomBytes(32).toString('base64url');
    const { challenge } = await challenges.open(ticket, origin, rpId);
    reply.setCookie(PASSKEY_COOKIE, ticket, { httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', path: '/auth', maxAge: PASSKEY_CHALLENGE_MS / 1000 });
    // No allowCredentials: the authenticator offers whichever passkeys it holds for this panel.
    // Verification is required: with the authenticator in hand, it is the second factor.
    const options = await generateAuthenticationOptions({ rpID: rpId, challenge: Buffer.from(challenge, 'base64url'), userVerification: 'required' });
    return { ...options, ticket };
  });

  r.post('/auth/passkey', { schema: passkeyLoginSchema, config: { scope: 'public' } }, async (request, reply) => {
    const ticket = request.body.ticket ?? request.cookies[PASSKEY_COOKIE];
    const challenge = await challenges.take(ticket);
    reply.clearCookie(PASSKEY_COOKIE, { path: '/auth' });
    if (!challenge) throw new OutpostError('ErrInvalidTokenState', 'no passkey sign-in is waiting: ask for options first', undefined, 400);
    // Counted like a password, per client address, before any signature is checked; the account
    // is the passkey's, so failed passwords for it from this address stop its passkeys too.
    const named = await repo.passkeys.byCredentialId(request.body.response.id);
    const owner = named ? await repo.users.byId(named.userId) : undefined;
    const attempt = await failedLogins.begin(request.ip, owner ? owner.email : 'passkey:unknown');
    let passkeyUser;
    try {
      passkeyUser = await verifyPasskeySignIn(repo, request.body.response, challenge);
    } catch (error) {
      if (!(error instanceof PasskeyRefused)) throw error;
      await emitFor(request, {
        event: 'auth.login.failed',
        actor: { type: 'user', id: owner ? String(owner.id) : null, name: owner?.username ?? 'passkey' },
        user: owner?.id ?? null,
        data: { username: owner?.email ?? '', reason: String(error.error.metadata?.reason ?? error.error.code), method: 'passkey' },
      });
      throw error.error;
    }
    await attempt.succeeded();
    const user = (await repo.users.byId(passkeyUser.userId))!;
    const answer = await signIn(request, reply, user.id);
    await emitFor(request, { event: 'auth.login', actor: { type: 'user', id: String(user.id), name: user.username }, data: { method: 'passkey' } });
    return answer;
  });
}
