import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
// After Mantine's: the sign-in page's plain elements set what Mantine's components would (issue 36).
import './theme/signInPage.css';
// The theme's CSS variables, written at build time (theme/ThemeProvider.tsx).
import 'virtual:theme-variables.css';
import { App, AppEffects } from './App';
import { prefetchFirstScreen } from './api/firstScreen';
import { i18n, setupI18n } from './i18n';
import { loadQueryClient } from './queries';
import { preloadScreen, routes } from './routes';
import { matchPath } from './router/matchPath';
import { sessionStore } from './session/sessionStore';
import { drawnAhead } from './ssr/drawnAhead';

// The catalogue must be ready before the first paint, or the first screen shows raw keys. Its
// fetch goes first: the browser opens few connections at once, and the screen's many chunks
// asked for before it would keep it waiting.
const catalogueReady = setupI18n();

// The query cache's code comes beside the screen's. Every screen but the sign-in page reads
// through it, so they wait for it; the sign-in page draws without it.
const queries = loadQueryClient();
const pathname = window.location.pathname;
const withoutQueries = routes.find((r) => matchPath(r.path, pathname))?.withoutQueries === true;
// What runs beside every screen (theme, session upkeep), fetched at once rather than after the first render.
void AppEffects.preload().catch(() => undefined);

// The panel may have drawn this screen already (plugins/firstScreen.ts) for this browser's session:
// its scopes, as read for the page, and its data are the app's from the start.
const ahead = drawnAhead(document);
const queriesReady = queries.then((client) => {
  for (const { queryKey, data } of ahead?.queries ?? []) client.setQueryData(queryKey, data);
});
// A failed load is tried again by the first part that needs the cache (queries.tsx).
queriesReady.catch(() => undefined);
if (ahead) sessionStore.save(ahead.scopes);
// Otherwise the first screen's data comes with its code, not after it.
else if (sessionStore.isLoggedIn()) prefetchFirstScreen(queries, pathname);

// The first screen's code comes while the catalogue is set up, and the first render waits for it
// (a second at most): drawn with its code at hand, the screen shows at once, not after a fallback.
const screenReady = Promise.race([
  Promise.all([preloadScreen(pathname, sessionStore.isLoggedIn()), withoutQueries ? undefined : queriesReady]).catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, 1000)),
]);

void Promise.all([catalogueReady, screenReady]).then(() => {
  const root = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // The drawn page is taken over where this browser draws the same (its language, the light
  // scheme); else the app draws afresh over it.
  if (ahead?.matches({ pathname: window.location.pathname, locale: i18n.language, dark: localStorage.getItem('dark') === 'true' })) {
    hydrateRoot(root, app);
  } else {
    root.replaceChildren();
    createRoot(root).render(app);
  }
});
