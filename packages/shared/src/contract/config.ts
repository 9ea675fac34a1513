import { Type, type Static } from 'typebox';

/** GET /api/config (public). */
export const AppConfig = Type.Object({
  branding: Type.Object({ name: Type.String() }),
  themes: Type.Object({ active: Type.String(), available: Type.Array(Type.String()) }),
  registrationEnabled: Type.Boolean(),
});
export type AppConfig = Static<typeof AppConfig>;
