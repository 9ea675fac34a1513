import type { ActivityActor, ActivityEvent } from '@outpost/shared';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../policy/policy.js';

/** An event a request emits: its actor and client address come from the request. */
export type RequestEvent = ActivityEvent extends infer E ? (E extends ActivityEvent ? Omit<E, 'actor' | 'ip'> & { actor?: ActivityActor } : never) : never;

/** Who made the request: its OAuth2 client or its signed-in user, by their name now (policy's actorOf). */
export async function requestActor(request: FastifyRequest): Promise<ActivityActor> {
  if (!request.session) return { type: 'system', id: null, name: 'anonymous' };
  return actorOf(request);
}

/**
 * Emits one event on behalf of the request's caller, from its client address. `askedAt` dates it
 * from before the node call it records, so it reads before what the node reported meanwhile.
 */
export async function emitFor(request: FastifyRequest, event: RequestEvent, askedAt?: number): Promise<void> {
  const actor = event.actor ?? (await requestActor(request));
  request.server.panel.activity.emit({ ...event, actor, ip: request.ip } as ActivityEvent, askedAt);
}
