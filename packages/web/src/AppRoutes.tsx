import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { routes } from './routes';
import { RequireSession } from './session/RequireSession';
import { ScreenFallback } from './components/ScreenFallback';
import { PublicFrame } from './components/shell/PublicFrame';

// The signed-in frame (menu, shortcuts, tooltips) is not needed to draw the sign-in page.
const Shell = lazy(() => import('./components/shell/Shell').then((module) => ({ default: module.Shell })));

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
        <Route
          element={
            <Suspense fallback={<ScreenFallback />}>
              <Shell />
            </Suspense>
          }
        >
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
