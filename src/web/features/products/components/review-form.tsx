import { zodResolver } from '@hookform/resolvers/zod';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { REVIEW_BODY_MAX, REVIEW_MESSAGES, reviewSchema } from '#shared/products-reviews.ts';
import { Notice } from '#web/components/notice.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { localizeError, localizeMessage } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { useCreateReview } from '../api/create-review.ts';

type ReviewInput = z.input<typeof reviewSchema>;
type Review = z.output<typeof reviewSchema>;

/** A buyer's review: 1–5 stars (radio buttons) and a text; sent once. `lead` invites the first review. */
export function ReviewForm({ productId, lead }: { productId: string; lead?: string }) {
  const { t } = useTranslation('products');
  const id = useId();
  const create = useCreateReview();
  // Checked again on change after a submit: choosing the stars clears 'Choose a rating…' at once.
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReviewInput, unknown, Review>({ resolver: zodResolver(reviewSchema), reValidateMode: 'onChange', defaultValues: { rating: 0, body: '' } });
  const invalid = errors.rating?.message ?? errors.body?.message;
  const problem = invalid ? localizeMessage(invalid, 'orders', REVIEW_MESSAGES) : errors.root?.server?.message;

  const onSubmit = async (review: Review) => {
    try {
      await create.mutateAsync({ productId, ...review });
      showToast({ title: t('reviews.thanksTitle'), description: t('reviews.thanks'), variant: 'success' });
    } catch (error) {
      setError('root.server', { message: localizeError(error, 'orders', t('reviews.failed')) });
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t('reviews.formLabel')} className="grid gap-4 rounded-xl border border-border bg-card p-5">
      {lead ? <p className="text-sm text-muted-foreground">{lead}</p> : null}
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t('reviews.yourRating')}</legend>
        <div className="flex gap-1">
          <Controller
            control={control}
            name="rating"
            render={({ field }) => (
              <>
                {[1, 2, 3, 4, 5].map((value) => (
                  <label
                    key={value}
                    htmlFor={`${id}-${value}`}
                    className="cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                  >
                    <input
                      // The first star takes the focus when no rating is chosen.
                      ref={value === 1 ? field.ref : undefined}
                      id={`${id}-${value}`}
                      type="radio"
                      name={`${id}-rating`}
                      value={value}
                      checked={field.value === value}
                      onChange={() => field.onChange(value)}
                      onBlur={field.onBlur}
                      disabled={create.isPending}
                      className="sr-only"
                    />
                    <Star aria-hidden="true" className={cn('size-7', value <= field.value ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground')} />
                    <span className="sr-only">{t('reviews.stars', { count: value })}</span>
                  </label>
                ))}
              </>
            )}
          />
        </div>
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-body`}>{t('reviews.text')}</Label>
        <textarea
          id={`${id}-body`}
          maxLength={REVIEW_BODY_MAX}
          rows={4}
          disabled={create.isPending}
          {...register('body')}
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
