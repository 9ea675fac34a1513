import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { defaultLocale, isLocale, translateFrom, type Catalogue, type Locale, type TFunction } from '@outpost/shared';
import { shippedAssets } from '../../shippedAssets.js';

const loaded = new Map<Locale, Promise<Catalogue>>();

function load(locale: Locale): Promise<Catalogue> {
  let catalogue = loaded.get(locale);
  if (!catalogue) {
    catalogue = readFile(join(shippedAssets.catalogues, `${locale}.json`), 'utf8').then((text) => JSON.parse(text) as Catalogue);
    loaded.set(locale, catalogue);
  }
  return catalogue;
}

/** A translator for one locale (the web app's rules: shared `translateFrom`), falling back to en_US. */
export async function mailTranslator(locale: string): Promise<TFunction> {
  const code = isLocale(locale) ? locale : defaultLocale;
  const own = await load(code).catch(() => ({}) as Catalogue);
  const catalogues = new Map<string, Catalogue>([[code, own], [defaultLocale, await load(defaultLocale)]]);
  return (key, values) => translateFrom(catalogues, code, key, values);
}
