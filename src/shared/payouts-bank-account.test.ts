import { describe, expect, it } from 'vitest';
import { bankAccountKind, compactAccountNumber, formatIban, isValidAbaRouting, isValidAccountNumber, isValidBic, isValidIban, isValidUsAccountNumber } from './payouts-bank-account.ts';

describe('IBAN', () => {
  it('takes valid German, British and French IBANs, written with spaces or not', () => {
    expect(isValidIban(compactAccountNumber('DE89 3704 0044 0532 0130 00'), 'DE')).toBe(true);
    expect(isValidIban(compactAccountNumber('gb29 nwbk 6016 1331 9268 19'), 'GB')).toBe(true);
    expect(isValidIban('FR1420041010050500013M02606', 'FR')).toBe(true);
    expect(isValidIban('NO9386011117947')).toBe(true);
  });

  it('refuses a wrong checksum, a wrong length, another country and stray characters', () => {
    expect(isValidIban('DE88370400440532013000', 'DE')).toBe(false); // check digits off by one
    expect(isValidIban('DE89370400440532013001', 'DE')).toBe(false); // one account digit changed
    expect(isValidIban('DE8937040044053201300', 'DE')).toBe(false); // 21 characters, Germany has 22
    expect(isValidIban('DE893704004405320130000', 'DE')).toBe(false);
    expect(isValidIban('GB29NWBK60161331926819', 'IE')).toBe(false); // a British IBAN for an Irish account
    expect(isValidIban('US12345678901234567890')).toBe(false); // no IBAN in the US
    expect(isValidIban('DE89-3704', 'DE')).toBe(false);
    expect(isValidIban('', 'DE')).toBe(false);
  });

  it('is shown in groups of four', () => {
    expect(formatIban('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
    expect(formatIban('NO9386011117947')).toBe('NO93 8601 1117 947');
  });
});

describe('ABA routing number', () => {
  it('checks 9 digits with the weighted checksum', () => {
    expect(isValidAbaRouting('011000015')).toBe(true); // Federal Reserve Bank of Boston
    expect(isValidAbaRouting('021000021')).toBe(true); // JPMorgan Chase
    expect(isValidAbaRouting('021000022')).toBe(false);
    expect(isValidAbaRouting('02100002')).toBe(false);
    expect(isValidAbaRouting('02100002a')).toBe(false);
  });
});

describe('SWIFT/BIC', () => {
  it('takes 8 or 11 characters shaped as bank, country, location and branch', () => {
    expect(isValidBic('DEUTDEFF')).toBe(true);
    expect(isValidBic('DEUTDEFF500')).toBe(true);
    expect(isValidBic('DEUTDEFF5')).toBe(false);
    expect(isValidBic('DEUTDEFF5000')).toBe(false);
    expect(isValidBic('DEU1DEFF')).toBe(false); // the bank code is letters
    expect(isValidBic('deutdeff')).toBe(false); // compact first
  });
});

describe('account numbers', () => {
  it('chooses the identifier by country and checks account numbers by length', () => {
    expect([bankAccountKind('DE'), bankAccountKind('GB'), bankAccountKind('US'), bankAccountKind('JP')]).toEqual(['iban', 'iban', 'us', 'other']);
    expect(isValidUsAccountNumber('000123456789')).toBe(true);
    expect(isValidUsAccountNumber('123')).toBe(false);
    expect(isValidUsAccountNumber('12345A')).toBe(false);
    expect(isValidAccountNumber('1234567')).toBe(true);
    expect(isValidAccountNumber('12<3')).toBe(false);
  });
});
