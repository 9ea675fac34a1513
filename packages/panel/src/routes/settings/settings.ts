import { Scopes } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { presentSetting, writeSettings } from '../../services/panelSettings.js';
import { getSettingSchema, postSettingsSchema, putSettingSchema } from './schema.js';

/** /api/settings: panel settings, for holders of settings.edit. */
export default async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo } = app.panel;
  const config = { scope: Scopes.SettingsEdit };

  r.get('/api/settings/:key', { schema: getSettingSchema, config }, async (request) => {
    return { value: await presentSetting(repo, request.params.key) };
  });

  r.put('/api/settings/:key', { schema: putSettingSchema, config }, async (request, reply) => {
    await writeSettings(repo, { [request.params.key]: request.body.value });
    return reply.code(204).send(null);
  });

  r.post('/api/settings', { schema: postSettingsSchema, config }, async (request, reply) => {
    await writeSettings(repo, request.body);
    return reply.code(204).send(null);
  });
}
