import type { FastifyReply, FastifyRequest } from 'fastify';
import { setSessionCookie } from '../plugins/auth.js';
import { sessionScopes } from './policy/sessionScopes.js';
import { twoFactorRequired } from './policy/twoFactorRequired.js';
import { startSession } from './startSession.js';

/**
 * Opens a session for a user, sets the cookie and answers the SessionResponse, with
 * `twoFactorRequired` when the session may only set up two-factor login until the user has it.
 */
export async function signIn(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<{ session: string; scopes: string[]; twoFactorRequired?: true }> {
  const { repo, config } = request.server.panel;
  const { token, expiresAt } = await startSession(repo, userId, config.sessionMinutes * 60_000);
  setSessionCookie(request, reply, token, expiresAt);
  const scopes = await sessionScopes(repo, userId);
  return { session: token, scopes, ...((await twoFactorRequired(repo, userId, scopes)) ? { twoFactorRequired: true as const } : {}) };
}
