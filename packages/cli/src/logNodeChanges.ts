import type { FastifyInstance } from 'fastify';

/**
 * One log line when a node goes offline and one when it is back (the panel's health check sees
 * both), at info (or OUTPOST_LOG_LEVEL) like the SFTP log: the requests that fail meanwhile, the
 * server page asking every few seconds, are not logged one by one (plugins/errors.ts).
 */
export function logNodeChanges(app: FastifyInstance): void {
  const log = app.log.child({ area: 'nodes' }, { level: process.env.OUTPOST_LOG_LEVEL || 'info' });
  app.panel.nodeHealth.watch((node, online) => {
    if (online) log.info({ node: node.id }, `node ${node.name} is online`);
    else log.warn({ node: node.id, error: app.panel.nodeHealth.stateOf(node.id).error }, `node ${node.name} went offline`);
  });
}
