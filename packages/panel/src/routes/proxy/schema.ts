import {
  ArchiveRequest,
  ConsoleCommandRequest,
  ConsoleQuery,
  ConsoleReplay,
  DefinitionBody,
  ExtractQuery,
  FileEntries,
  NoContent,
  PowerQuery,
  PutFileQuery,
  ServerDataRequest,
  ServerDataResponse,
  ServerDefinition,
  ServerParams,
  ServerPathParams,
  ServerStats,
  ServerStatus,
  TaskBody,
  TaskCreated,
  TaskList,
  TaskParams,
  responses,
} from '@outpost/shared';

export const getDefinitionSchema = { summary: "A server's definition (admin)", tags: ['proxy'], params: ServerParams, response: responses({ 200: ServerDefinition }) };
export const postDefinitionSchema = { summary: "Replace a server's definition (admin)", tags: ['proxy'], params: ServerParams, body: DefinitionBody, response: responses({ 204: NoContent }) };
export const getDataSchema = { summary: "A server's variables", tags: ['proxy'], params: ServerParams, response: responses({ 200: ServerDataResponse }) };
export const postDataSchema = {
  summary: "Change a server's variable values; non-admins only userEdit ones",
  tags: ['proxy'],
  params: ServerParams,
  body: ServerDataRequest,
  response: responses({ 204: NoContent }),
};
export const statusSchema = { summary: 'Whether the server runs', tags: ['proxy'], params: ServerParams, response: responses({ 200: ServerStatus }) };
export const statsSchema = { summary: 'CPU (percent of one core) and memory (bytes)', tags: ['proxy'], params: ServerParams, response: responses({ 200: ServerStats }) };
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
export const powerSchema = {
  summary: 'Run a power action; with ?wait the answer comes when it has finished',
  tags: ['proxy'],
  params: ServerParams,
  querystring: PowerQuery,
  response: responses({ 204: NoContent }),
};
export const reloadSchema = { summary: "Re-read a server's definition from disk (admin)", tags: ['proxy'], params: ServerParams, response: responses({ 204: NoContent }) };

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
export const createTaskSchema = { summary: 'Create a task: name, cronSchedule (or null), operations', tags: ['proxy'], params: ServerParams, body: TaskBody, response: responses({ 200: TaskCreated }) };
export const editTaskSchema = { summary: 'Replace a task', tags: ['proxy'], params: TaskParams, body: TaskBody, response: responses({ 204: NoContent }) };
export const deleteTaskSchema = { summary: 'Delete a task', tags: ['proxy'], params: TaskParams, response: responses({ 204: NoContent }) };
export const runTaskSchema = { summary: 'Run a task now; its outcome shows in the console', tags: ['proxy'], params: TaskParams, response: responses({ 204: NoContent }) };
