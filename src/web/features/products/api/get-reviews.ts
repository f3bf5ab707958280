import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api.ts';
import { STORE_QUERY_KEY } from './store-types.ts';

export interface Review {
  id: string;
  rating: number;
  body: string;
  createdAt: string;
  author: { name: string; avatarUrl: string };
  mine: boolean;
}

/** GET /api/products/{id}/reviews: newest first, the average, and whether the viewer may review. */
export interface ProductReviews {
  averageRating: number | null;
  ratingCount: number;
  items: Review[];
  viewer: { signedIn: boolean; reviewed: boolean; canReview: boolean };
}

export const getReviews = (productId: string, signal?: AbortSignal) =>
  api<ProductReviews>(`/api/products/${encodeURIComponent(productId)}/reviews`, { signal });

export const getReviewsQueryOptions = (productId: string) =>
  queryOptions({ queryKey: [...STORE_QUERY_KEY, 'reviews', productId], queryFn: ({ signal }) => getReviews(productId, signal) });

export function useReviews(productId: string) {
  return useQuery(getReviewsQueryOptions(productId));
}
