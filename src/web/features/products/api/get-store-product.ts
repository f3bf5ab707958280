import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetails } from '#shared/products-api.ts';
import { call } from '#web/lib/api.ts';
import { STORE_QUERY_KEY } from './store-types.ts';

/** A product page (GET /api/products/{id}). */
export type { ProductDetails } from '#shared/products-api.ts';

export async function getProduct(id: string, signal?: AbortSignal): Promise<ProductDetails> {
  const { product } = await call('GET /api/products/:id', { params: { id }, signal });
  return product;
}

export const getProductQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...STORE_QUERY_KEY, 'product', id], queryFn: ({ signal }) => getProduct(id, signal) });

export function useProduct(id: string) {
  return useQuery(getProductQueryOptions(id));
}
