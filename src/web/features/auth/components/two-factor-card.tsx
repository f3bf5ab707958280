import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { manualKeyOf, TOTP_DIGITS } from '#shared/auth-two-factor.ts';
import { confirmTwoFactorFormSchema, TWO_FACTOR_FORM_MESSAGES, type ConfirmTwoFactorForm } from '#shared/auth-two-factor-form.ts';
import { CopyButton } from '#web/components/copy-button.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { errorMessage } from '#web/lib/api.ts';
import { showToast } from '#web/lib/toast.ts';
import { cn } from '#web/lib/utils.ts';
import { useConfirmTwoFactor } from '../api/confirm-two-factor.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { useEnableTwoFactor, type TwoFactorSetup } from '../api/enable-two-factor.ts';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes.ts';
import { securityErrorMessage } from '../utils/security-errors.ts';
import { PasswordStep } from './password-step.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

type Step =
  | { kind: 'idle' }
  | { kind: 'password'; purpose: 'enable' | 'disable' | 'regenerate' }
  | { kind: 'scan'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] };

/**
 * Two-factor sign-in in Settings. Turning it on: the password, then the QR code (and the key to
 * type) for the authenticator app and its first code, then the recovery codes, shown once.
 * Once on: new recovery codes, or turning it off, each with the password.
 */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('auth');
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [error, setError] = useState<string>();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const reset = () => {
    setStep({ kind: 'idle' });
    setError(undefined);
  };

  const run = async (purpose: 'enable' | 'disable' | 'regenerate', password: string) => {
    setError(undefined);
    try {
      if (purpose === 'enable') setStep({ kind: 'scan', setup: await enable.mutateAsync(password) });
      if (purpose === 'regenerate') setStep({ kind: 'codes', codes: await regenerate.mutateAsync(password) });
      if (purpose === 'disable') {
        await disable.mutateAsync(password);
        reset();
        showToast({ title: t('security.disabledToast'), description: t('security.disabledToastText'), variant: 'success' });
      }
    } catch (failure) {
      setError(securityErrorMessage(failure));
    }
  };

  const passwordStep = step.kind === 'password' ? step : undefined;
  const labels = {
    enable: { form: t('security.passwordForEnable'), submit: t('security.continue'), pending: t('security.checking') },
    disable: { form: t('security.passwordForDisable'), submit: t('security.disable'), pending: t('security.disabling') },
    regenerate: { form: t('security.passwordForRegenerate'), submit: t('security.regenerate'), pending: t('security.regenerating') },
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CardTitle className="flex items-center gap-2">
            <ShieldCheck aria-hidden="true" className="size-5 text-brand-soft" /> {t('security.twoFactorTitle')}
          </CardTitle>
          <span
            className={cn(
              'rounded-full border px-2.5 py-0.5 text-xs font-semibold',
              enabled ? 'border-emerald-500/40 bg-emerald-500/10 text-emerald-300' : 'border-border text-muted-foreground',
            )}
          >
            {enabled ? t('security.on') : t('security.off')}
          </span>
        </div>
        <CardDescription>{t('security.twoFactorDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {step.kind === 'scan' ? (
          <ScanStep
            setup={step.setup}
            onConfirmed={() => setStep({ kind: 'codes', codes: step.setup.backupCodes })}
            onCancel={reset}
          />
        ) : step.kind === 'codes' ? (
          <RecoveryCodes codes={step.codes} onDone={reset} />
        ) : passwordStep ? (
          <PasswordStep
            label={labels[passwordStep.purpose].form}
            submitLabel={labels[passwordStep.purpose].submit}
            pendingLabel={labels[passwordStep.purpose].pending}
            pending={enable.isPending || disable.isPending || regenerate.isPending}
            error={error}
            onSubmit={(password) => void run(passwordStep.purpose, password)}
            onCancel={reset}
          />
        ) : (
          <>
            <p className="text-sm">{enabled ? t('security.statusOn') : t('security.statusOff')}</p>
            <div className="flex flex-wrap gap-3">
              {enabled ? (
                <>
                  <Button variant="outline" onClick={() => setStep({ kind: 'password', purpose: 'regenerate' })}>
                    {t('security.regenerate')}
                  </Button>
                  <Button variant="outline" onClick={() => setStep({ kind: 'password', purpose: 'disable' })}>
                    {t('security.disable')}
                  </Button>
                </>
              ) : (
                <Button onClick={() => setStep({ kind: 'password', purpose: 'enable' })}>{t('security.enable')}</Button>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The QR code and the key for the authenticator app, and its first code to turn two-factor sign-in on. */
function ScanStep({ setup, onConfirmed, onCancel }: { setup: TwoFactorSetup; onConfirmed: () => void; onCancel: () => void }) {
  const { t } = useTranslation('auth');
  const id = useId();
  const confirm = useConfirmTwoFactor();
  const [qr, setQr] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ConfirmTwoFactorForm>({ resolver: zodResolver(confirmTwoFactorFormSchema), reValidateMode: 'onSubmit', shouldFocusError: false, defaultValues: { code: '' } });
  const message = errors.code?.message;
  const error = message === TWO_FACTOR_FORM_MESSAGES.codeInvalid ? t('twoFactor.codeInvalid', { digits: TOTP_DIGITS }) : message;
  const manualKey = manualKeyOf(setup.totpURI);

  useEffect(() => {
    let current = true;
    // The QR code library loads only for this step.
    void import('qrcode').then(({ default: QRCode }) =>
      QRCode.toDataURL(setup.totpURI, { margin: 1, width: 192, errorCorrectionLevel: 'M' }).then((url) => current && setQr(url)),
    );
    return () => {
      current = false;
    };
  }, [setup.totpURI]);

  const submit = async ({ code }: ConfirmTwoFactorForm) => {
    try {
      await confirm.mutateAsync(code);
      showToast({ title: t('security.enabledToast'), description: t('security.enabledToastText'), variant: 'success' });
      onConfirmed();
    } catch (failure) {
      reset();
      setError('code', { message: securityErrorMessage(failure) });
    }
  };

  return (
    <div className="grid gap-5 sm:grid-cols-[auto_1fr] sm:items-start">
      <div className="flex size-[200px] items-center justify-center justify-self-center rounded-lg bg-white p-1">
        {qr ? <img src={qr} width={192} height={192} alt={t('security.qrAlt')} /> : <Spinner className="text-zinc-500" />}
      </div>
      <div className="grid min-w-0 gap-4">
        <div className="grid gap-1">
          <h3 className="font-semibold">{t('security.scanTitle')}</h3>
          <p className="text-sm text-muted-foreground">{t('security.scan', { digits: TOTP_DIGITS })}</p>
        </div>
        <div className="grid gap-2">
          <p className="text-sm text-muted-foreground">{t('security.manualKey')}</p>
          <div className="flex min-w-0 items-center gap-2">
            <code data-testid="totp-key" className="min-w-0 rounded-md border border-border bg-background/40 px-3 py-2 font-mono text-sm break-all">
              {manualKey}
            </code>
            <CopyButton
              text={manualKey.replace(/\s/g, '')}
              texts={{
                done: () => ({ title: t('security.copied') }),
                failed: (failure) => ({ title: t('security.copyFailed'), description: errorMessage(failure) }),
              }}
              label={t('security.copyKey')}
              size="icon"
              iconOnly
            />
          </div>
        </div>
        <form noValidate onSubmit={handleSubmit(submit)} aria-label={t('security.verifyFormLabel')}>
          <fieldset disabled={confirm.isPending} className="grid gap-4 sm:max-w-sm">
            <FormField id={id} label={t('security.verifyCode', { digits: TOTP_DIGITS })} error={error}>
              <Input
                id={id}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={TOTP_DIGITS + 2}
                placeholder="123456"
                className="font-mono tracking-[0.3em]"
                {...fieldAria(id, error)}
                {...register('code')}
              />
            </FormField>
            <div className="flex flex-wrap gap-3">
              <SubmitButton pending={confirm.isPending} pendingLabel={t('security.verifying')}>
                {t('security.verify')}
              </SubmitButton>
              <Button type="button" variant="outline" onClick={onCancel}>
                {t('security.cancel')}
              </Button>
            </div>
          </fieldset>
        </form>
      </div>
    </div>
  );
}
