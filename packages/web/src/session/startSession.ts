import type { SessionResponse } from '@outpost/shared';
import { sessionStore } from './sessionStore';
import { homePath } from './homePath';

/** Stores the scopes of a session the server just issued and answers where to go next. */
export function startSession(answer: SessionResponse): string {
  const scopes = answer.scopes ?? [];
  sessionStore.save(scopes);
  return homePath(scopes);
}
