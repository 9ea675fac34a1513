import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultLocale, localeCodes, translateFrom, type Catalogue } from '@outpost/shared';
import { describe, expect, it } from 'vitest';
import { shippedAssets } from '../../shippedAssets.js';
import { mailTranslator } from './mailCatalogue.js';

const read = (locale: string) => JSON.parse(readFileSync(join(shippedAssets.catalogues, `${locale}.json`), 'utf8')) as Catalogue;
const keys = (tree: Catalogue, prefix = ''): string[] => Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));

describe('mailTranslator', () => {
  it('words every mail in every language as the web app words the same key and values', async () => {
    const mailKeys = keys(read(defaultLocale)).filter((key) => key.startsWith('mail.'));
    expect(mailKeys.length).toBeGreaterThan(30);
    // Some values given and some not: a missing one is blank in both, never a raw {{placeholder}}.
    const values = { company: 'Blocky Hosting', server: '{{inviter}}' };
    for (const locale of localeCodes) {
      const t = await mailTranslator(locale);
      const catalogues = new Map([[locale as string, read(locale)], [defaultLocale, read(defaultLocale)]]);
      for (const key of mailKeys) {
        const text = t(key, values);
        expect(text, `${locale} ${key}`).toBe(translateFrom(catalogues, locale, key, values));
        expect(text, `${locale} ${key}`).not.toMatch(/\{\{\s*(?!inviter\s*\}\})\w+\s*\}\}/);
      }
    }
  });
});
