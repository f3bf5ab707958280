import type { Category } from '#shared/products.ts';
import { i18n } from '#web/lib/i18n.ts';

/** The category's fallback cover in /covers (a product without its own image). */
export const fallbackCover = (category: Category | string) => `/covers/${category.toLowerCase()}.svg`;

export const formatCount = (value: number) => value.toLocaleString(i18n.language);

/** A price in US dollars, written the way the interface language writes money. */
export const formatPrice = (cents: number) =>
  new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(cents / 100);
