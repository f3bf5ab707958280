import { MessageSquareReply, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { LoadingState } from '#web/components/ui/spinner.tsx';
import { formatDate } from '#web/lib/format.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useReviews } from '../api/get-reviews.ts';
import { CreatorAvatar } from './creator-avatar.tsx';
import { ReviewForm } from './review-form.tsx';
import { ReviewReplyForm } from './review-reply-form.tsx';
import { StarRating } from './star-rating.tsx';

/**
 * The product page's Reviews section: the average, the buyers' reviews with the creator's replies,
 * the form for a buyer who has not reviewed yet, and for the creator a Reply button on each review without a reply.
 */
export function ProductReviews({ productId, creatorName }: { productId: string; creatorName: string }) {
  const { t, i18n } = useTranslation('products');
  const { data, isPending, isError, error, refetch, isFetching } = useReviews(productId);
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  if (isPending) return <LoadingState label={t('reviews.loading')} className="py-6" />;
  if (isError) {
    return (
      <div className="grid gap-3">
        <Notice variant="error">{t('reviews.loadFailed', { message: localizeError(error, 'orders') })}</Notice>
        <div>
          <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
            {t('common:tryAgain')}
          </Button>
        </div>
      </div>
    );
  }
  const average = data.averageRating;
  const { canReview } = data.viewer;
  return (
    <div className="grid gap-5">
      {average !== null ? (
        <p className="flex items-center gap-3" data-testid="reviews-average">
          <StarRating value={average} />
          <span className="font-semibold">{t('reviews.average', { average: average.toLocaleString(i18n.language), count: data.ratingCount })}</span>
        </p>
      ) : canReview ? null : (
        // A buyer who may review is invited by the form itself, not told that buyers can rate.
        <div className="flex items-center gap-3 rounded-xl border border-dashed border-border bg-card/50 p-5 text-sm text-muted-foreground">
          <Star aria-hidden="true" className="size-5 shrink-0 text-brand-soft" />
          <p>{t('reviews.none')}</p>
        </div>
      )}
      {canReview ? <ReviewForm productId={productId} lead={average === null ? t('reviews.beFirst') : undefined} /> : null}
      {data.viewer.reviewed ? <p className="text-sm text-muted-foreground">{t('reviews.alreadyReviewed')}</p> : null}
      {data.items.length > 0 ? (
        <ul className="grid gap-4" aria-label={t('reviews.listLabel')}>
          {data.items.map((review) => (
            <li key={review.id} className="grid gap-2 rounded-xl border border-border bg-card p-4" data-testid="review">
              <div className="flex items-center gap-3">
                <CreatorAvatar name={review.author.name} src={review.author.avatarUrl} className="size-9 text-sm" />
                <div className="min-w-0 flex-1">
                  <p className="font-medium wrap-anywhere">{review.author.name}</p>
                  {review.versionName ? (
                    <p className="text-xs font-medium wrap-anywhere text-brand-soft" data-testid="review-version">
                      {t('reviews.version', { name: review.versionName })}
                    </p>
                  ) : null}
                  <p className="text-xs text-muted-foreground">{formatDate(review.createdAt)}</p>
                </div>
                <StarRating value={review.rating} />
                <span className="sr-only">{t('reviews.rated', { rating: review.rating })}</span>
              </div>
              {review.body ? <p className="text-sm leading-relaxed whitespace-pre-line wrap-anywhere text-muted-foreground">{review.body}</p> : null}
              {review.reply ? (
                <div className="ml-3 grid gap-1 border-l-2 border-brand-soft/60 pl-3" data-testid="review-reply">
                  <p className="text-sm font-medium wrap-anywhere">
                    {t('reviews.replyFrom', { name: creatorName })} <span className="text-xs font-normal text-muted-foreground">· {formatDate(review.reply.repliedAt)}</span>
                  </p>
                  <p className="text-sm leading-relaxed whitespace-pre-line wrap-anywhere text-muted-foreground">{review.reply.body}</p>
                </div>
              ) : data.viewer.canReply ? (
                replyingTo === review.id ? (
                  <ReviewReplyForm productId={productId} reviewId={review.id} onDone={() => setReplyingTo(null)} />
                ) : (
                  <div>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => setReplyingTo(review.id)}
                      aria-label={t('reviews.replyTo', { name: review.author.name })}
                    >
                      <MessageSquareReply aria-hidden="true" /> {t('reviews.reply')}
                    </Button>
                  </div>
                )
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
