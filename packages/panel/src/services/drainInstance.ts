import type { FastifyInstance } from 'fastify';

/** WebSocket close code 1012, "service restart": the client should reconnect, and may be answered elsewhere. */
export const SERVICE_RESTART = 1012;

/**
 * The first half of stopping one instance behind a load balancer (deploy/): GET /health answers
 * 503 at once, requests are still served for `seconds` while the balancer's checks mark this
 * instance down, then every live socket closes with 1012 so browsers reconnect through the
 * balancer to another instance. The caller closes the app after.
 */
export async function drainInstance(app: FastifyInstance, seconds: number): Promise<void> {
  app.panel.draining = true;
  if (seconds > 0) await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  for (const client of app.websocketServer.clients) client.close(SERVICE_RESTART, 'service restart');
}
