import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { logout } from '../api/auth';
import { sessionStore } from '../session/sessionStore';

/** Ends the session on the server (best effort), forgets it here and shows the login page. */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const client = useQueryClient();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // An already expired session is as logged out as it gets.
    }
    sessionStore.clear();
    client.clear();
    void navigate('/auth/login');
  }, [navigate, client]);
}
