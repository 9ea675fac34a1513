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

/** A template repository: the one shipped with Outpost (id "shipped", no URL) or one added by URL. */
export const TemplateRepository = Type.Object({
  id: Type.String({ description: '"shipped", or the number of a repository added by URL' }),
  url: Type.String({ description: 'base URL (index.json and <id>.json under it); "" for the shipped one' }),
  shipped: Type.Boolean(),
});
export type TemplateRepository = Static<typeof TemplateRepository>;

/** POST /api/template-repositories. */
export const AddTemplateRepositoryRequest = Type.Object({ url: Type.String({ maxLength: 500 }) });
export type AddTemplateRepositoryRequest = Static<typeof AddTemplateRepositoryRequest>;

/** `{id}` of /api/template-repositories/{id}. */
export const TemplateRepositoryParams = Type.Object({ id: Type.String({ pattern: '^(shipped|[0-9]{1,10})$' }) });

/** `{id}` and `{name}` of POST /api/template-repositories/{id}/import/{name}. */
/** `?convert=true` of that call: convert a version-1 template while importing it. */
export const RepositoryImportQuery = Type.Object({ convert: Type.Optional(Type.Boolean()) });

export const RepositoryTemplateParams = Type.Object({
  id: Type.String({ pattern: '^(shipped|[0-9]{1,10})$' }),
  name: Type.String({ pattern: '^[A-Za-z0-9._-]{1,100}$' }),
});

/**
 * One template a repository offers, compared with the installed one of the same id: "new" (none
 * installed), "installed" (same content), "newer" (the repository's differs: newer available),
 * "invalid" (the repository's does not read as a template).
 */
export const RepositoryTemplate = Type.Object({
  id: Type.String(),
  display: Type.String(),
  status: Type.Union([Type.Literal('new'), Type.Literal('installed'), Type.Literal('newer'), Type.Literal('invalid')]),
  /** The repository's file is a version-1 template: importing it converts it, so the import must ask (`?convert=true`). */
  version1: Type.Optional(Type.Boolean()),
});
export type RepositoryTemplate = Static<typeof RepositoryTemplate>;
