import type { FastifyInstance } from 'fastify';
import type { PrometheusMetrics } from '../services/metrics/PrometheusMetrics.js';

/**
 * Counts every answer and its time for GET /metrics, labelled by the route's pattern
 * (/api/servers/:id), never the URL, so ids and probes make no series of their own; requests no
 * route matched share `unmatched`. A callback hook: no promise per request.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: PrometheusMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
