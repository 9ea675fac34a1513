import { Type } from 'typebox';
import { NoContent, Text, responses } from '../commonSchemas.js';

const ServerId = Type.String({ pattern: '^[0-9a-f]{8}$' });
const Flag = Type.Optional(Type.Boolean());
const Flags = {
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
};

const Entry = Type.Object({ email: Type.String(), username: Type.Optional(Type.String()), ...Flags });

export const listServerUsersSchema = {
  summary: 'Who holds permissions on a server, with their flags',
  tags: ['servers'],
  params: Type.Object({ id: ServerId }),
  response: responses({ 200: Type.Array(Entry) }),
};

export const putServerUserSchema = {
  summary: "Set a user's permission flags on a server (existing accounts only)",
  tags: ['servers'],
  params: Type.Object({ id: ServerId, email: Text({ maxLength: 254 }) }),
  body: Type.Object({ ...Flags, email: Type.Optional(Type.String({ maxLength: 254 })), username: Type.Optional(Type.String({ maxLength: 64 })) }),
  response: responses({ 204: NoContent }),
};

export const deleteServerUserSchema = {
  summary: "Take away every permission a user holds on a server (by user id or email)",
  tags: ['servers'],
  params: Type.Object({ id: ServerId, user: Text({ maxLength: 254 }) }),
  response: responses({ 204: NoContent }),
};
