import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { ADMIN_TRANSACTIONS_KEY, PAGE_SIZE } from './types.ts';

/** GET /api/admin/transactions/sales: every sale, newest first (403 for non-admins). */
export const getAdminSales = (page: number, signal?: AbortSignal) =>
  call('GET /api/admin/transactions/sales', { query: { page, pageSize: PAGE_SIZE }, signal });

export const adminSalesQueryOptions = (page: number) =>
  queryOptions({ queryKey: [...ADMIN_TRANSACTIONS_KEY, 'sales', page], queryFn: ({ signal }) => getAdminSales(page, signal), placeholderData: keepPreviousData });

export function useAdminSales(page: number) {
  return useQuery(adminSalesQueryOptions(page));
}
