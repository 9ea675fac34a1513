import { serverActionScopes as need } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { serverAccess } from '../../services/policy/policy.js';
import { getTasksSchema } from './schema.js';
import { serverPaths } from './serverPaths.js';

/** The header naming the IANA time zone the node schedules tasks in, beside the spec's map of tasks. */
export const TIME_ZONE_HEADER = 'x-outpost-time-zone';

/** A server's scheduled tasks (spec panel.md section 7), forwarded to its node, which keeps and runs them: the list here (its time zone header), the rest from the call table (callProxy.ts). */
export default async function taskProxyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  for (const path of serverPaths('/tasks')) {
    r.get(path, { schema: getTasksSchema, config: { scope: need.tasksView } }, async (request, reply) => {
      const { client, caller, server } = await serverAccess(request);
      const { tasks, timeZone } = await client.getTasks(caller, server.id);
      // Spec clients read `.tasks`; the time zone rides beside it, and in a header for older readers.
      reply.header(TIME_ZONE_HEADER, timeZone);
      return { tasks, timeZone };
    });
  }
}
