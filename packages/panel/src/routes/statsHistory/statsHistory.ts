import { OutpostError, Scopes, serverActionScopes } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { readStatsHistory } from '../../services/metrics/readStatsHistory.js';
import { nodeStatsHistorySchema, serverStatsHistorySchema } from './schema.js';

/** Stats history (issue 32): a server's, and a node's servers' summed. */
export default async function statsHistoryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo, metrics } = app.panel;
  const store = { repo: repo.metrics, collector: metrics.collector };

  r.get('/api/servers/:id/stats/history', { schema: serverStatsHistorySchema, config: { scope: serverActionScopes.stats } }, async (request) => {
    const server = await repo.servers.byId(request.params.id);
    if (!server) throw new OutpostError('ErrNotFound', `no server ${request.params.id}`, { server: request.params.id }, 404);
    return readStatsHistory(store, [server.id], request.query.range ?? '1h', metrics.now());
  });

  r.get('/api/nodes/:id/stats/history', { schema: nodeStatsHistorySchema, config: { scope: Scopes.NodesView } }, async (request) => {
    const node = await repo.nodes.byId(request.params.id);
    if (!node) throw new OutpostError('ErrNotFound', `no node ${request.params.id}`, { node: request.params.id }, 404);
    return readStatsHistory(store, await repo.servers.idsOnNode(node.id), request.query.range ?? '1h', metrics.now());
  });
}
