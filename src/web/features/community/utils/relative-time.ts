import { formatDateTime } from '#web/lib/format.ts';
import { i18n } from '#web/lib/i18n.ts';

const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "2 minutes ago", "yesterday"… in the interface language; under 45 seconds is "just now". */
export function relativeTime(iso: string, now = Date.now()): string {
  let value = (new Date(iso).getTime() - now) / 1000;
  if (Math.abs(value) < 45) return i18n.t('community:time.justNow');
  const relative = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return formatDateTime(iso);
}

/** The exact moment, for the title of a relative time. */
export const absoluteTime = formatDateTime;
