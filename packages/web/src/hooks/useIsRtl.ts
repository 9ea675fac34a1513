import { useTranslation } from '../translation/useTranslation';
import { isLocale, rtlLocales } from '@outpost/shared';

/**
 * True while the panel's language is written right to left (Arabic, Hebrew): what sits at the
 * reader's "end" (a toast, a tooltip beside the menu) moves to the other side with it.
 */
export function useIsRtl(): boolean {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) && rtlLocales.includes(i18n.language);
}
