import cronstrue from 'cronstrue/i18n';

// cronstrue's locales by their own names; Outpost's are language_REGION.
const regional = new Set(['zh_CN', 'zh_TW', 'pt_BR', 'pt_PT']);
const aliases: Record<string, string> = { no: 'nb' };
const known = new Set(['af', 'ar', 'az', 'be', 'bg', 'ca', 'cs', 'da', 'de', 'en', 'es', 'fa', 'fi', 'fr', 'he', 'hr', 'hu', 'id', 'it', 'ja', 'ko', 'my', 'nb', 'nl', 'nn', 'pl', 'ro', 'ru', 'sk', 'sl', 'sr', 'sv', 'sw', 'th', 'tr', 'uk', 'vi']);

/** The cronstrue locale for an interface locale: both Chinese variants keep their region. */
export function cronLocale(locale: string): string {
  const name = locale.replace('-', '_');
  if (regional.has(name)) return name;
  const language = name.split('_')[0];
  const mapped = aliases[language] ?? language;
  return known.has(mapped) ? mapped : 'en';
}

/** `expression` in words in the user's language, or undefined when it is no valid cron expression. */
export function describeSchedule(expression: string, locale: string): string | undefined {
  try {
    return cronstrue.toString(expression.replace(/\?/g, '*'), { locale: cronLocale(locale), use24HourTimeFormat: true, throwExceptionOnParseError: true });
  } catch {
    return undefined;
  }
}
