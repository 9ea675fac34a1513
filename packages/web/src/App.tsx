import { lazy, Suspense, useEffect } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { ApiError } from './api/ApiError';
import { setUnauthorizedHandler } from './api/client';
import { prefetchFirstScreen } from './api/servers';
import { AppRoutes } from './AppRoutes';
import { notifySessionTimedOut } from './components/notify';
import { useSessionRenewal } from './hooks/useSessionRenewal';
import { useUserSettingsSync } from './hooks/useUserSettingsSync';
import { sessionStore, useScopes } from './session/sessionStore';
import { darkStorage } from './theme/darkStorage';
import { theme } from './theme/theme';
import { AppliedTheme } from './theme/AppliedTheme';
import { useIsRtl } from './hooks/useIsRtl';
import { useGuardedBrowserLocation } from './router/leaveGuard';

// Toasts and the error details dialog arrive after the first paint; a toast raised before then waits in the store.
const Notifications = lazy(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })));
const ErrorDetailsModal = lazy(() => import('./components/ErrorDetailsModal').then((module) => ({ default: module.ErrorDetailsModal })));

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will answer the same again; only network and server trouble is worth a retry.
      retry: (count, error) => count < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

// Spec section 4: a 401 outside the login calls ends the session with one message and no other toast.
setUnauthorizedHandler(() => {
  if (!sessionStore.isLoggedIn()) return;
  sessionStore.clear();
  queryClient.clear();
  notifySessionTimedOut();
});

// The first screen's data comes with its code, not after it.
if (sessionStore.isLoggedIn()) prefetchFirstScreen(queryClient, window.location.pathname);

/** Work that runs for the whole app while a session is held. */
function SessionEffects() {
  const loggedIn = useScopes() !== null;
  useSessionRenewal(loggedIn);
  useUserSettingsSync(loggedIn);
  useEffect(() => {
    if (!loggedIn) queryClient.removeQueries({ queryKey: ['self'] });
  }, [loggedIn]);
  return null;
}

/** Toasts at the top corner on the reader's end side. */
function AppNotifications() {
  const position = useIsRtl() ? 'top-left' : 'top-right';
  return (
    <Suspense fallback={null}>
      <Notifications position={position} />
    </Suspense>
  );
}

export function App() {
  return (
    <MantineProvider theme={theme} colorSchemeManager={darkStorage} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <AppNotifications />
        <AppliedTheme />
        {/* The browser's address, with moves held while a screen has unsaved edits. */}
        <Router hook={useGuardedBrowserLocation}>
          <SessionEffects />
          <AppRoutes />
          <Suspense fallback={null}>
            <ErrorDetailsModal />
          </Suspense>
        </Router>
      </QueryClientProvider>
    </MantineProvider>
  );
}
