import { Navigate, Outlet, useLocation } from 'react-router';
import { useScopes } from './sessionStore';

/** Every non-public route needs a stored session; without one, the login page. */
export function RequireSession() {
  const scopes = useScopes();
  const location = useLocation();
  if (scopes === null) return <Navigate to="/auth/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}
