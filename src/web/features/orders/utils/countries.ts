import { isCountryCode } from '#shared/orders-tax.ts';

/** The region of a language tag ("en-US" → "US") when checkout offers it, else '' (none chosen). */
export function countryOfLanguage(tag: string): string {
  try {
    const region = new Intl.Locale(tag).region ?? '';
    return isCountryCode(region) ? region : '';
  } catch {
    return '';
  }
}
