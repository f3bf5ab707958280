import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMode } from '#shared/orders-payment-mode.ts';
import { api } from '#web/lib/api.ts';

export interface AdminOverview {
  totalCreators: number;
  totalUsers: number;
  totalProducts: number;
  totalRevenueCents: number;
  totalFeesCents: number;
  /** Payouts waiting for an admin. */
  pendingApprovals: number;
  recentTransactions: {
    id: string;
    productName: string;
    creatorId: string | null;
    creatorName: string | null;
    amountCents: number;
    status: 'completed' | 'refunded';
    createdAt: string;
  }[];
  /** 'none': payments are not set up (checkout and invoice payments are refused). */
  paymentMode: PaymentMode;
}

/** GET /api/admin/overview: platform-wide totals (403 for non-admins). */
export const getAdminOverview = (): Promise<AdminOverview> => api<AdminOverview>('/api/admin/overview');

export const adminOverviewQueryOptions = () => queryOptions({ queryKey: ['admin', 'overview'], queryFn: getAdminOverview });

export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions());
}
