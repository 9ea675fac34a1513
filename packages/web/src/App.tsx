import { lazy, Suspense, useEffect } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { ApiError } from './api/ApiError';
import { setUnauthorizedHandler } from './api/client';
import { AppRoutes } from './AppRoutes';
import { notifySessionTimedOut } from './components/notify';
import { useSessionRenewal } from './hooks/useSessionRenewal';
import { useUserSettingsSync } from './hooks/useUserSettingsSync';
import { sessionStore, useScopes } from './session/sessionStore';
import { darkStorage } from './theme/darkStorage';
import { accessibleColors, theme } from './theme/theme';
import { AppliedTheme } from './theme/AppliedTheme';
import { AccessibleNames } from './theme/AccessibleNames';
import { useIsRtl } from './hooks/useIsRtl';
import { useGuardedBrowserLocation } from './router/leaveGuard';
import { ClientOnly } from './ssr/ClientOnly';

// Toasts and the error details dialog arrive after the first paint; a toast raised before then waits in the store.
const Notifications = lazy(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })));
const ErrorDetailsModal = lazy(() => import('./components/ErrorDetailsModal').then((module) => ({ default: module.ErrorDetailsModal })));

/** The app's query cache; the panel's first-screen render makes one per request. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will answer the same again; only network and server trouble is worth a retry.
        retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });

export const queryClient = createQueryClient();

// Spec section 4: a 401 outside the login calls ends the session with one message and no other toast.
setUnauthorizedHandler(() => {
  if (!sessionStore.isLoggedIn()) return;
  sessionStore.clear();
  queryClient.clear();
  notifySessionTimedOut();
});

/** Work that runs for the whole app while a session is held. */
function SessionEffects() {
  const loggedIn = useScopes() !== null;
  const client = useQueryClient();
  useSessionRenewal(loggedIn);
  useUserSettingsSync(loggedIn);
  useEffect(() => {
    if (!loggedIn) client.removeQueries({ queryKey: ['self'] });
  }, [client, loggedIn]);
  return null;
}

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

/** The whole app; `ssrPath` and `client` are given when the panel draws the first screen ahead. */
export function App({ client = queryClient, ssrPath }: { client?: QueryClient; ssrPath?: string }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={accessibleColors} colorSchemeManager={darkStorage} defaultColorScheme="light">
      <AccessibleNames>
        <QueryClientProvider client={client}>
          <AppNotifications />
          <AppliedTheme />
          <MarkRunning />
          {/* The browser's address, with moves held while a screen has unsaved edits. */}
          <Router hook={useGuardedBrowserLocation} ssrPath={ssrPath}>
            <SessionEffects />
            <AppRoutes />
            <ClientOnly>
              <Suspense fallback={null}>
                <ErrorDetailsModal />
              </Suspense>
            </ClientOnly>
          </Router>
        </QueryClientProvider>
      </AccessibleNames>
    </MantineProvider>
  );
}
