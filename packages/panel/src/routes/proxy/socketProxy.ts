import { OutpostError, ServerParams, grants, refusalLine, serverActionScopes, socketRequestFields, type BrowserSocketEvent, type ServerSocket, type SocketRequest } from '@outpost/shared';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { MessageBudget, cutOffFlood, receivedBytes } from '@outpost/daemon';
import { actorOf, refuseSocketMessage, serverAccess } from '../../services/policy/policy.js';
import { emitSocketMessage } from '../../services/activity/socketEvents.js';

/**
 * Largest message a browser may send. app.ts hands it to ws as maxPayload, so a larger frame is
 * refused from its header (close 1009) before any of it is buffered.
 */
export const SOCKET_MAX_MESSAGE_BYTES = 64 * 1024;
// A browser that stops reading is cut off rather than letting console output pile up here.
const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;

// Every socket on a server gets the same console batch (the same array from the local node's
// console buffer): encode it once for all. A remote node's batch comes encoded (NodeSessions keeps
// the bytes of its one frame): those are sent as they came.
const encodedBatches = new WeakMap<string[], Buffer>();

function encode(event: BrowserSocketEvent): Buffer | string {
  if (event.type !== 'console') return JSON.stringify(event);
  let frame = receivedBytes(event) ?? encodedBatches.get(event.data.logs);
  if (frame === undefined) {
    frame = Buffer.from(JSON.stringify(event));
    encodedBatches.set(event.data.logs, frame);
  }
  return frame;
}

/** The live connection's paths: the spec's, and PufferPanel 3's beside its other calls on a server. */
const SOCKET_PATHS = ['/proxy/daemon/socket/:id', '/api/servers/:id/socket'];

/**
 * /proxy/daemon/socket/{id} (and /api/servers/{id}/socket): the browser's live connection to one
 * server. The caller is authenticated by the scopes plugin (cookie or bearer header); every message
 * is checked against their permission on the server before the node sees it, and console lines
 * reach only holders of viewServerConsole. The browser gets only the spec's types: a refusal is a console line for
 * console viewers and nothing for others (clients take any `error` event for a dead socket).
 */
export default async function socketProxyRoutes(app: FastifyInstance): Promise<void> {
  for (const path of SOCKET_PATHS) app.get(
    path,
    {
      websocket: true,
      schema: { params: ServerParams, tags: ['proxy'], summary: 'Live connection: {type, data} both ways (SocketRequest in, SocketEvent out)' },
      config: { scope: serverActionScopes.connect },
    },
    (socket: WebSocket, request) => {
      const send = (event: BrowserSocketEvent) => {
        if (socket.readyState !== socket.OPEN) return;
        if (event.type === 'console' && socket.bufferedAmount > MAX_BUFFERED_BYTES) {
          socket.close(1013, 'console consumer too slow');
          return;
        }
        socket.send(encode(event), { binary: false });
      };
      // Messages may arrive before the node has answered; they wait for it in order.
      const pending: SocketRequest[] = [];
      let node: ServerSocket | undefined;
      let scopes: string[] = [];
      let serverId: string | undefined;
      let closed = false;
      const refuse = (msg: string) => {
        if (grants(scopes, serverActionScopes.consoleView)) send(refusalLine(msg));
      };
      const invalidJson = () => refuse('The json data is invalid');

      const forward = (message: SocketRequest) => {
        const refused = refuseSocketMessage(scopes, message);
        if (refused) return refuse(refused.message);
        node!.send(message);
        void emitSocketMessage(request, serverId!, message).catch(() => undefined);
      };

      // Every message costs the node work: past the budget they are dropped, and a flood is cut off.
      const budget = new MessageBudget();
      socket.on('message', (raw, isBinary) => {
        const verdict = budget.take();
        if (verdict === 'close') return cutOffFlood(socket);
        if (verdict === 'warn') refuse('Too many messages, slow down');
        if (verdict !== 'accept') return;
        if (isBinary || (raw as Buffer).length > SOCKET_MAX_MESSAGE_BYTES) return invalidJson();
        let message: SocketRequest;
        try {
          message = socketRequestFields(JSON.parse(String(raw))) as SocketRequest;
        } catch {
          return invalidJson();
        }
        if (typeof message !== 'object' || message === null) return invalidJson();
        if (node) forward(message);
        else pending.push(message);
      });
      socket.on('close', () => {
        closed = true;
        node?.close();
      });

      void (async () => {
        try {
          const access = await serverAccess(request);
          scopes = access.scopes;
          serverId = access.server.id;
          // The node names the sender on the echo of each command this socket sends.
          access.caller.actor = await actorOf(request);
          const opened = await access.client.connect(access.caller, access.server.id);
          if (closed) return opened.close();
          node = opened;
          const { userId, tokenHash } = request.session!;
          const forget = request.server.panel.sockets.add(userId, access.server.id, () => socket.close(4001, 'permissions changed'), tokenHash);
          socket.once('close', forget);
          const canSeeConsole = grants(scopes, serverActionScopes.consoleView);
          opened.onEvent((event) => {
            if (event.type === 'error') return refuse(event.data.msg);
            if (event.type === 'console' && !canSeeConsole) return;
            send(event);
          });
          void opened.closed.then(() => socket.close(1000));
          for (const message of pending.splice(0)) forward(message);
        } catch (error) {
          // The close reason tells a script why; the browser sees the socket close and falls back to HTTP.
          const code = error instanceof OutpostError ? error.code : 'ErrGeneric';
          socket.close(1011, code);
        }
      })();
    },
  );
}
