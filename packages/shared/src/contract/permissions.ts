import { Type, type Static, type TBoolean } from 'typebox';
import { serverPermissionFlags, type ServerPermissionFlag } from '../scopes.js';

// The per-server permission flags on the wire, built from the one list (serverPermissionScopes
// in scopes.ts), so a flag added there is answered, accepted and documented everywhere.

const flagsOf = <T>(make: () => T) => Object.fromEntries(serverPermissionFlags.map((flag) => [flag, make()])) as Record<ServerPermissionFlag, T>;

/** Every flag, each true or false. */
export const ServerPermissions = Type.Object(flagsOf<TBoolean>(() => Type.Boolean()));
export type ServerPermissions = Static<typeof ServerPermissions>;

/** The flags a caller sends: those left out are false. */
export const PartialServerPermissions = Type.Partial(ServerPermissions);

/** GET /api/servers/{id}?perms: the caller's flags on the server plus `admin`. */
export const CallerPermissions = Type.Object({ ...ServerPermissions.properties, admin: Type.Boolean() });
