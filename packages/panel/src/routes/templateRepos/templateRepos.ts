import { Scopes } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { addRepository, importFromRepository, listRepositories, listRepositoryTemplates, removeRepository } from '../../services/templateRepositories.js';
import { addRepositorySchema, importFromRepositorySchema, listRepositoriesSchema, removeRepositorySchema, repositoryTemplatesSchema } from './schema.js';

/**
 * /api/template-repositories: where templates are imported from. The list is a panel setting
 * (settings.edit changes it); what a repository offers and importing it are templates.edit, as
 * the spec's import is.
 */
export default async function templateReposRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo } = app.panel;
  const settings = { scope: Scopes.SettingsEdit };
  const templates = { scope: Scopes.TemplatesEdit };
  // Both screens show the list: the settings screen to change it, the import screen to pick from it.
  const either = { scope: { anyOf: [Scopes.SettingsEdit, Scopes.TemplatesEdit] } };

  r.get('/api/template-repositories', { schema: listRepositoriesSchema, config: either }, () => listRepositories(repo));

  r.post('/api/template-repositories', { schema: addRepositorySchema, config: settings }, async (request, reply) => {
    return reply.code(201).send(await addRepository(repo, request.body.url));
  });

  r.delete('/api/template-repositories/:id', { schema: removeRepositorySchema, config: settings }, async (request, reply) => {
    await removeRepository(repo, request.params.id);
    return reply.code(204).send(null);
  });

  r.get('/api/template-repositories/:id/templates', { schema: repositoryTemplatesSchema, config: templates }, (request) => listRepositoryTemplates(repo, request.params.id));

  r.post('/api/template-repositories/:id/import/:name', { schema: importFromRepositorySchema, config: templates }, async (request, reply) => {
    await importFromRepository(repo, request.params.id, request.params.name, request.query.convert === true);
    return reply.code(204).send(null);
  });
}
