import { OutpostError, hasScope, type Scope } from '@outpost/shared';
import type { FastifyInstance } from 'fastify';
import { scopesForServer } from '../services/scopesForServer.js';
import { authenticate } from './auth.js';

/**
 * Every route registered after this names what it needs in `config.scope`; the app refuses to
 * start otherwise. Before the body is even read, the caller is checked: no session → 401
 * ErrSessionTimedOut, missing scope → 403 ErrMissingScope.
 */
export function registerScopes(app: FastifyInstance): void {
  app.decorateRequest('session', null);

  app.addHook('onRoute', (route) => {
    if (!route.config?.scope) {
      throw new Error(`route ${route.method} ${route.url} declares no scope: set config.scope to a scope, 'session' or 'public'`);
    }
  });

  app.addHook('onRequest', async (request) => {
    const scope = request.routeOptions.config.scope;
    if (!scope || scope === 'public') return;
    const session = await authenticate(request);
    request.session = session;
    if (scope === 'session') return;
    let held: string[] = session.scopes;
    if (scope.startsWith('server.')) {
      const param = request.routeOptions.config.serverParam ?? 'id';
      const serverId = (request.params as Record<string, string | undefined>)[param];
      held = serverId ? await scopesForServer(request.server.panel.repo, session.userId, serverId) : [];
    }
    if (!hasScope(held, scope as Scope)) {
      throw new OutpostError('ErrMissingScope', 'You are not authorized to perform this action', { scope });
    }
  });
}
