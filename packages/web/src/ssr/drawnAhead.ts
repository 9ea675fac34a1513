/** What this browser holds, against which a page drawn ahead is checked before it is taken over. */
export interface BrowserState {
  pathname: string;
  locale: string;
  dark: boolean;
}

export interface DrawnAhead {
  /**
   * The session's scopes as the panel read them for this page: fresher than the ones stored at
   * sign-in (a first server shared since adds servers.view), and the ones the page shows.
   */
  scopes: string[];
  /** The answers the page was drawn with, for the query cache under their keys. */
  queries: { queryKey: unknown[]; data: unknown }[];
  /**
   * Whether the app's first render here gives the same markup: same address and language, and
   * the light scheme the panel draws (it cannot read the stored choice).
   */
  matches(state: BrowserState): boolean;
}

/**
 * The first screen the panel drew into this page (plugins/firstScreen.ts puts what it drew from
 * into `<script id="first-screen">`), or null when the page came as built.
 */
export function drawnAhead(document: Document): DrawnAhead | null {
  const text = document.getElementById('first-screen')?.textContent;
  if (!text) return null;
  let screen: { pathname?: unknown; scopes?: unknown; locale?: unknown; queries?: unknown };
  try {
    screen = JSON.parse(text) as typeof screen;
  } catch {
    return null;
  }
  const { pathname, scopes, locale, queries } = screen;
  if (typeof pathname !== 'string' || typeof locale !== 'string' || !Array.isArray(scopes) || !scopes.every((s) => typeof s === 'string') || !Array.isArray(queries)) return null;
  return {
    scopes: scopes as string[],
    queries: queries as DrawnAhead['queries'],
    matches: (state) => !state.dark && state.pathname === pathname && state.locale === locale,
  };
}
