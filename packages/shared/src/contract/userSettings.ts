import { Type, type Static } from 'typebox';
import { Text } from './common.js';

/** GET /api/userSettings: the caller's own settings (dark, preferredTheme). */
export const UserSettingsResponse = Type.Array(Type.Object({ key: Type.String(), value: Type.String() }));
export type UserSettingsResponse = Static<typeof UserSettingsResponse>;

/** `{key}` of PUT /api/userSettings/{key}. */
export const UserSettingParams = Type.Object({ key: Text({ maxLength: 100 }) });

/** PUT /api/userSettings/{key} body. */
export const UserSettingRequest = Type.Object({ value: Type.String({ maxLength: 256 }) });
