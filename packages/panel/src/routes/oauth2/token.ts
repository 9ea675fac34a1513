import { OutpostError, type TokenError } from '@outpost/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_SECONDS, clientScopes } from '../../services/oauthClients.js';
import { burnPasswordCheck, verifyPassword } from '../../services/passwords.js';
import { hashSessionToken, newSessionToken } from '../../services/sessionTokens.js';
import { tokenSchema } from './schema.js';

/** A refusal in RFC 6749's shape, which OAuth2 libraries read; the panel's ErrorBody is not used here. */
class TokenRefusal extends Error {
  constructor(
    readonly status: number,
    readonly error: TokenError['error'],
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

const invalidRequest = (description: string) => new TokenRefusal(400, 'invalid_request', description);

interface Credentials {
  clientId: string;
  secret: string;
  basic: boolean;
}

/** From HTTP Basic (each half form-encoded, RFC 6749 2.3.1) or the body; never both. */
function readCredentials(request: FastifyRequest, body: Record<string, unknown>): Credentials {
  const header = request.headers.authorization;
  const inBody = body.client_id !== undefined || body.client_secret !== undefined;
  if (typeof header === 'string' && /^basic /i.test(header)) {
    if (inBody) throw invalidRequest('send the client credentials either by HTTP Basic or in the body, not both');
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw invalidRequest('malformed HTTP Basic credentials');
    try {
      const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, ' '));
      return { clientId: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)), basic: true };
    } catch {
      throw invalidRequest('malformed HTTP Basic credentials');
    }
  }
  for (const field of ['client_id', 'client_secret'] as const) {
    if (typeof body[field] !== 'string' || body[field] === '') throw invalidRequest(`${field} is required`);
  }
  return { clientId: body.client_id as string, secret: body.client_secret as string, basic: false };
}

function sendRefusal(reply: FastifyReply, refusal: TokenRefusal) {
  return reply
    .code(refusal.status)
    .headers({ 'cache-control': 'no-store', ...refusal.headers })
    .type('application/json')
    .send({ error: refusal.error, error_description: refusal.description });
}

/** POST /oauth2/token: the client credentials grant. */
export default async function oauthTokenRoutes(app: FastifyInstance): Promise<void> {
  const { repo, failedLogins } = app.panel;

  // Its own context: form bodies are parsed here only, and every failure answers the OAuth2 shape.
  await app.register(async (context) => {
    context.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8192 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    context.setErrorHandler((error: FastifyError | OutpostError, request, reply) => {
      if (error instanceof TokenRefusal) return sendRefusal(reply, error);
      // Too many wrong secrets from this address, or the password queue is full.
      if (error instanceof OutpostError && error.status === 429) {
        const retryAfter = String(error.metadata?.retryAfter ?? 1);
        return sendRefusal(reply, new TokenRefusal(429, 'slow_down', 'too many token requests, try again later', { 'retry-after': retryAfter }));
      }
      const code = error instanceof OutpostError ? error.status : error.statusCode;
      const status = code && code < 500 ? 400 : 500;
      if (status === 500) request.log.error({ err: error, reqId: request.id }, 'token request failed');
      return sendRefusal(reply, new TokenRefusal(status, 'invalid_request', status === 400 ? 'the request is malformed' : 'internal error'));
    });

    context.post('/oauth2/token', { schema: tokenSchema, config: { scope: 'public', cookieless: true } }, async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (typeof body.grant_type !== 'string' || body.grant_type === '') throw invalidRequest('grant_type is required');
      if (body.grant_type !== 'client_credentials') throw new TokenRefusal(400, 'unsupported_grant_type', 'only client_credentials is supported');
      const credentials = readCredentials(request, body);
      if (credentials.clientId.length > 64 || credentials.secret.length > 200) throw invalidClient(credentials);

      // Counted like a password, per client and address before the secret is checked (argon2 is
      // dear): wrong secrets from elsewhere do not lock the client out, and a right one is not charged.
      const client = await failedLogins.guard(request.ip, `oauth2:${credentials.clientId}`, async (rank) => {
        const found = await repo.oauthClients.byId(credentials.clientId);
        if (!found) {
          await burnPasswordCheck(credentials.secret, rank); // an unknown id takes as long as a wrong secret
          return undefined;
        }
        return (await verifyPassword(found.secretHash, credentials.secret, rank)) ? found : undefined;
      });
      if (!client) throw invalidClient(credentials);

      const token = newSessionToken();
      await repo.sessions.insert(hashSessionToken(token), client.userId, Date.now() + ACCESS_TOKEN_SECONDS * 1000, client.clientId);
      const scope = (await clientScopes(repo, client)).join(' ');
      return reply.headers({ 'cache-control': 'no-store', pragma: 'no-cache' }).send({ access_token: token, token_type: 'Bearer', expires_in: ACCESS_TOKEN_SECONDS, scope });
    });
  });
}

/** Unknown client and wrong secret answer alike; 401 with a challenge when Basic was used (RFC 6749 5.2). */
function invalidClient(credentials: Credentials): TokenRefusal {
  const headers: Record<string, string> = credentials.basic ? { 'www-authenticate': 'Basic realm="outpost"' } : {};
  return new TokenRefusal(401, 'invalid_client', 'client authentication failed', headers);
}
