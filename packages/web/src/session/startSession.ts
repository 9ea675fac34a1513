import type { SessionResponse } from '@outpost/shared';
import { sessionStore } from './sessionStore';
import { homePath } from './homePath';

/**
 * Stores the scopes of a session the server just issued and answers where to go next. A session
 * that must set up two-factor login first is marked: RequireSession then shows only that set-up.
 */
export function startSession(answer: SessionResponse): string {
  const scopes = answer.scopes ?? [];
  sessionStore.save(scopes, answer.twoFactorRequired === true);
  return homePath(scopes);
}
