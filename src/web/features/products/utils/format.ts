import type { Category } from '#shared/products.ts';
import { i18n } from '#web/lib/i18n.ts';

/** The category's fallback cover in /covers (a product without its own image). */
export const fallbackCover = (category: Category | string) => `/covers/${category.toLowerCase()}.svg`;

/** 1536 → "1.5 KB", as file sizes are usually shown (numbers and units in the interface language). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return i18n.t('products:units.bytes', { value: bytes.toLocaleString(i18n.language) });
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < 2) {
    value /= 1024;
    unit += 1;
  }
  const digits = value < 10 ? 1 : 0;
  const number = value.toLocaleString(i18n.language, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  if (unit === 0) return i18n.t('products:units.kilobytes', { value: number });
  if (unit === 1) return i18n.t('products:units.megabytes', { value: number });
  return i18n.t('products:units.gigabytes', { value: number });
}

export const formatCount = (value: number) => value.toLocaleString(i18n.language);

/** A price in US dollars, written the way the interface language writes money. */
export const formatPrice = (cents: number) =>
  new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(cents / 100);
