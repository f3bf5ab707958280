import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

export interface MyProduct {
  id: string;
  name: string;
}

/** GET /api/my/products, read here to choose which product gets a design as its cover. */
export const getMyProducts = (signal?: AbortSignal): Promise<{ items: MyProduct[] }> => api('/api/my/products', { signal });

// The products feature keys its list ['my-products', 'list']; sharing the key shares the cache and its refreshes.
export const getMyProductsQueryOptions = () =>
  queryOptions({ queryKey: ['my-products', 'list'] as const, queryFn: ({ signal }) => getMyProducts(signal) });

export function useMyProducts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getMyProductsQueryOptions(), enabled });
}
