import { Type, type Static } from 'typebox';

/** GET /api/config (public). */
export const AppConfig = Type.Object({
  branding: Type.Object({ name: Type.String() }),
  themes: Type.Object({ active: Type.String(), available: Type.Array(Type.String()) }),
  registrationEnabled: Type.Boolean(),
  /** Whether a mail provider is chosen: without one there is no "forgot password". */
  emailEnabled: Type.Boolean(),
});
export type AppConfig = Static<typeof AppConfig>;

/** theme.json inside GET /theme/{name}.tar: the theme's name and its colours for each mode. */
export const ThemeManifest = Type.Object({
  name: Type.String(),
  colors: Type.Object({ light: Type.Record(Type.String(), Type.String()), dark: Type.Record(Type.String(), Type.String()) }),
});
export type ThemeManifest = Static<typeof ThemeManifest>;
