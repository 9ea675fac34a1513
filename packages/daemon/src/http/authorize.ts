import type { FastifyRequest } from 'fastify';
import { hasScope, OutpostError } from '@outpost/shared';
import type { Scope } from '@outpost/shared';
import { verifyNodeToken } from '../auth/nodeToken.js';
import type { NodeTokenPayload } from '../auth/nodeToken.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The scope a daemon route needs; a list means any one of them, an empty list any token (the handler checks). */
    scope?: Scope | Scope[];
  }
  interface FastifyRequest {
    nodeToken?: NodeTokenPayload;
  }
}

/** The token of a request: `Authorization: Bearer …`, or `?token=` (browsers cannot set socket headers). */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  const query = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof query === 'string' ? query : undefined;
}

/** Verifies the token against this node and the route's server, then the route's scope. */
export function authorize(request: FastifyRequest, auth: { nodeId: string; secret: string }): NodeTokenPayload {
  const server = (request.params as { id?: string }).id ?? '';
  const token = verifyNodeToken(auth.secret, tokenOf(request), { node: auth.nodeId, server });
  const wanted = request.routeOptions.config.scope;
  const anyOf = Array.isArray(wanted) ? wanted : wanted ? [wanted] : [];
  if (anyOf.length > 0 && !anyOf.some((scope) => hasScope(token.scopes, scope))) {
    throw new OutpostError('ErrMissingScope', `missing scope ${anyOf.join(' or ')}`, { scope: anyOf[0] });
  }
  return token;
}

/** `?wait`, `?folder` and the like are on when present, unless given as "false". */
export function flag(value: unknown): boolean {
  return value !== undefined && value !== 'false';
}
