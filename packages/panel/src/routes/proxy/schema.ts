import { Type } from 'typebox';
import { NoContent, responses } from '../commonSchemas.js';

export const ServerParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{8}$' }) });
export const PathParams = Type.Object({ id: ServerParams.properties.id, '*': Type.String({ maxLength: 4096 }) });
const AnyObject = Type.Object({}, { additionalProperties: true });

export const getDefinitionSchema = { summary: "A server's definition (admin)", tags: ['proxy'], params: ServerParams, response: responses({ 200: AnyObject }) };
export const postDefinitionSchema = { summary: "Replace a server's definition (admin)", tags: ['proxy'], params: ServerParams, body: AnyObject, response: responses({ 204: NoContent }) };
export const getDataSchema = { summary: "A server's variables", tags: ['proxy'], params: ServerParams, response: responses({ 200: Type.Object({ data: AnyObject }) }) };
export const postDataSchema = {
  summary: "Change a server's variable values; non-admins only userEdit ones",
  tags: ['proxy'],
  params: ServerParams,
  body: Type.Object({ data: Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { maxProperties: 200 }) }),
  response: responses({ 204: NoContent }),
};
export const statusSchema = { summary: 'Whether the server runs', tags: ['proxy'], params: ServerParams, response: responses({ 200: Type.Object({ running: Type.Boolean() }) }) };
export const statsSchema = { summary: 'CPU (percent of one core) and memory (bytes)', tags: ['proxy'], params: ServerParams, response: responses({ 200: Type.Object({ cpu: Type.Number(), memory: Type.Number() }) }) };
export const getConsoleSchema = {
  summary: 'Console lines since an epoch (ms)',
  tags: ['proxy'],
  params: ServerParams,
  querystring: Type.Object({ time: Type.Optional(Type.Number({ minimum: 0 })) }),
  response: responses({ 200: Type.Object({ logs: Type.Array(Type.String()), epoch: Type.Number() }) }),
};
export const postConsoleSchema = {
  summary: 'Send a console command: JSON {command}, or a plain-text body with a bearer token',
  tags: ['proxy'],
  params: ServerParams,
  body: Type.Union([Type.String({ maxLength: 65536 }), Type.Object({ command: Type.String({ maxLength: 65536 }) })]),
  response: responses({ 204: NoContent }),
};
export const powerSchema = {
  summary: 'Run a power action; with ?wait the answer comes when it has finished',
  tags: ['proxy'],
  params: ServerParams,
  querystring: Type.Object({ wait: Type.Optional(Type.String({ maxLength: 10 })) }),
  response: responses({ 204: NoContent }),
};
export const reloadSchema = { summary: "Re-read a server's definition from disk (admin)", tags: ['proxy'], params: ServerParams, response: responses({ 204: NoContent }) };

const Listing = Type.Object({
  files: Type.Array(Type.Object({ name: Type.String(), isFile: Type.Boolean(), size: Type.Number(), modifyTime: Type.Number() })),
  path: Type.String(),
  error: Type.Optional(Type.String()),
});
export const getFileSchema = { summary: 'A folder answers its listing, a file its bytes', tags: ['proxy'], params: PathParams, response: responses({ 200: Listing }) };
export const putFileSchema = {
  summary: 'Upload a file (multipart field `file`), or with ?folder=true create a folder',
  tags: ['proxy'],
  params: PathParams,
  querystring: Type.Object({ folder: Type.Optional(Type.String({ maxLength: 10 })) }),
  response: responses({ 204: NoContent }),
};
export const deleteFileSchema = { summary: 'Delete a file or folder', tags: ['proxy'], params: PathParams, response: responses({ 204: NoContent }) };
export const archiveSchema = { summary: 'Zip the listed paths into the archive at the path', tags: ['proxy'], params: PathParams, body: Type.Array(Type.String({ maxLength: 4096 }), { minItems: 1, maxItems: 10000 }), response: responses({ 204: NoContent }) };
export const extractSchema = {
  summary: 'Extract the archive at the path into ?destination',
  tags: ['proxy'],
  params: PathParams,
  querystring: Type.Object({ destination: Type.Optional(Type.String({ maxLength: 4096 })) }),
  response: responses({ 204: NoContent }),
};
