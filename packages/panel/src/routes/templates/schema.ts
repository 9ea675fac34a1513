import { Type } from 'typebox';
import { NoContent, responses } from '../commonSchemas.js';

const TemplateId = Type.String({ pattern: '^[A-Za-z0-9._-]{1,100}$', description: 'template id' });
const Definition = Type.Object({}, { additionalProperties: true, description: 'a template in API form' });
const Summary = Type.Object({ id: Type.String(), name: Type.String(), display: Type.String(), type: Type.String() });

export const listTemplatesSchema = { summary: 'Every template', tags: ['templates'], response: responses({ 200: Type.Array(Summary) }) };

export const getTemplateSchema = { summary: 'One template in API form', tags: ['templates'], params: Type.Object({ id: TemplateId }), response: responses({ 200: Definition }) };

export const putTemplateSchema = {
  summary: 'Create or replace a template; a definition that is not valid answers 400 ErrInvalidJson',
  tags: ['templates'],
  params: Type.Object({ id: TemplateId }),
  body: Type.Unknown(),
  response: responses({ 204: NoContent }),
};

export const deleteTemplateSchema = { summary: 'Delete a template', tags: ['templates'], params: Type.Object({ id: TemplateId }), response: responses({ 204: NoContent }) };

export const listImportableSchema = {
  summary: 'Template ids that can be imported: those shipped with Outpost and the configured repository\'s',
  tags: ['templates'],
  response: responses({ 200: Type.Array(Type.String()) }),
};

export const importTemplateSchema = {
  summary: 'Import one template, overwriting a template with the same id',
  tags: ['templates'],
  params: Type.Object({ name: Type.String({ maxLength: 100 }) }),
  response: responses({ 204: NoContent }),
};
