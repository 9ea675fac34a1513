import { describe, expect, it } from 'vitest';
import { localeCodes, localeRegion, matchLocale } from './locales.js';
import en from './en_US.json' with { type: 'json' };
import de from './de_DE.json' with { type: 'json' };

/** Dotted paths of every string in a catalogue. */
function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('locales', () => {
  it('lists the 30 interface languages with en_US among them', () => {
    expect(localeCodes).toHaveLength(30);
    expect(localeCodes).toContain('en_US');
  });

  it('takes the region mark from the code, as plain letters any font can draw', () => {
    expect(localeRegion('de_DE')).toBe('DE');
    expect(localeRegion('pt_BR')).toBe('BR');
    expect(localeRegion('xx')).toBe('');
  });

  it('matches browser languages exactly first, then by language', () => {
    expect(matchLocale(['pt-BR'])).toBe('pt_BR');
    expect(matchLocale(['de-AT', 'en-US'])).toBe('de_DE');
    expect(matchLocale(['zh-TW'])).toBe('zh_TW');
    expect(matchLocale(['tlh'])).toBeUndefined();
  });

  it('has no key in a translation that en_US lacks', () => {
    const english = new Set(keys(en));
    expect(keys(de).filter((key) => !english.has(key))).toEqual([]);
  });
});
