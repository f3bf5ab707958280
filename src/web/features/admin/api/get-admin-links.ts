import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { adminListKey, listQuery, type ListParams } from './admin-lists.ts';

/** GET /api/admin/links?q&status&page: every short link, newest first (admins only). */
export const getAdminLinks = (params: ListParams, signal?: AbortSignal) => call('GET /api/admin/links', { query: listQuery(params), signal });

export const adminLinksQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: [...adminListKey('links'), params], queryFn: ({ signal }) => getAdminLinks(params, signal), placeholderData: keepPreviousData });

export function useAdminLinks(params: ListParams) {
  return useQuery(adminLinksQueryOptions(params));
}
