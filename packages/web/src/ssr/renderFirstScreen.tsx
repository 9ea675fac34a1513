import { renderToString } from 'react-dom/server';
import { defaultLocale, type FirstScreen, type Locale } from '@outpost/shared';
import { App } from '../App';
import { firstScreenCalls } from '../api/firstScreen';
import { preloadScreen } from '../routes';
import { sessionStore } from '../session/sessionStore';
import { i18n, type Catalogue } from '../translation/translator';

/**
 * The panel draws a signed-in user's first screen ahead, so a cold load paints it before the
 * app's code has run; the app then hydrates that markup (main.tsx). This module is built for
 * Node (`vite build --ssr`) and loaded by the panel's page route (plugins/firstScreen.ts).
 */

/** @public The panel reads this from the built module, by its path, as from renderFirstScreen. */
export { firstScreenCalls };

// Each language's catalogue is its own chunk of the server build, read on first use.
const catalogueFiles = import.meta.glob<Catalogue>('@i18n/*.json', { import: 'default' });

async function loadCatalogue(locale: Locale): Promise<void> {
  if (i18n.hasCatalogue(locale)) return;
  const load = Object.entries(catalogueFiles).find(([path]) => path.endsWith(`/${locale}.json`))?.[1];
  i18n.addCatalogue(locale, (await load?.()) ?? {});
}

/**
 * The markup of the app at `screen.pathname` as its user would first see it.
 * @public
 */
export async function renderFirstScreen(screen: FirstScreen): Promise<string> {
  // The query cache's module as the browser has it: loaded on demand (queries.tsx), here once.
  const [{ createQueryClient }] = await Promise.all([import('../queryClient'), loadCatalogue(defaultLocale), loadCatalogue(screen.locale), preloadScreen(screen.pathname, true)]);
  const client = createQueryClient();
  for (const { queryKey, data } of screen.queries) client.setQueryData(queryKey, data);
  // The session store and the language are the app's own singletons: set for this render alone,
  // which runs start to end without yielding, so no other request's render sees them. A lazily
  // loaded part would be left to the browser here: those sit in ClientOnly (ssr/ClientOnly.tsx).
  sessionStore.save(screen.scopes);
  i18n.changeLanguage(screen.locale);
  try {
    return renderToString(<App client={client} ssrPath={screen.pathname} />);
  } finally {
    sessionStore.clear();
    client.clear();
  }
}
