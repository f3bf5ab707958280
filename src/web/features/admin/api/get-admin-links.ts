import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminLink, Page } from '#shared/admin.ts';
import { api } from '#web/lib/api.ts';
import { adminListKey, listQuery, type ListParams } from './admin-lists.ts';

/** GET /api/admin/links?q&status&page: every short link, newest first (admins only). */
export const getAdminLinks = (params: ListParams, signal?: AbortSignal) => api<Page<AdminLink>>(`/api/admin/links${listQuery(params)}`, { signal });

export const adminLinksQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: [...adminListKey('links'), params], queryFn: ({ signal }) => getAdminLinks(params, signal), placeholderData: keepPreviousData });

export function useAdminLinks(params: ListParams) {
  return useQuery(adminLinksQueryOptions(params));
}
