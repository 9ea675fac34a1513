import { requireScopes } from '@outpost/shared';
import type { FastifyInstance } from 'fastify';
import { heldOnServer, isServerNeed, requireDeclaredScope } from '../services/policy.js';
import { authenticate } from './auth.js';

/**
 * Every route registered after this names what it needs in `config.scope`; the app refuses to
 * start otherwise. Before the body is even read, the caller is checked: no session → 401
 * ErrSessionTimedOut, missing scope → 403 ErrMissingScope. The decisions live in services/policy.
 */
export function registerScopes(app: FastifyInstance): void {
  app.decorateRequest('session', null);

  app.addHook('onRoute', requireDeclaredScope);

  app.addHook('onRequest', async (request) => {
    const need = request.routeOptions.config.scope;
    if (!need || need === 'public') return;
    const session = await authenticate(request);
    request.session = session;
    if (need === 'session') return;
    const param = request.routeOptions.config.serverParam ?? 'id';
    const serverId = isServerNeed(need) ? (request.params as Record<string, string | undefined>)[param] : undefined;
    requireScopes(await heldOnServer(request.server.panel.repo, session, serverId), need);
  });
}
