/**
 * Bank account numbers checked by format (issue #45, decision 034): IBAN (ISO 13616: length per
 * country and the mod-97 check digits), US ABA routing numbers (9 digits, weighted checksum) and
 * SWIFT/BIC codes (ISO 9362: 8 or 11 characters). No library for these is installed; they are short.
 */

/** IBAN length per country (the SWIFT IBAN registry). */
const IBAN_LENGTHS: Record<string, number> = Object.fromEntries(
  (
    'AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DJ27 DK18 DO28 EE20 EG29 ' +
    'ES24 FI18 FK18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HR21 HU28 IE22 IL23 IQ23 IS26 IT27 JO30 KW30 KZ20 LB28 ' +
    'LC32 LI21 LT20 LU20 LV21 LY25 MC27 MD24 ME22 MK19 MN20 MR27 MT31 MU30 NI28 NL18 NO15 OM23 PK24 PL28 PS29 PT25 ' +
    'QA29 RO24 RS22 RU33 SA24 SC31 SD18 SE24 SI19 SK24 SM27 SO23 ST25 SV28 TL23 TN24 TR26 UA29 VA22 VG24 XK20 YE30'
  )
    .split(' ')
    .map((entry) => [entry.slice(0, 2), Number(entry.slice(2))]),
);

/** How a bank account in `country` is identified: an IBAN, a US account and routing number, or an account number (and a BIC). */
export type BankAccountKind = 'iban' | 'us' | 'other';
export const bankAccountKind = (country: string): BankAccountKind => (country in IBAN_LENGTHS ? 'iban' : country === 'US' ? 'us' : 'other');

/** Spaces and hyphens out, upper case: " de89 3704-0044 …" → "DE8937040044…". */
export const compactAccountNumber = (value: string) => value.replace(/[\s-]+/g, '').toUpperCase();

/** Whether `iban` (compact) is a valid IBAN of `country`, when given: its country, length and mod-97 check digits. */
export function isValidIban(iban: string, country?: string): boolean {
  const code = iban.slice(0, 2);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban) || (country !== undefined && code !== country)) return false;
  if (IBAN_LENGTHS[code] !== iban.length) return false;
  // Move the first four characters to the end, letters to numbers (A = 10 … Z = 35), then mod 97 must be 1.
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** "DE89370400440532013000" → "DE89 3704 0044 0532 0130 00": how an IBAN is shown. */
export const formatIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

/** A US ABA routing number: 9 digits, 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) a multiple of 10. */
export function isValidAbaRouting(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number) as [number, number, number, number, number, number, number, number, number];
  return (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8])) % 10 === 0;
}

/** A SWIFT/BIC code (compact): bank (4 letters), country (2 letters), location (2), optional branch (3). */
export const isValidBic = (bic: string) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic);

/** A US account number: 4 to 17 digits. */
export const isValidUsAccountNumber = (account: string) => /^\d{4,17}$/.test(account);

/** Another country's account number: 4 to 34 letters and digits. */
export const isValidAccountNumber = (account: string) => /^[A-Z0-9]{4,34}$/.test(account);
