import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import { nodeCalls, type NodeCall, type NodeClient } from '@outpost/shared';
import { authorize, requireDeclaredScope } from './authorize.js';
import { backupRoutes } from './backupRoutes.js';
import { callRoutes } from './callRoutes.js';
import { consoleRoutes } from './consoleRoutes.js';
import { errorHandler } from './errorHandler.js';
import { fileRoutes } from './fileRoutes.js';
import { powerRoutes } from './powerRoutes.js';
import { requireBody } from './validationError.js';
import { sessionRoutes } from './sessionRoutes.js';
import { SOCKET_MAX_PAYLOAD_BYTES, socketRoutes } from './socketRoutes.js';

/** What the routes need of a daemon: its NodeApi, and its id and secret (read per request, as a new secret replaces it). */
export interface DaemonOfRoutes {
  api: NodeClient;
  config: { nodeId: string; secret: string };
}

/**
 * The daemon's HTTP+WS API, one table (Wings router/router.go): every route is under
 * /daemon/server/{id} or /daemon/socket/{id} (or /daemon/sftp, /daemon/node, /daemon/secret, /daemon/sessions for the whole node), needs a node
 * token for that server, and names the scope it needs in its config, which a hook checks before
 * anything else runs. Each handler reads the request, makes the one NodeApi call (daemon.api)
 * the in-process client makes, and writes its answer. The JSON calls come from the call table
 * (`calls`, shared nodeCalls); file bytes, power, console and sockets are written here by hand.
 */
export async function daemonRoutes(app: FastifyInstance, daemon: DaemonOfRoutes, calls: Readonly<Record<string, NodeCall>> = nodeCalls): Promise<void> {
  const { api, config } = daemon;
  // The panel may have registered these already when the daemon runs in its process.
  if (!app.hasDecorator('websocketServer')) await app.register(websocket, { options: { maxPayload: SOCKET_MAX_PAYLOAD_BYTES } });
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart, { limits: { fileSize: 64 * 1024 ** 3 } });
  app.setErrorHandler(errorHandler);

  app.addHook('onRoute', requireDeclaredScope);
  app.addHook('onRequest', async (request) => {
    request.caller = authorize(request, config);
  });
  app.addHook('preValidation', requireBody);

  callRoutes(app, api, calls);
  powerRoutes(app, api);
  consoleRoutes(app, api);
  fileRoutes(app, api);
  backupRoutes(app, api);
  socketRoutes(app, api);
  sessionRoutes(app, api, config);
}
