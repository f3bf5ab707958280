import { zodResolver } from '@hookform/resolvers/zod';
import { Wallet } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { splitTitledMessage } from '#shared/invoices.ts';
import type { PayoutMethod } from '#shared/payouts.ts';
import { payoutMethodFormSchema, type PayoutMethodForm } from '#shared/payouts-method.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '#web/components/ui/radio-group.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { localizeMessage } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useSavePayoutMethod } from '../api/save-payout-method.ts';
import { billingError } from '../utils/messages.ts';
import { PAYOUT_MESSAGES } from '#shared/payouts.ts';

type MethodType = PayoutMethod['type'];

/** The form holds both fields; the one of the chosen type is checked and sent. */
const formValues = (current: PayoutMethod | null): PayoutMethodForm => ({
  type: current?.type ?? 'paypal',
  email: current?.type === 'paypal' ? current.email : '',
  accountId: current?.type === 'bank' ? current.accountId : '',
});

/**
 * Payout method setup (SPEC §5): a PayPal e-mail (checked) or a bank account id. Saving an empty
 * entry, or cancelling, changes nothing.
 */
export function PayoutMethodDialog({ current }: { current: PayoutMethod | null }) {
  const { t } = useTranslation('payouts');
  const id = useId();
  const [open, setOpen] = useState(false);
  const save = useSavePayoutMethod();
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<PayoutMethodForm, unknown, PayoutMethod>({
    resolver: zodResolver(payoutMethodFormSchema),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: formValues(current),
  });
  const type = useWatch({ control, name: 'type' });
  const valueField = type === 'paypal' ? 'email' : 'accountId';
  const invalid = errors.email?.message ?? errors.accountId?.message;
  const error = invalid ? localizeMessage(invalid, 'payouts', PAYOUT_MESSAGES) : (errors.root?.server?.message ?? null);

  const openWith = (next: boolean) => {
    if (save.isPending) return;
    setOpen(next);
    if (next) reset(formValues(current));
  };

  const toastError = (message: string) => {
    const { title, description } = splitTitledMessage(message);
    showToast({ title, description: description || undefined, variant: 'error' });
  };

  const onInvalid = (found: FieldErrors<PayoutMethodForm>) => {
    const message = found.email?.message ?? found.accountId?.message;
    if (message) toastError(localizeMessage(message, 'payouts', PAYOUT_MESSAGES));
  };

  const onSubmit = async (method: PayoutMethod) => {
    try {
      await save.mutateAsync(method);
      setOpen(false);
      showToast({ title: t('errors.methodSaved'), description: t(method.type === 'paypal' ? 'payouts.savedPaypal' : 'payouts.savedBank'), variant: 'success' });
    } catch (caught) {
      const message = billingError(caught);
      setError('root.server', { message });
      toastError(message);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (save.isPending) return event.preventDefault();
    if (!getValues(valueField).trim()) {
      event.preventDefault();
      setOpen(false); // an empty entry does nothing
      return;
    }
    void handleSubmit(onSubmit, onInvalid)(event);
  };

  return (
    <Dialog open={open} onOpenChange={openWith}>
      <DialogTrigger asChild>
        <Button variant={current ? 'outline' : 'default'}>
          <Wallet aria-hidden="true" /> {current ? t('payouts.changeMethod') : t('payouts.setUpMethod')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-md">
        <DialogTitle>{t('payouts.methodTitle')}</DialogTitle>
        <DialogDescription>{t('payouts.methodIntro')}</DialogDescription>
        <form noValidate onSubmit={submit} aria-label={t('payouts.methodTitle')}>
          <fieldset disabled={save.isPending} className="grid min-w-0 gap-4">
            <div className="grid gap-3">
              <p id={`${id}-type`} className="text-sm font-medium">
                {t('payouts.methodType')}
              </p>
              <RadioGroup
                aria-labelledby={`${id}-type`}
                value={type}
                onValueChange={(next) => reset({ type: next as MethodType, email: '', accountId: '' })}
                className="flex flex-wrap gap-5"
              >
                {(['paypal', 'bank'] as const).map((option) => (
                  <div key={option} className="flex items-center gap-2">
                    <RadioGroupItem id={`${id}-${option}`} value={option} />
                    <Label htmlFor={`${id}-${option}`}>{t(option === 'paypal' ? 'payouts.paypal' : 'payouts.bank')}</Label>
                  </div>
                ))}
              </RadioGroup>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-value`}>{type === 'paypal' ? t('payouts.paypalEmail') : t('payouts.bankAccountId')}</Label>
              <Input
                key={valueField}
                id={`${id}-value`}
                type={type === 'paypal' ? 'email' : 'text'}
                autoComplete={type === 'paypal' ? 'email' : 'off'}
                aria-invalid={error ? true : undefined}
                {...register(valueField)}
              />
            </div>
            {error ? <Notice variant="error">{error}</Notice> : null}
            <DialogActions cancelLabel={t('common.cancel')}>
              <SubmitButton pending={save.isPending} pendingLabel={t('payouts.saving')}>
                {t('payouts.saveMethod')}
              </SubmitButton>
            </DialogActions>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}
