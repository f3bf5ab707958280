/** Where a creator's payouts go (SPEC §3 payout_method_details). */
export type PayoutMethod = { type: 'paypal'; email: string } | { type: 'bank'; accountId: string };
