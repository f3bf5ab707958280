import { describe, expect, it } from 'vitest';
import { conversionPercent, CUSTOM_RANGE_MAX_DAYS, daysBetween, mrrCents, networkMayAddVisitor, rangeDays, VISITORS_PER_NETWORK_MAX } from './analytics.ts';

describe('analytics ranges', () => {
  it('are the last 7, 30 or 90 UTC days, today included', () => {
    expect(rangeDays('7d', '2026-03-05')).toEqual({ from: '2026-02-27', to: '2026-03-05' });
    expect(rangeDays('30d', '2026-03-05')).toEqual({ from: '2026-02-04', to: '2026-03-05' });
    expect(rangeDays('90d', '2026-01-01')).toEqual({ from: '2025-10-04', to: '2026-01-01' });
    expect(daysBetween('2026-02-27', '2026-03-05')).toHaveLength(7);
  });

  it('take two real days in order for a custom range, at most a year and a day apart', () => {
    expect(rangeDays('custom', '2026-03-05', { from: '2026-02-01', to: '2026-02-01' })).toEqual({ from: '2026-02-01', to: '2026-02-01' });
    expect(rangeDays('custom', '2026-03-05', { from: '2024-02-29', to: '2024-03-01' })).toEqual({ from: '2024-02-29', to: '2024-03-01' });
    expect(rangeDays('custom', '2026-03-05', { from: '2026-01-01', to: '2026-12-31' })).toBeDefined();
    expect(daysBetween('2025-01-01', '2025-12-31')).toHaveLength(365);
    for (const custom of [{}, { from: '2026-02-01' }, { from: '2026-02-02', to: '2026-02-01' }, { from: '2026-02-30', to: '2026-03-01' }, { from: '2026-2-1', to: '2026-03-01' }]) {
      expect(rangeDays('custom', '2026-03-05', custom), JSON.stringify(custom)).toBeUndefined();
    }
    expect(daysBetween('2024-01-01', '2024-12-31')).toHaveLength(CUSTOM_RANGE_MAX_DAYS);
    expect(rangeDays('custom', '2026-03-05', { from: '2024-01-01', to: '2024-12-31' })).toBeDefined();
    expect(rangeDays('custom', '2026-03-05', { from: '2024-01-01', to: '2025-01-01' })).toBeUndefined();
  });
});

describe('conversion', () => {
  it('is sales over views in % with one decimal, and none without views', () => {
    expect(conversionPercent(3, 1)).toBe(33.3);
    expect(conversionPercent(1, 2)).toBe(200);
    expect(conversionPercent(0, 0)).toBeNull();
    expect(conversionPercent(0, 4)).toBeNull();
  });
});

describe('MRR', () => {
  it('sums the monthly price of paying memberships, a yearly one as a twelfth, trials and ended ones out', () => {
    expect(
      mrrCents([
        { status: 'active', interval: 'month', priceCents: 1000 },
        { status: 'active', interval: 'year', priceCents: 12_000 },
        { status: 'active', interval: 'year', priceCents: 1000 }, // 83.33… rounds to 83
        { status: 'past_due', interval: 'month', priceCents: 300 },
        { status: 'trialing', interval: 'month', priceCents: 500 },
        { status: 'canceled', interval: 'month', priceCents: 700 },
        { status: 'ended', interval: 'year', priceCents: 9000 },
      ]),
    ).toBe(1000 + 1000 + 83 + 300);
    expect(mrrCents([])).toBe(0);
  });
});

describe('visitors per network', () => {
  it('lets one network add VISITORS_PER_NETWORK_MAX visitors to a product a day, no more', () => {
    expect(networkMayAddVisitor(0)).toBe(true);
    expect(networkMayAddVisitor(VISITORS_PER_NETWORK_MAX - 1)).toBe(true);
    expect(networkMayAddVisitor(VISITORS_PER_NETWORK_MAX)).toBe(false);
  });
});
