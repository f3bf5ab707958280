import { i18n } from '#web/lib/i18n.ts';

// Formatters in the interface language, made once per language.
const formatters = new Map<string, Intl.DateTimeFormat>();
function dateFormat(kind: 'date' | 'dateTime' | 'day'): Intl.DateTimeFormat {
  const key = `${i18n.language}:${kind}`;
  let format = formatters.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'date'
        ? { dateStyle: 'medium' }
        : kind === 'dateTime'
          ? { dateStyle: 'medium', timeStyle: 'short' }
          : { month: 'short', day: 'numeric', timeZone: 'UTC' };
    format = new Intl.DateTimeFormat(i18n.language, options);
    formatters.set(key, format);
  }
  return format;
}

export const formatDate = (iso: string) => dateFormat('date').format(new Date(iso));
export const formatDateTime = (iso: string) => dateFormat('dateTime').format(new Date(iso));
/** A YYYY-MM-DD day of the stats (UTC) as "Mar 4" (in the interface language). */
export const formatDay = (day: string) => dateFormat('day').format(new Date(`${day}T00:00:00Z`));
export const formatCount = (value: number) => value.toLocaleString(i18n.language);
/** A whole percentage (0–100) as the language writes it: "42%", "42 %". */
export const formatPercent = (value: number) => (value / 100).toLocaleString(i18n.language, { style: 'percent' });
