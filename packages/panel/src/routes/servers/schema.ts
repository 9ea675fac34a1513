import { Type } from 'typebox';
import { NoContent, Text, responses } from '../commonSchemas.js';

const IdParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{8}$', description: 'server id, 8 lowercase hex characters' }) });

export const ServerSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  ip: Type.String(),
  port: Type.Union([Type.Integer(), Type.Null()]),
  type: Type.String(),
  node: Type.Object({ id: Type.Integer(), name: Type.String(), publicHost: Type.String(), sftpPort: Type.Integer() }),
});

const Flag = Type.Boolean();
const Permissions = Type.Object({
  viewServerConsole: Flag,
  sendServerConsole: Flag,
  viewServerStats: Flag,
  viewServerFiles: Flag,
  putServerFiles: Flag,
  sftpServer: Flag,
  editServerData: Flag,
  editServerUsers: Flag,
  installServer: Flag,
  startServer: Flag,
  stopServer: Flag,
  deleteServer: Flag,
  admin: Flag,
});

const Paging = Type.Object({ page: Type.Integer(), limit: Type.Integer(), total: Type.Integer() });

export const listServersSchema = {
  summary: 'The servers the caller may see (admins: all), by name, one page at a time',
  tags: ['servers'],
  querystring: Type.Object({
    // Bounded so the offset stays a safe integer every database accepts.
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  }),
  response: responses({ 200: Type.Object({ servers: Type.Array(ServerSummary), paging: Paging }) }),
};

const Environment = Type.Object({ type: Type.Union([Type.Literal('standard'), Type.Literal('tty'), Type.Literal('docker')]) }, { additionalProperties: true });

export const createServerSchema = {
  summary: 'Create a server from a template id, or (admins) from a whole definition',
  tags: ['servers'],
  body: Type.Object({
    name: Text({ maxLength: 100 }),
    node: Type.Integer({ minimum: 1 }),
    template: Type.Union([Text({ minLength: 1, maxLength: 100 }), Type.Object({}, { additionalProperties: true })]),
    environment: Environment,
    variables: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.Union([Type.String({ maxLength: 4096 }), Type.Number(), Type.Boolean()]), { maxProperties: 200 })),
    users: Type.Optional(Type.Array(Text({ maxLength: 254 }), { maxItems: 50 })),
  }),
  response: responses({ 200: Type.Object({ id: Type.String() }) }),
};

export const getServerSchema = {
  summary: 'One server; with ?perms also the caller\'s permission flags on it',
  tags: ['servers'],
  params: IdParams,
  querystring: Type.Object({ perms: Type.Optional(Type.String({ maxLength: 10 })) }),
  response: responses({ 200: Type.Object({ server: ServerSummary, permissions: Type.Optional(Permissions) }) }),
};

export const deleteServerSchema = {
  summary: 'Delete a server: its node removes processes and files, then the panel its row and permissions',
  tags: ['servers'],
  params: IdParams,
  response: responses({ 204: NoContent }),
};

export const renameServerSchema = {
  summary: 'Rename a server',
  tags: ['servers'],
  params: Type.Object({ id: IdParams.properties.id, name: Text({ maxLength: 100 }) }),
  response: responses({ 204: NoContent }),
};
