import { COUNTRY_CODES, isCountryCode } from '#shared/orders-tax.ts';

/** The region of a language tag ("en-US" → "US") when checkout offers it, else '' (none chosen). */
export function countryOfLanguage(tag: string): string {
  try {
    const region = new Intl.Locale(tag).region ?? '';
    return isCountryCode(region) ? region : '';
  } catch {
    return '';
  }
}

/** The checkout's countries named in `language`, sorted by those names. */
export function countryOptions(language: string): { code: string; name: string }[] {
  const names = new Intl.DisplayNames(language, { type: 'region' });
  const collator = new Intl.Collator(language);
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => collator.compare(a.name, b.name));
}
