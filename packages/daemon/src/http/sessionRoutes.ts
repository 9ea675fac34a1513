import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { daemonRouteSchemas, OutpostError } from '@outpost/shared';
import type { NodeClient, ServerSocket, SocketRequest } from '@outpost/shared';
import { verifyNodeToken } from '../auth/nodeToken.js';
import { MessageBudget } from '../system/MessageBudget.js';
import { AnyNodeToken } from './authorize.js';
import { SessionOutbox } from './SessionOutbox.js';
import { encodeEvent, NODE_SOCKET_MAX_BUFFERED_BYTES, nodeSocketBudget } from './socketRoutes.js';

/** Sessions one socket may hold at once: a panel opens one per browser socket on this node. */
export const MAX_SESSIONS_PER_SOCKET = 10_000;

interface Session {
  remote?: ServerSocket;
  budget: MessageBudget;
  /** Closed by the panel while its connect was still running. */
  dropped?: boolean;
}

/**
 * GET /daemon/sessions: many live server connections over one socket (contract/nodeSessions.ts).
 * Any valid token for this node opens the socket; each session then brings its own token, checked
 * for its server and passed to NodeApi's connect exactly as /daemon/socket/{id} does, with the
 * same message budget per session. Console batches shared by several sessions go out once.
 */
export function sessionRoutes(app: FastifyInstance, api: NodeClient, config: { nodeId: string; secret: string }): void {
  app.get('/daemon/sessions', { websocket: true, schema: daemonRouteSchemas['GET /daemon/sessions'], config: { scope: AnyNodeToken } }, (socket: WebSocket, request) => {
    const sessions = new Map<number, Session>();
    // A panel that asks (`frames=console`) takes console events as binary frames it can pass on unread.
    const consoleFrames = (request.query as { frames?: unknown }).frames === 'console';
    const outbox = new SessionOutbox((frames) => {
      if (socket.readyState !== socket.OPEN) return;
      // A panel this far behind is closed (1013, try again later); its browsers reconnect and replay.
      if (socket.bufferedAmount > NODE_SOCKET_MAX_BUFFERED_BYTES) return socket.close(1013, 'console consumer too slow');
      for (const frame of frames) {
        if (consoleFrames && 'sessions' in frame && frame.event.type === 'console') socket.send(consoleFrame(frame.sessions, encodeEvent(frame.event)), { binary: true });
        else socket.send(JSON.stringify(frame));
      }
    });
    const refuse = (n: number, error: unknown) => {
      const refusal = error instanceof OutpostError ? error : new OutpostError('ErrUnknownError', (error as Error).message);
      outbox.push({ refused: n, status: refusal.status, error: refusal.toBody().error });
    };

    const open = async (n: number, server: unknown, token: unknown) => {
      if (sessions.has(n)) return refuse(n, new OutpostError('ErrBadRequest', `session ${n} is already open`));
      if (sessions.size >= MAX_SESSIONS_PER_SOCKET) return refuse(n, new OutpostError('ErrTooManyRequests', 'too many sessions on one socket'));
      const session: Session = { budget: new MessageBudget(nodeSocketBudget) };
      sessions.set(n, session);
      try {
        const { nodeId, secret } = config;
        const payload = verifyNodeToken(secret, typeof token === 'string' ? token : undefined, { node: nodeId, server: String(server) });
        const remote = await api.connect({ user: payload.user, scopes: payload.scopes, ...(payload.actor && { actor: payload.actor }) }, String(server));
        if (session.dropped || socket.readyState !== socket.OPEN) return remote.close();
        session.remote = remote;
        outbox.push({ opened: n });
        remote.onEvent((event) => outbox.event(n, event));
        void remote.closed.then(() => {
          if (sessions.get(n) !== session) return;
          sessions.delete(n);
          outbox.push({ closed: n });
        });
      } catch (error) {
        sessions.delete(n);
        refuse(n, error);
      }
    };

    const close = (n: number) => {
      const session = sessions.get(n);
      if (!session) return;
      sessions.delete(n);
      session.dropped = true;
      session.remote?.close();
    };

    const deliver = (n: number, message: unknown) => {
      const session = sessions.get(n);
      if (!session?.remote) return;
      const verdict = session.budget.take();
      if (verdict === 'close') {
        close(n);
        return outbox.push({ closed: n });
      }
      if (verdict === 'warn') {
        const error = new OutpostError('ErrTooManyRequests', 'Too many messages, slow down', { retryAfter: session.budget.retryAfter });
        outbox.event(n, { type: 'error', data: error.toBody().error });
      }
      if (verdict === 'accept') session.remote.send(message as SocketRequest);
    };

    socket.on('message', (raw) => {
      // Read as untrusted fields: anyone holding a node token may send anything.
      let request: Record<string, unknown>;
      try {
        request = JSON.parse(raw.toString()) as Record<string, unknown>;
      } catch {
        return socket.close(1007, 'frames are JSON');
      }
      if (typeof request !== 'object' || request === null) return socket.close(1007, 'frames are JSON objects');
      if (isSessionNumber(request.open)) void open(request.open, request.server, request.token);
      else if (isSessionNumber(request.session)) deliver(request.session, request.message);
      else if (isSessionNumber(request.close)) close(request.close);
    });
    socket.on('close', () => {
      for (const n of [...sessions.keys()]) close(n);
    });
  });
}

/** A console event for `sessions` as contract/nodeSessions.ts's binary frame: their list as JSON, a newline, the event's JSON. */
function consoleFrame(sessions: number[], event: string): Buffer {
  const head = `{"sessions":[${sessions.join(',')}]}\n`;
  const frame = Buffer.allocUnsafe(head.length + Buffer.byteLength(event));
  frame.write(head, 0, 'latin1');
  frame.write(event, head.length);
  return frame;
}

function isSessionNumber(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) > 0;
}
