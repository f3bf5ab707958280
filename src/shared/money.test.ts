import { describe, expect, it } from 'vitest';
import { amountInputProps, amountToMinor, convertMinorUnits, CURRENCIES, CURRENCY_RULES, currencySymbol, decimalAmount, formatMoney } from './money.ts';

describe('money in minor units of its currency', () => {
  it('formats each currency with its own decimals and the locale', () => {
    expect(formatMoney(123450, 'en-US', 'USD')).toBe('$1,234.50');
    expect(formatMoney(123450, 'de-DE', 'EUR')).toBe('1.234,50\u00a0€');
    expect(formatMoney(1500, 'en-US', 'JPY')).toBe('¥1,500');
    expect(formatMoney(999, 'en-GB', 'GBP')).toBe('£9.99');
    expect(formatMoney(5000, 'pt-BR', 'BRL')).toBe('R$\u00a050,00');
  });

  it('writes plain amounts for files and forms', () => {
    expect(decimalAmount(1999)).toBe('19.99');
    expect(decimalAmount(-50, 'EUR')).toBe('-0.50');
    expect(decimalAmount(1500, 'JPY')).toBe('1500');
  });

  it('reads typed amounts with at most the currency decimals', () => {
    expect(amountToMinor('12.5')).toBe(1250);
    expect(amountToMinor('$1,250.50')).toBe(125050);
    expect(amountToMinor('.5', 'EUR')).toBe(50);
    expect(amountToMinor('1500', 'JPY')).toBe(1500);
    expect(amountToMinor('1,500', 'JPY')).toBe(1500);
    for (const bad of ['1.5', '-3', 'abc', '', '.']) expect(amountToMinor(bad, 'JPY')).toBeUndefined();
    expect(amountToMinor('1.005')).toBeUndefined();
    expect(amountToMinor('-1')).toBeUndefined();
  });

  it('rounds extra decimals half up when asked (invoice lines), without float error', () => {
    expect(amountToMinor('1.005', 'USD', { round: true })).toBe(101);
    expect(amountToMinor('1.004', 'USD', { round: true })).toBe(100);
    expect(amountToMinor('99.5', 'JPY', { round: true })).toBe(100);
  });

  it('keeps the written amount when a store changes currency', () => {
    expect(convertMinorUnits(1000, 'USD', 'EUR')).toBe(1000);
    expect(convertMinorUnits(1000, 'USD', 'JPY')).toBe(10);
    expect(convertMinorUnits(1050, 'USD', 'JPY')).toBe(11);
    expect(convertMinorUnits(15, 'JPY', 'GBP')).toBe(1500);
  });

  it('has a minimum charge and payout for every currency', () => {
    for (const currency of CURRENCIES) {
      expect(CURRENCY_RULES[currency].minCharge).toBeGreaterThan(0);
      expect(CURRENCY_RULES[currency].minPayout).toBeGreaterThan(CURRENCY_RULES[currency].minCharge);
    }
  });
});

describe('a typed amount’s field', () => {
  it('shows the currency’s sign as the language writes it, the same when asked again', () => {
    expect(currencySymbol('USD', 'en-US')).toBe('$');
    expect(currencySymbol('USD', 'fr')).toBe('$');
    expect(currencySymbol('EUR', 'fr')).toBe('€');
    expect(currencySymbol('BRL', 'es')).toBe('R$');
    expect(currencySymbol('EUR', 'fr')).toBe('€');
  });

  it('takes whole numbers where a currency has no minor unit, and cents elsewhere', () => {
    expect(amountInputProps('JPY')).toEqual({ inputMode: 'numeric', step: 1, placeholder: '1500' });
    expect(amountInputProps('EUR')).toEqual({ inputMode: 'decimal', step: 0.01, placeholder: '19.99' });
  });
});
