import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import type { ResponseOf } from '#web/lib/api-routes.ts';

export type MyProduct = ResponseOf<'GET /api/my/products'>['items'][number];

/** GET /api/my/products, read here to choose which product gets a design as its cover. */
export const getMyProducts = (signal?: AbortSignal) => call('GET /api/my/products', { signal });

// The products feature keys its list ['my-products', 'list']; sharing the key shares the cache and its refreshes.
export const getMyProductsQueryOptions = () =>
  queryOptions({ queryKey: ['my-products', 'list'] as const, queryFn: ({ signal }) => getMyProducts(signal) });

export function useMyProducts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getMyProductsQueryOptions(), enabled });
}
