import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { lazyComponent } from '../lazyComponent';
import { PublicFrame } from '../components/shell/PublicFrame';
import { WithQueries } from '../queries';
import { useScopes, useTwoFactorRequired } from './sessionStore';

const TwoFactorRequiredScreen = lazyComponent(() => import('../screens/TwoFactorRequired/TwoFactorRequiredScreen'));

/**
 * Every non-public route needs a stored session; without one, the login page. A session the
 * panel requires two-factor login of sees only its set-up, whatever the address, until it is on.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const scopes = useScopes();
  const twoFactorRequired = useTwoFactorRequired();
  if (scopes === null) return <Redirect to="/auth/login" replace />;
  if (twoFactorRequired) {
    return (
      <PublicFrame>
        <WithQueries>
          <TwoFactorRequiredScreen />
        </WithQueries>
      </PublicFrame>
    );
  }
  return children;
}
