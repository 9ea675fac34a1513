import { Suspense } from 'react';
import { Redirect, Route, useLocation } from 'wouter';
import { routes } from './routes';
import { matchPath } from './router/matchPath';
import { RequireSession } from './session/RequireSession';
import { ScreenFallback } from './components/ScreenFallback';
import { LazyShell } from './components/shell/LazyShell';
import { PublicFrame } from './components/shell/PublicFrame';
import { WithQueries } from './queries';

/**
 * Spec section 2: public screens without sidebar, the rest behind a session, redirects for the
 * rest. The frame stays mounted from one screen to the next; only the screen inside changes.
 */
export function AppRoutes() {
  const [pathname] = useLocation();
  if (pathname === '/') return <Redirect to="/server" replace />;
  const entry = routes.find((r) => matchPath(r.path, pathname));
  if (!entry) return <Redirect to="/errors/404" replace />;
  const screen = <Route path={entry.path} component={entry.screen} />;
  if (entry.public) return <PublicFrame>{entry.withoutQueries ? screen : <WithQueries>{screen}</WithQueries>}</PublicFrame>;
  return (
    <RequireSession>
      <Suspense fallback={<ScreenFallback />}>
        <WithQueries>
          <LazyShell scope={entry.scope} refusal={entry.refusal}>
            {screen}
          </LazyShell>
        </WithQueries>
      </Suspense>
    </RequireSession>
  );
}
