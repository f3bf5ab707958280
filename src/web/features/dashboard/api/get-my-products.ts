import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';

/** GET /api/my/products, read here only for the "Uploaded Products" figure. */
export const getMyProducts = (signal?: AbortSignal): Promise<{ items: { id: string }[] }> => api('/api/my/products', { signal });

// The products feature keys its list ['my-products', 'list']; sharing the key shares the cache and its refreshes.
export const getMyProductsQueryOptions = () =>
  queryOptions({ queryKey: ['my-products', 'list'] as const, queryFn: ({ signal }) => getMyProducts(signal) });

export function useMyProductsCount() {
  const query = useQuery(getMyProductsQueryOptions());
  return query.data?.items.length;
}
