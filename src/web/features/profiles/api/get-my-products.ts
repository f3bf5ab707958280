import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnProduct } from '#shared/products-api.ts';
import { call } from '#web/lib/api.ts';

/** A product of GET /api/my/products (this feature shows a few of its fields). */
export type MyProduct = OwnProduct;

/** The key the products feature uses for the same list, so both refresh together. */
const MY_PRODUCTS_QUERY_KEY = ['my-products', 'list'] as const;

export const myProductsQueryOptions = () =>
  queryOptions({
    queryKey: MY_PRODUCTS_QUERY_KEY,
    queryFn: ({ signal }) => call('GET /api/my/products', { signal }),
  });

export function useMyProducts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myProductsQueryOptions(), enabled });
}
