/**
 * Money as integer minor units of its currency (cents; yen, which has none), shown in the viewer's
 * locale. The `*Cents` names of columns and fields mean minor units of the row's `currency`.
 */

/** The store currencies a creator can choose (ISO 4217); USD is the default. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'JPY', 'BRL', 'INR', 'MXN'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The currency of a store that has not chosen one, and of the platform's own prices. */
export const STORE_CURRENCY: Currency = 'USD';

interface CurrencyRule {
  /** Digits after the decimal point: the minor units per major unit are 10^decimals. */
  decimals: 0 | 2;
  /** The smallest card charge (Stripe's minimum charge amounts), in minor units. */
  minCharge: number;
  /** The smallest payout, in minor units (about 10 US dollars). */
  minPayout: number;
}

export const CURRENCY_RULES: Record<Currency, CurrencyRule> = {
  USD: { decimals: 2, minCharge: 50, minPayout: 1000 },
  EUR: { decimals: 2, minCharge: 50, minPayout: 1000 },
  GBP: { decimals: 2, minCharge: 30, minPayout: 1000 },
  CAD: { decimals: 2, minCharge: 50, minPayout: 1500 },
  AUD: { decimals: 2, minCharge: 50, minPayout: 1500 },
  JPY: { decimals: 0, minCharge: 50, minPayout: 1500 },
  BRL: { decimals: 2, minCharge: 50, minPayout: 5000 },
  INR: { decimals: 2, minCharge: 50, minPayout: 80000 },
  MXN: { decimals: 2, minCharge: 1000, minPayout: 20000 },
};

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** A stored currency code as a Currency (USD for anything unknown, as rows made before currencies). */
export const asCurrency = (value: string | null | undefined): Currency => (isCurrency(value) ? value : STORE_CURRENCY);

export const currencyDecimals = (currency: Currency) => CURRENCY_RULES[currency].decimals;

/** A typed amount field's keyboard, step and example for `currency`: "19.99" in cents, whole yen ("1500") where there is no minor unit. */
export function amountInputProps(currency: Currency, example = '19.99', wholeExample = '1500') {
  const whole = currencyDecimals(currency) === 0;
  return { inputMode: whole ? ('numeric' as const) : ('decimal' as const), step: whole ? 1 : 0.01, placeholder: whole ? wholeExample : example };
}

// Making an Intl formatter is slow and a page may format many prices: one per locale and currency
// (and each currency's sign worked out once per locale).
const formats = new Map<string, Intl.NumberFormat>();

const symbols = new Map<string, string>();

/** The currency's sign before a typed amount, as the locale writes it: "$" (US dollars in every language), "€", "R$". */
export function currencySymbol(currency: Currency, locale = 'en-US'): string {
  const key = `${locale} ${currency}`;
  let symbol = symbols.get(key);
  if (symbol === undefined) {
    symbol = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0).find((part) => part.type === 'currency')?.value ?? currency;
    symbols.set(key, symbol);
  }
  return symbol;
}

/** `minor` units of `currency` as the locale writes them: "$1,234.50", "1.234,50 €", "￥1,235". */
export function formatMoney(minor: number, locale = 'en-US', currency: Currency = STORE_CURRENCY): string {
  const key = `${locale} ${currency}`;
  let format = formats.get(key);
  if (!format) {
    const decimals = currencyDecimals(currency);
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formats.set(key, format);
  }
  return format.format(minor / 10 ** currencyDecimals(currency));
}

/** Minor units as a plain decimal amount ("19.99", "-0.50", "1500" in yen): for files and forms, not for people. */
export function decimalAmount(minor: number, currency: Currency = STORE_CURRENCY): string {
  const sign = minor < 0 ? '-' : '';
  const whole = Math.abs(Math.trunc(minor));
  const decimals = currencyDecimals(currency);
  if (decimals === 0) return `${sign}${whole}`;
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/**
 * A typed amount ("12.5", "1,250.50", "$12") in minor units of `currency`; undefined when it is not a
 * plain non-negative number. More decimals than the currency has (yen have none) are refused, or with
 * `round` rounded half up (invoice lines). Parsed from text, so 1.005 never becomes 100.49.
 */
export function amountToMinor(input: unknown, currency: Currency = STORE_CURRENCY, { round = false } = {}): number | undefined {
  if (typeof input !== 'string' && typeof input !== 'number') return undefined;
  const text = String(input).trim().replace(/^[^\d.-]{1,3}\s*/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d{1,13})?(?:\.(\d*))?$/.exec(text);
  if (!match || (!match[1] && !match[2])) return undefined;
  const decimals = currencyDecimals(currency);
  const fraction = match[2] ?? '';
  if (fraction.length > decimals && !round) return undefined;
  const kept = fraction.padEnd(decimals + 1, '0');
  const minor = Number(match[1] ?? '0') * 10 ** decimals + Number(kept.slice(0, decimals) || '0') + (Number(kept[decimals]) >= 5 ? 1 : 0);
  return Number.isSafeInteger(minor) ? minor : undefined;
}

/**
 * The same written amount in another currency's minor units (10.00 USD → 10.00 EUR, 1000 cents → ¥10):
 * a store that changes its currency before its first sale keeps the numbers its creator typed.
 */
export function convertMinorUnits(minor: number, from: Currency, to: Currency): number {
  const shift = currencyDecimals(to) - currencyDecimals(from);
  return shift >= 0 ? minor * 10 ** shift : Math.round(minor / 10 ** -shift);
}
