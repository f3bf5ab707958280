import { zodResolver } from '@hookform/resolvers/zod';
import { Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { paymentRequestFormSchema, type PaymentRequestForm } from '#shared/invoices-form.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { copyToClipboard } from '#web/lib/clipboard.ts';
import { localizeMessage } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useCreatePaymentRequest } from '../api/create-payment-request.ts';
import { billingError } from '../utils/messages.ts';
import { INVOICE_MESSAGES } from '#shared/invoices.ts';
import { amountInputProps, CURRENCY_RULES, decimalAmount } from '#shared/money.ts';
import { useStoreCurrency } from '#web/lib/profile.ts';

/**
 * The overview's "Generate payment link" quick action: an amount and a description make a real
 * payment request, and its {origin}/pay/{id} link is copied ('Copied!').
 */
export function PaymentLinkDialog({ className }: { className?: string }) {
  const { t } = useTranslation('invoices');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [link, setLink] = useState<string | null>(null);
  const create = useCreatePaymentRequest();
  const currency = useStoreCurrency();
  const amountInput = amountInputProps(currency);
  const {
    register,
    handleSubmit,
    reset: resetForm,
    setError,
    formState: { errors },
  } = useForm<PaymentRequestForm>({
    resolver: zodResolver(paymentRequestFormSchema(currency)),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: { amount: '', description: '' },
  });
  const invalid = errors.amount?.message;
  const error = invalid ? localizeMessage(invalid, 'invoices', INVOICE_MESSAGES) : (errors.root?.server?.message ?? null);

  const reset = () => {
    resetForm();
    setLink(null);
  };

  const onSubmit = async ({ amount, description }: PaymentRequestForm) => {
    try {
      const { invoice } = await create.mutateAsync({ amount, description });
      setLink(invoice.payUrl);
      try {
        await copyToClipboard(invoice.payUrl);
        showToast({ title: t('errors.copied'), description: invoice.payUrl, variant: 'success' });
      } catch {
        // The link stays on screen to copy by hand.
        showToast({ title: t('paymentLink.created'), description: invoice.payUrl, variant: 'success' });
      }
    } catch (caught) {
      setError('root.server', { message: billingError(caught) });
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (create.isPending) return;
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" className={className}>
          <Link2 aria-hidden="true" /> {t('paymentLink.trigger')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogTitle>{t('paymentLink.title')}</DialogTitle>
        <DialogDescription>{t('paymentLink.intro')}</DialogDescription>
        {link ? (
          <div className="grid gap-3">
            <Label htmlFor={`${id}-link`}>{t('paymentLink.link')}</Label>
            <Input id={`${id}-link`} readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={reset}>
                {t('paymentLink.another')}
              </Button>
              <Button onClick={() => setOpen(false)}>{t('common.done')}</Button>
            </div>
          </div>
        ) : (
          <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('paymentLink.title')}>
            <fieldset disabled={create.isPending} className="grid min-w-0 gap-4">
              <div className="grid gap-2">
                <Label htmlFor={`${id}-amount`}>{t('paymentLink.amount', { currency })}</Label>
                <Input
                  id={`${id}-amount`}
                  type="number"
                  inputMode={amountInput.inputMode}
                  min={decimalAmount(CURRENCY_RULES[currency].minCharge, currency)}
                  step={amountInput.step}
                  aria-invalid={error ? true : undefined}
                  {...register('amount')}
                />
              </div>
              <div className="grid gap-2">
                <Label htmlFor={`${id}-description`}>{t('paymentLink.description')}</Label>
                <Input id={`${id}-description`} maxLength={200} {...register('description')} />
              </div>
              {error ? <Notice variant="error">{error}</Notice> : null}
              <div className="flex justify-end">
                <SubmitButton pending={create.isPending} pendingLabel={t('paymentLink.creating')}>
                  <Link2 aria-hidden="true" /> {t('paymentLink.submit')}
                </SubmitButton>
              </div>
            </fieldset>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
