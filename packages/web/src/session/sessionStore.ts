import { useSyncExternalStore } from 'react';
import { storage } from '../ssr/storage';

/**
 * The SPA's view of the session. The token itself lives in an HttpOnly cookie the app cannot
 * read; the scopes list in localStorage is the "logged in" marker and drives what is shown.
 */
const key = 'scopes';
const listeners = new Set<() => void>();
let cached: { raw: string | null; scopes: string[] | null } = { raw: null, scopes: null };

// In the panel's first-screen render, `storage` is memory, holding the request's scopes.
function read(): string[] | null {
  const raw = storage.getItem(key);
  if (raw !== cached.raw) {
    let scopes: string[] | null;
    try {
      const value: unknown = raw === null ? null : JSON.parse(raw);
      scopes = Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : null;
    } catch {
      scopes = null;
    }
    cached = { raw, scopes };
  }
  return cached.scopes;
}

function emit(): void {
  for (const listener of listeners) listener();
}

// Another tab logging in or out changes what this one may show.
globalThis.addEventListener?.('storage', (event) => {
  if ((event as StorageEvent).key === key || (event as StorageEvent).key === null) emit();
});

export const sessionStore = {
  /** The held scopes, or null when logged out. */
  scopes: read,
  isLoggedIn: () => read() !== null,
  save(scopes: string[]): void {
    storage.setItem(key, JSON.stringify(scopes));
    emit();
  },
  clear(): void {
    storage.removeItem(key);
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** The held scopes (null when logged out), re-rendering on login, logout and other tabs' changes. */
export function useScopes(): string[] | null {
  // Taking over a drawn page, main.tsx has stored the scopes it was drawn with: both snapshots agree.
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.scopes, sessionStore.scopes);
}
