import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '#shared/products.ts';
import { api } from '#web/lib/api.ts';

/** The fields of GET /api/my/products this feature shows. */
export interface MyProduct {
  id: string;
  name: string;
  priceCents: number;
  category: Category;
  cardUrl: string | null;
  views: number;
  salesCount: number;
  createdAt: string;
}

/** The key the products feature uses for the same list, so both refresh together. */
const MY_PRODUCTS_QUERY_KEY = ['my-products', 'list'] as const;

export const myProductsQueryOptions = () =>
  queryOptions({
    queryKey: MY_PRODUCTS_QUERY_KEY,
    queryFn: ({ signal }) => api<{ items: MyProduct[] }>('/api/my/products', { signal }),
  });

export function useMyProducts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myProductsQueryOptions(), enabled });
}
