import { OutpostError, Scopes, type ServerDefinition } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { saveTemplate } from '../../services/saveTemplate.js';
import { fetchImportableTemplate, listImportableTemplates } from '../../services/templateSources.js';
import { deleteTemplateSchema, getTemplateSchema, importTemplateSchema, listImportableSchema, listTemplatesSchema, putTemplateSchema } from './schema.js';

const noTemplate = (name: string) => new OutpostError('ErrNoTemplate', `no template with name '${name}' was found`, { name });

/** /api/templates: what servers are made from, and importing more. */
export default async function templatesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo } = app.panel;
  const view = { scope: Scopes.TemplatesView };
  const edit = { scope: Scopes.TemplatesEdit };

  r.get('/api/templates', { schema: listTemplatesSchema, config: view }, () => repo.templates.list());

  r.get('/api/templates/:id', { schema: getTemplateSchema, config: view }, async (request) => {
    const row = await repo.templates.byId(request.params.id);
    if (!row) throw noTemplate(request.params.id);
    return JSON.parse(row.definition) as ServerDefinition;
  });

  r.put('/api/templates/:id', { schema: putTemplateSchema, config: edit }, async (request, reply) => {
    // A body sent as text is parsed here, so bad JSON answers ErrInvalidJson either way.
    let body = request.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        throw new OutpostError('ErrInvalidJson', 'The json data is invalid');
      }
    }
    await saveTemplate(repo, request.params.id, body);
    return reply.code(204).send(null);
  });

  r.delete('/api/templates/:id', { schema: deleteTemplateSchema, config: edit }, async (request, reply) => {
    if (!(await repo.templates.delete(request.params.id))) throw noTemplate(request.params.id);
    return reply.code(204).send(null);
  });

  r.post('/api/templates/import', { schema: listImportableSchema, config: edit }, () => listImportableTemplates(repo));

  r.post('/api/templates/import/:name', { schema: importTemplateSchema, config: edit }, async (request, reply) => {
    const raw = await fetchImportableTemplate(repo, request.params.name);
    await saveTemplate(repo, request.params.name, raw);
    return reply.code(204).send(null);
  });
}
