import { Type, type Static } from 'typebox';
import { panelPermissionFlags, panelScopes, type PanelPermissionFlag, type Scope } from '../scopes.js';
import { Paging, Text } from './common.js';

/** GET /api/users rows, GET /api/users/{id}, and the answer of POST /api/users(/{id}). */
export const UserView = Type.Object({ id: Type.Integer(), username: Type.String(), email: Type.String() });
export type UserView = Static<typeof UserView>;

/**
 * GET /api/users?page=&limit=&username=&email= (limit default 10). `username` and `email` match
 * exactly, or as a pattern where `*` stands for any text (`username=*text*` finds names holding
 * "text"), in any case.
 */
export const UserListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  username: Type.Optional(Text({ maxLength: 100 })),
  email: Type.Optional(Text({ maxLength: 256 })),
});
export type UserListQuery = Static<typeof UserListQuery>;

export const UserListResponse = Type.Object({ users: Type.Array(UserView), paging: Paging });
export type UserListResponse = Static<typeof UserListResponse>;

/** POST /api/users: the fields are checked by the handler, so each rule answers its own code. */
export const CreateUserRequest = Type.Object({
  username: Text({ maxLength: 64 }),
  email: Text({ maxLength: 254 }),
  password: Text({ maxLength: 1024 }),
});
export type CreateUserRequest = Static<typeof CreateUserRequest>;

/** POST /api/users/{id}: only the fields given change. */
export const UpdateUserRequest = Type.Partial(CreateUserRequest);
export type UpdateUserRequest = Static<typeof UpdateUserRequest>;

/** `{id}` of /api/users/{id}. */
export const UserParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

const PanelScopeList = Type.Array(Type.Unsafe<Scope>(Type.Enum([...panelScopes])), { maxItems: 50 });
const flagsOf = <T extends Parameters<typeof Type.Optional>[0]>(value: T) =>
  Object.fromEntries(panelPermissionFlags.map((flag) => [flag, Type.Optional(value)])) as Record<PanelPermissionFlag, ReturnType<typeof Type.Optional<T>>>;

/** GET /api/users/{id}/perms: the panel-level scopes the user holds, and the same as PufferPanel's flags. */
export const UserPerms = Type.Object({ scopes: PanelScopeList, ...flagsOf(Type.Boolean()) });
export type UserPerms = Static<typeof UserPerms>;

/**
 * PUT /api/users/{id}/perms: `{scopes}`, or PufferPanel's flat flags (booleans, or "true"/"false"
 * as some clients send them), often merged with the user's own fields, which are ignored. With
 * `scopes` absent, a flag left out is false.
 */
export const PutUserPerms = Type.Object(
  { scopes: Type.Optional(PanelScopeList), ...flagsOf(Type.Union([Type.Boolean(), Type.Literal('true'), Type.Literal('false')])) },
  { additionalProperties: true },
);
export type PutUserPerms = Static<typeof PutUserPerms>;

/** GET /api/users/firstAdmin: true while the panel has no administrator, so the app can say how to make one. */
export const FirstAdminResponse = Type.Object({ needed: Type.Boolean() });
export type FirstAdminResponse = Static<typeof FirstAdminResponse>;
