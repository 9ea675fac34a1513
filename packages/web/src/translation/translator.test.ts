import { afterEach, describe, expect, it } from 'vitest';
import { i18n, translate } from './translator';

i18n.addCatalogue('en_US', {
  files: { count_one: '{{count}} file', count_other: '{{count}} files', title: 'Files of {{name}}' },
  only: { english: 'Only in English' },
});
i18n.addCatalogue('ar_SA', {
  files: { count_zero: 'لا ملفات', count_one: 'ملف واحد', count_two: 'ملفان', count_few: '{{count}} ملفات', count_many: '{{count}} ملفًا', count_other: '{{count}} ملف' },
});
i18n.addCatalogue('pl_PL', { files: { count_one: '{{count}} plik', count_few: '{{count}} pliki', count_many: '{{count}} plików' } });

afterEach(() => i18n.changeLanguage('en_US'));

describe('translate', () => {
  it('picks the plural form of the language’s rules, and the zero form for 0 where there is one', () => {
    expect(translate('en_US', 'files.count', { count: 1 })).toBe('1 file');
    expect(translate('en_US', 'files.count', { count: 0 })).toBe('0 files');
    expect(['ar_SA', 'ar_SA', 'ar_SA', 'ar_SA', 'ar_SA'].map((l, i) => translate(l, 'files.count', { count: [0, 1, 2, 3, 11][i] }))).toEqual(['لا ملفات', 'ملف واحد', 'ملفان', '3 ملفات', '11 ملفًا']);
    expect([1, 3, 5, 22].map((count) => translate('pl_PL', 'files.count', { count }))).toEqual(['1 plik', '3 pliki', '5 plików', '22 pliki']);
  });

  it('fills placeholders, falls back to en_US, then to the default value or the key', () => {
    expect(translate('pl_PL', 'files.title', { name: 'lobby' })).toBe('Files of lobby');
    expect(translate('ar_SA', 'only.english')).toBe('Only in English');
    expect(translate('en_US', 'nowhere.key', { defaultValue: 'Said {{what}}', what: 'this' })).toBe('Said this');
    expect(translate('en_US', 'nowhere.key')).toBe('nowhere.key');
    // A branch of the tree is not a text.
    expect(translate('en_US', 'files')).toBe('files');
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
