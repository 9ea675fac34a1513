import type { FastifyInstance } from 'fastify';
import { callProxyRoutes } from './callProxy.js';
import backupProxyRoutes from './backupProxy.js';
import fileProxyRoutes from './fileProxy.js';
import serverProxyRoutes from './serverProxy.js';
import socketProxyRoutes from './socketProxy.js';
import taskProxyRoutes from './taskProxy.js';

/** /proxy/daemon/...: every call of the server page, checked here and forwarded to the server's node. */
export default async function proxyRoutes(app: FastifyInstance): Promise<void> {
  await app.register(serverProxyRoutes);
  await app.register(callProxyRoutes());
  await app.register(fileProxyRoutes);
  await app.register(backupProxyRoutes);
  await app.register(socketProxyRoutes);
  await app.register(taskProxyRoutes);
}
