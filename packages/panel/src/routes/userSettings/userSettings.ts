import { OutpostError, isLocale } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { LANGUAGE_USER_SETTING } from '../../services/mail/mailLocale.js';
import { listUserSettingsSchema, putUserSettingSchema } from './schema.js';

/** The keys a user may keep (spec panel.md section 3, "User settings"), and the language their mails are written in. */
export const userSettingKeys = ['dark', 'preferredTheme', LANGUAGE_USER_SETTING];

/** /api/userSettings: each user's own theme and dark-mode choice. */
export default async function userSettingsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo } = app.panel;

  // The user's locale and theme: open while two-factor set-up is required, which the user reads in them.
  r.get('/api/userSettings', { schema: listUserSettingsSchema, config: { scope: 'session', twoFactorSetup: true } }, async (request) => {
    return repo.userSettings.list(request.session!.userId);
  });

  r.put('/api/userSettings/:key', { schema: putUserSettingSchema, config: { scope: 'session', twoFactorSetup: true } }, async (request, reply) => {
    const { key } = request.params;
    if (!userSettingKeys.includes(key)) throw new OutpostError('ErrNotFound', `no user setting named ${key}`, { key }, 404);
    if (key === LANGUAGE_USER_SETTING && !isLocale(request.body.value)) throw new OutpostError('ErrFieldRequired', 'language must be a known locale', { field: 'value' });
    await repo.userSettings.set(request.session!.userId, key, request.body.value);
    return reply.code(204).send(null);
  });
}
