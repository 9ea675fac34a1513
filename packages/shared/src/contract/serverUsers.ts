import { Type, type Static } from 'typebox';
import { ServerId, Text } from './common.js';
import { PartialServerPermissions } from './permissions.js';

/**
 * GET /api/servers/{id}/user rows: who holds permissions on a server, with their flags. `pending`
 * marks an invitation to an email without an account, with the flags it will grant.
 */
export const ServerUserEntry = Type.Object({
  email: Type.String(),
  username: Type.Optional(Type.String()),
  pending: Type.Optional(Type.Boolean()),
  ...PartialServerPermissions.properties,
});
export type ServerUserEntry = Static<typeof ServerUserEntry>;

/** PUT /api/servers/{id}/user/{email}. */
export const ServerUserParams = Type.Object({ id: ServerId, email: Text({ maxLength: 254 }) });

/** PUT /api/servers/{id}/user/{email} body: the flags (email and username are read from the path and ignored). */
export const PutServerUserRequest = Type.Object({
  ...PartialServerPermissions.properties,
  email: Type.Optional(Type.String({ maxLength: 254 })),
  username: Type.Optional(Type.String({ maxLength: 64 })),
});

/** DELETE /api/servers/{id}/user/{user}: by user id or email. */
export const DeleteServerUserParams = Type.Object({ id: ServerId, user: Text({ maxLength: 254 }) });
