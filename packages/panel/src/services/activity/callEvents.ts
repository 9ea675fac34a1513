import type { FastifyRequest } from 'fastify';
import { emitFor } from './emitFor.js';

const field = (value: unknown, key: string): string | undefined => {
  const found = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return typeof found === 'string' ? found : undefined;
};

/**
 * The event of a proxied node call (callProxy.ts) by its action, once it succeeded:
 * a task run by hand, a backup restored. `action` is the row's (a ServerAction). A backup's making
 * is the node's to report (it knows the outcome, whoever asked: a person, waiting or not, or a task).
 */
export async function emitCallOutcome(request: FastifyRequest, action: string, server: string, askedAt: number): Promise<void> {
  const { params } = request as { params: unknown };
  if (action === 'taskRun') return emitFor(request, { event: 'server.task.run', server, data: { task: field(params, 'taskId') ?? '' } }, askedAt);
  if (action === 'backupRestore') return emitFor(request, { event: 'server.backup.restored', server, data: { backup: field(params, 'backupId') ?? '' } }, askedAt);
}
