import {
  CreateServerQuery,
  CreateServerRequest,
  CreateServerResponse,
  NoContent,
  RenameServerParams,
  ServerDetailQuery,
  ServerDetailResponse,
  ServerListQuery,
  ServerListResponse,
  ServerParams,
  responses,
} from '@outpost/shared';

export const listServersSchema = {
  summary: 'The servers the caller may see (admins: all), by name, one page at a time; narrowed by search, node and live state',
  tags: ['servers'],
  querystring: ServerListQuery,
  response: responses({ 200: ServerListResponse }),
};

export const createServerSchema = {
  summary: 'Create a server from a template id, or (admins) from a whole definition',
  tags: ['servers'],
  querystring: CreateServerQuery,
  body: CreateServerRequest,
  response: responses({ 200: CreateServerResponse }),
};

export const getServerSchema = {
  summary: "One server; with ?perms also the caller's permission flags on it",
  tags: ['servers'],
  params: ServerParams,
  querystring: ServerDetailQuery,
  response: responses({ 200: ServerDetailResponse }),
};

export const deleteServerSchema = {
  summary: 'Delete a server: its node removes processes and files, then the panel its row and permissions',
  tags: ['servers'],
  params: ServerParams,
  response: responses({ 204: NoContent }),
};

export const renameServerSchema = {
  summary: 'Rename a server',
  tags: ['servers'],
  params: RenameServerParams,
  response: responses({ 204: NoContent }),
};
