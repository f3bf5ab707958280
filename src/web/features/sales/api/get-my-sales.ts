import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { SalesFilters } from '#shared/sales-filters.ts';
import { call } from '#web/lib/api.ts';
import { MY_SALES_QUERY_KEY } from './types.ts';

/** The Sales page's filters as the URL has them (src/shared/sales-filters.ts): strings, the empty ones left out. */
export type SalesFilterParams = Partial<Record<keyof SalesFilters, string>>;

/** GET /api/my/sales: a page of the signed-in creator's sales matching the filters, newest first. */
export const getMySales = (query: SalesFilterParams & { cursor?: string; limit?: number }, signal?: AbortSignal) => call('GET /api/my/sales', { query, signal });

/** The latest sales (Profile › Sales History, a short list linking to the Sales page). */
export const RECENT_SALES_LISTED = 10;

export const recentSalesQueryOptions = () =>
  queryOptions({ queryKey: [...MY_SALES_QUERY_KEY, 'recent'], queryFn: ({ signal }) => getMySales({ limit: RECENT_SALES_LISTED }, signal) });

export function useRecentSales() {
  return useQuery(recentSalesQueryOptions());
}

/** The Sales page: the filtered sales, a page at a time ("Load more" follows nextCursor). */
export function useSalesPages(filters: SalesFilterParams) {
  return useInfiniteQuery({
    queryKey: [...MY_SALES_QUERY_KEY, 'pages', filters],
    queryFn: ({ signal, pageParam }) => getMySales({ ...filters, ...(pageParam ? { cursor: pageParam } : {}) }, signal),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/sales/:id: one sale with its refunds. */
export function useSaleDetail(id: string | null) {
  return useQuery({
    queryKey: [...MY_SALES_QUERY_KEY, 'detail', id],
    queryFn: ({ signal }) => call('GET /api/sales/:id', { params: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/** GET /api/my/sales/filters: the products, links, UTM sources, affiliates and referring sites the filters offer. */
export function useSalesFilterOptions() {
  return useQuery({ queryKey: [...MY_SALES_QUERY_KEY, 'filters'], queryFn: ({ signal }) => call('GET /api/my/sales/filters', { signal }) });
}
