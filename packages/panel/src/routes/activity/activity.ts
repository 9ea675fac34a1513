import { ActivityQuery, Scopes, SelfActivityQuery, ServerActivityQuery, serverActionScopes } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { ActivityFilter } from '../../db/activity.js';
import { assertQueryNumbers } from '../../services/assertQueryNumbers.js';
import { panelActivitySchema, selfActivitySchema, serverActivitySchema } from './schema.js';

/** The activity log (issue 31): a server's, everyone's (admins), one's own. */
export default async function activityRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo, activity } = app.panel;

  const page = async (filter: ActivityFilter, query: { page?: number; limit?: number }) => {
    const { page = 1, limit = 25 } = query;
    // Entries emitted just before are part of the answer.
    await activity.flush();
    const { entries, total } = await repo.activity.list(filter, page, limit);
    return { activity: entries, paging: { page, limit, total } };
  };

  r.get('/api/servers/:id/activity', { schema: serverActivitySchema, config: { scope: serverActionScopes.activityView } }, async (request) => {
    assertQueryNumbers(ServerActivityQuery, request.query);
    const { event, actor } = request.query;
    return page({ event, actor, server: request.params.id }, request.query);
  });

  r.get('/api/activity', { schema: panelActivitySchema, config: { scope: Scopes.ActivityView } }, async (request) => {
    assertQueryNumbers(ActivityQuery, request.query);
    const { event, actor, server, user } = request.query;
    return page({ event, actor, server, user }, request.query);
  });

  r.get('/api/self/activity', { schema: selfActivitySchema, config: { scope: 'session', clients: 'account' } }, async (request) => {
    assertQueryNumbers(SelfActivityQuery, request.query);
    return page({ event: request.query.event, user: request.session!.userId }, request.query);
  });
}
