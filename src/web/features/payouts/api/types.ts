export type { Payout, PayoutsOverview } from '#shared/payouts-api.ts';
export type { PayoutStatus } from '#shared/payouts.ts';
export type { PayoutAccount, PayoutAccountOverview, PayoutAccountStatus } from '#shared/payouts-connect.ts';

export const PAYOUTS_QUERY_KEY = ['payouts'] as const;
/** Under PAYOUTS_QUERY_KEY: whatever refreshes the payouts refreshes the payout account too. */
export const PAYOUT_ACCOUNT_QUERY_KEY = [...PAYOUTS_QUERY_KEY, 'account'] as const;
