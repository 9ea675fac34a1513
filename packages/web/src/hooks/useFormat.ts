import { useMemo } from 'react';
import { useTranslation } from '../translation/useTranslation';

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** The panel's language (en_US) as Intl wants it (en-US). */
export function intlLocale(language: string): string {
  return language.replace('_', '-');
}

// Making an Intl formatter costs far more than using one (the first in a language loads its data):
// each is made once per language and options, when first used, and shared by every component.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n ${locale} ${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d ${locale} ${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** Sizes in the chosen language's digits and unit names (1000-based, as Intl's byte units are). */
export function formatByteSize(bytes: number, locale: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  // Bytes are written out ("512 bytes"; the short form reads "512 byte" in English); larger units abbreviated (kB, MB).
  const unitDisplay = unit === 0 ? 'long' : 'short';
  return numberFormat(locale, { style: 'unit', unit: BYTE_UNITS[unit], unitDisplay, maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0 }).format(value);
}

const AGO_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** How long before `now` the moment `ms` was, in its largest whole unit ("3 hours ago"); under a minute, "now". */
export function formatAgo(ms: number, now: number, locale: string): string {
  const elapsed = Math.max(0, now - ms);
  const key = `r ${locale}`;
  let format = formatters.get(key) as Intl.RelativeTimeFormat | undefined;
  if (!format) formatters.set(key, (format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })));
  for (const [unit, size] of AGO_UNITS) if (elapsed >= size) return format.format(-Math.floor(elapsed / size), unit);
  return format.format(0, 'second');
}

/**
 * Numbers, sizes and dates in the language chosen in the panel, not the browser's: every screen
 * that shows one asks here.
 */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = intlLocale(i18n.language);
  return useMemo(
    () => ({
      bytes: (bytes: number) => formatByteSize(bytes, locale),
      /** `value` in percent points (12.5 is 12.5 %). */
      percent: (value: number) => numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100),
      number: (value: number, digits = 0) => numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value),
      /** A time of day to the second, the same width at every tick of a chart. */
      clock: (ms: number) => dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(ms),
      /** A time of day to the minute, for a chart's axis over hours. */
      time: (ms: number) => dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(ms),
      /** A day of the year without the year, for a chart's axis over days. */
      dayMonth: (ms: number) => dateTimeFormat(locale, { day: 'numeric', month: 'short' }).format(ms),
      dateTime: (ms: number) => dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms),
      ago: (ms: number, now = Date.now()) => formatAgo(ms, now, locale),
    }),
    [locale],
  );
}
