import type { FastifyReply, FastifyRequest } from 'fastify';
import { setSessionCookie } from '../plugins/auth.js';
import { sessionScopes } from './policy/sessionScopes.js';
import { startSession } from './startSession.js';

/** Opens a session for a user, sets the cookie and answers the SessionResponse. */
export async function signIn(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<{ session: string; scopes: string[] }> {
  const { repo, config } = request.server.panel;
  const { token, expiresAt } = await startSession(repo, userId, config.sessionMinutes * 60_000);
  setSessionCookie(request, reply, token, expiresAt);
  return { session: token, scopes: await sessionScopes(repo, userId) };
}
