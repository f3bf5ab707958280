import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { STORE_QUERY_KEY } from './store-types.ts';

/** GET /api/products/{id}/reviews: newest first, the average, and whether the viewer may review. */
export type { ProductReviews, Review } from '#shared/products-api.ts';

export const getReviews = (productId: string, signal?: AbortSignal) =>
  call('GET /api/products/:id/reviews', { params: { id: productId }, signal });

export const getReviewsQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: [...STORE_QUERY_KEY, 'reviews', productId],
    queryFn: ({ signal }) => getReviews(productId, signal),
    // Fetched on every visit: whether the viewer may review changes with a purchase made elsewhere
    // (checkout, another tab), and a cached "not bought" would hide the form from a new buyer.
    staleTime: 0,
  });

export function useReviews(productId: string) {
  return useQuery(getReviewsQueryOptions(productId));
}
