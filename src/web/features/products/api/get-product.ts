import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductDetails } from '#shared/products-api.ts';
import { call } from '#web/lib/api.ts';
import { MY_PRODUCTS_QUERY_KEY } from './types.ts';

/** The product page's answer; the edit form uses its own fields and `isOwner`. */
export type EditableProduct = ProductDetails;

/** GET /api/products/{id}: one product, with whether the signed-in user owns it (for the edit form). */
export async function getProduct(id: string, signal?: AbortSignal): Promise<EditableProduct> {
  const { product } = await call('GET /api/products/:id', { params: { id }, signal });
  return product;
}

export const getProductQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...MY_PRODUCTS_QUERY_KEY, 'detail', id], queryFn: ({ signal }) => getProduct(id, signal) });

export function useProduct(id: string) {
  return useQuery(getProductQueryOptions(id));
}
