import type { ReactNode } from 'react';
import type { Scope } from '@outpost/shared';
import { can, scopesOnServer, type ServerPerms } from '../session/can';
import { useScopes } from '../session/sessionStore';

type CanProps = { children: ReactNode; otherwise?: ReactNode } & ({ scope: Scope | undefined } | { scope: Scope; server: ServerPerms | undefined });

/**
 * useCan as an element: its children only when the user holds the scope (on the server when a
 * `server` prop is given, even an undefined one). Hiding is a courtesy, not a guard.
 */
export function Can(props: CanProps) {
  const session = useScopes();
  const allowed = can('server' in props ? scopesOnServer(props.server) : session, props.scope);
  return <>{allowed ? props.children : (props.otherwise ?? null)}</>;
}
