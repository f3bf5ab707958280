import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { adminListKey, listQuery, type ListParams } from './admin-lists.ts';

/** GET /api/admin/users?q&role&status&page: accounts, newest first (admins only). */
export const getAdminUsers = (params: ListParams, signal?: AbortSignal) => call('GET /api/admin/users', { query: listQuery(params), signal });

export const adminUsersQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: [...adminListKey('users'), params], queryFn: ({ signal }) => getAdminUsers(params, signal), placeholderData: keepPreviousData });

export function useAdminUsers(params: ListParams) {
  return useQuery(adminUsersQueryOptions(params));
}
