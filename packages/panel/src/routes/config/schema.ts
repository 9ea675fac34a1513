import { Type } from 'typebox';
import { responses } from '../commonSchemas.js';

/** AppConfig of packages/shared api.ts. */
export const AppConfig = Type.Object({
  branding: Type.Object({ name: Type.String() }),
  themes: Type.Object({ active: Type.String(), available: Type.Array(Type.String()) }),
  registrationEnabled: Type.Boolean(),
});

export const configSchema = {
  summary: 'Branding, themes and whether self-registration is open',
  tags: ['config'],
  response: responses({ 200: AppConfig }),
};
