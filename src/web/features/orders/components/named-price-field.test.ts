import { describe, expect, it } from 'vitest';
import { namedPriceProblem } from './named-price-field.tsx';

describe('the amount a buyer names (pay what you want)', () => {
  it('takes dollars and cents from the minimum up', () => {
    expect(namedPriceProblem('12.50', 500, 'USD')).toBeUndefined();
    expect(namedPriceProblem('4.99', 500, 'USD')).toBe('below');
    expect(namedPriceProblem('12.505', 500, 'USD')).toBe('invalid');
  });

  it('takes euros the same way and whole yen only', () => {
    expect(namedPriceProblem('5,000.50', 500, 'EUR')).toBeUndefined();
    expect(namedPriceProblem('1500', 1000, 'JPY')).toBeUndefined();
    expect(namedPriceProblem('999', 1000, 'JPY')).toBe('below');
    expect(namedPriceProblem('1500.50', 1000, 'JPY')).toBe('invalid');
  });
});
