import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import type { Daemon } from '../Daemon.js';
import { authorize, requireDeclaredScope } from './authorize.js';
import { consoleRoutes } from './consoleRoutes.js';
import { errorHandler } from './errorHandler.js';
import { fileRoutes } from './fileRoutes.js';
import { nodeRoutes } from './nodeRoutes.js';
import { powerRoutes } from './powerRoutes.js';
import { serverRoutes } from './serverRoutes.js';
import { sftpRoutes } from './sftpRoutes.js';
import { taskRoutes } from './taskRoutes.js';
import { requireBody } from './validationError.js';
import { sessionRoutes } from './sessionRoutes.js';
import { SOCKET_MAX_PAYLOAD_BYTES, socketRoutes } from './socketRoutes.js';

/**
 * The daemon's HTTP+WS API, one table (Wings router/router.go): every route is under
 * /daemon/server/{id} or /daemon/socket/{id} (or /daemon/sftp, /daemon/node, /daemon/secret, /daemon/sessions for the whole node), needs a node
 * token for that server, and names the scope it needs in its config, which a hook checks before
 * anything else runs. Each handler reads the request, makes the one NodeApi call (daemon.api)
 * the in-process client makes, and writes its answer.
 */
export async function daemonRoutes(app: FastifyInstance, daemon: Daemon): Promise<void> {
  // The panel may have registered these already when the daemon runs in its process.
  if (!app.hasDecorator('websocketServer')) await app.register(websocket, { options: { maxPayload: SOCKET_MAX_PAYLOAD_BYTES } });
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart, { limits: { fileSize: 64 * 1024 ** 3 } });
  app.setErrorHandler(errorHandler);

  app.addHook('onRoute', requireDeclaredScope);
  app.addHook('onRequest', async (request) => {
    request.caller = authorize(request, daemon.config);
  });
  app.addHook('preValidation', requireBody);

  serverRoutes(app, daemon);
  powerRoutes(app, daemon);
  consoleRoutes(app, daemon);
  fileRoutes(app, daemon);
  socketRoutes(app, daemon);
  sessionRoutes(app, daemon);
  sftpRoutes(app, daemon);
  taskRoutes(app, daemon);
  nodeRoutes(app, daemon);
}
