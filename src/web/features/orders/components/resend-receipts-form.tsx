import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { checkoutFormSchema } from '#shared/orders-forms.ts';
import { ORDER_MESSAGES } from '#shared/orders.ts';
import { Notice } from '#web/components/notice.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { fieldMessage } from '#web/lib/form-errors.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { useResendReceipts } from '../api/get-receipt.ts';

const resendFormSchema = z.object({ email: checkoutFormSchema.shape.email });

/** "Lost your receipt?": the receipts of an address's purchases, mailed to it (a guest's way back to their files). */
export function ResendReceiptsForm() {
  const { t } = useTranslation('orders');
  const id = `${useId()}-email`;
  const resend = useResendReceipts();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({ resolver: zodResolver(resendFormSchema), reValidateMode: 'onSubmit', defaultValues: { email: '' } });
  const error = fieldMessage(errors.email?.message, 'orders', ORDER_MESSAGES);
  return (
    <form noValidate aria-label={t('resend.title')} className="grid gap-3" onSubmit={handleSubmit(({ email }) => resend.mutate(email))}>
      <h2 className="text-lg font-semibold">{t('resend.title')}</h2>
      <p className="text-sm text-muted-foreground">{t('resend.body')}</p>
      <FormField id={id} label={t('checkout.email')} error={error}>
        <Input id={id} type="email" autoComplete="email" disabled={resend.isPending} {...fieldAria(id, error)} {...register('email')} />
      </FormField>
      {resend.isSuccess ? <Notice variant="success">{t('resend.sent')}</Notice> : null}
      {resend.isError ? <Notice variant="error">{localizeError(resend.error, 'orders')}</Notice> : null}
      <div>
        <SubmitButton pending={resend.isPending} pendingLabel={t('resend.sending')}>
          <Mail aria-hidden="true" /> {t('resend.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
