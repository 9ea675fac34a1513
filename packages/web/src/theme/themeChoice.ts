import { useSyncExternalStore } from 'react';

/** The chosen panel theme (by name), kept in localStorage like the dark switch. */
const key = 'theme';
const listeners = new Set<() => void>();

export const themeChoice = {
  get: (): string | null => (typeof localStorage === 'undefined' ? null : localStorage.getItem(key)),
  set(name: string): void {
    localStorage.setItem(key, name);
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
