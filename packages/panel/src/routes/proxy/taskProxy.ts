import { serverActionScopes as need } from '@outpost/shared';
import type { Task } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { serverAccess } from '../../services/policy.js';
import { createTaskSchema, deleteTaskSchema, editTaskSchema, getTasksSchema, runTaskSchema } from './schema.js';

const BASE = '/proxy/daemon/server/:id/tasks';

/** The header naming the IANA time zone the node schedules tasks in, beside the spec's map of tasks. */
export const TIME_ZONE_HEADER = 'x-outpost-time-zone';

/** A server's scheduled tasks (spec panel.md section 7), forwarded to its node, which keeps and runs them. */
export default async function taskProxyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(BASE, { schema: getTasksSchema, config: { scope: need.tasksView } }, async (request, reply) => {
    const { client, caller, server } = await serverAccess(request);
    const { tasks, timeZone } = await client.getTasks(caller, server.id);
    // Spec clients read `.tasks`; the time zone rides beside it, and in a header for older readers.
    reply.header(TIME_ZONE_HEADER, timeZone);
    return { tasks, timeZone };
  });

  r.post(BASE, { schema: createTaskSchema, config: { scope: need.tasksEdit } }, async (request) => {
    const { client, caller, server } = await serverAccess(request);
    return { id: await client.createTask(caller, server.id, request.body as Task) };
  });

  r.put(`${BASE}/:taskId`, { schema: editTaskSchema, config: { scope: need.tasksEdit } }, async (request, reply) => {
    const { client, caller, server } = await serverAccess(request);
    await client.editTask(caller, server.id, request.params.taskId, request.body as Task);
    return reply.code(204).send(null);
  });

  r.delete(`${BASE}/:taskId`, { schema: deleteTaskSchema, config: { scope: need.tasksEdit } }, async (request, reply) => {
    const { client, caller, server } = await serverAccess(request);
    await client.deleteTask(caller, server.id, request.params.taskId);
    return reply.code(204).send(null);
  });

  r.post(`${BASE}/:taskId/run`, { schema: runTaskSchema, config: { scope: need.taskRun } }, async (request, reply) => {
    const { client, caller, server } = await serverAccess(request);
    await client.runTask(caller, server.id, request.params.taskId);
    return reply.code(204).send(null);
  });
}
