import { Type } from 'typebox';
import { ImportTemplateParams, ImportableTemplates, NoContent, ServerDefinition, TemplateParams, TemplateSummary, responses } from '@outpost/shared';

export const listTemplatesSchema = { summary: 'Every template', tags: ['templates'], response: responses({ 200: Type.Array(TemplateSummary) }) };

export const getTemplateSchema = { summary: 'One template in API form', tags: ['templates'], params: TemplateParams, response: responses({ 200: ServerDefinition }) };

export const putTemplateSchema = {
  summary: 'Create or replace a template; a definition that is not valid answers 400 ErrInvalidJson',
  tags: ['templates'],
  params: TemplateParams,
  // JSON or its text; read by readDefinition, which checks it against ServerDefinition.
  body: Type.Unknown({ description: 'a template in API form (ServerDefinition), as JSON or as its text; version-1 templates are converted' }),
  response: responses({ 204: NoContent }),
};

export const deleteTemplateSchema = { summary: 'Delete a template', tags: ['templates'], params: TemplateParams, response: responses({ 204: NoContent }) };

export const listImportableSchema = {
  summary: "Template ids that can be imported: those shipped with Outpost and the configured repository's",
  tags: ['templates'],
  response: responses({ 200: ImportableTemplates }),
};

export const importTemplateSchema = {
  summary: 'Import one template, overwriting a template with the same id',
  tags: ['templates'],
  params: ImportTemplateParams,
  response: responses({ 204: NoContent }),
};
