import { defaultLocale } from './locales.js';

/**
 * The catalogues' texts, for the web app and the mails alike, in i18next's JSON format (version 4):
 * keys nested with dots, `{{name}}` placeholders, plural forms as `key_one`, `key_few`, ... after
 * the language's CLDR plural rules, and `key_zero` for a count of 0 where a catalogue has one.
 * Outpost uses nothing more of that format, and this is a fraction of i18next's size on the web
 * app's first load (bench:web), so the files stay compatible with the usual tools.
 */
export type Catalogue = { [key: string]: string | Catalogue };

export type TOptions = { count?: number; defaultValue?: string; [name: string]: unknown };
export type TFunction = (key: string, options?: TOptions) => string;

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(locale: string, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) pluralRules.set(locale, (rules = new Intl.PluralRules(locale.replace('_', '-'))));
  return rules.select(count);
}

// One pass: a value that itself reads `{{name}}` (a server's name, say) is not filled in again.
function interpolate(text: string, options: TOptions | undefined): string {
  if (!options) return text;
  return text.replace(/\{\{\s*-?\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = options[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

/**
 * The text of `key` in `locale`, then in en_US, from the catalogues given by locale; the default
 * value, else the key itself, when neither has it.
 */
export function translateFrom(catalogues: ReadonlyMap<string, Catalogue>, locale: string, key: string, options?: TOptions): string {
  const count = options?.count;
  for (const code of locale === defaultLocale ? [locale] : [locale, defaultLocale]) {
    const catalogue = catalogues.get(code);
    const candidates = typeof count === 'number' ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralCategory(code, count)}`, key] : [key];
    for (const candidate of candidates) {
      const text = lookup(catalogue, candidate);
      if (text !== undefined) return interpolate(text, options);
    }
  }
  return options?.defaultValue !== undefined ? interpolate(options.defaultValue, options) : key;
}
