import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { REVIEW_MESSAGES, REVIEW_REPLY_MAX, reviewReplySchema } from '#shared/products-reviews.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { fieldMessage } from '#web/lib/form-errors.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useReplyToReview } from '../api/reply-to-review.ts';

type Reply = z.output<typeof reviewReplySchema>;

/** The creator's inline reply under a review of their product: one text, sent once. */
export function ReviewReplyForm({ productId, reviewId, onDone }: { productId: string; reviewId: string; onDone: () => void }) {
  const { t } = useTranslation('products');
  const fieldId = `${useId()}-reply`;
  const send = useReplyToReview();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Reply>({ resolver: zodResolver(reviewReplySchema), reValidateMode: 'onChange', defaultValues: { body: '' } });
  const error = fieldMessage(errors.body?.message, 'products', REVIEW_MESSAGES);

  const onSubmit = (reply: Reply) =>
    send.mutate(
      { productId, reviewId, body: reply.body },
      {
        onSuccess: () => {
          showToast({ title: t('reviews.replyPostedTitle'), description: t('reviews.replyPosted'), variant: 'success' });
          onDone();
        },
      },
    );

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('reviews.replyFormLabel')} className="mt-1">
      <fieldset disabled={send.isPending} className="grid min-w-0 gap-3">
        <FormField id={fieldId} label={t('reviews.replyText')} error={error}>
          <Textarea id={fieldId} rows={3} maxLength={REVIEW_REPLY_MAX} autoFocus {...fieldAria(fieldId, error)} {...register('body')} />
        </FormField>
        {send.isError ? <Notice variant="error">{localizeError(send.error, 'products', t('reviews.replyFailed'))}</Notice> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <SubmitButton pending={send.isPending} pendingLabel={t('reviews.replySubmitting')}>
            {t('reviews.replySubmit')}
          </SubmitButton>
        </div>
      </fieldset>
    </form>
  );
}
