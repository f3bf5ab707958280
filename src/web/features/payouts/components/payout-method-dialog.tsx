import { Wallet } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { splitTitledMessage } from '#shared/invoices.ts';
import { validatePayoutMethod } from '#shared/payouts.ts';
import type { PayoutMethod } from '#shared/payouts.ts';
import { Notice } from '#web/components/notice.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { RadioGroup, RadioGroupItem } from '#web/components/ui/radio-group.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { localizeMessage } from '#web/lib/server-message.ts';
import { showToast } from '#web/lib/toast.ts';
import { useSavePayoutMethod } from '../api/save-payout-method.ts';
import { billingError } from '../utils/messages.ts';

type MethodType = PayoutMethod['type'];

/**
 * Payout method setup (SPEC §5): a PayPal e-mail (checked) or a bank account id. Saving an empty
 * entry, or cancelling, changes nothing.
 */
export function PayoutMethodDialog({ current }: { current: PayoutMethod | null }) {
  const { t } = useTranslation('billing');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<MethodType>(current?.type ?? 'paypal');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useSavePayoutMethod();

  const openWith = (next: boolean) => {
    if (save.isPending) return;
    setOpen(next);
    if (next) {
      setType(current?.type ?? 'paypal');
      setValue(current ? (current.type === 'paypal' ? current.email : current.accountId) : '');
      setError(null);
    }
  };

  const fail = (message: string) => {
    setError(message);
    const { title, description } = splitTitledMessage(message);
    showToast({ title, description: description || undefined, variant: 'error' });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    if (!value.trim()) {
      setOpen(false); // an empty entry does nothing
      return;
    }
    const checked = validatePayoutMethod(type === 'paypal' ? { type, email: value } : { type, accountId: value });
    if (!checked.ok) return fail(localizeMessage(checked.message, 'billing'));
    try {
      await save.mutateAsync(checked.value);
      setOpen(false);
      showToast({ title: t('server.methodSaved'), description: t(type === 'paypal' ? 'payouts.savedPaypal' : 'payouts.savedBank'), variant: 'success' });
    } catch (caught) {
      fail(billingError(caught));
    }
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
        <form noValidate onSubmit={onSubmit} aria-label={t('payouts.methodTitle')}>
          <fieldset disabled={save.isPending} className="grid min-w-0 gap-4">
            <div className="grid gap-3">
              <p id={`${id}-type`} className="text-sm font-medium">
                {t('payouts.methodType')}
              </p>
              <RadioGroup
                aria-labelledby={`${id}-type`}
                value={type}
                onValueChange={(next) => {
                  setType(next as MethodType);
                  setValue('');
                  setError(null);
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
            <div className="grid gap-2">
              <Label htmlFor={`${id}-value`}>{type === 'paypal' ? t('payouts.paypalEmail') : t('payouts.bankAccountId')}</Label>
              <Input
                id={`${id}-value`}
                type={type === 'paypal' ? 'email' : 'text'}
                autoComplete={type === 'paypal' ? 'email' : 'off'}
                value={value}
                onChange={(event) => setValue(event.target.value)}
                aria-invalid={error ? true : undefined}
              />
            </div>
            {error ? <Notice variant="error">{error}</Notice> : null}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline">{t('common.cancel')}</Button>
              </DialogClose>
              <SubmitButton pending={save.isPending} pendingLabel={t('payouts.saving')}>
                {t('payouts.saveMethod')}
              </SubmitButton>
            </div>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}
