import { formatMoney } from '#shared/money.ts';
import { i18n } from '#web/lib/i18n.ts';

/** Money and dates in the interface language. */
export const money = (cents: number) => formatMoney(cents, i18n.language);
export const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
