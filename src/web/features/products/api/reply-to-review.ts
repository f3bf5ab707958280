import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '#web/lib/api.ts';
import { getReviewsQueryOptions } from './get-reviews.ts';

/** POST /api/products/{id}/reviews/{reviewId}/reply: the creator's one public reply (403 for anyone else, 409 the second time). */
export const replyToReview = ({ productId, reviewId, body }: { productId: string; reviewId: string; body: string }) =>
  call('POST /api/products/:id/reviews/:reviewId/reply', { params: { id: productId, reviewId }, body: { body } });

export function useReplyToReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToReview,
    onSuccess: (_answer, { productId }) => queryClient.invalidateQueries({ queryKey: getReviewsQueryOptions(productId).queryKey }),
  });
}
