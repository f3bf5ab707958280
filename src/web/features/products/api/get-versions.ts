import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { MY_PRODUCTS_QUERY_KEY } from './types.ts';

/** GET /api/products/{id}/versions: the product's active versions with their files, for its creator. */
export const getVersionsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: [...MY_PRODUCTS_QUERY_KEY, 'versions', productId],
    queryFn: async ({ signal }) => (await call('GET /api/products/:id/versions', { params: { id: productId }, signal })).versions,
  });

export function useVersions(productId: string) {
  return useQuery(getVersionsQueryOptions(productId));
}
