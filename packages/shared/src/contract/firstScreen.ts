import type { Locale } from '../i18n/locales.js';

/**
 * The web app's first-screen renderer (web/src/ssr/renderFirstScreen.tsx, built into
 * web/dist-ssr) as the panel calls it (panel/src/plugins/firstScreen.ts).
 */

/** A call a screen's first render reads, with the cache key its screen reads it under. */
export interface FirstScreenCall {
  queryKey: unknown[];
  path: string;
}

/** What a page is drawn from; it goes into the page, and the app hydrates only when it holds. */
export interface FirstScreen {
  pathname: string;
  scopes: string[];
  locale: Locale;
  /** The answers to `firstScreenCalls(pathname)`, as the caller's own session got them. */
  queries: { queryKey: unknown[]; data: unknown }[];
}

export interface FirstScreenRenderer {
  firstScreenCalls(pathname: string): FirstScreenCall[];
  renderFirstScreen(screen: FirstScreen): Promise<string>;
}
