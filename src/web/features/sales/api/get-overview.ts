import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

export interface OverviewSale {
  id: string;
  productId: string | null;
  productName: string;
  buyerEmail: string;
  amountCents: number;
  feeCents: number;
  status: 'completed' | 'refunded';
  createdAt: string;
}

/** GET /api/my/overview: the creator overview's figures (completed sales only). */
export interface CreatorOverview {
  plan: 'free' | 'pro' | 'business';
  feeBps: number;
  totalEarningsCents: number;
  totalFeesCents: number;
  totalSales: number;
  uploadedProducts: number;
  recentSales: OverviewSale[];
  earningsByDay: { date: string; amountCents: number; sales: number }[];
  products: { id: string; name: string; views: number; sales: number; conversionRate: number }[];
}

export const getOverview = (signal?: AbortSignal) => api<CreatorOverview>('/api/my/overview', { signal });

export const overviewQueryOptions = () => queryOptions({ queryKey: ['dashboard', 'overview'] as const, queryFn: ({ signal }) => getOverview(signal) });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
