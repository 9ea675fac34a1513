import { readFile } from 'node:fs/promises';
import { defaultLocale, isLocale, type Locale } from '@outpost/shared';

/** The interface catalogues, read from the shared package at run time (source and build sit at the same depth). */
const CATALOGUE_DIR = new URL('../../../../shared/src/i18n/', import.meta.url);

type Tree = { [key: string]: string | Tree };
const loaded = new Map<Locale, Promise<Tree>>();

function load(locale: Locale): Promise<Tree> {
  let tree = loaded.get(locale);
  if (!tree) {
    tree = readFile(new URL(`${locale}.json`, CATALOGUE_DIR), 'utf8').then((text) => JSON.parse(text) as Tree);
    loaded.set(locale, tree);
  }
  return tree;
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** A translator for one locale: a key's text with {{name}} placeholders filled, falling back to en_US. */
export async function mailTranslator(locale: string): Promise<(key: string, values?: Record<string, string>) => string> {
  const own = await load(isLocale(locale) ? locale : defaultLocale).catch(() => ({}) as Tree);
  const english = await load(defaultLocale);
  return (key, values = {}) => {
    const text = lookup(own, key) || lookup(english, key) || key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
  };
}
