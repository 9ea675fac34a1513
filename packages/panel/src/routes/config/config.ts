import { SettingKeys } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { readSetting } from '../../services/panelSettings.js';
import { configSchema } from './schema.js';

/** The themes the panel ships; theme archives are a later step. */
const availableThemes = ['outpost'];

/** GET /api/config: what the login page needs before anyone signs in. */
export default async function configRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo } = app.panel;

  r.get('/api/config', { schema: configSchema, config: { scope: 'public' } }, async () => {
    const theme = await readSetting(repo, SettingKeys.defaultTheme);
    return {
      branding: { name: await readSetting(repo, SettingKeys.companyName) },
      themes: { active: availableThemes.includes(theme) ? theme : availableThemes[0], available: availableThemes },
      registrationEnabled: (await readSetting(repo, SettingKeys.registrationEnabled)) !== 'false',
    };
  });
}
