import { OutpostError } from '@outpost/shared';
import type { FastifyRequest } from 'fastify';
import { emitFor } from './emitFor.js';

const field = (value: unknown, key: string): string | undefined => {
  const found = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return typeof found === 'string' ? found : undefined;
};
const truthy = (value: unknown) => value === true || value === 'true' || value === '1';

/**
 * The event of a proxied node call (callProxy.ts) by its action, once its outcome is known: a task
 * run by hand, a backup restored, a backup made or failed when the caller waited for it. `error`
 * is set when the call failed; only a waited-for backup's failure is an event. `action` is the row's (a ServerAction).
 */
export async function emitCallOutcome(request: FastifyRequest, action: string, server: string, askedAt: number, result: unknown, error?: unknown): Promise<void> {
  const { params, body, query } = request as { params: unknown; body: unknown; query: unknown };
  if (action === 'backupCreate' && truthy(field(query, 'wait') ?? (query as { wait?: unknown } | undefined)?.wait)) {
    const name = field(body, 'name');
    if (error) {
      const code = error instanceof OutpostError ? (error.code ?? 'ErrGeneric') : 'ErrGeneric';
      return emitFor(request, { event: 'server.backup.failed', server, data: { ...(name && { name }), error: code } }, askedAt);
    }
    return emitFor(request, { event: 'server.backup.created', server, data: { backup: String(result), ...(name && { name }) } }, askedAt);
  }
  if (error) return;
  if (action === 'taskRun') return emitFor(request, { event: 'server.task.run', server, data: { task: field(params, 'taskId') ?? '' } }, askedAt);
  if (action === 'backupRestore') return emitFor(request, { event: 'server.backup.restored', server, data: { backup: field(params, 'backupId') ?? '' } }, askedAt);
}
