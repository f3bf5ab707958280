import type { PayoutMethod } from '#shared/payouts.ts';

export type PayoutStatus = 'processing' | 'completed' | 'failed';

export interface Payout {
  id: string;
  amountCents: number;
  method: PayoutMethod;
  methodLabel: string;
  status: PayoutStatus;
  requestedAt: string;
  processedAt: string | null;
}

export interface PayoutsOverview {
  /** What a payout may take. */
  balanceCents: number;
  /** Money from test-card payments held out of the balance: never paid out (production). */
  testBalanceCents: number;
  method: PayoutMethod | null;
  payouts: Payout[];
}

export const PAYOUTS_QUERY_KEY = ['payouts'] as const;
