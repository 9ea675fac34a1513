import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useScopes } from './sessionStore';

/** Every non-public route needs a stored session; without one, the login page. */
export function RequireSession({ children }: { children: ReactNode }) {
  const scopes = useScopes();
  if (scopes === null) return <Redirect to="/auth/login" replace />;
  return children;
}
