import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { serverActionScopes } from '@outpost/shared';
import type { SocketEvent } from '@outpost/shared';
import type { Daemon } from '../Daemon.js';
import { ServerSession } from '../servers/ServerSession.js';
import { DefaultMessageBudget, MessageBudget } from '../system/MessageBudget.js';

/**
 * Largest message a client may send: ws refuses a larger frame from its header (close 1009),
 * before buffering any of it. The panel sends at most 64 KiB; the rest is margin.
 */
export const SOCKET_MAX_PAYLOAD_BYTES = 128 * 1024;

// The panel applies its own budget per browser socket first; this one guards the node from
// anyone else who holds a token, with room for a panel forwarding what queued while it connected.
const budgetOptions = { perSecond: 2 * DefaultMessageBudget.perSecond, burst: 2 * DefaultMessageBudget.burst, closeAfterDropped: 2 * DefaultMessageBudget.closeAfterDropped };

// A client this far behind on console text is closed (1013, try again later) rather than
// letting the daemon's memory grow; on reconnect it replays what it missed.
const MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

// Every subscriber of a server gets the same console batch (the same array): encode it once.
const encodedBatches = new WeakMap<string[], string>();

function encode(event: SocketEvent): string {
  if (event.type !== 'console') return JSON.stringify(event);
  let text = encodedBatches.get(event.data.logs);
  if (text === undefined) {
    text = JSON.stringify(event);
    encodedBatches.set(event.data.logs, text);
  }
  return text;
}

/** GET /daemon/socket/{id}?token=…: the live connection, messages {type, data} both ways. */
export function socketRoutes(app: FastifyInstance, daemon: Daemon): void {
  app.get<{ Params: { id: string } }>(
    '/daemon/socket/:id',
    {
      websocket: true,
      config: { scope: serverActionScopes.connect },
      // Refuse an unknown server before the upgrade, with a status the client can read.
      preValidation: async (request) => void daemon.servers.get(request.params.id),
    },
    (socket: WebSocket, request) => {
      const server = daemon.servers.get(request.params.id);
      const send = (event: SocketEvent) => {
        if (socket.readyState !== socket.OPEN) return;
        if (event.type === 'console' && socket.bufferedAmount > MAX_BUFFERED_BYTES) {
          socket.close(1013, 'console consumer too slow');
          return;
        }
        socket.send(encode(event));
      };
      const session = new ServerSession(server, daemon.files, request.nodeToken!.scopes, send);
      const budget = new MessageBudget(budgetOptions);
      socket.on('message', (raw) => {
        const verdict = budget.take();
        if (verdict === 'close') return socket.close(1008, 'too many messages');
        if (verdict === 'warn') {
          send({ type: 'error', data: { code: 'ErrTooManyRequests', msg: 'Too many messages, slow down', metadata: { retryAfter: budget.retryAfter } } });
        }
        if (verdict !== 'accept') return;
        let message: unknown;
        try {
          message = JSON.parse(raw.toString());
        } catch {
          send({ type: 'error', data: { code: 'ErrInvalidJson', msg: 'The json data is invalid' } });
          return;
        }
        session.handle(message);
      });
      const offGone = server.onGone(() => socket.close(1000, 'server deleted'));
      socket.on('close', () => {
        offGone();
        session.close();
      });
      send({ type: 'status', data: { running: server.running } });
    },
  );
}
