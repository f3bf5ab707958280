import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import type { StoreSort } from '#shared/products-store.ts';
import { STORE_QUERY_KEY } from './store-types.ts';

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

export type { StoreProductsPage } from '#shared/products-api.ts';

/** GET /api/store/products: the server searches, filters, sorts and pages. */
export function getStoreProducts(params: StoreProductsParams, signal?: AbortSignal) {
  return call('GET /api/store/products', {
    query: {
      q: params.q || undefined,
      category: params.category && params.category !== 'All' ? params.category : undefined,
      maxPrice: params.maxPrice,
      tags: params.tags?.length ? params.tags.join(',') : undefined,
      creator: params.creator || undefined,
      sort: params.sort && params.sort !== 'newest' ? params.sort : undefined,
      page: params.page && params.page > 1 ? params.page : undefined,
      pageSize: params.pageSize || undefined,
    },
    signal,
  });
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
