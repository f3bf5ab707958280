import { Send } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '#shared/money.ts';
import { payoutMinimum, type PayoutMethod } from '#shared/payouts.ts';
import { payoutAmountTextProblem } from '#shared/payouts-request.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { FormField, fieldAria } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { ApiError } from '#web/lib/api.ts';
import { formatMoney } from '#web/lib/format.ts';
import { showToast } from '#web/lib/toast.ts';
import { useAmountDialogForm } from '#web/lib/use-amount-dialog-form.ts';
import { useRequestPayout } from '../api/request-payout.ts';
import { methodLabel } from '../utils/method-label.ts';
import { billingError } from '../utils/messages.ts';

/**
 * Request Payout: a dialog asks for the amount (the whole balance to start with, at least the
 * minimum) and names where it goes. One Idempotency-Key per request the creator means to make, kept
 * until the server answers, so a retry after a lost answer cannot make a second payout.
 */
export function RequestPayoutDialog({
  disabled,
  balanceCents,
  currency,
  method,
}: {
  disabled: boolean;
  balanceCents: number;
  currency: Currency;
  method: PayoutMethod | null;
}) {
  const { t } = useTranslation('payouts');
  const id = useId();
  const request = useRequestPayout();
  const key = useRef<string | null>(null);
  const form = useAmountDialogForm({
    startCents: balanceCents,
    currency,
    problemOf: (amount) => payoutAmountTextProblem(amount, balanceCents, currency),
    namespace: 'payouts',
    pending: request.isPending,
  });

  const onSubmit = async ({ amountCents }: { amountCents: number }) => {
    if (request.isPending) return;
    key.current ??= crypto.randomUUID();
    try {
      const { payout } = await request.mutateAsync({ idempotencyKey: key.current, amountCents });
      key.current = null;
      form.close();
      showToast({ title: t('payouts.requested'), description: t('payouts.requestedText', { amount: formatMoney(payout.amountCents, payout.currency) }), variant: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status > 0 && error.status < 500) key.current = null; // a definite answer
      form.failWith(billingError(error));
    }
  };

  return (
    <Dialog open={form.open} onOpenChange={form.openWith}>
      <DialogTrigger asChild>
        <Button size="lg" disabled={disabled}>
          <Send aria-hidden="true" /> {t('payouts.request')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogTitle>{t('payouts.dialogTitle')}</DialogTitle>
        <DialogDescription>{method ? t('payouts.dialogTo', { method: methodLabel(method, t) }) : t('payouts.noMethod')}</DialogDescription>
        <form noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} aria-label={t('payouts.dialogTitle')}>
          <fieldset disabled={request.isPending} className="grid min-w-0 gap-4">
            <FormField
              id={`${id}-amount`}
              label={t('payouts.amountLabel', { currency })}
              error={form.amountError}
              hint={t('payouts.amountHint', { minimum: formatMoney(payoutMinimum(currency), currency), balance: formatMoney(balanceCents, currency) })}
            >
              <Input id={`${id}-amount`} inputMode={form.inputMode} autoComplete="off" {...fieldAria(`${id}-amount`, form.amountError)} {...form.amountField} />
            </FormField>
            {form.serverError ? <Notice variant="error">{form.serverError}</Notice> : null}
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
