import type { FastifyInstance } from 'fastify';
import { daemonRouteSchemas as route, serverActionScopes as need } from '@outpost/shared';
import type { Task, TaskRestriction } from '@outpost/shared';
import type { Daemon } from '../Daemon.js';
import { AnyNodeToken, callerOf } from './authorize.js';

type TaskParams = { Params: { id: string; taskId: string } };

/** A server's scheduled tasks: list, create, edit, delete, run now; and a user's tasks narrowed node-wide. Bodies are read by NodeApi (readTask), which answers the codes. */
export function taskRoutes(app: FastifyInstance, { api }: Daemon): void {
  app.get<{ Params: { id: string } }>('/daemon/server/:id/tasks', { schema: route['GET /daemon/server/:id/tasks'], config: { scope: need.tasksView } }, async (request) => {
    return api.getTasks(callerOf(request), request.params.id);
  });

  app.post<{ Params: { id: string } }>('/daemon/server/:id/tasks', { schema: route['POST /daemon/server/:id/tasks'], config: { scope: need.tasksEdit } }, async (request) => {
    return { id: await api.createTask(callerOf(request), request.params.id, request.body as Task) };
  });

  app.put<TaskParams>('/daemon/server/:id/tasks/:taskId', { schema: route['PUT /daemon/server/:id/tasks/:taskId'], config: { scope: need.tasksEdit } }, async (request, reply) => {
    await api.editTask(callerOf(request), request.params.id, request.params.taskId, request.body as Task);
    return reply.status(204).send();
  });

  app.delete<TaskParams>('/daemon/server/:id/tasks/:taskId', { schema: route['DELETE /daemon/server/:id/tasks/:taskId'], config: { scope: need.tasksEdit } }, async (request, reply) => {
    await api.deleteTask(callerOf(request), request.params.id, request.params.taskId);
    return reply.status(204).send();
  });

  app.post<TaskParams>('/daemon/server/:id/tasks/:taskId/run', { schema: route['POST /daemon/server/:id/tasks/:taskId/run'], config: { scope: need.taskRun } }, async (request, reply) => {
    await api.runTask(callerOf(request), request.params.id, request.params.taskId);
    return reply.status(202).send();
  });

  // Any token for this node passes the hook: the call only narrows, and NodeApi decides who may ask.
  app.post<{ Body: TaskRestriction }>('/daemon/tasks/restrict', { schema: route['POST /daemon/tasks/restrict'], config: { scope: AnyNodeToken } }, async (request, reply) => {
    await api.restrictTasks(callerOf(request), request.body.user, request.body.held);
    return reply.status(204).send();
  });
}
