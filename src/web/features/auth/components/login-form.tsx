import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurrentUser } from '#shared/auth.ts';
import { SubmitButton } from '#web/components/ui/submit-button.tsx';
import { fieldAria, FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { ApiError } from '#web/lib/api.ts';
import { ACCOUNT_SUSPENDED_CODE, clearSuspended, wasSuspended } from '#web/lib/suspension.ts';
import { showToast } from '#web/lib/toast.ts';
import { signInInputSchema, useSignIn, type SignInInput } from '../api/sign-in.ts';
import { authErrorMessage, authMessage } from '../utils/auth-message.ts';
import { ConfirmationNeeded } from './confirmation-needed.tsx';
import { PasskeySignInButton } from './passkey-sign-in-button.tsx';
import { SuspendedNotice } from './suspended-notice.tsx';
import { TwoFactorForm } from './two-factor-form.tsx';

/**
 * Email + password, then the second factor when the account has two-factor sign-in on; or a passkey.
 * On success hands the signed-in user to `onSignedIn` (which toasts and redirects). An address not
 * confirmed yet gets a notice with a button that mails a new confirmation link; a suspended account
 * (refused now, or signed out by the suspension: lib/suspension.ts) a notice with the way to support.
 */
export function LoginForm({ defaultEmail = '', onSignedIn }: { defaultEmail?: string; onSignedIn: (user: CurrentUser) => void }) {
  const signIn = useSignIn();
  const { t } = useTranslation('auth');
  const [secondFactor, setSecondFactor] = useState(false);
  /** The address whose sign-in was refused as not confirmed yet. */
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  /** Why the account is suspended, in the interface language (translated by the server's code). */
  const [suspended, setSuspended] = useState<string | null>(() => (wasSuspended() ? t('errors.account_suspended') : null));
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({
    resolver: zodResolver(signInInputSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });

  const onSubmit = async (values: SignInInput) => {
    setUnconfirmed(null);
    setSuspended(null);
    clearSuspended();
    try {
      const result = await signIn.mutateAsync(values);
      if (result.kind === 'two-factor') setSecondFactor(true);
      else onSignedIn(result.user);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'email_not_verified') {
        setUnconfirmed(values.email);
        return;
      }
      // The toast goes away; the notice stays beside the form with the way to support.
      if (error instanceof ApiError && error.code === ACCOUNT_SUSPENDED_CODE) setSuspended(authErrorMessage(error));
      showToast({ title: t('toasts.loginFailed'), description: authErrorMessage(error), variant: 'error' });
    }
  };

  const emailError = authMessage(errors.email?.message);
  const passwordError = authMessage(errors.password?.message);

  if (secondFactor) return <TwoFactorForm onSignedIn={onSignedIn} onCancel={() => setSecondFactor(false)} />;

  return (
    <div className="grid gap-5">
      {unconfirmed ? <ConfirmationNeeded key={unconfirmed} email={unconfirmed} /> : null}
      {suspended ? <SuspendedNotice message={suspended} /> : null}
      <form noValidate onSubmit={handleSubmit(onSubmit)} aria-label={t('login.formLabel')}>
        <fieldset disabled={isSubmitting} className="grid gap-4">
          <FormField id="login-email" label={t('fields.email')} error={emailError}>
            <Input
              id="login-email"
              type="email"
              autoComplete="email"
              placeholder={t('fields.emailPlaceholder')}
              {...fieldAria('login-email', emailError)}
              // The notice speaks of the address typed; another one makes it stale.
              {...register('email', { onChange: () => setUnconfirmed(null) })}
            />
          </FormField>
          <FormField id="login-password" label={t('fields.password')} error={passwordError}>
            <Input
              id="login-password"
              type="password"
              autoComplete="current-password"
              autoFocus={Boolean(defaultEmail)}
              {...fieldAria('login-password', passwordError)}
              {...register('password')}
            />
          </FormField>
          <div className="-mt-1 flex justify-end">
            <Link to="/auth/forgot-password" className="text-sm font-medium text-brand-soft underline-offset-4 hover:underline">
              {t('login.forgot')}
            </Link>
          </div>
          <SubmitButton size="lg" className="w-full" pending={isSubmitting} pendingLabel={t('login.submitting')}>
            {t('login.submit')}
          </SubmitButton>
        </fieldset>
      </form>
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase" aria-hidden="true">
        <span className="h-px flex-1 bg-border" /> {t('passkey.or')} <span className="h-px flex-1 bg-border" />
      </div>
      <PasskeySignInButton onSignedIn={onSignedIn} />
    </div>
  );
}
