import { describe, expect, it } from 'vitest';
import { formatPrice, parsePriceToCents, parseTags, priceSliderRange } from './products.ts';

describe('tags', () => {
  it('splits on commas, trims, drops blanks and repeats', () => {
    expect(parseTags(' Design, ,AI,, design ,Writing ')).toEqual(['Design', 'AI', 'Writing']);
    expect(parseTags('')).toEqual([]);
  });
});

describe('prices', () => {
  it('keeps prices as integer cents', () => {
    expect(parsePriceToCents('12.5')).toBe(1250);
    expect(parsePriceToCents('0')).toBe(0);
    expect(parsePriceToCents('19.99')).toBe(1999);
    expect(parsePriceToCents(7)).toBe(700);
    expect(parsePriceToCents('1000000')).toBe(100_000_000);
  });

  it('refuses negatives, text, three decimals and huge values', () => {
    for (const bad of ['-1', 'abc', '1.234', '', '1e3', '1000000.01', ' . ']) expect(parsePriceToCents(bad)).toBeUndefined();
  });

  it('shows two decimals', () => {
    expect(formatPrice(1250)).toBe('$12.50');
    expect(formatPrice(0)).toBe('$0.00');
  });
});

describe('price slider range', () => {
  it('spans the floor of the lowest to the ceiling of the highest price', () => {
    expect(priceSliderRange(1999, 12050)).toEqual({ min: 19, max: 121 });
  });

  it('defaults to 0–1000 and widens a single price by 100', () => {
    expect(priceSliderRange(null, null)).toEqual({ min: 0, max: 1000 });
    expect(priceSliderRange(2500, 2500)).toEqual({ min: 25, max: 125 });
  });
});
