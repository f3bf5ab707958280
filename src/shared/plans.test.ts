import { describe, expect, it } from 'vitest';
import { planPrice, PLANS, yearlyPrice } from './plans.ts';

describe('plan prices', () => {
  it('takes 15% off twelve months, rounded', () => {
    expect(yearlyPrice(39)).toBe(398);
    expect(yearlyPrice(75)).toBe(765);
    expect(yearlyPrice(0)).toBe(0);
    expect(yearlyPrice(10)).toBe(102);
  });

  it('shows the spec prices for each period', () => {
    const prices = (period: 'monthly' | 'yearly') => PLANS.map((plan) => [plan.name, planPrice(plan, period)]);
    expect(prices('monthly')).toEqual([['Free', 0], ['Creator Pro', 39], ['Business', 75]]);
    expect(prices('yearly')).toEqual([['Free', 0], ['Creator Pro', 398], ['Business', 765]]);
  });

  it('marks exactly one plan as popular and charges 1% only on Free', () => {
    expect(PLANS.filter((plan) => plan.popular).map((plan) => plan.id)).toEqual(['pro']);
    expect(PLANS.map((plan) => plan.platformFeeBps)).toEqual([100, 0, 0]);
  });
});
