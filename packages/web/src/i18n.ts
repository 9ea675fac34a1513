import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLocale, isLocale, matchLocale, rtlLocales, type Locale } from '@outpost/shared';
import en from '@i18n/en_US.json';

type Catalogue = Record<string, unknown>;

// en_US ships in the main bundle (it is every other locale's fallback); the rest load on demand.
const catalogues = import.meta.glob<Catalogue>(['@i18n/*.json', '!@i18n/en_US.json'], { import: 'default' });

const storageKey = 'locale';

/** The stored choice, then the browser's languages, then en_US (spec section 1). */
export function initialLocale(): Locale {
  const stored = localStorage.getItem(storageKey);
  if (isLocale(stored)) return stored;
  return matchLocale(navigator.languages ?? [navigator.language]) ?? defaultLocale;
}

async function loadCatalogue(locale: Locale): Promise<void> {
  if (i18next.hasResourceBundle(locale, 'translation')) return;
  const load = Object.entries(catalogues).find(([path]) => path.endsWith(`/${locale}.json`))?.[1];
  // A locale without a file yet simply shows en_US text through the fallback.
  i18next.addResourceBundle(locale, 'translation', load ? await load() : {});
}

function applyToDocument(locale: Locale): void {
  document.documentElement.lang = locale.replace('_', '-');
  document.documentElement.dir = rtlLocales.includes(locale) ? 'rtl' : 'ltr';
}

/** Switches the interface language and remembers the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  await loadCatalogue(locale);
  localStorage.setItem(storageKey, locale);
  applyToDocument(locale);
  await i18next.changeLanguage(locale);
}

export async function setupI18n(): Promise<void> {
  const locale = initialLocale();
  await i18next.use(initReactI18next).init({
    resources: { [defaultLocale]: { translation: en } },
    lng: defaultLocale,
    fallbackLng: defaultLocale,
    load: 'currentOnly',
    interpolation: { escapeValue: false }, // React escapes already
    returnNull: false,
  });
  await loadCatalogue(locale);
  applyToDocument(locale);
  await i18next.changeLanguage(locale);
}

export { i18next };
