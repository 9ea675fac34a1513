import { Type, type Static, type TSchema } from 'typebox';
import { ErrorBody } from './common.js';
import { ConsoleReplay, FileListing, ServerStats, ServerStatus, POWER_ACTIONS } from './serverApi.js';

// A server's live connection (/proxy/daemon/socket/{id} on the panel, /daemon/socket/{id} on a
// node): JSON messages {type, data} both ways (spec panel.md section 7, "WebSocket").

function message<Tag extends string, Data extends TSchema>(type: Tag, data: Data) {
  return Type.Object({ type: Type.Literal(type), data });
}

/**
 * Messages a client sends. Receivers also read the fields at the top level instead of under
 * `data` (clients of the spec send both), so a message is checked by its type, never refused
 * for where its fields sit.
 */
export const SocketRequest = Type.Union([
  Type.Object({ type: Type.Union([Type.Enum(POWER_ACTIONS), Type.Literal('stat'), Type.Literal('status')]), data: Type.Optional(Type.Unknown()) }),
  message('replay', Type.Optional(Type.Object({ since: Type.Optional(Type.Number()) }))),
  message('console', Type.Object({ command: Type.String() })),
  message('file', Type.Object({ action: Type.Optional(Type.Enum(['get', 'create', 'delete'])), path: Type.String() })),
]);
export type SocketRequest = Static<typeof SocketRequest>;

/**
 * What the panel sends a browser (spec panel.md section 7: status, stat, console, file, and no
 * other type). A refused request comes as a `[DAEMON]` console line without an epoch, and only
 * to holders of server.console.
 */
export const BrowserSocketEvent = Type.Union([
  message('status', ServerStatus),
  message('stat', ServerStats),
  message('console', Type.Object({ logs: Type.Array(Type.String()), epoch: Type.Optional(Type.Number()) })),
  message('file', FileListing),
]);
export type BrowserSocketEvent = Static<typeof BrowserSocketEvent>;

/** A refused request as the browser sees it: one console line. */
export function refusalLine(msg: string): BrowserSocketEvent {
  return { type: 'console', data: { logs: [`[DAEMON] ${msg}\n`] } };
}

/**
 * Messages a node's live connection sends the panel; `console` only to holders of server.console.
 * `error` stays between node and panel: the panel turns it into a refusalLine for the browser.
 */
export const SocketEvent = Type.Union([
  message('status', ServerStatus),
  message('stat', ServerStats),
  message('console', ConsoleReplay),
  message('file', FileListing),
  message('error', ErrorBody.properties.error),
]);
export type SocketEvent = Static<typeof SocketEvent>;

/**
 * A request with its fields under `data`: clients of the spec send them at the top level
 * (`{"type":"console","command":"say hi"}`), the web app under `data`; fields under `data` win.
 * Anything that is not an object comes back as it is, for the receiver to refuse.
 */
export function socketRequestFields(message: unknown): unknown {
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return message;
  const { type, data, ...top } = message as Record<string, unknown>;
  const inner = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  return { type, data: { ...top, ...inner } };
}
