import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { registerPublic } from './scopes.js';

/** The OpenAPI document of every route, from their TypeBox schemas, browsable under /swagger/. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Outpost', description: 'Web panel for game and application servers', version: '0.1.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'outpost_session' },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
  });
  await registerPublic(app, swaggerUi, { routePrefix: '/swagger' });
}
