import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { App } from './App';
import { setupI18n } from './i18n';
import { preloadScreen } from './routes';
import { sessionStore } from './session/sessionStore';

// The first screen's code comes while the catalogue is set up.
preloadScreen(window.location.pathname, sessionStore.isLoggedIn());

// The catalogue must be ready before the first paint, or the first screen shows raw keys.
void setupI18n().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
