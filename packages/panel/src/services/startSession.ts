import type { Repositories } from '../db/repositories.js';
import { hashSessionToken, newSessionToken } from './sessionTokens.js';

/** Opens a session of fixed length for a user; answers the token (never stored) and its expiry. */
export async function startSession(repo: Repositories, userId: number, lifetimeMs: number): Promise<{ token: string; expiresAt: number }> {
  const token = newSessionToken();
  const expiresAt = Date.now() + lifetimeMs;
  await repo.sessions.insert(hashSessionToken(token), userId, expiresAt);
  return { token, expiresAt };
}
