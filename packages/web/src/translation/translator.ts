import { defaultLocale, translateFrom, type Catalogue, type TFunction, type TOptions } from '@outpost/shared';

export type { Catalogue, TFunction };

const catalogues = new Map<string, Catalogue>();
const listeners = new Set<() => void>();
let language: string = defaultLocale;

/** The text of `key` in `locale` from the catalogues loaded so far (the rules: shared `translateFrom`). */
export function translate(locale: string, key: string, options?: TOptions): string {
  return translateFrom(catalogues, locale, key, options);
}

/** The one translator of the app: the current language, its catalogues and change notices. */
export const i18n = {
  get language(): string {
    return language;
  },
  t: ((key, options) => translate(language, key, options)) as TFunction,
  hasCatalogue: (locale: string) => catalogues.has(locale),
  addCatalogue(locale: string, catalogue: Catalogue): void {
    catalogues.set(locale, catalogue);
  },
  changeLanguage(locale: string): void {
    if (locale === language) return;
    language = locale;
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
