import { useEffect } from 'react';
import { useRenewSession } from '../api/auth';

/** Spec section 9: the session is renewed every 600000 ms while logged in. */
export const SESSION_RENEWAL_MS = 600_000;

export function useSessionRenewal(loggedIn: boolean): void {
  // A 401 is handled by the client (logout + message); anything else waits for the next round.
  const { mutate: renew } = useRenewSession();
  useEffect(() => {
    if (!loggedIn) return;
    const timer = setInterval(() => renew(), SESSION_RENEWAL_MS);
    return () => clearInterval(timer);
  }, [loggedIn, renew]);
}
