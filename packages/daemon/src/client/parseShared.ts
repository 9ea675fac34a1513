import type { SocketEvent } from '@outpost/shared';
import type WebSocket from 'ws';

let last: { raw: Buffer; event: SocketEvent } | undefined;

/**
 * A node message as an event. The node sends every socket of a server the same console batch,
 * byte for byte: the same bytes again answer the same (read-only) event, parsed once, so the
 * panel also serializes it once for all its sockets (routes/proxy/socketProxy.ts).
 */
export function parseShared(raw: WebSocket.RawData): SocketEvent {
  if (Buffer.isBuffer(raw) && last && raw.equals(last.raw)) return last.event;
  const event = JSON.parse(raw.toString()) as SocketEvent;
  if (Buffer.isBuffer(raw) && event.type === 'console') last = { raw, event };
  return event;
}
