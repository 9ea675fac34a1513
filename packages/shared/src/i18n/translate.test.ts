import { describe, expect, it } from 'vitest';
import { translateFrom, type Catalogue } from './translate.js';

const catalogues = new Map<string, Catalogue>([
  ['en_US', { files: { count_one: '{{count}} file', count_other: '{{count}} files', title: 'Files of {{name}}' }, only: { english: 'Only in English' } }],
  ['ar_SA', { files: { count_zero: 'لا ملفات', count_one: 'ملف واحد', count_two: 'ملفان', count_few: '{{count}} ملفات', count_many: '{{count}} ملفًا', count_other: '{{count}} ملف' } }],
  ['pl_PL', { files: { count_one: '{{count}} plik', count_few: '{{count}} pliki', count_many: '{{count}} plików' } }],
]);
const translate = (locale: string, key: string, options?: Parameters<typeof translateFrom>[3]) => translateFrom(catalogues, locale, key, options);

describe('translateFrom', () => {
  it('picks the plural form of the language’s rules, and the zero form for 0 where there is one', () => {
    expect(translate('en_US', 'files.count', { count: 1 })).toBe('1 file');
    expect(translate('en_US', 'files.count', { count: 0 })).toBe('0 files');
    expect([0, 1, 2, 3, 11].map((count) => translate('ar_SA', 'files.count', { count }))).toEqual(['لا ملفات', 'ملف واحد', 'ملفان', '3 ملفات', '11 ملفًا']);
    expect([1, 3, 5, 22].map((count) => translate('pl_PL', 'files.count', { count }))).toEqual(['1 plik', '3 pliki', '5 plików', '22 pliki']);
  });

  it('fills placeholders, falls back to en_US, then to the default value or the key', () => {
    expect(translate('pl_PL', 'files.title', { name: 'lobby' })).toBe('Files of lobby');
    expect(translate('ar_SA', 'only.english')).toBe('Only in English');
    expect(translate('xx_XX', 'only.english')).toBe('Only in English');
    expect(translate('en_US', 'nowhere.key', { defaultValue: 'Said {{what}}', what: 'this' })).toBe('Said this');
    expect(translate('en_US', 'nowhere.key')).toBe('nowhere.key');
    // A branch of the tree is not a text.
    expect(translate('en_US', 'files')).toBe('files');
  });

  it('fills a value in once, so a name that reads like a placeholder stays as typed', () => {
    expect(translate('en_US', 'files.title', { name: '{{count}} {{name}}', count: 3 })).toBe('Files of {{count}} {{name}}');
    // And without values a text keeps its placeholders; with some, a missing one is left blank.
    expect(translate('en_US', 'files.title')).toBe('Files of {{name}}');
    expect(translate('en_US', 'files.title', { other: 'x' })).toBe('Files of ');
  });
});
