import { OutpostError } from '@outpost/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RequestSession } from '../context.js';
import type { Repositories } from '../db/repositories.js';
import { sessionScopes } from '../services/policy/sessionScopes.js';
import { hashSessionToken } from '../services/sessionTokens.js';

export const SESSION_COOKIE = 'outpost_session';
/**
 * PufferPanel 2's session cookie, which its clients send on the socket upgrade. Taken there
 * alone: the cross-site guard has refused an upgrade with another site's Origin by then.
 */
const PUFFER_COOKIE = 'puffer_auth';

/**
 * The session token from `Authorization: Bearer` or, for the browser, the session cookie. A
 * request that carries an Authorization header, even an empty one, is judged by it alone: a
 * client that signed out by dropping its token must not be signed in again by the cookie.
 */
export function readSessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header !== undefined) return /^bearer /i.test(header) ? header.slice(7).trim() || undefined : undefined;
  const upgrade = request.headers.upgrade?.toLowerCase() === 'websocket';
  return request.cookies?.[SESSION_COOKIE] || (upgrade ? request.cookies?.[PUFFER_COOKIE] : undefined) || undefined;
}

/** Resolves the caller's session or throws 401 ErrSessionTimedOut; an expired session is deleted on sight. */
export async function authenticate(request: FastifyRequest): Promise<RequestSession> {
  const token = readSessionToken(request);
  const timedOut = () => new OutpostError('ErrSessionTimedOut', 'Your session timed out, please log in again');
  if (!token || token.length > 200) throw timedOut();
  const { repo } = request.server.panel;
  const tokenHash = hashSessionToken(token);
  // Every request reads its session afresh from the database, or from memory when no write has
  // happened since (ReadCache): a logout or a deleted client is seen by the next request.
  const found = await repo.reads.get(`session:${tokenHash}`, () => readSession(repo, tokenHash));
  if (!found) throw timedOut();
  const { session, client, scopes } = found;
  if (session.expiresAt <= Date.now()) {
    await repo.sessions.delete(tokenHash);
    throw timedOut();
  }
  if (session.clientId === null) return { userId: session.userId, tokenHash, scopes: [...scopes] };
  // A client's token: the client must still exist (deleting it ends its tokens in the same
  // transaction; this also covers a token read just before). Its owner's scopes are read live.
  if (!client || client.userId !== session.userId) throw timedOut();
  return { userId: session.userId, tokenHash, scopes: [...scopes], client: { id: client.clientId, serverId: client.serverId } };
}

/** A session row with its client and the scopes it carries, as the database has them now. */
async function readSession(repo: Repositories, tokenHash: string) {
  const session = await repo.sessions.byHash(tokenHash);
  if (!session) return undefined;
  if (session.clientId === null) return { session, client: undefined, scopes: await sessionScopes(repo, session.userId) };
  const client = await repo.oauthClients.byId(session.clientId);
  const scopes = client && client.serverId === null ? await sessionScopes(repo, session.userId) : [];
  return { session, client, scopes };
}

/** Hands the browser its session: HttpOnly, SameSite=Strict, Secure when the request came over https. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: number): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
    expires: new Date(expiresAt),
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
