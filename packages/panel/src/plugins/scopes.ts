import { OutpostError, requireScopes } from '@outpost/shared';
import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback, RouteOptions } from 'fastify';
import type { RouteScope } from '../context.js';
import { heldOnServer, isServerNeed, requireDeclaredScope } from '../services/policy/policy.js';
import { twoFactorRequired } from '../services/policy/twoFactorRequired.js';
import { authenticate } from './auth.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app serves with what it declared, in registration order. */
    routeScopes: { method: string; url: string; scope: RouteScope; websocket: boolean }[];
  }
}

// Set on the contexts made by registerPublic: routes registered there are declared public.
const PUBLIC_CONTEXT = 'outpostPublicContext';

/**
 * Registers a plugin of someone else's whose routes are all public (the OpenAPI page, the web
 * app's files): they cannot name a scope themselves, so the context they live in does.
 */
export async function registerPublic<Options extends object>(app: FastifyInstance, plugin: FastifyPluginAsync<Options> | FastifyPluginCallback<Options>, options: Options): Promise<void> {
  await app.register(async (context) => {
    context.decorate(PUBLIC_CONTEXT, true);
    await context.register(plugin, options);
  });
}

/**
 * Registered before any route: every route then names what it needs in `config.scope`, or the
 * app refuses to start. Before the body is even read, the caller is checked: no session → 401
 * ErrSessionTimedOut, a user who must set up two-factor login first → 403 ErrTwoFactorRequired
 * (but on routes marked `twoFactorSetup`), missing scope → 403 ErrMissingScope. Sockets are
 * routes too: their upgrade is refused the same way. The decisions live in services/policy.
 */
export function registerScopes(app: FastifyInstance): void {
  app.decorateRequest('session', null);
  app.decorate('routeScopes', []);

  app.addHook('onRoute', function declare(this: FastifyInstance, route: RouteOptions) {
    if (route.config?.scope === undefined && this.hasDecorator(PUBLIC_CONTEXT)) route.config = { ...route.config, scope: 'public' };
    requireDeclaredScope(route);
    for (const method of [route.method].flat()) app.routeScopes.push({ method, url: route.url, scope: route.config!.scope!, websocket: route.websocket === true });
  });

  app.addHook('onRequest', async (request) => {
    const need = request.routeOptions.config.scope;
    if (need === 'public') return;
    if (need === undefined) {
      // Only the not-found handler has no scope; anything else would be a route that slipped past onRoute.
      if (request.is404) return;
      throw new OutpostError('ErrMissingScope', 'You are not authorized to perform this action');
    }
    const session = await authenticate(request);
    request.session = session;
    const { repo } = request.server.panel;
    if (!request.routeOptions.config.twoFactorSetup && (await twoFactorRequired(repo, session.userId, session.scopes))) {
      throw new OutpostError('ErrTwoFactorRequired', 'The panel requires two-factor login of your account: set it up first');
    }
    // 'session' routes manage the account itself (password, two-factor, clients): a person's, never a
    // client's; those marked `clients` also answer an account's client, or with `any` a server's too.
    const { clients } = request.routeOptions.config;
    const clientMay = clients === 'any' || (clients === 'account' && session.client?.serverId === null);
    if (need === 'session' && session.client && !clientMay) throw new OutpostError('ErrMissingScope', 'OAuth2 clients cannot use account routes', { scope: 'session' });
    if (need === 'session') return;
    const param = request.routeOptions.config.serverParam ?? 'id';
    const serverId = isServerNeed(need) ? (request.params as Record<string, string | undefined>)[param] : undefined;
    requireScopes(await heldOnServer(repo, session, serverId), need);
  });
}
