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
  balanceCents: number;
  method: PayoutMethod | null;
  payouts: Payout[];
}

export const PAYOUTS_QUERY_KEY = ['payouts'] as const;
