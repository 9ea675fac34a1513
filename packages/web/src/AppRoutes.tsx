import { Navigate, Route, Routes } from 'react-router';
import { routes } from './routes';
import { RequireSession } from './session/RequireSession';
import { PublicFrame } from './components/shell/PublicFrame';
import { Shell } from './components/shell/Shell';

/** Spec section 2: public screens without sidebar, the rest behind a session, redirects for the rest. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicFrame />}>
        {routes
          .filter((r) => r.public)
          .map(({ path, screen: Screen }) => (
            <Route key={path} path={path} element={<Screen />} />
          ))}
      </Route>
      <Route element={<RequireSession />}>
        <Route element={<Shell />}>
          {routes
            .filter((r) => !r.public)
            .map(({ path, screen: Screen }) => (
              <Route key={path} path={path} element={<Screen />} />
            ))}
        </Route>
      </Route>
      <Route index element={<Navigate to="/server" replace />} />
      <Route path="*" element={<Navigate to="/errors/404" replace />} />
    </Routes>
  );
}
