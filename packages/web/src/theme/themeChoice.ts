import { useSyncExternalStore } from 'react';
import { storage } from '../ssr/storage';

/** The chosen panel theme (by name), kept in localStorage like the dark switch. */
const key = 'theme';
const listeners = new Set<() => void>();

export const themeChoice = {
  get: () => storage.getItem(key),
  set(name: string): void {
    storage.setItem(key, name);
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useThemeChoice(): string | null {
  // A page drawn ahead by the panel knows no choice; the browser's is read once it runs.
  return useSyncExternalStore(themeChoice.subscribe, themeChoice.get, () => null);
}
