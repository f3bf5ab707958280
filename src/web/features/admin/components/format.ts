import { i18n } from '#web/lib/i18n.ts';

export const formatDate = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
export const formatDateTime = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
export const formatPrice = (cents: number) => new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' }).format(cents / 100);
export const formatCount = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
