/** Money as integer cents, shown in the viewer's locale. */

// Making an Intl formatter is slow and a page may format many prices: one per locale and currency.
const formats = new Map<string, Intl.NumberFormat>();

export function formatMoney(cents: number, locale = 'en-US', currency = 'USD'): string {
  const key = `${locale} ${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 });
    formats.set(key, format);
  }
  return format.format(cents / 100);
}
