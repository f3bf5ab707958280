import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { STORE_QUERY_KEY } from './store-types.ts';

/** POST /api/products/{id}/reviews: a buyer's one review (403 without a purchase, 409 the second time). */
export const createReview = ({ productId, rating, body }: { productId: string; rating: number; body: string }) =>
  call('POST /api/products/:id/reviews', { params: { id: productId }, body: { rating, body } });

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    // The average on the product page and the cards changes too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STORE_QUERY_KEY }),
  });
}
