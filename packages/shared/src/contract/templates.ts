import { Type, type Static } from 'typebox';

/** `{id}` of /api/templates/{id}. */
export const TemplateParams = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9._-]{1,100}$', description: 'template id' }) });

/** GET /api/templates rows. */
export const TemplateSummary = Type.Object({ id: Type.String(), name: Type.String(), display: Type.String(), type: Type.String() });
export type TemplateSummary = Static<typeof TemplateSummary>;

/** POST /api/templates/import answers the importable template ids. */
export const ImportableTemplates = Type.Array(Type.String());
export type ImportableTemplates = Static<typeof ImportableTemplates>;

/** `{name}` of POST /api/templates/import/{name}. */
export const ImportTemplateParams = Type.Object({ name: Type.String({ maxLength: 100 }) });
