import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { ADMIN_TRANSACTIONS_KEY, PAGE_SIZE, type AdminPayout } from './types.ts';

export type PayoutFilter = 'all' | AdminPayout['status'];

/** GET /api/admin/transactions/payouts: payouts with their creators, and how many await an admin. */
export const getAdminPayouts = (filter: PayoutFilter, page: number, signal?: AbortSignal) =>
  call('GET /api/admin/transactions/payouts', { query: { page, pageSize: PAGE_SIZE, status: filter === 'all' ? undefined : filter }, signal });

export const adminPayoutsQueryOptions = (filter: PayoutFilter, page: number) =>
  queryOptions({
    queryKey: [...ADMIN_TRANSACTIONS_KEY, 'payouts', filter, page],
    queryFn: ({ signal }) => getAdminPayouts(filter, page, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminPayouts(filter: PayoutFilter, page: number) {
  return useQuery(adminPayoutsQueryOptions(filter, page));
}
