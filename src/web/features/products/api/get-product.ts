import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { MY_PRODUCTS_QUERY_KEY, type OwnProduct } from './types.ts';

export interface EditableProduct extends OwnProduct {
  isOwner: boolean;
}

/** GET /api/products/{id}: one product, with whether the signed-in user owns it (for the edit form). */
export async function getProduct(id: string, signal?: AbortSignal): Promise<EditableProduct> {
  const { product } = await api<{ product: EditableProduct }>(`/api/products/${encodeURIComponent(id)}`, { signal });
  return product;
}

export const getProductQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...MY_PRODUCTS_QUERY_KEY, 'detail', id], queryFn: ({ signal }) => getProduct(id, signal) });

export function useProduct(id: string) {
  return useQuery(getProductQueryOptions(id));
}
