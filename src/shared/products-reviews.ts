/** Reviews of products by their buyers (SPEC §3 review). */
import { z } from 'zod';

/** The longest reply a creator may post under a review; the reply form's limit too. */
export const REVIEW_REPLY_MAX = 2000;

export const REVIEW_MESSAGES = {
  reviewNeedsPurchase: 'Only buyers of this product can review it.',
  reviewDuplicate: 'You have already reviewed this product.',
  reviewOwnProduct: 'You cannot review your own product.',
  ratingInvalid: 'Choose a rating from 1 to 5 stars.',
  reviewNotFound: 'Review not found.',
  replyNotCreator: 'Only the creator of this product can reply to its reviews.',
  replyDuplicate: 'You have already replied to this review.',
  replyRequired: 'Please write a reply.',
  replyTooLong: `A reply may have at most ${REVIEW_REPLY_MAX} characters.`,
} as const;

export const REVIEW_BODY_MAX = 2000;

/**
 * Why this user may not review this product, or undefined when they may: a buyer (by their
 * verified e-mail) who is not its creator and has not reviewed it yet.
 */
export function reviewRefusal(
  user: { id: string; emailVerified: boolean },
  product: { userId: string },
  { bought, reviewed }: { bought: boolean; reviewed: boolean },
): 'own_product' | 'purchase_required' | 'already_reviewed' | undefined {
  if (user.id === product.userId) return 'own_product';
  if (!user.emailVerified || !bought) return 'purchase_required';
  if (reviewed) return 'already_reviewed';
  return undefined;
}

export const canReviewProduct = (
  user: { id: string; emailVerified: boolean } | null | undefined,
  product: { userId: string },
  facts: { bought: boolean; reviewed: boolean },
): boolean => Boolean(user) && reviewRefusal(user!, product, facts) === undefined;

/** The average rating to one decimal, or null with no reviews. */
export function ratingAverage(total: number, count: number): number | null {
  if (count <= 0) return null;
  return Math.round((total / count) * 10) / 10;
}

/** Only the product's creator replies to its reviews: not an admin, not the reviewer, nobody else. */
export const canReplyToReview = (user: { id: string } | null | undefined, product: { userId: string }): boolean => Boolean(user) && user!.id === product.userId;

/** The creator's reply to a review (POST /api/products/:id/reviews/:reviewId/reply), trimmed. */
export const reviewReplySchema = z.object({
  body: z.string(REVIEW_MESSAGES.replyRequired).trim().min(1, REVIEW_MESSAGES.replyRequired).max(REVIEW_REPLY_MAX, REVIEW_MESSAGES.replyTooLong),
});

export const reviewSchema = z.object({
  rating: z.number(REVIEW_MESSAGES.ratingInvalid).int(REVIEW_MESSAGES.ratingInvalid).min(1, REVIEW_MESSAGES.ratingInvalid).max(5, REVIEW_MESSAGES.ratingInvalid),
  body: z.string().trim().max(REVIEW_BODY_MAX, `A review may have at most ${REVIEW_BODY_MAX} characters.`).default(''),
});
