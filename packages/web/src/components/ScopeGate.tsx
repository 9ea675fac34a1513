import type { ReactNode } from 'react';
import type { Scope } from '@outpost/shared';
import { useCan } from '../hooks/useCan';
import { lazyComponent } from '../lazyComponent';

// The card is drawn only for someone refused: its code stays out of the first load (the sign-in page's budget).
const NotAllowed = lazyComponent<{ description?: string }>(() => import('./NotAllowed').then((module) => ({ default: module.NotAllowed })));

/** A screen behind the scope its route names (routes.ts): without it, the not-allowed card. The panel still checks. */
export function ScopeGate({ scope, refusal, children }: { scope?: Scope; refusal?: string; children: ReactNode }) {
  return useCan(scope) ? <>{children}</> : <NotAllowed description={refusal} />;
}
