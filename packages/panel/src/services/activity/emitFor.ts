import type { ActivityActor, ActivityEvent } from '@outpost/shared';
import type { FastifyRequest } from 'fastify';

/** An event a request emits: its actor and client address come from the request. */
export type RequestEvent = ActivityEvent extends infer E ? (E extends ActivityEvent ? Omit<E, 'actor' | 'ip'> & { actor?: ActivityActor } : never) : never;

/** Who made the request: its OAuth2 client, or its signed-in user by their name now. */
export async function requestActor(request: FastifyRequest): Promise<ActivityActor> {
  const session = request.session;
  if (!session) return { type: 'system', id: null, name: 'anonymous' };
  if (session.client) return { type: 'client', id: session.client.id, name: session.client.id };
  const user = await request.server.panel.repo.users.byId(session.userId);
  return { type: 'user', id: String(session.userId), name: user?.username ?? String(session.userId) };
}

/**
 * Emits one event on behalf of the request's caller, from its client address. `askedAt` dates it
 * from before the node call it records, so it reads before what the node reported meanwhile.
 */
export async function emitFor(request: FastifyRequest, event: RequestEvent, askedAt?: number): Promise<void> {
  const actor = event.actor ?? (await requestActor(request));
  request.server.panel.activity.emit({ ...event, actor, ip: request.ip } as ActivityEvent, askedAt);
}
