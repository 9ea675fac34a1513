import type { ReactElement } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { Router, useLocation } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeAll } from 'vitest';
import { setupI18n } from '../i18n';
import { readCatalogue } from './readCatalogue';
import { guardLocation } from '../router/leaveGuard';
import { theme } from '../theme/theme';

// Component tests run under jsdom (a `@vitest-environment jsdom` line at the top of the file).
// Mantine asks for browser features jsdom lacks; these stand-ins answer "no match", observe
// nothing, scroll nowhere and load no fonts.
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }) as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= () => {};
// Autosizing text areas listen for web fonts loading; jsdom has no font set.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });

beforeAll(async () => {
  localStorage.setItem('locale', 'en_US');
  await setupI18n(readCatalogue);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  localStorage.setItem('locale', 'en_US');
});

function Location() {
  return <output data-testid="location">{useLocation()[0]}</output>;
}

/**
 * Renders a screen or component as the app does (Mantine, a fresh query cache, a router at
 * `path` with the app's leave guard), with the current path in a `location` element so a test can see where it went.
 */
export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={client}>
        <Router hook={guardLocation(memoryLocation({ path }).hook)}>
          {ui}
          <Location />
        </Router>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
