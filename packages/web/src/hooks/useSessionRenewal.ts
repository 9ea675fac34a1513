import { useEffect } from 'react';
import { reauth } from '../api/auth';
import { sessionStore } from '../session/sessionStore';

/** Spec section 9: the session is renewed every 600000 ms while logged in. */
export const SESSION_RENEWAL_MS = 600_000;

export function useSessionRenewal(loggedIn: boolean): void {
  useEffect(() => {
    if (!loggedIn) return;
    const timer = setInterval(() => {
      reauth()
        .then((answer) => {
          if (answer?.scopes) sessionStore.save(answer.scopes);
        })
        // A 401 is handled by the client (logout + message); anything else waits for the next round.
        .catch(() => {});
    }, SESSION_RENEWAL_MS);
    return () => clearInterval(timer);
  }, [loggedIn]);
}
