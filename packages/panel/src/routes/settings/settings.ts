import { OutpostError, Scopes, adminSettingKeys, hasScope, isEmail, secretSettingKeys } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Repositories } from '../../db/repositories.js';
import { emitFor } from '../../services/activity/emitFor.js';
import { presentSetting, readSetting, writeSettings } from '../../services/panelSettings.js';
import { normaliseEmail } from '../../services/normaliseEmail.js';
import { sendTestMail } from '../../services/mail/sendTestMail.js';
import { emailStatusSchema, getSettingSchema, postSettingsSchema, putSettingSchema, testEmailSchema } from './schema.js';

/**
 * Mail delivery and the master URL decide where reset and invitation links go, so changing them
 * needs the admin scope (403 ErrMissingScope naming it). A value sent as it is stored is no change:
 * a client that saves the whole form still works for a settings editor.
 */
async function requireAdminForMailAndAddress(repo: Repositories, request: FastifyRequest, values: Record<string, string>): Promise<void> {
  if (hasScope(request.session!.scopes, Scopes.ServersAdmin)) return;
  for (const [key, value] of Object.entries(values)) {
    if (!adminSettingKeys.includes(key)) continue;
    const keeps = secretSettingKeys.includes(key) ? value === '' : value === (await readSetting(repo, key));
    if (!keeps) throw new OutpostError('ErrMissingScope', 'only an administrator may change where mail goes or the master URL', { scope: Scopes.ServersAdmin, field: key }, 403);
  }
}

/** /api/settings: panel settings, for holders of settings.edit; mail delivery and the master URL for administrators. */
export default async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo } = app.panel;
  const config = { scope: Scopes.SettingsEdit };

  r.get('/api/settings/:key', { schema: getSettingSchema, config }, async (request) => {
    return presentSetting(repo, request.params.key);
  });

  r.put('/api/settings/:key', { schema: putSettingSchema, config }, async (request, reply) => {
    const values = { [request.params.key]: request.body.value };
    await requireAdminForMailAndAddress(repo, request, values);
    await writeSettings(repo, values);
    // The keys only: some values are secrets (the mail password).
    await emitFor(request, { event: 'settings.changed', data: { keys: Object.keys(values) } });
    return reply.code(204).send(null);
  });

  r.post('/api/settings', { schema: postSettingsSchema, config }, async (request, reply) => {
    await requireAdminForMailAndAddress(repo, request, request.body);
    await writeSettings(repo, request.body);
    await emitFor(request, { event: 'settings.changed', data: { keys: Object.keys(request.body) } });
    return reply.code(204).send(null);
  });

  r.get('/api/settings/email/status', { schema: emailStatusSchema, config }, async () => {
    const failure = app.panel.mail.lastFailure;
    return failure ? { lastFailure: failure } : {};
  });

  // Admins only: the test mail goes wherever the caller says.
  r.post('/api/settings/email/test', { schema: testEmailSchema, config: { scope: Scopes.ServersAdmin } }, async (request) => {
    const caller = await repo.users.byId(request.session!.userId);
    const to = request.body.to ? normaliseEmail(request.body.to) : caller?.email;
    if (!to || !caller) throw new OutpostError('ErrFieldRequired', 'to is required', { field: 'to' });
    if (!isEmail(to)) throw new OutpostError('ErrFieldNotEmail', 'not a valid email', { field: 'to' });
    await sendTestMail(repo, app.panel.mail, to, caller);
    return { to };
  });
}
