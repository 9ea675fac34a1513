import { use, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
// Only the context: the query cache's own code (QueryClient, observers) is not part of the sign-in page.
import { QueryClientContext, type QueryClient, type QueryKey } from '@tanstack/react-query';

// The browser's one query cache. Its code loads beside the first screen's (main.tsx starts it): a
// signed-in screen waits for it, the sign-in page draws without it.
let client: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;
const listeners = new Set<() => void>();

/** The browser's query cache, loading its code on first call (and again after a failed load). */
export function loadQueryClient(): Promise<QueryClient> {
  return (loading ??= import('./queryClient').then(
    ({ createQueryClient }) => {
      client = createQueryClient();
      // Listens for focus and coming back online; the app never lets go of it.
      client.mount();
      for (const listener of listeners) listener();
      return client;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));
}

/** The browser's query cache once its code is here. */
export const loadedQueryClient = (): QueryClient | undefined => client;

const subscribeLoaded = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The browser's query cache once loaded (in the panel's render never: it gives the App its own). */
export const useLoadedQueryClient = () => useSyncExternalStore(subscribeLoaded, loadedQueryClient, loadedQueryClient);

/**
 * Draws `children`, which read or fetch through the query cache, once the cache is here: at once
 * after sign-in (main.tsx waits for it) and in the panel's render, else suspending until it loads.
 */
export function WithQueries({ children }: { children: ReactNode }) {
  const value = useContext(QueryClientContext) ?? client ?? use(loadQueryClient());
  return <QueryClientContext.Provider value={value}>{children}</QueryClientContext.Provider>;
}

const noSubscription = () => () => {};

/**
 * A cached answer under `queryKey` (undefined until some other part has fetched it), read without
 * the query observer's code: for what the sign-in page draws (brand name, registration links).
 */
export function useCachedQueryData<T>(queryKey: QueryKey): T | undefined {
  const cache = useContext(QueryClientContext);
  const subscribe = useCallback((onChange: () => void) => cache?.getQueryCache().subscribe(onChange) ?? noSubscription(), [cache]);
  const read = () => cache?.getQueryData<T>(queryKey);
  return useSyncExternalStore(subscribe, read, read);
}
