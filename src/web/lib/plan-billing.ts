import type { BillingPeriod, PlanId } from '#shared/plans.ts';

/** The Plan & Billing card's anchor on the Settings page. */
export const PLAN_BILLING_ID = 'plan-billing';

/**
 * Settings → Plan & Billing with a plan (and period) picked for buying: where the pricing page's
 * buttons and the upgrade notices lead (the plans feature's card reads `plan` and `period`).
 */
export function planBillingPath(plan: Exclude<PlanId, 'free'>, period?: BillingPeriod): string {
  const query = new URLSearchParams({ plan, ...(period ? { period } : {}) });
  return `/dashboard/settings?${query.toString()}#${PLAN_BILLING_ID}`;
}
