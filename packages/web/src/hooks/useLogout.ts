import { useCallback } from 'react';
import { useNavigate } from '../router/useNavigate';
import { useEndSession } from '../api/auth';

/** Ends the session (best effort on the server, always here) and shows the login page. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const { mutateAsync: endSession } = useEndSession();
  return useCallback(async () => {
    // A failure was already handled by forgetting the session; only the page move is left.
    await endSession().catch(() => {});
    void navigate('/auth/login');
  }, [navigate, endSession]);
}
