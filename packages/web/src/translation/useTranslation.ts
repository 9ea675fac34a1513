import { useMemo, useSyncExternalStore } from 'react';
import { i18n, translate, type TFunction } from './translator';

/** `t` in the current language, and the translator; a language change renders the caller again. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const current = () => i18n.language;
  const language = useSyncExternalStore(i18n.subscribe, current, current);
  // A new `t` per language, so memoised children that take it draw again.
  const t = useMemo<TFunction>(() => (key, options) => translate(language, key, options), [language]);
  return { t, i18n };
}
