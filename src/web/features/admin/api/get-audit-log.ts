import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { adminListKey, listQuery, type ListParams } from './admin-lists.ts';

/** GET /api/admin/audit-log?q&action&page: who did what and when, newest first (admins only). */
export const getAuditLog = (params: ListParams, signal?: AbortSignal) => call('GET /api/admin/audit-log', { query: listQuery(params), signal });

export const auditLogQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: [...adminListKey('audit-log'), params], queryFn: ({ signal }) => getAuditLog(params, signal), placeholderData: keepPreviousData });

export function useAuditLog(params: ListParams) {
  return useQuery(auditLogQueryOptions(params));
}
