// @vitest-environment jsdom
import { LOCALE_COOKIE } from '@outpost/shared';
import { describe, expect, it } from 'vitest';
import { changeLocale, i18n, setupI18n } from './i18n';

describe('the interface language', () => {
  it('is kept where the panel can read it: a cookie beside localStorage, and on <html>', async () => {
    await setupI18n(async (locale) => ({ greeting: `hello in ${locale}` }));
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=en_US`);
    await changeLocale('ar_SA');
    expect(i18n.language).toBe('ar_SA');
    expect(localStorage.getItem('locale')).toBe('ar_SA');
    // The panel draws the next cold load in this language (plugins/firstScreen.ts).
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=ar_SA`);
    expect(document.documentElement.lang).toBe('ar-SA');
    expect(document.documentElement.dir).toBe('rtl');
  });
});
