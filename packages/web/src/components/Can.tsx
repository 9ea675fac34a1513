import type { ReactNode } from 'react';
import type { Scope, ServerAction } from '@outpost/shared';
import { useCan } from '../hooks/useCan';

type CanProps = { children: ReactNode; otherwise?: ReactNode } & ({ scope: Scope | undefined } | { action: ServerAction });

/**
 * useCan as an element: its children only when the user holds the panel scope, or may take the
 * action on the server of the page. Hiding is a courtesy, not a guard.
 */
export function Can(props: CanProps) {
  const allowed = useCan('action' in props ? props.action : props.scope);
  return <>{allowed ? props.children : (props.otherwise ?? null)}</>;
}
