import { describe, expect, it } from 'vitest';
import {
  aiAllowance,
  aiStudioFeature,
  aiUpgradePlan,
  cheapestPlanWith,
  FREE_AI_GENERATIONS_PER_MONTH,
  planById,
  planPrice,
  planRequiredParams,
  PLANS,
  PRO_AI_GENERATIONS_PER_MONTH,
  yearlyPrice,
} from './plans.ts';

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

describe('what each plan gives', () => {
  it('keeps the pricing page’s promises', () => {
    expect(PLANS.map((plan) => [plan.id, plan.aiGenerationsPerMonth, plan.customSlug, plan.apiAccess, plan.teamUsers])).toEqual([
      ['free', FREE_AI_GENERATIONS_PER_MONTH, false, false, 0],
      ['pro', PRO_AI_GENERATIONS_PER_MONTH, true, false, 0],
      ['business', null, true, true, 3],
    ]);
    expect(FREE_AI_GENERATIONS_PER_MONTH).toBe(20);
    expect(PRO_AI_GENERATIONS_PER_MONTH).toBe(200);
    expect(planById('free').features).toContain('AI content studio: 20 generations a month');
    expect(planById('pro').features).toContain('AI content studio: 200 generations a month');
    expect(aiStudioFeature(PRO_AI_GENERATIONS_PER_MONTH)).toBe('AI content studio: 200 generations a month');
    expect(planById('business').features).toEqual(expect.arrayContaining(['3 team users', 'API access', 'Unlimited AI builder']));
  });

  it('gives every account the AI assistant: its plan’s allowance whatever its role, an admin unlimited; more of it one plan up', () => {
    expect(['creator', 'user', 'company'].map((role) => aiAllowance({ role, plan: 'free' }))).toEqual([20, 20, 20]);
    expect(aiAllowance({ role: 'company', plan: 'pro' })).toBe(200);
    expect(aiAllowance({ role: 'creator', plan: 'business' })).toBeNull();
    expect(aiAllowance({ role: 'admin', plan: 'free' })).toBeNull();
    expect(PLANS.map((plan) => aiUpgradePlan(plan.id))).toEqual(['pro', 'business', null]);
  });

  it('names the cheapest plan with a feature in a refusal', () => {
    expect(cheapestPlanWith('customSlug').id).toBe('pro');
    expect(cheapestPlanWith('apiAccess').id).toBe('business');
    expect(planRequiredParams('customSlug')).toEqual({ plan: 'Creator Pro', planId: 'pro' });
  });
});
