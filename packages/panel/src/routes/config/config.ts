import { SettingKeys } from '@outpost/shared';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { isMailConfigured } from '../../services/mail/mailSettings.js';
import { readSetting } from '../../services/panelSettings.js';
import { themeNames } from '../../services/shippedThemes.js';
import { configSchema } from './schema.js';

/** GET /api/config: what the login page needs before anyone signs in. */
export default async function configRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { repo } = app.panel;

  r.get('/api/config', { schema: configSchema, config: { scope: 'public' } }, async () => {
    const theme = await readSetting(repo, SettingKeys.defaultTheme);
    // The product's own theme comes first when the default theme setting names none that ships.
    const names = await themeNames();
    const availableThemes = names.includes('outpost') ? ['outpost', ...names.filter((n) => n !== 'outpost')] : names;
    return {
      branding: { name: await readSetting(repo, SettingKeys.companyName) },
      themes: { active: availableThemes.includes(theme) ? theme : (availableThemes[0] ?? 'outpost'), available: availableThemes },
      registrationEnabled: (await readSetting(repo, SettingKeys.registrationEnabled)) !== 'false',
      emailEnabled: await isMailConfigured(repo),
    };
  });
}
