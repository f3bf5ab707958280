import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { STORE_QUERY_KEY, type StoreProduct } from './store-types.ts';

export const STORE_SORTS = ['newest', 'popular', 'price_asc', 'price_desc'] as const;
export type StoreSort = (typeof STORE_SORTS)[number];

export interface StoreProductsParams {
  q?: string;
  category?: string;
  /** Whole dollars. */
  maxPrice?: number;
  tags?: string[];
  /** A storefront slug or user id. */
  creator?: string;
  sort?: StoreSort;
  page?: number;
  pageSize?: number;
}

export interface StoreProductsPage {
  items: StoreProduct[];
  total: number;
  page: number;
  pageSize: number;
  facets: { minCents: number | null; maxCents: number | null; tags: string[] };
}

/** GET /api/store/products: the server searches, filters, sorts and pages. */
export function getStoreProducts(params: StoreProductsParams, signal?: AbortSignal): Promise<StoreProductsPage> {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.category && params.category !== 'All') search.set('category', params.category);
  if (params.maxPrice !== undefined) search.set('maxPrice', String(params.maxPrice));
  if (params.tags?.length) search.set('tags', params.tags.join(','));
  if (params.creator) search.set('creator', params.creator);
  if (params.sort && params.sort !== 'newest') search.set('sort', params.sort);
  if (params.page && params.page > 1) search.set('page', String(params.page));
  if (params.pageSize) search.set('pageSize', String(params.pageSize));
  const query = search.toString();
  return api<StoreProductsPage>(`/api/store/products${query ? `?${query}` : ''}`, { signal });
}

export const getStoreProductsQueryOptions = (params: StoreProductsParams) =>
  queryOptions({
    queryKey: [...STORE_QUERY_KEY, 'products', params],
    queryFn: ({ signal }) => getStoreProducts(params, signal),
    placeholderData: keepPreviousData,
  });

export function useStoreProducts(params: StoreProductsParams, enabled = true) {
  return useQuery({ ...getStoreProductsQueryOptions(params), enabled });
}
