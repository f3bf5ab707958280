import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '#shared/auth.ts';
import { TOTP_DIGITS } from '#shared/auth-two-factor.ts';
import { secondFactorFormSchema, TWO_FACTOR_FORM_MESSAGES, type SecondFactorForm } from '#shared/auth-two-factor-form.ts';
import { Button } from '#web/components/ui/button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { showToast } from '#web/lib/toast.ts';
import { useVerifySecondFactor } from '../api/verify-two-factor.ts';
import { isExpiredChallenge, securityErrorMessage } from '../utils/security-errors.ts';

/**
 * The second step of a sign-in once two-factor sign-in is on: the app's 6-digit code, or one of the
 * recovery codes. An expired challenge (10 minutes, or 5 wrong codes) goes back to the password.
 */
export function TwoFactorForm({ onSignedIn, onCancel }: { onSignedIn: (user: CurrentUser) => void; onCancel: () => void }) {
  const { t } = useTranslation('auth');
  const verify = useVerifySecondFactor();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<SecondFactorForm>({
    resolver: zodResolver(secondFactorFormSchema),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: { method: 'totp', code: '' },
  });
  const method = useWatch({ control, name: 'method' });
  const fieldId = method === 'totp' ? 'two-factor-code' : 'two-factor-recovery';
  const message = errors.code?.message;
  const error =
    message === TWO_FACTOR_FORM_MESSAGES.codeInvalid
      ? t('twoFactor.codeInvalid', { digits: TOTP_DIGITS })
      : message === TWO_FACTOR_FORM_MESSAGES.recoveryInvalid
        ? t('twoFactor.recoveryInvalid')
        : message;

  const onSubmit = async (input: SecondFactorForm) => {
    try {
      onSignedIn(await verify.mutateAsync(input));
    } catch (failure) {
      const text = securityErrorMessage(failure);
      showToast({ title: t('twoFactor.failed'), description: text, variant: 'error' });
      if (isExpiredChallenge(failure)) return onCancel();
      reset({ method: input.method, code: '' });
      setError('code', { message: text });
    }
  };

  const switchMethod = () => reset({ method: method === 'totp' ? 'recovery' : 'totp', code: '' });

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('twoFactor.formLabel')}>
      <fieldset disabled={verify.isPending} className="grid gap-4">
        <div className="grid gap-1">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <ShieldCheck aria-hidden="true" className="size-5 text-brand-soft" /> {t('twoFactor.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{method === 'totp' ? t('twoFactor.lead', { digits: TOTP_DIGITS }) : t('twoFactor.leadRecovery')}</p>
        </div>
        <FormField id={fieldId} label={method === 'totp' ? t('twoFactor.code') : t('twoFactor.recoveryCode')} error={error}>
          {method === 'totp' ? (
            <Input
              key="totp"
              id={fieldId}
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              maxLength={TOTP_DIGITS + 2}
              placeholder="123456"
              className="font-mono tracking-[0.3em]"
              {...fieldAria(fieldId, error)}
              {...register('code')}
            />
          ) : (
            <Input
              key="recovery"
              id={fieldId}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              autoFocus
              maxLength={20}
              placeholder={t('twoFactor.recoveryPlaceholder')}
              className="font-mono"
              {...fieldAria(fieldId, error)}
              {...register('code')}
            />
          )}
        </FormField>
        <SubmitButton size="lg" className="w-full" pending={verify.isPending} pendingLabel={t('twoFactor.submitting')}>
          {t('twoFactor.submit')}
        </SubmitButton>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Button type="button" variant="link" className="h-auto px-0" onClick={switchMethod}>
            {method === 'totp' ? t('twoFactor.useRecovery') : t('twoFactor.useApp')}
          </Button>
          <Button type="button" variant="link" className="h-auto px-0" onClick={onCancel}>
            {t('twoFactor.back')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
