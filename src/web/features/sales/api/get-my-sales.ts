import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { MY_SALES_QUERY_KEY } from './types.ts';

export const SALES_PAGE_SIZE = 20;

/** GET /api/my/sales: the signed-in creator's sales, newest first, paged. */
export const getMySales = (page: number, signal?: AbortSignal) => call('GET /api/my/sales', { query: { page, pageSize: SALES_PAGE_SIZE }, signal });

export const getMySalesQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...MY_SALES_QUERY_KEY, page], queryFn: ({ signal }) => getMySales(page, signal) });

export function useMySales(page: number) {
  return useQuery({ ...getMySalesQueryOptions(page), placeholderData: keepPreviousData });
}
