import {
  ArchiveRequest,
  ConsoleCommandRequest,
  ConsoleQuery,
  ConsoleReplay,
  DefinitionBody,
  ExtractQuery,
  FileEntries,
  FileMoveRequest,
  NoContent,
  PowerQuery,
  PutFileQuery,
  QueryAnswer,
  ServerDefinition,
  ServerParams,
  ServerPathParams,
  TaskList,
  responses,
} from '@outpost/shared';

export const getDefinitionSchema = { summary: "A server's definition (admin)", tags: ['proxy'], params: ServerParams, response: responses({ 200: ServerDefinition }) };
export const postDefinitionSchema = { summary: "Replace a server's definition (admin)", tags: ['proxy'], params: ServerParams, body: DefinitionBody, response: responses({ 204: NoContent }) };
export const getConsoleSchema = {
  summary: 'Console lines since an epoch (ms)',
  tags: ['proxy'],
  params: ServerParams,
  querystring: ConsoleQuery,
  response: responses({ 200: ConsoleReplay }),
};
export const postConsoleSchema = {
  summary: 'Send a console command: JSON {command}, or a plain-text body with a bearer token',
  tags: ['proxy'],
  params: ServerParams,
  body: ConsoleCommandRequest,
  response: responses({ 204: NoContent }),
};
export const querySchema = {
  summary: 'Players online as the game last said (asked at most every 30 s): {online, max, players?, version?, motd?}; 204 with no body when the server names no query, is not running or its game did not answer',
  tags: ['proxy'],
  params: ServerParams,
  response: responses({ 200: QueryAnswer, 204: NoContent }),
};
export const powerSchema = {
  summary: 'Run a power action; with ?wait the answer comes when it has finished',
  tags: ['proxy'],
  params: ServerParams,
  querystring: PowerQuery,
  response: responses({ 204: NoContent }),
};

// A folder answers a bare array of entries, as the spec's clients read it (the socket's `file`
// message keeps its object with the path).
export const getFileSchema = { summary: 'A folder answers its entries, a file its bytes', tags: ['proxy'], params: ServerPathParams, response: responses({ 200: FileEntries }) };
export const putFileSchema = {
  summary: 'Upload a file (multipart field `file`), or with ?folder=true create a folder',
  tags: ['proxy'],
  params: ServerPathParams,
  querystring: PutFileQuery,
  response: responses({ 204: NoContent }),
};
export const deleteFileSchema = { summary: 'Delete a file or folder', tags: ['proxy'], params: ServerPathParams, response: responses({ 204: NoContent }) };
export const archiveSchema = { summary: 'Zip the listed paths into the archive at the path', tags: ['proxy'], params: ServerPathParams, body: ArchiveRequest, response: responses({ 204: NoContent }) };
export const moveFileSchema = {
  summary: 'Move or rename a file or folder {from, to}; 409 when `to` exists, 400 for a folder into itself',
  tags: ['proxy'],
  params: ServerParams,
  body: FileMoveRequest,
  response: responses({ 204: NoContent }),
};
export const copyFileSchema = {
  summary: 'Copy a file or a folder with its contents {from, to}; 409 when `to` exists, 413 past the disk limit',
  tags: ['proxy'],
  params: ServerParams,
  body: FileMoveRequest,
  response: responses({ 204: NoContent }),
};
export const extractSchema = {
  summary: 'Extract the archive at the path into ?destination',
  tags: ['proxy'],
  params: ServerPathParams,
  querystring: ExtractQuery,
  response: responses({ 204: NoContent }),
};

export const getTasksSchema = {
  summary: "A server's tasks by id under `tasks`, and the node's time zone their schedules run in (also the x-outpost-time-zone header)",
  tags: ['proxy'],
  params: ServerParams,
  response: responses({ 200: TaskList }),
};
