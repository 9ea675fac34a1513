import { useSyncExternalStore } from 'react';
import { storage } from '../ssr/storage';

/**
 * The SPA's view of the session. The token itself lives in an HttpOnly cookie the app cannot
 * read; the scopes list in localStorage is the "logged in" marker and drives what is shown.
 */
const key = 'scopes';
// Present while the panel requires two-factor login of this session's user, who has none yet.
const twoFactorKey = 'twoFactorRequired';
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
  const changed = (event as StorageEvent).key;
  if (changed === key || changed === twoFactorKey || changed === null) emit();
});

export const sessionStore = {
  /** The held scopes, or null when logged out. */
  scopes: read,
  isLoggedIn: () => read() !== null,
  /** Stores a session's scopes and, when told, whether it may only set up two-factor login. */
  save(scopes: string[], twoFactorRequired?: boolean): void {
    storage.setItem(key, JSON.stringify(scopes));
    if (twoFactorRequired === true) storage.setItem(twoFactorKey, '1');
    else if (twoFactorRequired === false) storage.removeItem(twoFactorKey);
    emit();
  },
  clear(): void {
    storage.removeItem(key);
    storage.removeItem(twoFactorKey);
    emit();
  },
  twoFactorRequired: () => storage.getItem(twoFactorKey) === '1',
  /** The panel answered ErrTwoFactorRequired (set now), or two-factor login is now on (lifted). */
  setTwoFactorRequired(required: boolean): void {
    if (required === sessionStore.twoFactorRequired()) return;
    if (required) storage.setItem(twoFactorKey, '1');
    else storage.removeItem(twoFactorKey);
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

/** Whether the session may only set up two-factor login, re-rendering when that changes. */
export function useTwoFactorRequired(): boolean {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.twoFactorRequired, sessionStore.twoFactorRequired);
}
