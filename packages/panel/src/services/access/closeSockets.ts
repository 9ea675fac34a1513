import type { ClusterBus } from '../cluster/ClusterBus.js';
import type { OpenSockets } from './OpenSockets.js';

/** Which live connections an end of access closes, in words every panel of a cluster can act on. */
export type SocketClosing =
  /** Those opened with these sessions (token hashes). */
  | { sessions: string[] }
  /** A user's, but those of the session `keep`. */
  | { user: number; keep?: string }
  /** Those to one server: one user's, or everyone's. */
  | { server: string; user?: number }
  /** Those of session `from`, now `to`'s (a reauth replaced it): not closed. */
  | { move: string; to: string };

/** Sessions per message: 64 hex characters each stays well under NOTIFY's payload limit. */
const SESSIONS_PER_MESSAGE = 50;

/** Closes (or moves) this panel's connections `closing` names; answers how many closed. */
export function applyClosing(sockets: OpenSockets, closing: SocketClosing): number {
  if ('sessions' in closing) return closing.sessions.reduce((closed, session) => closed + sockets.closeForSession(session), 0);
  if ('move' in closing) {
    sockets.moveSession(closing.move, closing.to);
    return 0;
  }
  if ('server' in closing) return sockets.closeFor(closing.user, closing.server);
  return sockets.closeForUser(closing.user, closing.keep);
}

/**
 * Closes the connections `closing` names on this panel at once and tells every other panel on the
 * database to close theirs (the user may hold a console on any of them): answers how many closed here.
 */
export async function closeSockets(sockets: OpenSockets, bus: ClusterBus, closing: SocketClosing): Promise<number> {
  const closed = applyClosing(sockets, closing);
  if (!bus.shared) return closed;
  const parts =
    'sessions' in closing
      ? Array.from({ length: Math.ceil(closing.sessions.length / SESSIONS_PER_MESSAGE) }, (_, i) => ({ sessions: closing.sessions.slice(i * SESSIONS_PER_MESSAGE, (i + 1) * SESSIONS_PER_MESSAGE) }))
      : [closing];
  await Promise.all(parts.map((part) => bus.publish({ kind: 'sockets', closing: part })));
  return closed;
}
