import { Scopes } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { oidcProviderFields, oidcProviderOf, presentOidcProvider } from '../../services/oidc/saveOidcProvider.js';
import { oidcSchemas } from './schema.js';

/** /api/oidc/providers: the OpenID providers people may sign in with, for settings editors. */
export default async function oidcProvidersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo } = app.panel;
  const config = { scope: Scopes.SettingsEdit };

  r.get('/api/oidc/providers', { schema: oidcSchemas.list, config }, async () => Promise.all((await repo.oidcProviders.list()).map((row) => presentOidcProvider(repo, row))));

  r.post('/api/oidc/providers', { schema: oidcSchemas.create, config }, async (request, reply) => {
    const id = await repo.oidcProviders.insert(await oidcProviderFields(repo, request.session!.userId, request.body));
    return reply.code(201).send(await presentOidcProvider(repo, await oidcProviderOf(repo, String(id))));
  });

  r.get('/api/oidc/providers/:id', { schema: oidcSchemas.get, config }, async (request) => presentOidcProvider(repo, await oidcProviderOf(repo, request.params.id)));

  r.put('/api/oidc/providers/:id', { schema: oidcSchemas.update, config }, async (request) => {
    const before = await oidcProviderOf(repo, request.params.id);
    await repo.oidcProviders.update(before.id, await oidcProviderFields(repo, request.session!.userId, request.body, before));
    return presentOidcProvider(repo, await oidcProviderOf(repo, request.params.id));
  });

  r.delete('/api/oidc/providers/:id', { schema: oidcSchemas.remove, config }, async (request, reply) => {
    const provider = await oidcProviderOf(repo, request.params.id);
    await repo.oidcProviders.delete(provider.id);
    return reply.code(204).send(null);
  });
}
