import { POWER_ACTIONS, type PowerAction, type SocketRequest } from '@outpost/shared';
import type { FastifyRequest } from 'fastify';
import { emitFor } from './emitFor.js';
import { powerEvents } from './powerEvents.js';

/**
 * The event of a live-connection message the node was sent (its fields already under `data`):
 * power, console commands, file writes and deletes. Reads, stats and replays are not events.
 */
export async function emitSocketMessage(request: FastifyRequest, server: string, message: SocketRequest): Promise<void> {
  const data = (message.data ?? {}) as { command?: unknown; action?: unknown; path?: unknown };
  if ((POWER_ACTIONS as readonly string[]).includes(message.type)) {
    return emitFor(request, { event: powerEvents[message.type as PowerAction], server, data: {} });
  }
  if (message.type === 'console' && typeof data.command === 'string') {
    return emitFor(request, { event: 'server.console.command', server, data: { command: data.command } });
  }
  if (message.type === 'file' && typeof data.path === 'string') {
    if (data.action === 'create') return emitFor(request, { event: 'server.file.written', server, data: { path: data.path } });
    if (data.action === 'delete') return emitFor(request, { event: 'server.file.deleted', server, data: { path: data.path } });
  }
}
