import { Type } from 'typebox';
import { NoContent, Text, responses } from '../commonSchemas.js';

export const listUserSettingsSchema = {
  summary: "The caller's own settings (dark, preferredTheme)",
  tags: ['self'],
  response: responses({ 200: Type.Array(Type.Object({ key: Type.String(), value: Type.String() })) }),
};

export const putUserSettingSchema = {
  summary: "Change one of the caller's own settings",
  tags: ['self'],
  params: Type.Object({ key: Text({ maxLength: 100 }) }),
  body: Type.Object({ value: Type.String({ maxLength: 256 }) }),
  response: responses({ 204: NoContent }),
};
