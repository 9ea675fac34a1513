import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { daemonRouteSchemas, OutpostError, serverActionScopes } from '@outpost/shared';
import type { NodeClient, ServerSocket, SocketEvent, SocketRequest } from '@outpost/shared';
import { DefaultMessageBudget, MessageBudget, cutOffFlood } from '../system/MessageBudget.js';
import { callerOf } from './authorize.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The live connection NodeApi opened before the upgrade, for the socket handler to carry. */
    serverSocket?: ServerSocket;
  }
}

/**
 * Largest message a client may send: ws refuses a larger frame from its header (close 1009),
 * before buffering any of it. The panel sends at most 64 KiB; the rest is margin.
 */
export const SOCKET_MAX_PAYLOAD_BYTES = 128 * 1024;

// The panel applies its own budget per browser socket first; this one guards the node from
// anyone else who holds a token, with room for a panel forwarding what queued while it connected.
export const nodeSocketBudget = { perSecond: 2 * DefaultMessageBudget.perSecond, burst: 2 * DefaultMessageBudget.burst, closeAfterDropped: 2 * DefaultMessageBudget.closeAfterDropped };

// A client this far behind on console text is closed (1013, try again later) rather than
// letting the daemon's memory grow; on reconnect it replays what it missed.
export const NODE_SOCKET_MAX_BUFFERED_BYTES = 16 * 1024 * 1024;

// Every subscriber of a server gets the same console batch (the same array): encode it once.
const encodedBatches = new WeakMap<string[], string>();

/** An event's JSON; a console batch's once, whichever sockets and sessions send it. */
export function encodeEvent(event: SocketEvent): string {
  if (event.type !== 'console') return JSON.stringify(event);
  let text = encodedBatches.get(event.data.logs);
  if (text === undefined) {
    text = JSON.stringify(event);
    encodedBatches.set(event.data.logs, text);
  }
  return text;
}

/**
 * GET /daemon/socket/{id}?token=…: the live connection, messages {type, data} both ways. It is
 * NodeApi's connect carried over a WebSocket: this route adds only what a network needs (frame
 * and rate budgets, JSON, a slow reader's limit).
 */
export function socketRoutes(app: FastifyInstance, api: NodeClient): void {
  app.get<{ Params: { id: string } }>(
    '/daemon/socket/:id',
    {
      websocket: true,
      schema: daemonRouteSchemas['GET /daemon/socket/:id'],
      config: { scope: serverActionScopes.connect },
      // Connect before the upgrade, so a refusal (unknown server, missing scope) is a status the client can read.
      preValidation: async (request) => {
        // A plain GET is answered 404 by the websocket plugin: it must not open a session nobody reads.
        if (!request.ws) return;
        const remote = await api.connect(callerOf(request), request.params.id);
        request.serverSocket = remote;
        // Whatever happens to the upgrade, the connection ends with its TCP socket.
        request.raw.socket.once('close', () => remote.close());
      },
    },
    (socket: WebSocket, request) => {
      const remote = request.serverSocket!;
      const send = (event: SocketEvent) => {
        if (socket.readyState !== socket.OPEN) return;
        if (event.type === 'console' && socket.bufferedAmount > NODE_SOCKET_MAX_BUFFERED_BYTES) {
          socket.close(1013, 'console consumer too slow');
          return;
        }
        socket.send(encodeEvent(event));
      };
      const budget = new MessageBudget(nodeSocketBudget);
      socket.on('message', (raw) => {
        const verdict = budget.take();
        if (verdict === 'close') return cutOffFlood(socket);
        if (verdict === 'warn') {
          send({ type: 'error', data: new OutpostError('ErrTooManyRequests', 'Too many messages, slow down', { retryAfter: budget.retryAfter }).toBody().error });
        }
        if (verdict !== 'accept') return;
        let message: unknown;
        try {
          message = JSON.parse(raw.toString());
        } catch {
          send({ type: 'error', data: { code: 'ErrInvalidJson', msg: 'The json data is invalid' } });
          return;
        }
        // The session checks each message against the table, then its fields (SocketRequest), and
        // answers a malformed one with an error event. Refusing here instead would answer ahead of
        // the session's queued events and before its scope check, changing what a client sees.
        remote.send(message as SocketRequest);
      });
      remote.onEvent(send);
      // The connection closes by itself only when its server is deleted.
      void remote.closed.then(() => socket.close(1000, 'server deleted'));
      socket.on('close', () => remote.close());
    },
  );
}
