import { afterEach, describe, expect, it } from 'vitest';
import { i18n, translate } from './translator';

// The rules themselves (plurals, placeholders, fallback) are shared with the mails and tested in
// packages/shared/src/i18n/translate.test.ts; here, the app's store of catalogues and language.
i18n.addCatalogue('en_US', { files: { count_one: '{{count}} file', count_other: '{{count}} files', title: 'Files of {{name}}' } });
i18n.addCatalogue('pl_PL', { files: { count_one: '{{count}} plik', count_few: '{{count}} pliki', count_many: '{{count}} plików' } });

afterEach(() => i18n.changeLanguage('en_US'));

describe('translator', () => {
  it('reads the catalogues added, in the given language, then in en_US', () => {
    expect([1, 3, 5].map((count) => translate('pl_PL', 'files.count', { count }))).toEqual(['1 plik', '3 pliki', '5 plików']);
    expect(translate('pl_PL', 'files.title', { name: 'lobby' })).toBe('Files of lobby');
    expect(i18n.hasCatalogue('pl_PL')).toBe(true);
    expect(i18n.hasCatalogue('de_DE')).toBe(false);
  });

  it('tells subscribers when the language changes', () => {
    const seen: string[] = [];
    const stop = i18n.subscribe(() => seen.push(i18n.language));
    i18n.changeLanguage('pl_PL');
    expect(i18n.t('files.count', { count: 5 })).toBe('5 plików');
    stop();
    i18n.changeLanguage('en_US');
    expect(seen).toEqual(['pl_PL']);
  });
});
