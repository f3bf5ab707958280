import { Star } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_BODY_MAX } from '#shared/products-reviews.ts';
import { Notice } from '#web/components/notice.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { useCreateReview } from '../api/create-review.ts';

/** A buyer's review: 1–5 stars (radio buttons) and a text; sent once. */
export function ReviewForm({ productId }: { productId: string }) {
  const { t } = useTranslation('store');
  const id = useId();
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateReview();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    if (rating < 1) {
      setProblem(t('reviews.ratingRequired'));
      document.getElementById(`${id}-1`)?.focus();
      return;
    }
    setProblem(null);
    create.mutate(
      { productId, rating, body: body.trim() },
      {
        onSuccess: () => showToast({ title: t('reviews.thanksTitle'), description: t('reviews.thanks'), variant: 'success' }),
        onError: (error) => setProblem(localizeError(error, 'commerce', t('reviews.failed'))),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('reviews.formLabel')} className="grid gap-4 rounded-xl border border-border bg-card p-5">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('reviews.yourRating')}</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} htmlFor={`${id}-${value}`} className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
              <input
                id={`${id}-${value}`}
                type="radio"
                name={`${id}-rating`}
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                disabled={create.isPending}
                className="sr-only"
              />
              <Star aria-hidden="true" className={cn('size-7', value <= rating ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground')} />
              <span className="sr-only">{t('reviews.stars', { count: value })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-body`}>{t('reviews.text')}</Label>
        <textarea
          id={`${id}-body`}
          value={body}
          maxLength={REVIEW_BODY_MAX}
          rows={4}
          onChange={(event) => setBody(event.target.value)}
          disabled={create.isPending}
          className="rounded-lg border border-input bg-muted/60 px-3 py-2 text-sm focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring/60"
        />
      </div>
      {problem ? <Notice variant="error">{problem}</Notice> : null}
      <div>
        <SubmitButton pending={create.isPending} pendingLabel={t('reviews.submitting')}>
          {t('reviews.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
