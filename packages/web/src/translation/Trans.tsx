import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from './useTranslation';

/**
 * A text with markup: each `<name>words</name>` of the catalogue's text becomes the element given
 * as `components[name]` with the words inside, so links sit where each language puts them.
 */
export function Trans({ i18nKey, components }: { i18nKey: string; components: Record<string, ReactElement> }) {
  const { t } = useTranslation();
  const parts: ReactNode[] = [];
  const text = t(i18nKey);
  const tag = /<(\w+)>(.*?)<\/\1>/g;
  let last = 0;
  for (const match of text.matchAll(tag)) {
    parts.push(text.slice(last, match.index));
    const element = components[match[1]];
    parts.push(element ? cloneElement(element, { key: parts.length }, match[2]) : match[2]);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
