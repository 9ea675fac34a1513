import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Scope } from '@outpost/shared';
import { scopesOnServer, type ServerPerms } from './can';

const ServerScopesContext = createContext<readonly Scope[]>([]);

/**
 * Gives a server page's controls the user's scopes on that server, converted once from the
 * permissions sent with it (GET /api/servers/{id}?perms). Outside a server page, and while they
 * are unknown, nothing is held.
 */
export function ServerPermissionsProvider({ permissions, children }: { permissions: ServerPerms | undefined; children: ReactNode }) {
  const scopes = useMemo(() => scopesOnServer(permissions), [permissions]);
  return <ServerScopesContext.Provider value={scopes}>{children}</ServerScopesContext.Provider>;
}

/** The scopes the user holds on the server of the page they are on: none outside a server page. */
export function useServerScopes(): readonly Scope[] {
  return useContext(ServerScopesContext);
}
