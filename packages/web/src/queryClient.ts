import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/ApiError';

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
