import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Scopes, scopesOf, WebhookBody } from '@outpost/shared';
import type { FastifyInstance } from 'fastify';
import type { RouteScope } from '../context.js';
import { registerPublic } from './scopes.js';

type Security = Record<string, readonly string[]>[];
const personOnly: Security = [{ bearer: [] }, { cookie: [] }];

/** OpenAPI security of one route from the scope it declares, so a generated client knows what each call needs. */
function securityOf(need: RouteScope): { security: Security; note: string } {
  if (need === 'public') return { security: [], note: 'Public.' };
  if (need === 'session') return { security: personOnly, note: 'Needs a signed-in person; OAuth2 client tokens are refused.' };
  const scopes = scopesOf(need);
  const anyOf = typeof need === 'object' && 'anyOf' in need;
  const oauth2 = anyOf ? scopes.map((scope) => ({ oauth2: [scope] })) : [{ oauth2: scopes }];
  const note = `Needs scope ${scopes.join(anyOf ? ' or ' : ' and ')} (servers.admin grants every scope).`;
  return { security: [...oauth2, ...personOnly], note };
}

const documentSecurity: SwaggerTransform = ({ schema, url, route }) => {
  const need = route.config?.scope;
  if (!schema || schema.hide || need === undefined || 'security' in schema) return { schema, url };
  const { security, note } = securityOf(need);
  const description = [(schema as { description?: string }).description, note].filter(Boolean).join('\n\n');
  return { schema: { ...schema, security, description } as typeof schema, url };
};

/** The OpenAPI document of every route, from their TypeBox schemas, browsable under /swagger/. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Outpost', description: 'Web panel for game and application servers', version: '0.1.0' },
      components: {
        // What a json webhook receives: no route answers it, so it is named here (a plain copy: TypeBox's types are no OpenAPI types).
        schemas: { WebhookBody: JSON.parse(JSON.stringify(WebhookBody)) },
        securitySchemes: {
          // Scripts and tools: an OAuth2 client (account or server) trades its secret for a bearer token.
          oauth2: {
            type: 'oauth2',
            flows: { clientCredentials: { tokenUrl: '/oauth2/token', scopes: Object.fromEntries(Object.values(Scopes).map((scope) => [scope, scope])) } },
          },
          clientBasic: { type: 'http', scheme: 'basic', description: 'client_id and client_secret, at the token endpoint only' },
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'outpost_session' },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: documentSecurity,
  });
  await registerPublic(app, swaggerUi, { routePrefix: '/swagger' });
}
