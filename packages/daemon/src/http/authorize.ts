import type { FastifyReply, FastifyRequest } from 'fastify';
import { AnyNodeToken, isScopeNeed, OutpostError, requireScopes, Scopes } from '@outpost/shared';
import type { NodeCaller, ScopeNeed } from '@outpost/shared';
import { verifyNodeToken } from '../auth/nodeToken.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a daemon route needs, from serverActionScopes; or AnyNodeToken, any valid token for
     * this node, when the handler decides who may (ending one's own SFTP sessions). Routes without
     * it are refused at registration.
     */
    scope?: ScopeNeed | typeof AnyNodeToken;
  }
  interface FastifyRequest {
    /** Who the verified token names, with its scopes: what every NodeApi call takes. */
    caller?: NodeCaller;
  }
}

/** The token of a request: `Authorization: Bearer …`, or `?token=` (browsers cannot set socket headers). */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  const query = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof query === 'string' ? query : undefined;
}

// The declared need of a route whose handler decides who may: any valid token for this node passes the hook.
export { AnyNodeToken };

/** The onRoute check: a daemon route must name what it needs, or the daemon does not start. */
export function requireDeclaredScope(route: { method: string | string[]; url: string; config?: { scope?: unknown } }): void {
  if (route.config?.scope !== AnyNodeToken && !isScopeNeed(route.config?.scope)) throw new Error(`daemon route ${String(route.method)} ${route.url} names no scope: set config.scope from serverActionScopes`);
}

/**
 * Verifies the token against this node and the route's server, then the route's declared scope
 * (before any body is read; the NodeApi call checks the same table again).
 */
export function authorize(request: FastifyRequest, auth: { nodeId: string; secret: string }): NodeCaller {
  const server = (request.params as { id?: string }).id ?? '';
  const token = verifyNodeToken(auth.secret, tokenOf(request), { node: auth.nodeId, server });
  // Only the not-found handler has no scope (no route may be registered without one): admin only.
  const need = request.routeOptions.config.scope ?? Scopes.ServersAdmin;
  if (need !== AnyNodeToken) requireScopes(token.scopes, need);
  return { user: token.user, scopes: token.scopes, ...(token.actor && { actor: token.actor }) };
}

/** The caller the onRequest hook found; a route reached without one is refused, never served. */
export function callerOf(request: FastifyRequest): NodeCaller {
  if (!request.caller) throw new OutpostError('ErrTokenInvalid', 'no verified token');
  return request.caller;
}

/** `?wait`, `?folder` and the like are on when present, unless given as "false". */
export function flag(value: unknown): boolean {
  return value !== undefined && value !== 'false';
}

/** Answers `status` with no body at all: a typed reply's send(null) would write `null` on a 202. */
export function noContent(reply: object, status: 202 | 204): FastifyReply {
  return (reply as FastifyReply).status(status).send();
}
