/** Money as integer cents, shown in the viewer's locale. */

/** The currency every price, sale and payout is in today (ISO 4217). */
export const STORE_CURRENCY = 'USD';

// Making an Intl formatter is slow and a page may format many prices: one per locale and currency.
const formats = new Map<string, Intl.NumberFormat>();

export function formatMoney(cents: number, locale = 'en-US', currency: string = STORE_CURRENCY): string {
  const key = `${locale} ${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 });
    formats.set(key, format);
  }
  return format.format(cents / 100);
}

/** Cents as a plain decimal amount with two places ("19.99", "-0.50"): for files, not for people. */
export function decimalAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}
