import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { storage } from '../ssr/storage';

/**
 * Mantine keeps the colour scheme through this manager: localStorage key `dark` holding
 * "true" or "false", the same value the user settings store under `dark`.
 */
const key = 'dark';
let listener: ((event: StorageEvent) => void) | undefined;

export const darkStorage: MantineColorSchemeManager = {
  get: (fallback) => {
    // Nothing stored in the panel's first-screen render: it draws the light scheme.
    const value = storage.getItem(key);
    if (value === 'true') return 'dark';
    if (value === 'false') return 'light';
    return fallback;
  },
  set: (value: MantineColorScheme) => storage.setItem(key, String(value === 'dark')),
  subscribe: (onUpdate) => {
    listener = (event) => {
      if (event.key === key) onUpdate(event.newValue === 'true' ? 'dark' : 'light');
    };
    window.addEventListener('storage', listener);
  },
  unsubscribe: () => {
    if (listener) window.removeEventListener('storage', listener);
  },
  clear: () => storage.removeItem(key),
};
