import { zodResolver } from '@hookform/resolvers/zod';
import { Wallet } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { splitTitledMessage } from '#shared/invoices.ts';
import { isLegacyBankMethod, PAYOUT_MESSAGES, type PayoutMethod, type PayoutMethodField } from '#shared/payouts.ts';
import { payoutMethodFormSchema, type PayoutMethodForm } from '#shared/payouts-method.ts';
import { CountrySelect } from '#web/components/country-select.tsx';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '#web/components/ui/radio-group.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { ApiError } from '#web/lib/api.ts';
import { localizeMessage } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useSavePayoutMethod } from '../api/save-payout-method.ts';
import { billingError } from '../utils/messages.ts';
import { bankFields, methodFormValues } from '../utils/method-form.ts';
import { methodLabel } from '../utils/method-label.ts';

type MethodType = PayoutMethod['type'];
const FIELDS = ['email', 'holder', 'country', 'iban', 'accountNumber', 'routingNumber', 'bic'] as const satisfies readonly PayoutMethodField[];

/**
 * Payout method setup (SPEC §5, decision 034): a PayPal e-mail or a bank account whose fields follow
 * its country (IBAN; US account and routing number; elsewhere account number and SWIFT/BIC), each
 * problem next to its field. Saving an empty entry, or cancelling, changes nothing.
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
    setValue,
    clearErrors,
    control,
    formState: { errors },
  } = useForm<PayoutMethodForm, unknown, PayoutMethod>({
    resolver: zodResolver(payoutMethodFormSchema),
    reValidateMode: 'onSubmit',
    defaultValues: methodFormValues(current),
  });
  const type = useWatch({ control, name: 'type' });
  const country = useWatch({ control, name: 'country' });
  const shown = type === 'paypal' ? (['email'] as PayoutMethodField[]) : bankFields(country);

  const fieldError = (field: PayoutMethodField) => {
    const message = errors[field]?.message;
    return message ? localizeMessage(message, 'payouts', PAYOUT_MESSAGES) : undefined;
  };
  const serverError = errors.root?.server?.message ?? null;

  const openWith = (next: boolean) => {
    if (save.isPending) return;
    setOpen(next);
    if (next) reset(methodFormValues(current));
  };

  const onSubmit = async (method: PayoutMethod) => {
    try {
      await save.mutateAsync(method);
      setOpen(false);
      showToast({ title: t('errors.methodSaved'), description: t(method.type === 'paypal' ? 'payouts.savedPaypal' : 'payouts.savedBank'), variant: 'success' });
    } catch (caught) {
      const message = billingError(caught);
      const field = caught instanceof ApiError ? FIELDS.find((name) => name === caught.params.field) : undefined;
      if (field && shown.includes(field)) {
        setError(field, { message }, { shouldFocus: true });
        return;
      }
      setError('root.server', { message });
      const { title, description } = splitTitledMessage(message);
      showToast({ title, description: description || undefined, variant: 'error' });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (save.isPending) return event.preventDefault();
    const values = getValues();
    if (shown.every((field) => !values[field].trim())) {
      event.preventDefault();
      setOpen(false); // an empty entry does nothing
      return;
    }
    void handleSubmit(onSubmit)(event); // the first field with a problem takes the focus
  };

  /** One text field of the form: its label, an optional hint and its own error. */
  const textField = (field: Exclude<PayoutMethodField, 'country'>, label: string, options: { hint?: string; autoComplete?: string; inputMode?: 'numeric' | 'email' } = {}) => {
    const fieldId = `${id}-${field}`;
    const error = fieldError(field);
    return (
      <FormField key={field} id={fieldId} label={label} hint={options.hint} error={error}>
        <Input
          id={fieldId}
          type={field === 'email' ? 'email' : 'text'}
          autoComplete={options.autoComplete ?? 'off'}
          inputMode={options.inputMode}
          spellCheck={false}
          {...fieldAria(fieldId, error)}
          {...register(field)}
        />
      </FormField>
    );
  };

  const countryError = fieldError('country');
  const legacy = current && isLegacyBankMethod(current) ? current : null;

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
                onValueChange={(next) => {
                  setValue('type', next as MethodType);
                  clearErrors();
                }}
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
            {type === 'paypal' ? (
              textField('email', t('payouts.paypalEmail'), { autoComplete: 'email', inputMode: 'email' })
            ) : (
              <>
                {legacy ? <Notice>{t('payouts.legacyBank', { method: methodLabel(legacy, t) })}</Notice> : null}
                {textField('holder', t('payouts.holder'), { hint: t('payouts.holderHint'), autoComplete: 'name' })}
                <FormField id={`${id}-country`} label={t('payouts.country')} error={countryError}>
                  <CountrySelect id={`${id}-country`} placeholder={t('payouts.chooseCountry')} {...fieldAria(`${id}-country`, countryError)} {...register('country')} />
                </FormField>
                {shown.includes('iban') ? textField('iban', t('payouts.iban'), { hint: t('payouts.ibanHint') }) : null}
                {shown.includes('accountNumber') ? textField('accountNumber', t('payouts.accountNumber'), { inputMode: country === 'US' ? 'numeric' : undefined }) : null}
                {shown.includes('routingNumber') ? textField('routingNumber', t('payouts.routingNumber'), { hint: t('payouts.routingHint'), inputMode: 'numeric' }) : null}
                {shown.includes('bic') ? textField('bic', t('payouts.bic')) : null}
              </>
            )}
            {serverError ? <Notice variant="error">{serverError}</Notice> : null}
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
