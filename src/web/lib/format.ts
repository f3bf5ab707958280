// Money, dates, counts and sizes written the way the interface language writes them: each function
// reads i18n.language when it is called, so a language switch shows at the next render.
import { type Currency, currencySymbol as currencySymbolIn, formatMoney as formatMoneyIn } from '#shared/money.ts';
import { i18n } from './i18n.ts';

// Intl formatters are slow to make: one per language and kind.
const DATE_OPTIONS = {
  date: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  day: { month: 'short', day: 'numeric', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(kind: keyof typeof DATE_OPTIONS): Intl.DateTimeFormat {
  const key = `${i18n.language}:${kind}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(i18n.language, DATE_OPTIONS[kind]);
    dateFormats.set(key, format);
  }
  return format;
}

/** Integer minor units of `currency`: "$1,234.50", "1234,50 US$", "1 234,50 $US", "¥1,500". */
export const formatMoney = (minor: number, currency: Currency = 'USD') => formatMoneyIn(minor, i18n.language, currency);

/** The currency's sign before a typed amount: "$" (US dollars in every language), "€", "R$". */
export const currencySymbol = (currency: Currency) => currencySymbolIn(currency, i18n.language);

/** An ISO date as a medium date: "Mar 4, 2026", "4 mar 2026". */
export const formatDate = (iso: string) => dateFormat('date').format(new Date(iso));

/** An ISO date as a medium date and a short time: "Mar 4, 2026, 3:07 PM". */
export const formatDateTime = (iso: string) => dateFormat('dateTime').format(new Date(iso));

/** A YYYY-MM-DD day of the stats (UTC) as "Mar 4", whatever the viewer's time zone. */
export const formatDay = (day: string) => dateFormat('day').format(new Date(`${day}T00:00:00Z`));

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "5 minutes ago", "yesterday"… in the interface language; under 45 seconds `justNow` (by default the language's "now"). */
export function formatRelativeTime(iso: string, { now = Date.now(), justNow }: { now?: number; justNow?: string } = {}): string {
  let value = (new Date(iso).getTime() - now) / 1000;
  const relative = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'auto' });
  if (Math.abs(value) < 45) return justNow ?? relative.format(0, 'second');
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(value) < size) return relative.format(Math.round(value), unit);
    value /= size;
  }
  return relative.format(Math.round(value), 'year');
}

/** A count with the language's digit grouping: "12,345", "12.345", "12 345". */
export const formatCount = (value: number) => value.toLocaleString(i18n.language);

/** A percentage (0–100) as the language writes it: "42%", "42 %"; `fractionDigits` decimals at most (none by default). */
export const formatPercent = (value: number, fractionDigits = 0) => (value / 100).toLocaleString(i18n.language, { style: 'percent', maximumFractionDigits: fractionDigits });

/** A country's name from its ISO code in the language ("DE" → "Germany", "Allemagne"); the code itself when unknown. */
export function countryName(code: string, language = i18n.language): string {
  if (code === '--') return code;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** 1536 → "1.5 KB", 1073741824 → "1 GB": sizes with the number and the unit in the interface language ("1,5 Ko"). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return i18n.t('common:units.bytes', { value: bytes.toLocaleString(i18n.language) });
  const units = ['kilobytes', 'megabytes', 'gigabytes', 'terabytes'] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = value.toLocaleString(i18n.language, { maximumFractionDigits: value < 10 ? 1 : 0 });
  return i18n.t(`common:units.${units[unit]!}`, { value: number });
}
