import { Type } from 'typebox';
import { DeleteServerUserParams, NoContent, PutServerUserRequest, ServerParams, ServerUserEntry, ServerUserParams, responses } from '@outpost/shared';

export const listServerUsersSchema = {
  summary: 'Who holds permissions on a server, with their flags',
  tags: ['servers'],
  params: ServerParams,
  response: responses({ 200: Type.Array(ServerUserEntry) }),
};

export const putServerUserSchema = {
  summary: "Set a user's permission flags on a server (existing accounts only)",
  tags: ['servers'],
  params: ServerUserParams,
  body: PutServerUserRequest,
  response: responses({ 204: NoContent }),
};

export const deleteServerUserSchema = {
  summary: "Take away every permission a user holds on a server (by user id or email)",
  tags: ['servers'],
  params: DeleteServerUserParams,
  response: responses({ 204: NoContent }),
};
