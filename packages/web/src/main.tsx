import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { App, queryClient } from './App';
import { prefetchFirstScreen } from './api/servers';
import { i18n, setupI18n } from './i18n';
import { preloadScreen } from './routes';
import { sessionStore } from './session/sessionStore';
import { drawnAhead } from './ssr/drawnAhead';

// The catalogue must be ready before the first paint, or the first screen shows raw keys. Its
// fetch goes first: the browser opens few connections at once, and the screen's many chunks
// asked for before it would keep it waiting.
const catalogueReady = setupI18n();

// The panel may have drawn this screen already (plugins/firstScreen.ts) for this browser's session:
// its scopes, as read for the page, and its data are the app's from the start.
const ahead = drawnAhead(document);
if (ahead) {
  sessionStore.save(ahead.scopes);
  for (const { queryKey, data } of ahead.queries) queryClient.setQueryData(queryKey, data);
}
// Otherwise the first screen's data comes with its code, not after it.
else if (sessionStore.isLoggedIn()) prefetchFirstScreen(queryClient, window.location.pathname);

// The first screen's code comes while the catalogue is set up, and the first render waits for it
// (a second at most): drawn with its code at hand, the screen shows at once, not after a fallback.
const screenReady = Promise.race([
  preloadScreen(window.location.pathname, sessionStore.isLoggedIn()).catch(() => undefined),
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
