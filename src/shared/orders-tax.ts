/**
 * Tax at checkout (issue #21): the buyer's country and an optional EU VAT number are collected; with
 * the built-in test provider a flat rate per country (TAX_RATES) stands in for Stripe Tax. Tax is added
 * on top of the prices, line by line, in minor units of the order's currency.
 */

/** ISO 3166-1 alpha-2 codes of today's countries and territories (what Intl names, less retired codes and groupings). */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

/** The European Union's member states (for VAT numbers; Greece's numbers start with EL). */
export const EU_COUNTRIES = 'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' ');

export const TAX_MESSAGES = {
  countryInvalid: 'Please choose your country.',
  countryRequired: 'Please choose your country: the tax depends on it.',
  vatNumberInvalid: 'Enter an EU VAT number such as DE123456789, or leave it empty.',
} as const;

export const isCountryCode = (value: string) => COUNTRY_CODES.includes(value);

/** "de 123 456 789" → "DE123456789"; undefined when it is not shaped like an EU VAT number. */
export function normalizeVatNumber(input: string): string | undefined {
  const vat = input.replace(/[\s.-]/g, '').toUpperCase();
  const prefix = vat.slice(0, 2);
  const known = EU_COUNTRIES.includes(prefix === 'EL' ? 'GR' : prefix);
  return known && /^[A-Z]{2}[A-Z0-9]{2,13}$/.test(vat) ? vat : undefined;
}

/**
 * TAX_RATES as the deployment writes it, "DE:19,FR:20,GB:20" (percent, up to two decimals), as basis
 * points by country; undefined when it is not that shape.
 */
export function parseTaxRates(text: string): Record<string, number> | undefined {
  const rates: Record<string, number> = {};
  for (const entry of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    const match = /^([A-Z]{2})\s*[:=]\s*(\d{1,2}(?:\.\d{1,2})?|100)$/.exec(entry.toUpperCase());
    if (!match || !isCountryCode(match[1]!)) return undefined;
    rates[match[1]!] = Math.round(Number(match[2]) * 100);
  }
  return rates;
}

/** The tax on a line: its price × the rate, rounded to the minor unit (half up). */
export const lineTaxCents = (priceCents: number, rateBps: number) => Math.round((priceCents * rateBps) / 10_000);

/**
 * What a refund gives back of a sale's tax: the tax on what is refunded so far, less the tax on what
 * was refunded before, so the parts of several partial refunds add up to the whole tax exactly.
 */
export function refundTaxCents(sale: { amountCents: number; taxCents: number; refundedCents: number }, amountCents: number): number {
  if (sale.amountCents <= 0 || sale.taxCents <= 0) return 0;
  const taxUpTo = (refunded: number) => Math.round((sale.taxCents * Math.min(refunded, sale.amountCents)) / sale.amountCents);
  return taxUpTo(sale.refundedCents + amountCents) - taxUpTo(sale.refundedCents);
}

/**
 * A tax computed for the whole order (Stripe Tax's) spread over its lines in proportion to their
 * prices, in whole minor units that add up to it exactly (largest remainders first).
 */
export function spreadTax(taxCents: number, prices: readonly number[]): number[] {
  const total = prices.reduce((sum, price) => sum + price, 0);
  if (total <= 0 || taxCents <= 0) return prices.map(() => 0);
  const exact = prices.map((price) => (taxCents * price) / total);
  const parts = exact.map(Math.floor);
  let left = taxCents - parts.reduce((sum, part) => sum + part, 0);
  const byRemainder = exact.map((value, index) => ({ index, remainder: value - Math.floor(value) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}
