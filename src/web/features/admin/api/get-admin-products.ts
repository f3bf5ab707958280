import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { adminListKey, listQuery, type ListParams } from './admin-lists.ts';

/** GET /api/admin/products?q&status&page: every product, hidden ones included (admins only). */
export const getAdminProducts = (params: ListParams, signal?: AbortSignal) =>
  call('GET /api/admin/products', { query: listQuery(params), signal });

export const adminProductsQueryOptions = (params: ListParams) =>
  queryOptions({ queryKey: [...adminListKey('products'), params], queryFn: ({ signal }) => getAdminProducts(params, signal), placeholderData: keepPreviousData });

export function useAdminProducts(params: ListParams) {
  return useQuery(adminProductsQueryOptions(params));
}
