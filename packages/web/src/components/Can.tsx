import type { ReactNode } from 'react';
import type { Scope } from '@outpost/shared';
import { useCan } from '../hooks/useCan';

/** Renders its children only when the session holds the scope; hiding is a courtesy, not a guard. */
export function Can({ scope, children, otherwise = null }: { scope: Scope; children: ReactNode; otherwise?: ReactNode }) {
  return <>{useCan(scope) ? children : otherwise}</>;
}
