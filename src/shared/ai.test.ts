import { describe, expect, it } from 'vitest';
import { aiAllowanceResetsOn, aiUsageMonth, englishDay } from './ai.ts';

describe('the AI allowance’s month (UTC)', () => {
  it('counts in the calendar month of UTC and renews on the first of the next', () => {
    expect(aiUsageMonth(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12-01');
    expect(aiAllowanceResetsOn(new Date('2026-12-31T23:59:59Z'))).toBe('2027-01-01');
    expect(aiUsageMonth(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01-01');
    expect(aiAllowanceResetsOn(new Date('2027-01-31T12:00:00Z'))).toBe('2027-02-01');
    expect(englishDay('2027-01-01')).toBe('January 1, 2027');
  });
});
