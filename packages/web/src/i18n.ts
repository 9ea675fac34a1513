import { LOCALE_COOKIE, defaultLocale, isLocale, matchLocale, rtlLocales, type Locale } from '@outpost/shared';
import { i18n, type Catalogue } from './translation/translator';

export type { Catalogue };

/** Reads the catalogue of a locale; undefined for a locale without a file. */
export type CatalogueLoader = (locale: Locale) => Promise<Catalogue | undefined>;

// Catalogues are data, not code: each is a JSON file of its own beside the bundle, and a visitor
// fetches only the chosen language and en_US (every other locale's fallback), never the other 28.
const catalogueUrls = import.meta.glob<string>('@i18n/*.json', { query: '?url', import: 'default', eager: true });

const fetchCatalogue: CatalogueLoader = async (locale) => {
  const url = Object.entries(catalogueUrls).find(([path]) => path.endsWith(`/${locale}.json`))?.[1];
  if (!url) return undefined;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`catalogue ${locale}: HTTP ${response.status}`);
  return (await response.json()) as Catalogue;
};

let loadFile: CatalogueLoader = fetchCatalogue;

const storageKey = 'locale';

/** The stored choice, then the browser's languages, then en_US (spec section 1). */
export function initialLocale(): Locale {
  const stored = localStorage.getItem(storageKey);
  if (isLocale(stored)) return stored;
  return matchLocale(navigator.languages ?? [navigator.language]) ?? defaultLocale;
}

async function loadCatalogue(locale: Locale): Promise<void> {
  if (i18n.hasCatalogue(locale)) return;
  // A locale without a file yet simply shows en_US text through the fallback.
  i18n.addCatalogue(locale, (await loadFile(locale)) ?? {});
}

function applyToDocument(locale: Locale): void {
  // The panel reads it to draw a first screen ahead in this language (plugins/firstScreen.ts).
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=strict`;
  document.documentElement.lang = locale.replace('_', '-');
  document.documentElement.dir = rtlLocales.includes(locale) ? 'rtl' : 'ltr';
}

/** Switches the interface language and remembers the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  await loadCatalogue(locale);
  localStorage.setItem(storageKey, locale);
  applyToDocument(locale);
  i18n.changeLanguage(locale);
}

/** Sets up the interface language; `load` replaces fetching the catalogues (tests read the files). */
export async function setupI18n(load: CatalogueLoader = fetchCatalogue): Promise<void> {
  loadFile = load;
  const locale = initialLocale();
  // Both files come at once: the chosen language and the fallback.
  const [fallback, chosen] = await Promise.all([loadFile(defaultLocale), locale === defaultLocale ? undefined : loadFile(locale)]);
  i18n.addCatalogue(defaultLocale, fallback ?? {});
  // A locale without a file yet simply shows en_US text through the fallback.
  if (locale !== defaultLocale) i18n.addCatalogue(locale, chosen ?? {});
  applyToDocument(locale);
  i18n.changeLanguage(locale);
}

export { i18n };
