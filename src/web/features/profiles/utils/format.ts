import { i18n } from '#web/lib/i18n.ts';

/** A date in the interface language ("22 Nov 2026"). */
export const formatDate = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));

/** Cents as US dollars in the interface language. */
export const formatPrice = (cents: number) => new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' }).format(cents / 100);

export const formatCount = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
