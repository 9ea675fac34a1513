import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { databaseAnswers } from '../../db/databaseAnswers.js';
import { healthSchema } from './schema.js';

/** Short enough that a load balancer's check (deploy/haproxy.cfg: 2 s) gets its answer in time. */
const DATABASE_CHECK_MS = 1500;

/**
 * GET /health (issue 34): what a load balancer asks each instance. 503 from the moment it begins
 * to stop, so new requests go elsewhere while it drains, or when its database does not answer.
 * `leader` says whether it runs the once-only jobs, for an operator looking for the one that does.
 */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const panel = app.panel;
  r.get('/health', { schema: healthSchema, config: { scope: 'public' } }, async (_request, reply) => {
    const status = panel.draining ? 'draining' : (await databaseAnswers(panel.db, DATABASE_CHECK_MS)) ? 'ok' : 'database unavailable';
    return reply
      .code(status === 'ok' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status, leader: panel.cluster.leadership.leading });
  });
}
