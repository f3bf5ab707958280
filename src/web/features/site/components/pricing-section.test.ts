import { describe, expect, it } from 'vitest';
import { formatDollars } from '#shared/plans.ts';

const intlDollars = (amount: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(amount);

describe('formatDollars', () => {
  it('writes English whole dollars exactly as Intl does, without it', () => {
    for (const amount of [0, 9, 39, 398, 765, 999, 1000, 1188, 12_345, 1_234_567, 38.49, 39.5]) {
      expect(formatDollars(amount, 'en')).toBe(intlDollars(amount, 'en'));
    }
  });

  it('writes Spanish and French with Intl', () => {
    for (const language of ['es', 'fr']) {
      expect(formatDollars(1188, language)).toBe(intlDollars(1188, language));
      expect(formatDollars(39, language)).toBe(intlDollars(39, language));
    }
  });
});
