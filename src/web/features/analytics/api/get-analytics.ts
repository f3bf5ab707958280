import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsRange } from '#shared/analytics.ts';
import { call } from '#web/lib/api.ts';
import type { ResponseOf } from '#web/lib/api-routes.ts';

/** The creator's figures for a range and, optionally, one product (GET /api/my/analytics). */
export type Analytics = ResponseOf<'GET /api/my/analytics'>;

export interface AnalyticsFilter {
  range: AnalyticsRange;
  /** A custom range's days (YYYY-MM-DD). */
  from?: string;
  to?: string;
  productId?: string;
}

export const getAnalytics = (filter: AnalyticsFilter, signal?: AbortSignal) =>
  call('GET /api/my/analytics', {
    query: { range: filter.range, ...(filter.range === 'custom' ? { from: filter.from, to: filter.to } : {}), productId: filter.productId },
    signal,
  });

export const analyticsQueryOptions = (filter: AnalyticsFilter) =>
  queryOptions({ queryKey: ['dashboard', 'analytics', filter] as const, queryFn: ({ signal }) => getAnalytics(filter, signal) });

/** The figures stay on screen while another range or product loads. */
export function useAnalytics(filter: AnalyticsFilter, enabled = true) {
  return useQuery({ ...analyticsQueryOptions(filter), placeholderData: keepPreviousData, enabled });
}
