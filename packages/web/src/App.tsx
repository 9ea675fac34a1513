import { lazy, Suspense, useEffect } from 'react';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { setUnauthorizedHandler } from './api/client';
import { AppRoutes } from './AppRoutes';
import { lazyComponent } from './lazyComponent';
import { loadedQueryClient, useLoadedQueryClient, WithQueries } from './queries';
import { sessionStore } from './session/sessionStore';
import { ThemeProvider } from './theme/ThemeProvider';
import { AccessibleNames } from './theme/AccessibleNames';
import { useIsRtl } from './hooks/useIsRtl';
import { useGuardedBrowserLocation } from './router/leaveGuard';
import { ClientOnly } from './ssr/ClientOnly';

// Toasts and the error details dialog arrive after the first paint; a toast raised before then waits in the store.
const Notifications = lazy(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })));
const ErrorDetailsModal = lazy(() => import('./components/ErrorDetailsModal').then((module) => ({ default: module.ErrorDetailsModal })));
/** The theme and the session's upkeep, through the query cache: they draw nothing, so they come after the first screen. */
export const AppEffects = lazyComponent(() => import('./AppEffects'));

// Spec section 4: a 401 outside the login calls ends the session with one message and no other toast.
setUnauthorizedHandler(() => {
  if (!sessionStore.isLoggedIn()) return;
  sessionStore.clear();
  loadedQueryClient()?.clear();
  // The toasts' code is not part of the sign-in page.
  void import('./components/notify').then(({ notifySessionTimedOut }) => notifySessionTimedOut());
});

/**
 * Marks the page once the app runs in it (drawn afresh or taken over from the panel's markup),
 * for tests and bench:web, which otherwise could not tell a drawn page from a working one.
 */
function MarkRunning() {
  useEffect(() => {
    document.documentElement.dataset.app = 'running';
    performance.mark('app-running');
  }, []);
  return null;
}

/** Toasts at the top corner on the reader's end side. */
function AppNotifications() {
  const position = useIsRtl() ? 'top-left' : 'top-right';
  return (
    <ClientOnly>
      <Suspense fallback={null}>
        <Notifications position={position} />
      </Suspense>
    </ClientOnly>
  );
}

/**
 * The whole app; `ssrPath` and `client` are given when the panel draws the first screen ahead. In
 * the browser the query cache is the one `queries.ts` loads: parts that need it wait in WithQueries.
 */
export function App({ client, ssrPath }: { client?: QueryClient; ssrPath?: string }) {
  const loaded = useLoadedQueryClient();
  return (
    <ThemeProvider>
      <AccessibleNames>
        <QueryClientContext.Provider value={client ?? loaded}>
          <AppNotifications />
          <MarkRunning />
          {/* The browser's address, with moves held while a screen has unsaved edits. */}
          <Router hook={useGuardedBrowserLocation} ssrPath={ssrPath}>
            {/* Effects only (the panel's render draws nothing for them either). */}
            <ClientOnly>
              <Suspense fallback={null}>
                <WithQueries>
                  <AppEffects />
                </WithQueries>
              </Suspense>
            </ClientOnly>
            <AppRoutes />
            <ClientOnly>
              <Suspense fallback={null}>
                <ErrorDetailsModal />
              </Suspense>
            </ClientOnly>
          </Router>
        </QueryClientContext.Provider>
      </AccessibleNames>
    </ThemeProvider>
  );
}
