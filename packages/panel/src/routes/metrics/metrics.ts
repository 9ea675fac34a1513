import { Scopes } from '@outpost/shared';
import type { FastifyInstance } from 'fastify';
import { metricsSchema } from './schema.js';

/** GET /metrics (issue 32): what a Prometheus scrape reads, with a bearer token holding metrics.view. */
export default async function metricsRoutes(app: FastifyInstance): Promise<void> {
  const { prometheus } = app.panel.metrics;
  app.get('/metrics', { schema: metricsSchema, config: { scope: Scopes.MetricsView } }, async (_request, reply) => {
    const text = await prometheus.scrape();
    return reply.type(prometheus.contentType).send(text);
  });
}
