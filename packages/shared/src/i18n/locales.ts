/**
 * The interface languages (spec panel.md section 1), each with its name in its own language.
 * Codes are language_REGION; the region gives the flag. Serbian uses RS (Serbia): the older SP
 * code is not a country, so no flag could be drawn for it.
 */
export const locales = {
  ar_SA: 'العربية',
  cs_CZ: 'Čeština',
  da_DK: 'Dansk',
  de_DE: 'Deutsch',
  el_GR: 'Ελληνικά',
  en_US: 'English',
  es_ES: 'Español',
  et_EE: 'Eesti',
  fi_FI: 'Suomi',
  fr_FR: 'Français',
  he_IL: 'עברית',
  hu_HU: 'Magyar',
  id_ID: 'Bahasa Indonesia',
  it_IT: 'Italiano',
  ja_JP: '日本語',
  ko_KR: '한국어',
  nl_NL: 'Nederlands',
  no_NO: 'Norsk',
  pl_PL: 'Polski',
  pt_BR: 'Português (Brasil)',
  ro_RO: 'Română',
  ru_RU: 'Русский',
  sk_SK: 'Slovenčina',
  sr_RS: 'Српски',
  sv_SE: 'Svenska',
  tr_TR: 'Türkçe',
  uk_UA: 'Українська',
  vi_VN: 'Tiếng Việt',
  zh_CN: '简体中文',
  zh_TW: '繁體中文',
} as const;

export type Locale = keyof typeof locales;

export const defaultLocale: Locale = 'en_US';

export const localeCodes = Object.keys(locales) as Locale[];

/** Locales written right to left. */
export const rtlLocales: readonly Locale[] = ['ar_SA', 'he_IL'];

/**
 * The cookie in which the web app keeps its chosen language beside localStorage, so the panel
 * draws a first screen ahead in it.
 */
export const LOCALE_COOKIE = 'outpost_locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && value in locales;
}

/**
 * A locale's region as two letters (de_DE: DE), shown where the spec draws a flag emoji: a flag
 * needs a colour-emoji font that many systems lack, and then shows as two boxed letters.
 */
export function localeRegion(locale: string): string {
  const region = locale.split('_')[1] ?? '';
  return /^[A-Z]{2}$/.test(region) ? region : '';
}

/**
 * The best locale for a list of browser languages (e.g. navigator.languages): an exact
 * language-region match first, then the first locale of the same language.
 */
export function matchLocale(languages: readonly string[]): Locale | undefined {
  for (const language of languages) {
    const [lang, region] = language.replace('-', '_').split('_');
    const exact = `${lang.toLowerCase()}_${(region ?? '').toUpperCase()}`;
    if (isLocale(exact)) return exact;
    const sameLanguage = localeCodes.find((code) => code.startsWith(`${lang.toLowerCase()}_`));
    if (sameLanguage) return sameLanguage;
  }
  return undefined;
}
