import { CreateUserRequest, FirstAdminResponse, NoContent, UpdateUserRequest, UserListQuery, UserListResponse, UserParams, UserPerms, PutUserPerms, UserView, responses } from '@outpost/shared';

export const listUsersSchema = {
  summary: 'Users by username, one page at a time; `username` and `email` match exactly or with `*` as a wildcard',
  tags: ['users'],
  querystring: UserListQuery,
  response: responses({ 200: UserListResponse }),
};

export const createUserSchema = { summary: 'Create a user holding no rights (give them with PUT perms)', tags: ['users'], body: CreateUserRequest, response: responses({ 200: UserView }) };

export const getUserSchema = { summary: 'One user', tags: ['users'], params: UserParams, response: responses({ 200: UserView }) };

export const updateUserSchema = {
  summary: "Change a user's username, email or password (only the fields given); email and password need the admin scope and no OAuth2 client sets them; a new password signs them out everywhere",
  tags: ['users'],
  params: UserParams,
  body: UpdateUserRequest,
  response: responses({ 200: UserView }),
};

export const deleteUserSchema = {
  summary: 'Delete a user with their sessions, OAuth2 clients and SFTP sessions (never the last administrator)',
  tags: ['users'],
  params: UserParams,
  response: responses({ 204: NoContent }),
};

export const getUserPermsSchema = { summary: 'The panel-level scopes a user holds', tags: ['users'], params: UserParams, response: responses({ 200: UserPerms }) };

export const putUserPermsSchema = {
  summary: 'Replace the panel-level scopes a user holds; nobody grants or removes a scope they lack, nor removes the last administrator',
  tags: ['users'],
  params: UserParams,
  body: PutUserPerms,
  response: responses({ 204: NoContent }),
};

export const firstAdminSchema = {
  summary: 'Whether the panel still lacks an administrator (`outpost user add --admin` makes one)',
  tags: ['users'],
  response: responses({ 200: FirstAdminResponse }),
};
