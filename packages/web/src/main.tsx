import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { App } from './App';
import { setupI18n } from './i18n';
import { preloadScreen } from './routes';
import { sessionStore } from './session/sessionStore';

// The catalogue must be ready before the first paint, or the first screen shows raw keys. Its
// fetch goes first: the browser opens few connections at once, and the screen's many chunks
// asked for before it would keep it waiting.
const catalogueReady = setupI18n();

// The first screen's code comes while the catalogue is set up, and the first render waits for it
// (a second at most): drawn with its code at hand, the screen shows at once, not after a fallback.
const screenReady = Promise.race([
  preloadScreen(window.location.pathname, sessionStore.isLoggedIn()).catch(() => undefined),
  new Promise((resolve) => setTimeout(resolve, 1000)),
]);

void Promise.all([catalogueReady, screenReady]).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
