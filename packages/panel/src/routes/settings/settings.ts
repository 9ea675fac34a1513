import { OutpostError, Scopes, isEmail } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { presentSetting, writeSettings } from '../../services/panelSettings.js';
import { normaliseEmail } from '../../services/normaliseEmail.js';
import { sendTestMail } from '../../services/mail/sendTestMail.js';
import { emailStatusSchema, getSettingSchema, postSettingsSchema, putSettingSchema, testEmailSchema } from './schema.js';

/** /api/settings: panel settings, for holders of settings.edit. */
export default async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo } = app.panel;
  const config = { scope: Scopes.SettingsEdit };

  r.get('/api/settings/:key', { schema: getSettingSchema, config }, async (request) => {
    return presentSetting(repo, request.params.key);
  });

  r.put('/api/settings/:key', { schema: putSettingSchema, config }, async (request, reply) => {
    await writeSettings(repo, { [request.params.key]: request.body.value });
    return reply.code(204).send(null);
  });

  r.post('/api/settings', { schema: postSettingsSchema, config }, async (request, reply) => {
    await writeSettings(repo, request.body);
    return reply.code(204).send(null);
  });

  r.get('/api/settings/email/status', { schema: emailStatusSchema, config }, async () => {
    const failure = app.panel.mail.lastFailure;
    return failure ? { lastFailure: failure } : {};
  });

  // Admins only: the test mail goes wherever the caller says.
  r.post('/api/settings/email/test', { schema: testEmailSchema, config: { scope: Scopes.Admin } }, async (request) => {
    const caller = await repo.users.byId(request.session!.userId);
    const to = request.body.to ? normaliseEmail(request.body.to) : caller?.email;
    if (!to || !caller) throw new OutpostError('ErrFieldRequired', 'to is required', { field: 'to' });
    if (!isEmail(to)) throw new OutpostError('ErrFieldNotEmail', 'not a valid email', { field: 'to' });
    await sendTestMail(repo, app.panel.mail, to, caller);
    return { to };
  });
}
