export type { Payout, PayoutsOverview } from '#shared/payouts-api.ts';
export type { PayoutStatus } from '#shared/payouts.ts';

export const PAYOUTS_QUERY_KEY = ['payouts'] as const;
