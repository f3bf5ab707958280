import { Scale } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '#shared/admin.ts';
import { amountTextCents } from '#shared/money-form.ts';
import { BALANCE_ADJUSTMENT } from '#shared/payouts.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { FormField, fieldAria } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { RadioGroup, RadioGroupItem } from '#web/components/ui/radio-group.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { formatMoney } from '#web/lib/format.ts';
import { localizeError } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useAdjustBalance } from '../api/adjust-balance.ts';
import { amountInputProps } from '#shared/money.ts';

/**
 * Adjust Balance (issue #45): an admin credits or debits a user's balance in their store's currency,
 * with a reason the user reads on their payouts page. A debit may leave them owing, which holds payouts.
 */
export function AdjustBalanceDialog({ user }: { user: AdminUser }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const adjust = useAdjustBalance();
  const [open, setOpen] = useState(false);
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; server?: string }>({});

  const openWith = (next: boolean) => {
    if (adjust.isPending) return;
    setOpen(next);
    if (next) {
      setDirection('credit');
      setAmount('');
      setReason('');
      setErrors({});
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (adjust.isPending) return;
    const cents = amountTextCents(amount, user.currency);
    const found = {
      amount: !cents || cents > BALANCE_ADJUSTMENT.maxCents ? t('errors.adjustmentAmountRequired') : undefined,
      reason: reason.trim() ? undefined : t('errors.adjustmentReasonRequired'),
    };
    setErrors(found);
    if (found.amount || found.reason) {
      document.getElementById(found.amount ? `${id}-amount` : `${id}-reason`)?.focus();
      return;
    }
    try {
      const answer = await adjust.mutateAsync({ id: user.id, amountCents: direction === 'credit' ? cents! : -cents!, reason: reason.trim() });
      setOpen(false);
      showToast({
        title: t('users.balanceAdjusted'),
        description: t('users.balanceAdjustedText', { email: user.email, balance: formatMoney(answer.balanceCents, answer.adjustment.currency) }),
        variant: 'success',
      });
    } catch (error) {
      setErrors({ server: localizeError(error, 'admin', t('users.failed')) });
    }
  };

  return (
    <Dialog open={open} onOpenChange={openWith}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t('users.adjustBalanceLabel', { email: user.email })}>
          <Scale aria-hidden="true" /> {t('users.adjustBalance')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogTitle>{t('users.adjustBalanceTitle', { name: user.name })}</DialogTitle>
        <DialogDescription>{t('users.adjustBalanceDescription')}</DialogDescription>
        <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t('users.adjustBalanceTitle', { name: user.name })}>
          <fieldset disabled={adjust.isPending} className="grid min-w-0 gap-4">
            <div role="group" aria-labelledby={`${id}-direction`} className="grid gap-2">
              <p id={`${id}-direction`} className="text-sm font-medium">
                {t('users.adjustDirection')}
              </p>
              <RadioGroup value={direction} onValueChange={(value) => setDirection(value as 'credit' | 'debit')} className="flex flex-wrap gap-4" aria-labelledby={`${id}-direction`}>
                {(['credit', 'debit'] as const).map((value) => (
                  <label key={value} htmlFor={`${id}-${value}`} className="flex cursor-pointer items-center gap-2 text-sm">
                    <RadioGroupItem id={`${id}-${value}`} value={value} />
                    {t(value === 'credit' ? 'users.adjustCredit' : 'users.adjustDebit')}
                  </label>
                ))}
              </RadioGroup>
            </div>
            <FormField id={`${id}-amount`} label={t('users.adjustAmount', { currency: user.currency })} error={errors.amount}>
              <Input
                id={`${id}-amount`}
                value={amount}
                onChange={(event) => setAmount(event.target.value)}
                autoComplete="off"
                inputMode={amountInputProps(user.currency).inputMode}
                {...fieldAria(`${id}-amount`, errors.amount)}
              />
            </FormField>
            <FormField id={`${id}-reason`} label={t('users.adjustReason')} hint={t('users.adjustReasonHint')} error={errors.reason}>
              <Textarea
                id={`${id}-reason`}
                value={reason}
                maxLength={BALANCE_ADJUSTMENT.reasonMax}
                onChange={(event) => setReason(event.target.value)}
                {...fieldAria(`${id}-reason`, errors.reason)}
              />
            </FormField>
            {errors.server ? <Notice variant="error">{errors.server}</Notice> : null}
            <DialogActions cancelLabel={t('list.cancel')}>
              <SubmitButton pending={adjust.isPending} pendingLabel={t('users.adjusting')}>
                <Scale aria-hidden="true" /> {t('users.adjustBalance')}
              </SubmitButton>
            </DialogActions>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}
