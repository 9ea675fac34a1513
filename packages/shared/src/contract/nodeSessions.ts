import type { ErrorBody } from './common.js';
import type { SocketEvent } from './socket.js';

// GET /daemon/sessions: the panel's one WebSocket to a node, carrying every live server connection
// it opens there (what /daemon/socket/{id} carries one of). Each session is opened with its own
// node token, so the node checks each caller as it would on its own socket. What the node would
// send several sessions at once (a console batch to everyone watching) travels once, naming them all.

/** What the panel sends: open a session on a server, pass a SocketRequest on, close a session. */
export type SessionsRequest = { open: number; server: string; token: string } | { session: number; message: unknown } | { close: number };

/**
 * What the node sends, in order per session: whether it opened, its events, and its end. A panel
 * that opens the socket with `frames=console` gets each console event as a binary frame instead:
 * `{"sessions":[...]}`, a newline, then the event's JSON exactly as a browser is sent it, so the
 * panel forwards those bytes without parsing or encoding them again.
 */
export type SessionsFrame =
  | { opened: number }
  | { refused: number; status: number; error: ErrorBody['error'] }
  | { sessions: number[]; event: SocketEvent }
  | { closed: number };
