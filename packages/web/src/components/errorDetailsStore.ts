import { useSyncExternalStore } from 'react';
import type { ApiError } from '../api/ApiError';

/** Which failed call the error-details overlay shows; opened from toasts outside React. */
let current: ApiError | Error | null = null;
const listeners = new Set<() => void>();

export const errorDetailsStore = {
  open(error: ApiError | Error): void {
    current = error;
    listeners.forEach((l) => l());
  },
  close(): void {
    current = null;
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => current,
};

export function useErrorDetails() {
  return useSyncExternalStore(errorDetailsStore.subscribe, errorDetailsStore.get, errorDetailsStore.get);
}
