import { Type, type Static } from 'typebox';
import { MapOf, Text } from './common.js';

/** Panel setting keys; secrets are answered as an empty string when set, never in clear. */
export const SettingKeys = {
  masterUrl: 'panel.settings.masterUrl',
  companyName: 'panel.settings.companyName',
  defaultTheme: 'panel.settings.defaultTheme',
  registrationEnabled: 'panel.registrationEnabled',
  emailProvider: 'panel.email.provider',
  emailFrom: 'panel.email.from',
  emailDomain: 'panel.email.domain',
  emailKey: 'panel.email.key',
  emailHost: 'panel.email.host',
  emailUsername: 'panel.email.username',
  emailPassword: 'panel.email.password',
  /** URL of a template repository (an index.json listing ids, one <id>.json each) besides the shipped one. */
  templatesRepository: 'panel.templates.repository',
} as const;

export const secretSettingKeys: readonly string[] = [SettingKeys.emailKey, SettingKeys.emailPassword];

const SettingValue = Type.String({ maxLength: 4096 });

/** `{key}` of /api/settings/{key}. */
export const SettingParams = Type.Object({ key: Text({ maxLength: 100 }) });

/** GET /api/settings/{key}. */
export const SettingResponse = Type.Object({ value: Type.String() });
export type SettingResponse = Static<typeof SettingResponse>;

/** PUT /api/settings/{key} body. */
export const SettingRequest = Type.Object({ value: SettingValue });

/** POST /api/settings body: a map of key to value, saved all or none. */
export const SettingsRequest = MapOf(SettingValue, { maxProperties: 50 });
export type SettingsRequest = Static<typeof SettingsRequest>;
