import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '#shared/products.ts';
import { api } from '#web/lib/api.ts';
import { STORE_QUERY_KEY, type CreatorProfile, type ProductRating } from './store-types.ts';

/** A product page (GET /api/products/{id}). */
export interface ProductDetails {
  id: string;
  name: string;
  description: string;
  priceCents: number;
  category: Category;
  tags: string[];
  coverUrl: string | null;
  cardUrl: string | null;
  views: number;
  salesCount: number;
  rating: ProductRating;
  createdAt: string;
  updatedAt: string;
  isOwner: boolean;
  creator: CreatorProfile;
}

export async function getProduct(id: string, signal?: AbortSignal): Promise<ProductDetails> {
  const { product } = await api<{ product: ProductDetails }>(`/api/products/${encodeURIComponent(id)}`, { signal });
  return product;
}

export const getProductQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...STORE_QUERY_KEY, 'product', id], queryFn: ({ signal }) => getProduct(id, signal) });

export function useProduct(id: string) {
  return useQuery(getProductQueryOptions(id));
}
