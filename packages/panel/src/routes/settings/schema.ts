import { Type } from 'typebox';
import { NoContent, Text, responses } from '../commonSchemas.js';

const KeyParams = Type.Object({ key: Text({ maxLength: 100 }) });
const Value = Type.String({ maxLength: 4096 });

export const getSettingSchema = {
  summary: 'One panel setting; secrets answer ""',
  tags: ['settings'],
  params: KeyParams,
  response: responses({ 200: Type.Object({ value: Type.String() }) }),
};

export const putSettingSchema = {
  summary: 'Change one panel setting; "" for a secret keeps the stored one',
  tags: ['settings'],
  params: KeyParams,
  body: Type.Object({ value: Value }),
  response: responses({ 204: NoContent }),
};

export const postSettingsSchema = {
  summary: 'Change several panel settings at once (all or none)',
  tags: ['settings'],
  body: Type.Record(Type.String({ maxLength: 100 }), Value, { maxProperties: 50 }),
  response: responses({ 204: NoContent }),
};
