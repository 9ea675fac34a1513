import { Type } from 'typebox';
import { AddTemplateRepositoryRequest, NoContent, RepositoryTemplate, RepositoryImportQuery, RepositoryTemplateParams, TemplateRepository, TemplateRepositoryParams, responses } from '@outpost/shared';

export const listRepositoriesSchema = {
  summary: 'Template repositories: the one shipped with Outpost, then those added by URL',
  tags: ['templates'],
  response: responses({ 200: Type.Array(TemplateRepository) }),
};

export const addRepositorySchema = {
  summary: 'Add a template repository by URL (http or https; <url>/index.json lists its templates)',
  tags: ['templates'],
  body: AddTemplateRepositoryRequest,
  response: responses({ 201: TemplateRepository }),
};

export const removeRepositorySchema = {
  summary: 'Remove a template repository added by URL (installed templates stay)',
  tags: ['templates'],
  params: TemplateRepositoryParams,
  response: responses({ 204: NoContent }),
};

export const repositoryTemplatesSchema = {
  summary: "What a repository offers, marked against the installed templates; an unreachable repository answers 503 ErrServiceNotAvailable within 5 s",
  tags: ['templates'],
  params: TemplateRepositoryParams,
  response: responses({ 200: Type.Array(RepositoryTemplate) }),
};

export const importFromRepositorySchema = {
  summary: 'Import one template of a repository, overwriting a template with the same id',
  tags: ['templates'],
  params: RepositoryTemplateParams,
  querystring: RepositoryImportQuery,
  response: responses({ 204: NoContent }),
};
