import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { MY_PRODUCTS_QUERY_KEY } from './types.ts';

/** GET /api/my/products: the signed-in creator's products, newest first. */
export const getMyProducts = (signal?: AbortSignal) => call('GET /api/my/products', { signal });

export const getMyProductsQueryOptions = () =>
  queryOptions({ queryKey: [...MY_PRODUCTS_QUERY_KEY, 'list'], queryFn: ({ signal }) => getMyProducts(signal) });

export function useMyProducts() {
  return useQuery(getMyProductsQueryOptions());
}
