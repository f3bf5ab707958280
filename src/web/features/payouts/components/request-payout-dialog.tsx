import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PAYOUT_MESSAGES, PAYOUT_MINIMUM_CENTS, type PayoutMethod } from '#shared/payouts.ts';
import { payoutAmountFormSchema, payoutAmountText, payoutAmountTextProblem, type PayoutAmountForm } from '#shared/payouts-request.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { FormField, fieldAria } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { ApiError } from '#web/lib/api.ts';
import { formatMoney } from '#web/lib/format.ts';
import { localizeCoded, localizeMessage } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useRequestPayout } from '../api/request-payout.ts';
import { methodLabel } from '../utils/method-label.ts';
import { billingError } from '../utils/messages.ts';

/**
 * Request Payout: a dialog asks for the amount (the whole balance to start with, at least the
 * minimum) and names where it goes. One Idempotency-Key per request the creator means to make, kept
 * until the server answers, so a retry after a lost answer cannot make a second payout.
 */
export function RequestPayoutDialog({ disabled, balanceCents, method }: { disabled: boolean; balanceCents: number; method: PayoutMethod | null }) {
  const { t } = useTranslation('payouts');
  const id = useId();
  const [open, setOpen] = useState(false);
  const request = useRequestPayout();
  const key = useRef<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PayoutAmountForm, unknown, { amountCents: number }>({
    resolver: zodResolver(payoutAmountFormSchema(balanceCents)),
    reValidateMode: 'onSubmit',
    defaultValues: { amount: payoutAmountText(balanceCents) },
  });
  // The amount's problem by its code, for the amount as typed (the form's message says the same in English).
  const amount = useWatch({ control, name: 'amount' });
  const amountProblem = errors.amount ? payoutAmountTextProblem(amount, balanceCents) : undefined;
  const amountError = amountProblem ? localizeCoded(amountProblem, 'payouts') : errors.amount?.message && localizeMessage(errors.amount.message, 'payouts', PAYOUT_MESSAGES);
  const serverError = errors.root?.server?.message;

  const openWith = (next: boolean) => {
    if (request.isPending) return;
    setOpen(next);
    if (next) reset({ amount: payoutAmountText(balanceCents) });
  };

  const onSubmit = async ({ amountCents }: { amountCents: number }) => {
    if (request.isPending) return;
    key.current ??= crypto.randomUUID();
    try {
      const { payout } = await request.mutateAsync({ idempotencyKey: key.current, amountCents });
      key.current = null;
      setOpen(false);
      showToast({ title: t('payouts.requested'), description: t('payouts.requestedText', { amount: formatMoney(payout.amountCents) }), variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status > 0 && error.status < 500) key.current = null; // a definite answer
      setError('root.server', { message: billingError(error) });
    }
  };

  return (
    <Dialog open={open} onOpenChange={openWith}>
      <DialogTrigger asChild>
        <Button size="lg" disabled={disabled}>
          <Send aria-hidden="true" /> {t('payouts.request')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogTitle>{t('payouts.dialogTitle')}</DialogTitle>
        <DialogDescription>{method ? t('payouts.dialogTo', { method: methodLabel(method, t) }) : t('payouts.noMethod')}</DialogDescription>
        <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} aria-label={t('payouts.dialogTitle')}>
          <fieldset disabled={request.isPending} className="grid min-w-0 gap-4">
            <FormField
              id={`${id}-amount`}
              label={t('payouts.amountLabel')}
              error={amountError}
              hint={t('payouts.amountHint', { minimum: formatMoney(PAYOUT_MINIMUM_CENTS), balance: formatMoney(balanceCents) })}
            >
              <Input id={`${id}-amount`} inputMode="decimal" autoComplete="off" {...fieldAria(`${id}-amount`, amountError)} {...register('amount')} />
            </FormField>
            {serverError ? <Notice variant="error">{serverError}</Notice> : null}
            <DialogActions cancelLabel={t('common.cancel')}>
              <SubmitButton pending={request.isPending} pendingLabel={t('payouts.requesting')}>
                <Send aria-hidden="true" /> {t('payouts.confirm')}
              </SubmitButton>
            </DialogActions>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}
