import { OutpostError, type ErrorCode } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { emitFor } from '../../services/activity/emitFor.js';
import { panelLink } from '../../services/mail/panelLink.js';
import { linkOidcAccount, resolveOidcAccount } from '../../services/oidc/resolveOidcAccount.js';
import { finishOidcFlow, startOidcFlow, type OidcFlow } from '../../services/oidc/oidcSignIn.js';
import { NO_PASSWORD, verifyPassword } from '../../services/passwords.js';
import { PENDING_LOGIN_COOKIE, PENDING_LOGIN_MS } from '../../services/pendingLogins.js';
import { signIn } from '../../services/signIn.js';
import { StoredTickets } from '../../services/tickets/StoredTickets.js';
import { oidcSchemas } from './schema.js';

const FLOW_COOKIE = 'outpost_oidc_flow';
const LINK_COOKIE = 'outpost_oidc_link';
const FLOW_MS = 10 * 60_000;
const LINK_MS = 10 * 60_000;

interface PendingLink {
  userId: number;
  providerId: number;
  label: string;
  subject: string;
  email: string;
}

/**
 * /auth/oidc: sign-in through an OpenID provider (start, callback, the password step that links
 * an existing account), and /api/self/oidc: the caller's linked providers. Every outcome of the
 * callback is a redirect to the login page, which reads what happened from its query.
 */
export default async function oidcRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo, failedLogins, pendingLogins } = app.panel;
  const flows = new StoredTickets<OidcFlow>(repo.tickets, 'oidc.flow', FLOW_MS);
  const links = new StoredTickets<PendingLink>(repo.tickets, 'oidc.link', LINK_MS);

  const enabledProvider = async (id: string) => {
    const provider = await repo.oidcProviders.byId(Number(id));
    if (!provider?.enabled) throw new OutpostError('ErrNotFound', 'no such sign-in provider', undefined, 404);
    return provider;
  };
  const toLogin = async (reply: FastifyReply, query: Record<string, string>) => reply.redirect(await panelLink(repo, '/auth/login', query), 302);

  /** A refused sign-in: logged, then the login page shows the code's message. */
  const refuse = async (request: FastifyRequest, reply: FastifyReply, error: unknown, who: { label: string; email?: string }) => {
    if (!(error instanceof OutpostError)) throw error;
    if (error.status >= 500) request.log.warn({ err: error }, 'OpenID sign-in failed');
    const tried = who.email ? await repo.users.byEmail(who.email) : undefined;
    await emitFor(request, {
      event: 'auth.login.failed',
      actor: { type: 'user', id: tried ? String(tried.id) : null, name: tried?.username ?? (who.email ?? who.label).slice(0, 255) },
      user: tried?.id ?? null,
      data: { username: (who.email ?? '').slice(0, 255), reason: error.code, method: 'oidc', provider: who.label },
    });
    return toLogin(reply, { oidcError: error.code satisfies ErrorCode });
  };

  const cookie = (request: FastifyRequest, path: string, maxAgeMs: number, sameSite: 'lax' | 'strict') => ({
    httpOnly: true,
    sameSite,
    secure: request.protocol === 'https',
    path,
    maxAge: maxAgeMs / 1000,
  });

  /** Signs a user in after the provider, through the one-time-code step when the account has one. */
  const finishSignIn = async (request: FastifyRequest, reply: FastifyReply, userId: number, label: string): Promise<{ otp: boolean; answer?: Awaited<ReturnType<typeof signIn>> }> => {
    const user = await repo.users.byId(userId);
    if (!user) throw new OutpostError('ErrUserNotFound', 'the account is gone');
    if (user.otp_active && user.otp_secret) {
      reply.setCookie(PENDING_LOGIN_COOKIE, await pendingLogins.open(user.id), cookie(request, '/auth', PENDING_LOGIN_MS, 'strict'));
      return { otp: true };
    }
    const answer = await signIn(request, reply, user.id);
    await emitFor(request, { event: 'auth.login', actor: { type: 'user', id: String(user.id), name: user.username }, data: { method: 'oidc', provider: label } });
    return { otp: false, answer };
  };

  r.get('/auth/oidc/providers', { schema: oidcSchemas.publicList, config: { scope: 'public' } }, async () =>
    (await repo.oidcProviders.list()).filter((p) => p.enabled).map(({ id, label, icon }) => ({ id, label, icon })),
  );

  r.get('/auth/oidc/:id/start', { schema: oidcSchemas.start, config: { scope: 'public' } }, async (request, reply) => {
    const provider = await enabledProvider(request.params.id);
    const redirectUri = await panelLink(repo, `/auth/oidc/${provider.id}/callback`);
    let started: Awaited<ReturnType<typeof startOidcFlow>>;
    try {
      started = await startOidcFlow(repo, provider, redirectUri);
    } catch (error) {
      return refuse(request, reply, error, provider);
    }
    reply.setCookie(FLOW_COOKIE, await flows.open(started.flow), cookie(request, '/auth/oidc', FLOW_MS, 'lax'));
    return reply.redirect(started.url, 302);
  });

  r.get('/auth/oidc/:id/callback', { schema: oidcSchemas.callback, config: { scope: 'public' } }, async (request, reply) => {
    const provider = await enabledProvider(request.params.id);
    // Single use: whatever happens next, this browser's flow is spent.
    const flow = await flows.take(request.cookies[FLOW_COOKIE]);
    reply.clearCookie(FLOW_COOKIE, { path: '/auth/oidc' });
    const query = request.query as Record<string, string>;
    if (!flow || flow.providerId !== provider.id || query.state !== flow.state) {
      return refuse(request, reply, new OutpostError('ErrOidcStateInvalid', 'this sign-in was not started here, was used already or expired'), provider);
    }
    if (query.error) {
      return refuse(request, reply, new OutpostError('ErrOidcDenied', `${provider.label} refused the sign-in: ${query.error}`), provider);
    }
    let identity: Awaited<ReturnType<typeof finishOidcFlow>> | undefined;
    try {
      identity = await finishOidcFlow(repo, provider, flow, query);
      const outcome = await resolveOidcAccount(repo, provider, identity);
      if (outcome.kind === 'link') {
        const ticket = await links.open({ userId: outcome.userId, providerId: provider.id, label: provider.label, subject: identity.subject, email: outcome.email });
        reply.setCookie(LINK_COOKIE, ticket, cookie(request, '/auth/oidc', LINK_MS, 'strict'));
        return toLogin(reply, { oidc: 'link' });
      }
      const done = await finishSignIn(request, reply, outcome.userId, provider.label);
      return toLogin(reply, { oidc: done.otp ? 'otp' : 'done' });
    } catch (error) {
      return refuse(request, reply, error, { label: provider.label, email: identity?.email });
    }
  });

  const pendingLink = async (request: FastifyRequest) => {
    const link = await links.peek(request.cookies[LINK_COOKIE]);
    if (!link) throw new OutpostError('ErrInvalidTokenState', 'no link is waiting for a password', undefined, 400);
    return link;
  };

  r.get('/auth/oidc/link', { schema: oidcSchemas.pendingLink, config: { scope: 'public' } }, async (request) => {
    const link = await pendingLink(request);
    return { provider: link.label, email: link.email };
  });

  r.post('/auth/oidc/link', { schema: oidcSchemas.link, config: { scope: 'public' } }, async (request, reply) => {
    const link = await pendingLink(request);
    const user = await repo.users.byId(link.userId);
    // Counted like any password sign-in of the account.
    const confirmed = await failedLogins.guard(request.ip, link.email, async (rank) => (user && (await verifyPassword(user.password_hash, request.body.password, rank)) ? user : undefined));
    if (!confirmed) {
      await emitFor(request, {
        event: 'auth.login.failed',
        actor: { type: 'user', id: String(link.userId), name: user?.username ?? link.email },
        user: link.userId,
        data: { username: link.email, reason: 'ErrInvalidCredentials', method: 'oidc', provider: link.label },
      });
      throw new OutpostError('ErrInvalidCredentials', 'invalid credentials', undefined, 400);
    }
    // Single use across panels: of two requests with the right password, one links.
    const taken = await links.take(request.cookies[LINK_COOKIE]);
    reply.clearCookie(LINK_COOKIE, { path: '/auth/oidc' });
    if (!taken) throw new OutpostError('ErrInvalidTokenState', 'no link is waiting for a password', undefined, 400);
    await linkOidcAccount(repo, { userId: link.userId, providerId: link.providerId, subject: link.subject, email: link.email, createdAccount: false });
    const done = await finishSignIn(request, reply, link.userId, link.label);
    return done.otp ? { otpNeeded: true } : done.answer!;
  });

  r.get('/api/self/oidc', { schema: oidcSchemas.methods, config: { scope: 'session' } }, async (request) => {
    const userId = request.session!.userId;
    const [user, providers, linked] = await Promise.all([repo.users.byId(userId), repo.oidcProviders.list(), repo.oidcLinks.ofUser(userId)]);
    const byId = new Map(providers.map((p) => [p.id, p]));
    return {
      passwordSet: !!user && user.password_hash !== NO_PASSWORD,
      links: linked.flatMap((link) => {
        const provider = byId.get(link.providerId);
        return provider ? [{ provider: provider.id, label: provider.label, icon: provider.icon, email: link.email, createdAt: new Date(link.createdAt).toISOString() }] : [];
      }),
    };
  });

  r.delete('/api/self/oidc/:id', { schema: oidcSchemas.unlink, config: { scope: 'session' } }, async (request, reply) => {
    const userId = request.session!.userId;
    const providerId = Number(request.params.id);
    const [user, linked] = await Promise.all([repo.users.byId(userId), repo.oidcLinks.ofUser(userId)]);
    if (!linked.some((link) => link.providerId === providerId)) throw new OutpostError('ErrNotFound', 'no such linked provider', undefined, 404);
    // An account needs a way back in: a password, or another enabled provider.
    const others = await Promise.all(linked.filter((link) => link.providerId !== providerId).map((link) => repo.oidcProviders.byId(link.providerId)));
    if (user?.password_hash === NO_PASSWORD && !others.some((provider) => provider?.enabled)) {
      throw new OutpostError('ErrOidcLastSignInMethod', 'this is the only way to sign in to the account: set a password first', undefined, 409);
    }
    await repo.oidcLinks.delete(userId, providerId);
    return reply.code(204).send(null);
  });
}
